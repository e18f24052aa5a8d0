#include "analysisreport.h"

#include "jsonin.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QJsonObject AnalysisReport::toJson() const
{
    return QJsonObject{{u"summary"_s, summary},
                       {u"falsePositivePatterns"_s, QJsonArray::fromStringList(falsePositivePatterns)},
                       {u"falseNegativePatterns"_s, QJsonArray::fromStringList(falseNegativePatterns)},
                       {u"suggestions"_s, QJsonArray::fromStringList(suggestions)}};
}

AnalysisReport AnalysisReport::fromJson(const JsonIn &in)
{
    AnalysisReport a;
    a.summary = in.stringOr("summary"_L1, {});
    a.falsePositivePatterns = in.stringsOr("falsePositivePatterns"_L1);
    a.falseNegativePatterns = in.stringsOr("falseNegativePatterns"_L1);
    a.suggestions = in.stringsOr("suggestions"_L1);
    return a;
}
