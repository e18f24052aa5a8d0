#include "efficacymetrics.h"

#include "jsonin.h"
#include "testresult.h"

#include <algorithm>

using namespace Qt::StringLiterals;

static double ratio(double num, double den)
{
    return den == 0 ? 0.0 : num / den;
}

EfficacyMetrics EfficacyMetrics::compute(const QList<TestResult> &results)
{
    EfficacyMetrics m;
    for (const TestResult &r : results) {
        if (!r.counts()) {
            ++m.notScanned;
            continue;
        }
        const bool expected = r.testCase.expectedTriggered;
        const bool actual = r.actualTriggered;
        if (expected && actual)
            ++m.truePositives;
        else if (!expected && !actual)
            ++m.trueNegatives;
        else if (!expected && actual)
            ++m.falsePositives;
        else
            ++m.falseNegatives;
        if (r.testCase.source == TestSource::Regression && expected != actual)
            ++m.regressionCount;
    }
    const double tp = m.truePositives, tn = m.trueNegatives;
    const double fp = m.falsePositives, fn = m.falseNegatives;
    m.truePositiveRate = ratio(tp, tp + fn);
    m.trueNegativeRate = ratio(tn, tn + fp);
    m.accuracy = ratio(tp + tn, tp + tn + fp + fn);
    m.coverage = std::min(m.truePositiveRate, m.trueNegativeRate);
    const double precision = ratio(tp, tp + fp);
    m.f1Score = ratio(2 * precision * m.truePositiveRate, precision + m.truePositiveRate);
    return m;
}

QJsonObject EfficacyMetrics::toJson() const
{
    QJsonObject o{{u"truePositives"_s, truePositives},
                       {u"trueNegatives"_s, trueNegatives},
                       {u"falsePositives"_s, falsePositives},
                       {u"falseNegatives"_s, falseNegatives},
                       {u"truePositiveRate"_s, truePositiveRate},
                       {u"trueNegativeRate"_s, trueNegativeRate},
                       {u"accuracy"_s, accuracy},
                       {u"coverage"_s, coverage},
                       {u"f1Score"_s, f1Score},
                       {u"regressionCount"_s, regressionCount}};
    if (notScanned > 0)
        o.insert(u"notScanned"_s, notScanned);
    return o;
}

EfficacyMetrics EfficacyMetrics::fromJson(const JsonIn &in)
{
    EfficacyMetrics m;
    m.truePositives = int(in.integer("truePositives"_L1));
    m.trueNegatives = int(in.integer("trueNegatives"_L1));
    m.falsePositives = int(in.integer("falsePositives"_L1));
    m.falseNegatives = int(in.integer("falseNegatives"_L1));
    m.truePositiveRate = in.number("truePositiveRate"_L1);
    m.trueNegativeRate = in.number("trueNegativeRate"_L1);
    m.accuracy = in.number("accuracy"_L1);
    m.coverage = in.number("coverage"_L1);
    m.f1Score = in.number("f1Score"_L1);
    m.regressionCount = int(in.integerOr("regressionCount"_L1, 0));
    m.notScanned = int(in.integerOr("notScanned"_L1, 0));
    return m;
}
