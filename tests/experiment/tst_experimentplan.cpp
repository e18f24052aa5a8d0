// The memory experiment's plan (orders, arms, resumable JSON, topics files), what a run file
// says about one arm, and the summary sentence.
#include "domain/runstate.h"
#include "experiment/experimentoutcome.h"
#include "experiment/experimentplan.h"
#include "memorystore/categorykey.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {

QString writeTopics(const QString &name, const QByteArray &bytes)
{
    const QString path = QDir(TestHome::path()).filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(bytes);
    return path;
}

IterationResult iteration(int number, double coverage)
{
    IterationResult it;
    it.iteration = number;
    it.metrics.coverage = coverage;
    return it;
}

TopicTrial trial(int off, int on)
{
    TopicTrial t;
    t.memoryOff.done = t.memoryOn.done = true;
    t.memoryOff.iterationsToTarget = off;
    t.memoryOn.iterationsToTarget = on;
    return t;
}

} // namespace

class TestExperimentPlan : public QObject
{
    Q_OBJECT
private slots:
    void ordersArePermutationsWithBothArms()
    {
        const QStringList topics{u"a"_s, u"b"_s, u"c"_s, u"d"_s};
        const ExperimentPlan plan = ExperimentPlan::create(topics, 3, 42, {});
        QCOMPARE(plan.runs.size(), 3 * 4 * 2);
        for (int order = 1; order <= 3; ++order) {
            QSet<int> seen;
            for (int position = 1; position <= 4; ++position) {
                QList<ExperimentPlan::Run> arms;
                for (const ExperimentPlan::Run &r : plan.runs) {
                    if (r.order == order && r.position == position)
                        arms << r;
                }
                QCOMPARE(arms.size(), 2);
                QCOMPARE(arms.at(0).topic, arms.at(1).topic);
                QVERIFY(arms.at(0).memoryOn != arms.at(1).memoryOn);
                seen.insert(arms.at(0).topic);
            }
            QCOMPARE(seen.size(), 4); // every topic once per order
        }
        // The seed decides: the same seed, the same plan; another seed, (here) another one.
        QCOMPARE(ExperimentPlan::create(topics, 3, 42, {}).runs, plan.runs);
        QVERIFY(ExperimentPlan::create(topics, 3, 43, {}).runs != plan.runs);
    }

