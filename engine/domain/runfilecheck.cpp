#include "runfilecheck.h"

#include "numbercheck.h"

#include <QJsonArray>
#include <QSet>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
class Checker
{
public:
    explicit Checker(QStringList *errors)
        : m_errors(errors)
    {}

    static QString shown(double v)
    {
        if (std::isfinite(v) && v == std::floor(v) && std::abs(v) <= 1e15)
            return QString::number(qint64(v));
        return QString::number(v, 'g', 12);
    }

    // A whole number in [min, max] when present; returns the value (or `fallback`).
    double whole(const QJsonObject &o, const QString &path, QLatin1StringView key, double min,
                 double max, double fallback)
    {
        const QJsonValue v = o.value(key);
        if (!v.isDouble())
            return fallback; // absent, or a type error JsonIn reports itself
        const double d = v.toDouble();
        if (!NumberCheck::within(d, min, max) || d != std::floor(d)) {
            fail(path + key, d, u"%1-%2"_s.arg(shown(min), shown(max)));
            return fallback;
        }
        return d;
    }

    void rate(const QJsonObject &o, const QString &path, QLatin1StringView key, double min = 0,
              double max = 1)
    {
        const QJsonValue v = o.value(key);
        if (v.isDouble() && !NumberCheck::within(v.toDouble(), min, max))
            fail(path + key, v.toDouble(), NumberCheck::rangeText(min, max));
    }

    void size(const QJsonObject &o, const QString &path, QLatin1StringView key, qsizetype max)
    {
        const QJsonValue v = o.value(key);
        if (v.isArray() && v.toArray().size() > max)
            m_errors->append(u"%1%2 holds %3 entries; at most %4 are allowed"_s.arg(path, key)
                                 .arg(v.toArray().size())
                                 .arg(max));
    }

    void fail(const QString &field, double value, const QString &expected)
    {
        m_errors->append(u"%1 is %2; expected %3"_s.arg(field, shown(value), expected));
    }

    QStringList *m_errors;
};

void checkSettings(Checker &c, const QJsonObject &s)
{
    const QString p = u"userInput."_s;
    c.whole(s, p, "maxIterations"_L1, 1, RunFileCheck::MaxIterations, 0);
    c.rate(s, p, "targetCoverage"_L1);
    c.rate(s, p, "plateauBand"_L1);
    c.whole(s, p, "maxRegressions"_L1, 0, RunFileCheck::MaxIterations, 0);
    c.whole(s, p, "plateauWindow"_L1, 0, RunFileCheck::MaxIterations, 0);
    c.whole(s, p, "maxAccumulatedTests"_L1, 0, RunFileCheck::MaxTests, 0);
    c.rate(s, p, "scanRate"_L1, 0, 1000);
    c.whole(s, p, "scanConcurrency"_L1, 1, 20, 0);
    c.whole(s, p, "benchmarkSize"_L1, 0, 1000, 0);
    c.whole(s, p, "scanRepeats"_L1, 1, 10, 0);
    c.whole(s, p, "regressionSample"_L1, 0, 1000, 0);
    c.size(s, p, "fixedTests"_L1, RunFileCheck::MaxTests);
    c.size(s, p, "benchmarkTests"_L1, RunFileCheck::MaxTests);
    c.size(s, p, "seedExamples"_L1, 1000);
    c.whole(s, p, "maxTokens"_L1, 1, double(RunFileCheck::MaxBudgetTokens), 0);
    const QJsonValue cost = s.value("maxCost"_L1);
    if (cost.isDouble() &&
        (!NumberCheck::within(cost.toDouble(), 0, RunFileCheck::MaxBudgetCost) || cost.toDouble() <= 0))
        c.fail(p + u"maxCost"_s, cost.toDouble(),
               u"more than 0 and at most %1"_s.arg(Checker::shown(RunFileCheck::MaxBudgetCost)));
}

