#include "livefeed.h"
#include "models/live/resultsfilterproxy.h"
#include "models/live/resultstablemodel.h"

#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using Filter = ResultsFilterProxy::Filter;

class TestLiveResultsModel : public QObject
{
    Q_OBJECT

    static QList<int> headerIndexes(const QAbstractItemModel &model)
    {
        QList<int> out;
        for (int row = 0; row < model.rowCount(); ++row)
            out.append(model.headerData(row, Qt::Vertical, Qt::DisplayRole).toInt());
        return out;
    }

private slots:
    void rowsAppearLiveInOneBatch()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        feed.startIteration(1);
        QCOMPARE(model.shownIteration(), 1);
        QVERIFY(model.isFollowingLive());

        const QList<TestResult> suite = LiveFeed::mixedSuite();
        feed.scan(suite, {2, 0, 9, 1, 3, 4, 5, 6, 7, 8}); // scans finish out of order
        QCOMPARE(model.rowCount(), 0);                    // queued: one insert per event-loop pass
        QCOMPARE(model.pendingCount(), 10);
        QTRY_COMPARE(model.rowCount(), 10);
        QCOMPARE(inserted.count(), 1);
        // Rows are in suite order although the scans finished out of order; the vertical
        // header is the test's place in the suite.
        QCOMPARE(headerIndexes(model), (QList<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
        QCOMPARE(model.index(2, ResultsTableModel::PromptColumn).data().toString(),
                 u"get a piece, no questions"_s);
        // The app's words: triggered / not triggered, correct / wrong.
        QCOMPARE(model.index(2, ResultsTableModel::ExpectedColumn).data().toString(), u"triggered"_s);
        QCOMPARE(model.index(2, ResultsTableModel::ActualColumn).data().toString(), u"not triggered"_s);
        QCOMPARE(model.index(2, ResultsTableModel::CorrectColumn).data().toString(), u"✗ wrong"_s);
        QCOMPARE(model.index(0, ResultsTableModel::CorrectColumn).data().toString(), u"✓ correct"_s);
        QVERIFY(model.index(2, ResultsTableModel::CorrectColumn).data(Qt::ToolTipRole).toString().contains(u"false negative"_s));
        QVERIFY(model.index(1, ResultsTableModel::CorrectColumn).data(Qt::ToolTipRole).toString().contains(u"false positive"_s));
        QCOMPARE(model.headerData(ResultsTableModel::CorrectColumn, Qt::Horizontal, Qt::DisplayRole).toString(), u"Result"_s);
        for (int row = 0; row < model.rowCount(); ++row) {
            for (int column = 0; column < model.columnCount(); ++column) {
                const QString text = model.index(row, column).data().toString();
                QVERIFY2(text != u"hit"_s && text != u"miss"_s, qPrintable(text));
            }
        }
        QCOMPARE(model.headerData(ResultsTableModel::ExpectedColumn, Qt::Horizontal, Qt::ToolTipRole).toString().contains(u"hit"_s), false);
        QCOMPARE(model.index(2, ResultsTableModel::CategoryColumn).data().toString(),
                 u"coded slang"_s);
        QCOMPARE(model.index(2, ResultsTableModel::SourceColumn).data().toString(), u"generated"_s);
        QCOMPARE(model.index(2, ResultsTableModel::ActionColumn).data().toString(), u"allow"_s);
        QCOMPARE(model.index(2, 0).data(ResultsTableModel::ResultIndexRole).toInt(), 2);

        const ResultsTableModel::Counts c = model.counts();
        QCOMPARE(c.total, 10);
        QCOMPARE(c.correct, 6);
        QCOMPARE(c.falsePositives, 2);
        QCOMPARE(c.falseNegatives, 2);
        QCOMPARE(c.regressions, 1);
    }

    // Five scans run at once, so results arrive out of order, and across batches: each lands
    // in its place by index, whatever the batch boundaries.
    void rowsStayInSuiteOrderAcrossBatches()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        feed.startIteration(1);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        const QList<QList<int>> batches{{4, 1}, {0, 7}, {3}, {9, 2, 8}, {6, 5}};
        QList<int> seen;
        for (const QList<int> &batch : batches) {
            for (int i : batch)
                emit feed.controller.testScanned(i, suite.at(i));
            model.flush();
            seen += batch;
            std::sort(seen.begin(), seen.end());
            QList<int> expected;
            for (int i : std::as_const(seen))
                expected.append(i + 1);
            QCOMPARE(headerIndexes(model), expected);
            for (int row = 0; row < model.rowCount(); ++row)
                QCOMPARE(model.index(row, ResultsTableModel::PromptColumn).data().toString(),
                         suite.at(expected.at(row) - 1).testCase.prompt);
        }
        QCOMPARE(model.counts().total, 10);

        // A sorted view still sorts by a clicked column; unsorted it keeps the # order.
        ResultsFilterProxy proxy;
        proxy.setSourceModel(&model);
        QCOMPARE(proxy.index(0, ResultsTableModel::PromptColumn).data().toString(), suite.at(0).testCase.prompt);
        proxy.sort(ResultsTableModel::PromptColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, ResultsTableModel::PromptColumn).data().toString(), u"bake bread"_s);
    }

    void aRepeatedIndexUpdatesItsRow()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        feed.startIteration(1);
        feed.scan(LiveFeed::mixedSuite());
        model.flush();
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        TestResult fixed = LiveFeed::mixedSuite().at(1);
        fixed.actualTriggered = false;
        fixed.correct = true;
        emit feed.controller.testScanned(1, fixed);
        model.flush();
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.counts().falsePositives, 1);
    }

    void theRecordedIterationFillsInMissedResults()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        feed.startIteration(1);
        feed.scan(suite.mid(0, 4));
        feed.complete(1, suite);
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(model.counts().falseNegatives, 2);
    }

    void aNewIterationEmptiesTheTable()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        QSignalSpy shown(&model, &ResultsTableModel::shownIterationChanged);
        feed.runIteration(1, LiveFeed::mixedSuite());
        QCOMPARE(model.rowCount(), 10);
        feed.startIteration(2);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.shownIteration(), 2);
        QCOMPARE(model.counts().total, 0);
        QCOMPARE(shown.last().at(0).toInt(), 2);
    }

    void showsAStoredIterationAndReturnsToTheLiveOne()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        feed.runIteration(1, LiveFeed::mixedSuite(u" (1)"_s));
        feed.startIteration(3);
        QVERIFY(model.setIteration(1));
        QVERIFY(!model.isFollowingLive());
        QCOMPARE(model.shownIteration(), 1);
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(headerIndexes(model).first(), 1);
        QVERIFY(!model.setIteration(2)); // never recorded
        QCOMPARE(model.shownIteration(), 1);

        const QList<TestResult> third = LiveFeed::mixedSuite(u" (3)"_s).mid(0, 3);
        feed.scan(third);
        model.flush(); // the live rows must not leak into iteration 1
        QCOMPARE(model.rowCount(), 10);
        QVERIFY(model.index(0, 0).data().toString().endsWith(u" (1)"_s));

        QVERIFY(model.setIteration(3)); // the running one: follow it again
        QVERIFY(model.isFollowingLive());
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(model.index(0, 0).data().toString().endsWith(u" (3)"_s));
    }

    // Issue 40, item 10: a run that ends on a topic it skipped as a duplicate must not leave
    // the page on an empty "unfinished" iteration; it shows the run's best.
    void aRunEndingOnASkippedIterationShowsItsBest()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        QAbstractItemModelTester tester(&model);
        const IterationResult first = feed.runIteration(1, LiveFeed::mixedSuite(u" (1)"_s));
        feed.runIteration(2, LiveFeed::mixedSuite(u" (2)"_s).mid(0, 4));
        feed.startIteration(3);
        feed.topicDuplicate(1); // nothing deployed, scanned or recorded
        QCOMPARE(model.shownIteration(), 3);
        QCOMPARE(model.rowCount(), 0);
        RunState done = feed.session.run();
        done.status = RunStatus::Completed;
        done.bestIteration = 1;
        emit feed.controller.loopComplete(first, done);
        QCOMPARE(model.shownIteration(), 1);
        QCOMPARE(model.rowCount(), int(first.testResults.size()));
    }

    void aStoredRunShowsItsLastIteration()
    {
        RunSession session;
        ResultsTableModel model(&session);
        QAbstractItemModelTester tester(&model);
        session.open(SampleRun::make());
        QVERIFY(!model.isFollowingLive());
        QCOMPARE(model.shownIteration(), 3);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(0, ResultsTableModel::SourceColumn).data().toString(),
                 u"regression"_s);
        QVERIFY(model.setIteration(1));
        QCOMPARE(model.counts().falsePositives, 1);
        QCOMPARE(model.counts().falseNegatives, 1);
        session.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.shownIteration(), 0);
    }

    // Issue 41: a prompt AIRS gave no verdict for is shown as such, neither right nor wrong:
    // not a false negative for its "not triggered" default, and its reason in the tooltip.
    void aPromptNotScannedIsShownAsSuch()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        ResultsFilterProxy proxy;
        proxy.setSourceModel(&model);
        feed.startIteration(1);
        QList<TestResult> suite = LiveFeed::mixedSuite();
        const TestCase lost{u"the prompt AIRS never answered"_s, true, u"direct"_s, TestSource::Generated, {}};
        suite.append(TestResult::unscanned(lost, u"AIRS network error: the connection closed"_s));
        feed.scan(suite);
        QTRY_COMPARE(model.rowCount(), 11);
        const ResultsTableModel::Counts c = model.counts();
        QCOMPARE(c.total, 11);
        QCOMPARE(c.notScanned, 1);
        QCOMPARE(c.falseNegatives, 2); // the suite's own two, not three
        QCOMPARE(c.correct, 6);
        const QModelIndex correct = model.index(10, ResultsTableModel::CorrectColumn);
        QCOMPARE(correct.data().toString(), u"– not scanned"_s);
        QVERIFY(correct.data(Qt::ToolTipRole).toString().contains(u"the connection closed"_s));
        QCOMPARE(model.index(10, ResultsTableModel::ActualColumn).data().toString(), u"no verdict"_s);
        proxy.setFilter(Filter::FalseNegatives);
        QCOMPARE(proxy.rowCount(), 2);
    }

    void filtersCountOutcomes_data()
    {
        QTest::addColumn<Filter>("filter");
        QTest::addColumn<QString>("search");
        QTest::addColumn<int>("rows");
        QTest::newRow("all") << Filter::All << QString() << 10;
        QTest::newRow("false positives") << Filter::FalsePositives << QString() << 2;
        QTest::newRow("false negatives") << Filter::FalseNegatives << QString() << 2;
        QTest::newRow("regressions") << Filter::Regressions << QString() << 1;
        QTest::newRow("search category, any case") << Filter::All << u"SLANG"_s << 2;
        QTest::newRow("search prompt") << Filter::All << u"gun"_s << 2;
        QTest::newRow("search trims") << Filter::All << u"  bread "_s << 1;
        QTest::newRow("search within a filter") << Filter::FalseNegatives << u"burner"_s << 1;
        QTest::newRow("no match") << Filter::FalsePositives << u"bread"_s << 0;
    }

    void filtersCountOutcomes()
    {
        QFETCH(Filter, filter);
        QFETCH(QString, search);
        QFETCH(int, rows);
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        ResultsFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester sourceTester(&model);
        QAbstractItemModelTester proxyTester(&proxy);
        proxy.setFilter(filter);
        proxy.setSearchText(search);
        feed.startIteration(1);
        feed.scan(LiveFeed::mixedSuite()); // filtered as the rows stream in
        QTRY_COMPARE(model.rowCount(), 10);
        QCOMPARE(proxy.rowCount(), rows);
        proxy.setFilter(Filter::All);
        proxy.setSearchText({});
        QCOMPARE(proxy.rowCount(), 10);
    }

    void sortsAndReturnsToSuiteOrder()
    {
        LiveFeed feed;
        ResultsTableModel model(&feed.session);
        ResultsFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy);
        feed.startIteration(1);
        feed.scan(LiveFeed::mixedSuite(), {9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
        model.flush();
        proxy.sort(ResultsTableModel::PromptColumn);
        QCOMPARE(proxy.index(0, 0).data().toString(), u"bake bread"_s);
        proxy.sort(-1); // back to # order, although the scans finished last to first
        QCOMPARE(proxy.headerData(0, Qt::Vertical, Qt::DisplayRole).toInt(), 1);
        QCOMPARE(proxy.headerData(9, Qt::Vertical, Qt::DisplayRole).toInt(), 10);
    }
};

QTEST_GUILESS_MAIN(TestLiveResultsModel)
#include "tst_liveresultsmodel.moc"
