// Issue 58, item 17: Compare opens a finished run with B = its best iteration, the one
// "Apply iteration B to AIRS…" offers, and A = what B would replace: the iteration of this run
// in production, else the one recorded before B, else (the best is the first) the newest.
#include "comparefixture.h"
#include "models/runsession.h"
#include "ui/compare/comparepanel.h"

#include "testmain.h"

#include <QPushButton>

using namespace Qt::StringLiterals;

namespace {
// The fixture's run with its best iteration first: iterations 2 and 4 are worse than 1.
RunState bestFirst()
{
    RunState run = CompareFixture::make();
    std::swap(run.iterations[0].testResults, run.iterations[2].testResults);
    std::swap(run.iterations[0].testCases, run.iterations[2].testCases);
    for (IterationResult &it : run.iterations)
        it.metrics = EfficacyMetrics::compute(it.testResults);
    run.bestIteration = 1;
    run.bestCoverage = run.iterations.first().metrics.coverage;
    run.stopReason = u"reached the maximum of 4 iterations"_s;
    return run;
}

QString applyText(const ComparePanel &panel)
{
    return panel.findChild<QPushButton *>(u"applyIterationButton"_s)->text();
}
} // namespace

class TestCompareDefaults : public QObject
{
    Q_OBJECT

private slots:
    void bestFirstIsOfferedAgainstTheNewest()
    {
        const RunState run = bestFirst();
        QVERIFY(run.iterations.first().metrics.coverage > run.iterations.last().metrics.coverage);
        RunSession session;
        session.open(run);
        ComparePanel panel(&session);
        QCOMPARE(panel.iterationB(), 1); // the best: what Apply offers
        QCOMPARE(panel.iterationA(), 4); // the one the run ended with
        QCOMPARE(applyText(panel), u"Apply iteration 1 to AIRS…"_s);
        QVERIFY(panel.comparison().metric(MetricDelta::Metric::Coverage).b >=
                panel.comparison().metric(MetricDelta::Metric::Coverage).a);
    }

    void bestLaterIsOfferedAgainstTheOneBefore()
    {
        RunState run = CompareFixture::make(); // 1, 2, 4; 4 the best
        RunSession session;
        session.open(run);
        ComparePanel panel(&session);
        QCOMPARE(panel.iterationB(), 4);
        QCOMPARE(panel.iterationA(), 2);
        QCOMPARE(applyText(panel), u"Apply iteration 4 to AIRS…"_s);

        // The best in the middle of the run: still B, against the one recorded before it.
        run = bestFirst();
        run.bestIteration = 2;
        std::swap(run.iterations[0], run.iterations[1]);
        std::swap(run.iterations[0].iteration, run.iterations[1].iteration);
        for (IterationResult &it : run.iterations)
            it.metrics = EfficacyMetrics::compute(it.testResults);
        session.open(run);
        QCOMPARE(panel.iterationB(), 2);
        QCOMPARE(panel.iterationA(), 1);
        QCOMPARE(applyText(panel), u"Apply iteration 2 to AIRS…"_s);
    }

    void theIterationInProductionIsA()
    {
        RunState run = CompareFixture::make();
        ApplyRecord applied;
        applied.iteration = 1;
        applied.profileName = u"lab"_s;
        applied.appliedAt = QDateTime(QDate(2026, 3, 8), QTime(11, 0), Qt::UTC);
        run.applies = {applied};
        RunSession session;
        session.open(run);
        ComparePanel panel(&session);
        QCOMPARE(panel.iterationB(), 4);
        QCOMPARE(panel.iterationA(), 1); // in production, not 2
        QCOMPARE(applyText(panel), u"Apply iteration 4 to AIRS…"_s);

        // The best already in production: A is the one before it again.
        run.applies.first().iteration = 4;
        session.open(run);
        QCOMPARE(panel.iterationB(), 4);
        QCOMPARE(panel.iterationA(), 2);
        // A reverted apply is not in production.
        run.applies.first().iteration = 1;
        run.applies.first().revertedAt = QDateTime(QDate(2026, 3, 8), QTime(12, 0), Qt::UTC);
        session.open(run);
        QCOMPARE(panel.iterationA(), 2);
    }
};

QTEST_MAIN(TestCompareDefaults)
#include "tst_comparedefaults.moc"
