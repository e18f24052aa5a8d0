// Issue 61: the cross-run leaderboard as a tree model. Three candidates on 40 shared prompts
// (20 that should trigger, 20 that should pass): A right on all, B missing 10 positives, C
// missing 1. By hand: A 100 %, C 95 % (19/20), B 50 % (10/20). A against C differs on one
// prompt only (within noise); against B on ten, all one way (p = 2 × 0.5^10 < 0.05: worse).
// QAbstractItemModelTester checks the tree; the proxy sorts by numbers, not by text.
#include "domain/crossrun.h"
#include "models/compare/leaderboardmodel.h"

#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QList<TestResult> verdicts(int missedPositives)
{
    QList<TestResult> out;
    for (int i = 0; i < 40; ++i) {
        TestResult r;
        const bool positive = i < 20;
        r.testCase = TestCase{(positive ? u"pos %1"_s : u"neg %1"_s).arg(i),
                              positive,
                              u"direct"_s,
                              TestSource::Benchmark,
                              {}};
        r.actualTriggered = positive && i >= missedPositives;
        r.correct = r.actualTriggered == positive;
        out.append(r);
    }
    return out;
}

CrossRun::Candidate candidate(const QString &runId, const QList<TestResult> &own,
                              const QString &name)
{
    CrossRun::Candidate c;
    c.runId = runId;
    c.iteration = 2;
    c.label = CrossRun::labelOf(runId, 2);
    c.topic = Topic{name, u"Discussions of the weather"_s, {}};
    c.ownBenchmark = own;
    return c;
}

CrossRun::Leaderboard board()
{
    const QList<QList<TestResult>> results{verdicts(10), verdicts(0), verdicts(1)};
    const QList<CrossRun::Candidate> candidates{candidate(u"runB"_s, results.at(0), u"B topic"_s),
                                                candidate(u"runA"_s, results.at(1), u"A topic"_s),
                                                candidate(u"runC"_s, results.at(2), u"C topic"_s)};
    CrossRun::SharedBenchmark shared;
    for (const TestResult &r : results.first())
        shared.prompts.append(r.testCase);
    return CrossRun::Leaderboard::build(candidates, results, shared, RunSettings());
}

} // namespace

class TestLeaderboardModel : public QObject
{
    Q_OBJECT

private slots:
    void rowsFiguresAndVerdicts()
    {
        LeaderboardModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setColors(Qt::darkGreen, Qt::red, Qt::darkYellow);
        model.setLeaderboard(board());
        QCOMPARE(model.rowCount(), 3);
        const auto cell = [&](int row, int column) {
            return model.index(row, column).data().toString();
        };
        QVERIFY(cell(0, LeaderboardModel::RunColumn).startsWith(u"A topic"_s));
        QVERIFY(cell(1, LeaderboardModel::RunColumn).startsWith(u"C topic"_s));
        QVERIFY(cell(2, LeaderboardModel::RunColumn).startsWith(u"B topic"_s));
        QCOMPARE(cell(1, LeaderboardModel::TprColumn), u"95.0%"_s);
        QCOMPARE(cell(2, LeaderboardModel::TprColumn), u"50.0%"_s);
        QVERIFY(cell(2, LeaderboardModel::CoverageColumn).startsWith(u"50.0%"_s));
        QCOMPARE(cell(2, LeaderboardModel::TnrColumn), u"100.0%"_s);
        QCOMPARE(model.index(1, 0).data(LeaderboardModel::VerdictRole).toString(),
                 u"within-noise"_s);
        QCOMPARE(model.index(2, 0).data(LeaderboardModel::VerdictRole).toString(), u"worse"_s);
        QCOMPARE(cell(1, LeaderboardModel::VerdictColumn), u"Within noise"_s);
        QCOMPARE(cell(2, LeaderboardModel::VerdictColumn), u"Worse"_s);
        QCOMPARE(model.index(2, LeaderboardModel::VerdictColumn)
                     .data(Qt::ForegroundRole)
                     .value<QColor>(),
                 QColor(Qt::red));
        QCOMPARE(model.index(1, LeaderboardModel::VerdictColumn)
                     .data(Qt::ForegroundRole)
                     .value<QColor>(),
                 QColor(Qt::darkYellow));
        // The separating prompts, as children: B's ten misses, C's one.
        QCOMPARE(cell(2, LeaderboardModel::SeparatingColumn), u"10"_s);
        QCOMPARE(model.rowCount(model.index(2, 0)), 10);
        QCOMPARE(model.rowCount(model.index(1, 0)), 1);
        const QModelIndex miss = model.index(0, LeaderboardModel::RunColumn, model.index(1, 0));
        QCOMPARE(miss.data().toString(), u"pos 0"_s);
        QCOMPARE(miss.parent(), model.index(1, 0));
        QCOMPARE(miss.siblingAtColumn(LeaderboardModel::CoverageColumn).data().toString(),
                 u"should trigger"_s);
        QCOMPARE(miss.siblingAtColumn(LeaderboardModel::VerdictColumn).data().toString(),
                 u"the leader right, this one wrong"_s);
        QCOMPARE(model.rowCount(miss), 0);
    }

    void sortsByNumbers()
    {
        LeaderboardModel model;
        model.setLeaderboard(board());
        QSortFilterProxyModel sorted;
        sorted.setSourceModel(&model);
        sorted.setSortRole(LeaderboardModel::SortRole);
        QAbstractItemModelTester tester(&sorted,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        sorted.sort(LeaderboardModel::TprColumn, Qt::AscendingOrder);
        QCOMPARE(sorted.index(0, 0).data(LeaderboardModel::CandidateRole).toInt(), 2); // B, 50 %
        QCOMPARE(sorted.index(2, 0).data(LeaderboardModel::CandidateRole).toInt(), 0); // A, 100 %
        sorted.sort(LeaderboardModel::SeparatingColumn, Qt::DescendingOrder);
        QCOMPARE(sorted.index(0, 0).data(LeaderboardModel::CandidateRole).toInt(), 2);
        sorted.sort(LeaderboardModel::RankColumn, Qt::AscendingOrder);
        QCOMPARE(sorted.index(0, LeaderboardModel::RankColumn).data().toString(), u"1"_s);
        QCOMPARE(sorted.rowCount(sorted.index(2, 0)), 10);
    }

    void emptyAndReplaced()
    {
        LeaderboardModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setLeaderboard(board());
        QCOMPARE(model.rowCount(), 3);
        model.setLeaderboard(CrossRun::Leaderboard());
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestLeaderboardModel)
#include "tst_leaderboardmodel.moc"
