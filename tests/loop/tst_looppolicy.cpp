#include "loop/looppolicy.h"
#include "samplerun.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

static IterationResult withCoverage(int number, double coverage, const QString &desc = {})
{
    IterationResult it;
    it.iteration = number;
    it.metrics.coverage = coverage;
    it.topic = Topic{u"T"_s, desc.isEmpty() ? u"d%1"_s.arg(number) : desc, {u"a"_s, u"b"_s}};
    return it;
}

static RunState runWith(const QList<double> &coverages)
{
    RunState r;
    int n = 0;
    for (double c : coverages) {
        IterationResult it = withCoverage(++n, c);
        r.iterations.append(it);
        LoopPolicy::updateBest(r, it);
    }
    return r;
}

class TestLoopPolicy : public QObject
{
    Q_OBJECT
private slots:
    void bestTracking_data()
    {
        QTest::addColumn<QList<double>>("coverages");
        QTest::addColumn<int>("best");
        QTest::addColumn<int>("regressions");
        QTest::newRow("first is best even at 0") << QList<double>{0.0} << 1 << 0;
        QTest::newRow("strictly better") << QList<double>{0.5, 0.6} << 2 << 0;
        QTest::newRow("tie is not a regression") << QList<double>{0.5, 0.5} << 1 << 0;
        QTest::newRow("worse counts") << QList<double>{0.5, 0.4, 0.3} << 1 << 2;
        QTest::newRow("recovery resets") << QList<double>{0.5, 0.4, 0.7} << 3 << 0;
        QTest::newRow("0 start then better") << QList<double>{0.0, 0.0, 0.2} << 3 << 0;
    }
    void bestTracking()
    {
        QFETCH(QList<double>, coverages);
        QFETCH(int, best);
        QFETCH(int, regressions);
        const RunState r = runWith(coverages);
        QCOMPARE(r.bestIteration, best);
        QCOMPARE(r.consecutiveRegressions, regressions);
        QCOMPARE(r.bestCoverage, coverages.at(best - 1));
    }

    void duplicates()
    {
        RunState r;
        r.iterations = {withCoverage(1, 0.1, u"same"_s), withCoverage(3, 0.2, u"other"_s), withCoverage(4, 0.3, u"same"_s)};
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"Different name"_s, u"same"_s, {u"a"_s, u"b"_s}}), 1);
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"same"_s, {u"b"_s, u"a"_s}}), 0); // order matters
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"same"_s, {u"a"_s}}), 0);
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"new"_s, {u"a"_s, u"b"_s}}), 0);
    }

    void recoveryTiers()
    {
        RunState r = runWith({0.5, 0.4});
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::None); // one regression
        r = runWith({0.5, 0.4, 0.3});
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::Revert);
        r.hasRevertedToBest = true;
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::Simplify);
        r.hasTriedSimplification = true;
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::None);
        RunState none;
        none.consecutiveRegressions = 5;
        QCOMPARE(LoopPolicy::chooseRecovery(none), LoopPolicy::Recovery::None); // no best
    }

    void earlyStop()
    {
        RunState r;
        r.userInput.maxRegressions = 3;
        r.consecutiveRegressions = 2;
        QVERIFY(!LoopPolicy::shouldStopEarly(r));
        r.consecutiveRegressions = 3;
        QVERIFY(LoopPolicy::shouldStopEarly(r));
        r.userInput.maxRegressions = 0;
        QVERIFY(!LoopPolicy::shouldStopEarly(r));
    }

    void plateau_data()
    {
        QTest::addColumn<QList<double>>("coverages");
        QTest::addColumn<int>("window");
        QTest::addColumn<double>("band");
        QTest::addColumn<bool>("reached");
        QTest::newRow("off") << QList<double>{0.5, 0.5, 0.5} << 0 << 0.05 << false;
        QTest::newRow("too few iterations") << QList<double>{0.5, 0.5} << 2 << 0.05 << false;
        QTest::newRow("flat after the best") << QList<double>{0.6, 0.5, 0.52} << 2 << 0.05 << true;
        QTest::newRow("slowly improving (best in window)") << QList<double>{0.5, 0.51, 0.52} << 2 << 0.05 << false;
        QTest::newRow("wide swings") << QList<double>{0.6, 0.2, 0.5} << 2 << 0.05 << false;
    }
    void plateau()
    {
        QFETCH(QList<double>, coverages);
        QFETCH(int, window);
        QFETCH(double, band);
        QFETCH(bool, reached);
        RunState r = runWith(coverages);
        r.userInput.plateauWindow = window;
        r.userInput.plateauBand = band;
        QCOMPARE(LoopPolicy::checkPlateau(r).reached, reached);
    }
};

QTEST_GUILESS_MAIN(TestLoopPolicy)
#include "tst_looppolicy.moc"
