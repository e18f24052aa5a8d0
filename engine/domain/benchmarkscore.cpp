#include "benchmarkscore.h"

#include "jsonin.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

BenchmarkScore BenchmarkScore::compute(const QList<TestResult> &results, const QList<int> &unstableIndexes)
{
    BenchmarkScore s;
    s.results = results;
    s.unstableIndexes = unstableIndexes;
    QList<TestResult> stable;
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (!unstableIndexes.contains(int(i)))
            stable.append(results.at(i));
    }
    s.metrics = EfficacyMetrics::compute(stable);
    return s;
}

BenchmarkScore BenchmarkScore::firstPrompts(qsizetype count) const
{
    if (count >= results.size())
        return *this;
    QList<int> unstable;
    for (int i : unstableIndexes) {
        if (i < count)
            unstable.append(i);
    }
    BenchmarkScore s = compute(results.mid(0, count), unstable);
    s.version = version;
    return s;
}

std::pair<BenchmarkScore, BenchmarkScore> BenchmarkScore::comparable(const BenchmarkScore &a, const BenchmarkScore &b)
{
    const QList<BenchmarkScore> both = comparable(QList<BenchmarkScore>{a, b});
    return {both.at(0), both.at(1)};
}

QList<BenchmarkScore> BenchmarkScore::comparable(const QList<BenchmarkScore> &scores)
{
    if (scores.isEmpty())
        return {};
    qsizetype shared = scores.first().results.size();
    bool same = true;
    for (const BenchmarkScore &s : scores) {
        same = same && s.version == scores.first().version && s.results.size() == shared
               && s.unstableIndexes == scores.first().unstableIndexes
               && s.notScannedIndexes() == scores.first().notScannedIndexes();
        shared = std::min(shared, s.results.size());
    }
    if (same)
        return scores;
    QList<int> unscanned; // not scanned in any of them: out of all
    for (const BenchmarkScore &s : scores) {
        for (int i : s.notScannedIndexes()) {
            if (i < shared && !unscanned.contains(i))
                unscanned.append(i);
        }
    }
    QList<int> unstable; // in any of them, within the shared prompts
    for (const BenchmarkScore &s : scores) {
        for (int i : s.unstableIndexes) {
            if (i < shared && !unstable.contains(i))
                unstable.append(i);
        }
    }
    std::sort(unstable.begin(), unstable.end());
    QList<BenchmarkScore> out;
    for (const BenchmarkScore &s : scores) {
        QList<TestResult> results = s.results.mid(0, shared);
        for (int i : std::as_const(unscanned)) {
            TestResult &r = results[i];
            if (r.scanned) {
                r = TestResult::unscanned(r.testCase, u"left out: not scanned in an iteration it is compared with"_s);
            }
        }
        BenchmarkScore cut = compute(results, unstable);
        cut.version = s.version;
        out.append(cut);
    }
    return out;
}

QList<int> BenchmarkScore::notScannedIndexes() const
{
    QList<int> out;
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (!results.at(i).counts())
            out.append(int(i));
    }
    return out;
}

EfficacyMetrics BenchmarkScore::unstableAsErrors() const
{
    if (unstableIndexes.isEmpty())
        return metrics;
    QList<TestResult> counted = results;
    for (int i : unstableIndexes) {
        TestResult &r = counted[i];
        r.actualTriggered = !r.testCase.expectedTriggered;
        r.correct = false;
    }
    return EfficacyMetrics::compute(counted);
}

QJsonObject BenchmarkScore::toJson() const
{
    QJsonArray list, unstable;
    for (const TestResult &r : results)
        list.append(r.toJson());
    for (int i : unstableIndexes)
        unstable.append(i);
    QJsonObject o{{u"results"_s, list}, {u"metrics"_s, metrics.toJson()}};
    if (!unstableIndexes.isEmpty())
        o.insert(u"unstable"_s, unstable);
    if (version != 1)
        o.insert(u"version"_s, version);
    return o;
}

BenchmarkScore BenchmarkScore::fromJson(const JsonIn &in)
{
    BenchmarkScore s;
    const QJsonArray list = in.array("results"_L1);
    for (qsizetype i = 0; i < list.size(); ++i)
        s.results.append(TestResult::fromJson(in.element("results"_L1, i, list.at(i))));
    s.metrics = EfficacyMetrics::fromJson(in.child("metrics"_L1));
    for (const QJsonValue &v : in.arrayOr("unstable"_L1)) {
        const int index = v.toInt(-1);
        if (index < 0 || index >= s.results.size())
            in.error("unstable"_L1, u"not an index into the results"_s);
        else
            s.unstableIndexes.append(index);
    }
    s.version = int(in.integerOr("version"_L1, 1));
    return s;
}

MetricIntervals MetricIntervals::of(const EfficacyMetrics &m)
{
    MetricIntervals i;
    const int positives = m.truePositives + m.falseNegatives;
    const int negatives = m.trueNegatives + m.falsePositives;
    i.truePositiveRate = ProportionStats::wilson(m.truePositives, positives);
    i.trueNegativeRate = ProportionStats::wilson(m.trueNegatives, negatives);
    i.accuracy = ProportionStats::wilson(m.truePositives + m.trueNegatives, m.total());
    const auto tpr = ProportionStats::wilson(m.truePositives, positives, ProportionStats::Z975);
    const auto tnr = ProportionStats::wilson(m.trueNegatives, negatives, ProportionStats::Z975);
    if (tpr && tnr)
        i.coverage = ProportionStats::Interval{std::min(tpr->low, tnr->low), std::min(tpr->high, tnr->high)};
    return i;
}

QJsonObject MetricIntervals::toJson() const
{
    const auto pair = [](const std::optional<ProportionStats::Interval> &x) -> QJsonValue {
        return x ? QJsonValue(QJsonArray{x->low, x->high}) : QJsonValue();
    };
    return {{u"tpr"_s, pair(truePositiveRate)},
            {u"tnr"_s, pair(trueNegativeRate)},
            {u"coverage"_s, pair(coverage)},
            {u"accuracy"_s, pair(accuracy)}};
}
