#include "evalgate.h"

#include "format.h"

using namespace Qt::StringLiterals;

QList<EvalGate::Miss> EvalGate::check(const EfficacyMetrics &m) const
{
    const MetricIntervals intervals = MetricIntervals::of(m);
    QList<Miss> out;
    const auto test = [&](const QString &name, const std::optional<double> &threshold, double point,
                          const std::optional<ProportionStats::Interval> &interval, bool measured) {
        if (!threshold)
            return;
        const double value = !measured ? 0.0 : onLowerBound ? (interval ? interval->low : 0.0) : point;
        if (!measured || value < *threshold)
            out.append({name, value, *threshold});
    };
    const bool positives = m.truePositives + m.falseNegatives > 0, negatives = m.trueNegatives + m.falsePositives > 0;
    test(u"coverage"_s, minCoverage, m.coverage, intervals.coverage, positives && negatives);
    test(u"tpr"_s, minTpr, m.truePositiveRate, intervals.truePositiveRate, positives);
    test(u"tnr"_s, minTnr, m.trueNegativeRate, intervals.trueNegativeRate, negatives);
    return out;
}

QString EvalGate::describe(const Miss &miss) const
{
    const QString name = miss.metric == "coverage"_L1 ? u"coverage"_s : miss.metric.toUpper();
    return u"%1%2 %3 is below the %4 required"_s.arg(onLowerBound ? u"the 95% lower bound of "_s : QString(), name,
                                                       Format::percent(miss.value), Format::percent(miss.threshold));
}

EvalGate::Folded EvalGate::foldRepeats(const QList<TestResult> &scans, qsizetype prompts)
{
    Folded out;
    for (qsizetype i = 0; i < prompts; ++i) {
        int scanned = 0, right = 0;
        const TestResult *first = nullptr;
        for (qsizetype at = i; at < scans.size(); at += prompts) {
            const TestResult &r = scans.at(at);
            if (!r.counts())
                continue;
            first = first ? first : &r;
            ++scanned;
            right += r.correct;
        }
        if (!first) {
            out.results.append(i < scans.size() ? scans.at(i) : TestResult());
            out.passRates.append(0);
            continue;
        }
        TestResult r = *first;
        r.correct = 2 * right > scanned;
        r.actualTriggered = r.correct ? r.testCase.expectedTriggered : !r.testCase.expectedTriggered;
        out.results.append(r);
        out.passRates.append(double(right) / scanned);
    }
    return out;
}