    void planRoundTripsThroughJson()
    {
        RunSettings base;
        base.profileName = u"prod"_s;
        base.maxIterations = 7;
        ExperimentPlan plan = ExperimentPlan::create({u"x"_s, u"y"_s}, 2, 5, base);
        plan.id = u"e1"_s;
        plan.sandbox = true;
        plan.provider = u"openai"_s;
        plan.model = u"gpt-x"_s;
        plan.runs[0].runId = u"run-1"_s;
        QString error;
        const ExperimentPlan back = ExperimentPlan::fromJson(plan.toJson(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(back.id, u"e1"_s);
        QCOMPARE(back.runs, plan.runs);
        QCOMPARE(back.base.maxIterations, 7);
        QCOMPARE(back.seed, 5u);
        QVERIFY(back.sandbox);
        QCOMPARE(back.provider, u"openai"_s);
        QCOMPARE(back.model, u"gpt-x"_s);

        QJsonObject cut = plan.toJson();
        cut.insert(u"orders"_s, 3); // runs no longer fit
        ExperimentPlan::fromJson(cut, &error);
        QVERIFY(!error.isEmpty());
    }

    void topicsFile()
    {
        QString error;
        const QStringList topics = ExperimentPlan::readTopics(
            writeTopics(u"t1.txt"_s, "# guns\n\nBlock guns\r\n  Block knives  \nblock GUNS\n"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(topics, (QStringList{u"Block guns"_s, u"Block knives"_s}));

        ExperimentPlan::readTopics(writeTopics(u"t2.txt"_s, "only one\n"), &error);
        QVERIFY(error.contains(u"at least two"_s));
        ExperimentPlan::readTopics(writeTopics(u"t3.txt"_s, "ok\n\xff\xfe bad\n"), &error);
        QVERIFY(error.contains(u"UTF-8"_s));
        ExperimentPlan::readTopics(writeTopics(u"t4.txt"_s, "a\n" + QByteArray(1001, 'x') + "\n"), &error);
        QVERIFY(error.contains(u":2:"_s));
        ExperimentPlan::readTopics(QDir(TestHome::path()).filePath(u"missing.txt"_s), &error);
        QVERIFY(error.contains(u"missing.txt"_s));
    }

    void defaultTopicsShareTheirMemory()
    {
        // What one default topic learns is offered to every other (related categories).
        const QStringList topics = ExperimentPlan::defaultTopics();
        QVERIFY(topics.size() >= 5 && topics.size() <= 8);
        for (const QString &a : topics) {
            for (const QString &b : topics)
                QVERIFY2(CategoryKey::related(CategoryKey::fromDescription(a), CategoryKey::fromDescription(b)),
                         qPrintable(a + u" / "_s + b));
        }
    }

    void armFromRunFile()
    {
        RunState run;
        run.id = u"r"_s;
        run.status = RunStatus::Completed;
        run.userInput.maxIterations = 5;
        run.userInput.targetCoverage = 0.9;
        run.iterations = {iteration(2, 0.95), iteration(1, 0.5), iteration(3, 0.92)}; // stored out of order
        run.usage.llmCalls = 9;
        run.usage.inputTokens = 100;
        run.usage.outputTokens = 50;
        ArmOutcome arm = ArmOutcome::fromRun(run);
        QVERIFY(arm.done && arm.reachedTarget);
        QCOMPARE(arm.iterationsToTarget, 2); // by number, not position
        QCOMPARE(arm.tokens, 150);
        QCOMPARE(arm.llmCalls, 9);

        run.iterations = {iteration(1, 0.5), iteration(2, 0.6)};
        arm = ArmOutcome::fromRun(run);
        QVERIFY(!arm.reachedTarget);
        QCOMPARE(arm.iterationsToTarget, 6); // censored: the limit + 1
        run.status = RunStatus::Paused;
        QVERIFY(!ArmOutcome::fromRun(run).done);

        // Issue 39: as the loop decides. On the benchmark, iteration 2's 95 % was within noise
        // of the best (not the best, so not the target); iteration 3 was a real gain.
        run.status = RunStatus::Completed;
        const auto judged = [](int n, double coverage, const QString &judgement) {
            IterationResult it = iteration(n, 0.5);
            BenchmarkScore b;
            b.metrics.coverage = coverage;
            it.benchmark = b;
            it.judgement = judgement;
            return it;
        };
        run.iterations = {judged(1, 0.8, u"first"_s), judged(2, 0.95, u"within-noise"_s), judged(3, 0.92, u"better"_s)};
        arm = ArmOutcome::fromRun(run);
        QVERIFY(arm.reachedTarget);
        QCOMPARE(arm.iterationsToTarget, 3);
    }

    void summarySentence()
    {
        ExperimentOutcome o;
        QVERIFY(o.summary().sentence.contains(u"nothing to compare"_s));
        // Memory saves 2 iterations in each of 6 pairs: exact two-sided p = 2/64.
        for (int i = 0; i < 6; ++i)
            o.trials << trial(5, 3);
        ExperimentSummary s = o.summary();
        QCOMPARE(s.completePairs, 6);
        QCOMPARE(s.medianSaved, 2.0);
        QVERIFY(qFuzzyCompare(s.test.pTwoSided, 0.03125));
        QVERIFY2(s.sentence.startsWith(u"Memory saved 2 iterations per topic"_s), qPrintable(s.sentence));
        // Mixed results: no effect claimed.
        o.trials = {trial(5, 3), trial(3, 5), trial(4, 4), trial(2, 3)};
        s = o.summary();
        QVERIFY2(s.sentence.startsWith(u"No detectable effect"_s), qPrintable(s.sentence));
        // An unfinished pair is not compared.
        TopicTrial open = trial(5, 1);
        open.memoryOn.done = false;
        o.trials = {open};
        QCOMPARE(o.summary().completePairs, 0);
    }
};

QTEST_GUILESS_MAIN(TestExperimentPlan)
#include "tst_experimentplan.moc"
