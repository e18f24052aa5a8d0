#include "iterationresult.h"

#include "jsonin.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QJsonObject IterationResult::toJson() const
{
    QJsonArray cases, results;
    for (const TestCase &c : testCases)
        cases.append(c.toJson());
    for (const TestResult &r : testResults)
        results.append(r.toJson());
    QJsonObject o{{u"iteration"_s, iteration},
                  {u"timestamp"_s, toIsoString(timestamp)},
                  {u"topic"_s, topic.toJson()},
                  {u"testCases"_s, cases},
                  {u"testResults"_s, results},
                  {u"metrics"_s, metrics.toJson()},
                  {u"analysis"_s, analysis.toJson()},
                  {u"durationMs"_s, durationMs}};
    if (benchmark)
        o.insert(u"benchmark"_s, benchmark->toJson());
    if (responses)
        o.insert(u"responses"_s, responses->toJson());
    if (!robustness.isEmpty()) {
        QJsonArray rewrites;
        for (const TestResult &r : robustness)
            rewrites.append(r.toJson());
        o.insert(u"robustness"_s, rewrites);
    }
    o.insert(u"usage"_s, usage.toJson());
    if (!judgement.isEmpty())
        o.insert(u"judgement"_s, QJsonObject{{u"verdict"_s, judgement}, {u"versus"_s, judgedAgainst}});
    return o;
}

IterationResult IterationResult::fromJson(const JsonIn &in)
{
    IterationResult it;
    it.iteration = int(in.integer("iteration"_L1));
    it.timestamp = in.timestamp("timestamp"_L1);
    it.topic = Topic::fromJson(in.child("topic"_L1));
    const QJsonArray cases = in.array("testCases"_L1);
    for (qsizetype i = 0; i < cases.size(); ++i)
        it.testCases.append(TestCase::fromJson(in.element("testCases"_L1, i, cases.at(i))));
    const QJsonArray results = in.array("testResults"_L1);
    for (qsizetype i = 0; i < results.size(); ++i)
        it.testResults.append(TestResult::fromJson(in.element("testResults"_L1, i, results.at(i))));
    it.metrics = EfficacyMetrics::fromJson(in.child("metrics"_L1));
    it.analysis = AnalysisReport::fromJson(in.child("analysis"_L1));
    it.durationMs = in.integerOr("durationMs"_L1, 0);
    if (in.has("benchmark"_L1))
        it.benchmark = BenchmarkScore::fromJson(in.child("benchmark"_L1));
    if (in.has("responses"_L1))
        it.responses = BenchmarkScore::fromJson(in.child("responses"_L1));
    const QJsonArray rewrites = in.arrayOr("robustness"_L1);
    for (qsizetype i = 0; i < rewrites.size(); ++i)
        it.robustness.append(TestResult::fromJson(in.element("robustness"_L1, i, rewrites.at(i))));
    if (in.has("usage"_L1))
        it.usage = RunUsage::fromJson(in.child("usage"_L1));
    if (in.has("judgement"_L1)) {
        const JsonIn j = in.child("judgement"_L1);
        it.judgement = j.string("verdict"_L1);
        it.judgedAgainst = int(j.integerOr("versus"_L1, 0));
    }
    return it;
}
