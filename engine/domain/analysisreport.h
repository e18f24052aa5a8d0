#pragma once

#include <QJsonObject>
#include <QStringList>

class JsonIn;

struct AnalysisReport
{
    QString summary;
    QStringList falsePositivePatterns;
    QStringList falseNegativePatterns;
    QStringList suggestions;

    QJsonObject toJson() const;
    static AnalysisReport fromJson(const JsonIn &in);

    friend bool operator==(const AnalysisReport &, const AnalysisReport &) = default;
};