// Counters are whole and not negative; the cost, when known, finite and not negative.
void checkUsage(Checker &c, const QJsonObject &o, const QString &path,
                QLatin1StringView key = "usage"_L1)
{
    const QJsonValue v = o.value(key);
    if (!v.isObject())
        return; // absent (older files) or a type error JsonIn reports itself
    const QJsonObject u = v.toObject();
    const QString p = path + key + u"."_s;
    c.whole(u, p, "inputTokens"_L1, 0, RunFileCheck::MaxUsageCount, 0);
    c.whole(u, p, "outputTokens"_L1, 0, RunFileCheck::MaxUsageCount, 0);
    c.whole(u, p, "llmCalls"_L1, 0, 1e9, 0);
    c.whole(u, p, "scans"_L1, 0, 1e9, 0);
    const QJsonValue cost = u.value("estimatedCost"_L1);
    if (cost.isDouble() && !NumberCheck::within(cost.toDouble(), 0, 1e12))
        c.fail(p + u"estimatedCost"_s, cost.toDouble(), u"a finite number, 0 or more, or null"_s);
}

void checkMetrics(Checker &c, const QJsonObject &m, const QString &path)
{
    for (const char *key :
         {"truePositiveRate", "trueNegativeRate", "accuracy", "coverage", "f1Score"})
        c.rate(m, path, QLatin1StringView(key));
    for (const char *key :
         {"truePositives", "trueNegatives", "falsePositives", "falseNegatives", "regressionCount"})
        c.whole(m, path, QLatin1StringView(key), 0, 1e9, 0);
}
} // namespace

void RunFileCheck::check(const QJsonObject &run, QStringList *errors)
{
    if (!errors)
        return;
    Checker c(errors);
    const QJsonObject settings = run.value("userInput"_L1).toObject();
    checkSettings(c, settings);
    const QJsonValue maxValue = settings.value("maxIterations"_L1);
    const double max =
        maxValue.isDouble() && NumberCheck::within(maxValue.toDouble(), 1, MaxIterations)
            ? std::floor(maxValue.toDouble())
            : 20;

    QSet<int> numbers;
    const QJsonArray its = run.value("iterations"_L1).toArray();
    if (its.size() > MaxIterations)
        errors->append(u"iterations holds %1 entries; at most %2 are allowed"_s.arg(its.size())
                           .arg(MaxIterations));
    double previous = 0;
    for (qsizetype i = 0; i < its.size() && i <= MaxIterations; ++i) {
        const QJsonObject it = its.at(i).toObject();
        const QString path = u"iterations[%1]."_s.arg(i);
        const QJsonValue n = it.value("iteration"_L1);
        if (n.isDouble()) {
            const double d = n.toDouble();
            if (!NumberCheck::within(d, 1, MaxIterations + 1) || d != std::floor(d))
                c.fail(path + u"iteration"_s, d,
                       u"a whole number from 1 to %1"_s.arg(MaxIterations + 1));
            else if (d <= previous)
                c.fail(path + u"iteration"_s, d,
                       u"a number above the previous iteration's %1 (numbers are "
                       "increasing and unique)"_s.arg(Checker::shown(previous)));
            else
                numbers.insert(int(d));
            previous = std::max(previous, d);
        }
        if (it.value("metrics"_L1).isObject())
            checkMetrics(c, it.value("metrics"_L1).toObject(), path + u"metrics."_s);
        c.size(it, path, "testResults"_L1, MaxTests);
        checkUsage(c, it, path);
    }
    checkUsage(c, run, {});

    const QJsonValue best = run.value("bestIteration"_L1);
    if (best.isDouble() && best.toDouble() != 0 &&
        (!NumberCheck::within(best.toDouble(), 1, MaxIterations + 1) ||
         !numbers.contains(int(best.toDouble()))))
        c.fail(u"bestIteration"_s, best.toDouble(), u"0 or the number of a recorded iteration"_s);
    c.rate(run, {}, "bestCoverage"_L1);
    c.whole(run, {}, "currentIteration"_L1, 0, MaxIterations + 1, 0);
    c.whole(run, {}, "consecutiveRegressions"_L1, 0, MaxIterations + 1, 0);
    c.size(run, {}, "benchmarkSet"_L1, MaxTests);

    const QJsonValue cp = run.value("checkpoint"_L1);
    if (cp.isObject()) {
        const QJsonObject o = cp.toObject();
        const QString p = u"checkpoint."_s;
        c.whole(o, p, "nextIteration"_L1, 1, max + 1, 0);
        c.whole(o, p, "improveFrom"_L1, 0, MaxIterations + 1, 0);
        c.whole(o, p, "promptSetPrompts"_L1, 0, MaxTests * 2, 0);
        c.size(o, p, "accumulatedTests"_L1, MaxTests);
        checkUsage(c, o, p, "iterationUsage"_L1);
    }
}
