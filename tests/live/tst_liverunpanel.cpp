#include "livefeed.h"
#include "loop/loopeventjson.h"
#include "reports/displayformat.h"
#include "models/live/resultstablemodel.h"
#include "translations/translations.h"
#include "ui/live/efficacychartview.h"
#include "ui/live/liverunpanel.h"
#include "ui/live/stepstrip.h"

#include "testmain.h"

#include <QHeaderView>
#include <QLineSeries>
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTabBar>
#include <QProgressBar>
#include <QScrollBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>

using namespace Qt::StringLiterals;

class TestLiveRunPanel : public QObject
{
    Q_OBJECT

    template<typename T> static T *child(const QWidget &panel, const QString &name)
    {
        T *w = panel.findChild<T *>(name);
        if (!w)
            qWarning("no child %s", qPrintable(name));
        return w;
    }

    static void saveShot(QWidget &w, const QString &name)
    {
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(w.grab().save(shots + u'/' + name));
    }

private slots:
    void everyInteractiveWidgetIsNamed()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        for (const QString &name :
             {u"scanProgress"_s, u"resultsView"_s, u"filterAll"_s, u"filterFalsePositives"_s,
              u"filterFalseNegatives"_s, u"filterRegressions"_s, u"resultsSearch"_s, u"eventLog"_s,
              u"errorBanner"_s, u"currentTopic"_s, u"stepStrip"_s, u"iterationChoice"_s,
              u"dismissErrorBanner"_s}) {
            auto *w = child<QWidget>(panel, name);
            QVERIFY2(w, qPrintable(name));
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(name));
        }
        QVERIFY(child<QPlainTextEdit>(panel, u"eventLog"_s)->isReadOnly());
        QVERIFY(child<QTextBrowser>(panel, u"currentTopic"_s)->isReadOnly());
        QCOMPARE(child<QPlainTextEdit>(panel, u"eventLog"_s)->maximumBlockCount(),
                 LiveRunPanel::MaxLogLines);
    }

    void progressFollowsScans()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *progress = child<QProgressBar>(panel, u"scanProgress"_s);
        feed.startIteration(1);
        QCOMPARE(progress->value(), 0);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        for (int i = 0; i < 3; ++i) {
            emit feed.controller.testScanned(i, suite.at(i));
            emit feed.controller.testProgress(i + 1, int(suite.size()));
            QTRY_COMPARE(progress->value(), i + 1);
            QCOMPARE(progress->maximum(), 10);
        }
        QCOMPARE(progress->text(), u"3/10 scanned"_s);

        // A burst of scans finishing in one event-loop pass moves the bar once.
        QSignalSpy moved(progress, &QProgressBar::valueChanged);
        for (int i = 3; i < 10; ++i)
            emit feed.controller.testProgress(i + 1, int(suite.size()));
        QTRY_COMPARE(progress->value(), 10);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(progress->text(), u"10/10 scanned"_s);

        feed.startIteration(2);
        QCOMPARE(progress->value(), 0);
    }

    // Issue 40, item 9: with no scan under way the bar says what the run waits for — the
    // person's decision, the deployment, the LLM — not always "Waiting for scans…".
    void theBarSaysWhatTheRunWaitsFor()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *progress = child<QProgressBar>(panel, u"scanProgress"_s);
        feed.startIteration(1);
        emit feed.controller.stepChanged(u"generate"_s);
        QCOMPARE(progress->text(), u"Waiting for the LLM…"_s);
        emit feed.controller.stepChanged(u"review"_s);
        QCOMPARE(progress->text(), u"Waiting for your decision on the proposal…"_s);
        emit feed.controller.stepChanged(u"apply"_s);
        QCOMPARE(progress->text(), u"Deploying the topic; the scans start once AIRS has it…"_s);
        emit feed.controller.stepChanged(u"scan"_s);
        QCOMPARE(progress->text(), u"Waiting for scans…"_s);
    }

    // Issue 40, item 9: a resumed run shows the topic it goes on from, not "No topic yet".
    void aResumedRunShowsItsTopic()
    {
        RunState paused;
        {
            LiveFeed first;
            first.runIteration(1, LiveFeed::mixedSuite());
            paused = first.session.run();
        }
        paused.status = RunStatus::Paused;
        RunController controller;
        RunSession session;
        session.attach(&controller, paused);
        LiveRunPanel panel(&session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(session.currentTopic(), paused.iterations.first().topic);
        const QString shown = child<QTextBrowser>(panel, u"currentTopic"_s)->toPlainText();
        QVERIFY2(!shown.contains(u"No topic yet"_s) && shown.contains(paused.iterations.first().topic.description),
                 qPrintable(shown));
    }

    // Issue 40, item 9: while a proposal waits for review, the previous iteration's results
    // stay in view; once decided, the live iteration is followed again.
    void reviewKeepsThePreviousResultsInView()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *view = child<QTableView>(panel, u"resultsView"_s);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        feed.runIteration(1, suite);
        feed.startIteration(2);
        QTRY_COMPARE(view->model()->rowCount(), 0);
        PendingProposal p;
        p.kind = ProposalKind::Improve;
        p.iteration = 2;
        p.proposal = Topic{u"Weapons acquisition"_s, u"Requests to obtain firearms (v2)."_s, {u"a"_s, u"b"_s}};
        emit feed.controller.stepChanged(u"review"_s);
        emit feed.controller.proposalReady(p);
        QTRY_COMPARE(view->model()->rowCount(), int(suite.size()));
        emit feed.controller.decisionMade(ProposalDecision{}, p.proposal);
        QTRY_COMPARE(view->model()->rowCount(), 0); // iteration 2, live again
    }

    // Issue 40, item 8: a run opened with a long log shows its newest lines, not its oldest.
    void theLogShowsItsNewestLines()
    {
        LiveFeed feed;
        for (int i = 1; i <= 60; ++i)
            feed.runIteration(i, LiveFeed::mixedSuite().mid(0, 2));
        RunState stored = feed.session.run();
        stored.status = RunStatus::Completed;
        RunSession session;
        session.open(stored);
        LiveRunPanel panel(&session, nullptr);
        panel.resize(900, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *log = child<QPlainTextEdit>(panel, u"eventLog"_s);
        // The log shares its place with the results, as a tab: opened as a person opens it.
        auto *tabs = child<QTabWidget>(panel, u"resultsLogTabs"_s);
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                          tabs->tabBar()->tabRect(tabs->indexOf(log)).center());
        QTRY_VERIFY(log->isVisible());
        QTRY_VERIFY(log->verticalScrollBar()->maximum() > 0);
        QTRY_COMPARE(log->verticalScrollBar()->value(), log->verticalScrollBar()->maximum());
    }

    void resultsStreamInAndFilter()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        QAbstractItemModelTester sourceTester(panel.resultsModel());
        QAbstractItemModelTester proxyTester(panel.resultsProxy());
        panel.resize(1100, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *view = child<QTableView>(panel, u"resultsView"_s);
        feed.startIteration(1);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        feed.scan(suite.mid(0, 4));
        QTRY_COMPARE(view->model()->rowCount(), 4);
        feed.scan(suite, {4, 5, 6, 7, 8, 9});
        QTRY_COMPARE(view->model()->rowCount(), 10);

        auto *all = child<QPushButton>(panel, u"filterAll"_s);
        auto *fp = child<QPushButton>(panel, u"filterFalsePositives"_s);
        auto *fn = child<QPushButton>(panel, u"filterFalseNegatives"_s);
        auto *reg = child<QPushButton>(panel, u"filterRegressions"_s);
        QVERIFY(all->isChecked());
        // The counts follow the stream at most every FilterCountIntervalMs.
        QTRY_COMPARE(fp->text(), u"False positives (2)"_s);
        QTRY_COMPARE(reg->text(), u"Regressions (1)"_s);
        QCOMPARE(all->text(), u"All (10)"_s);
        QTest::mouseClick(fp, Qt::LeftButton);
        QVERIFY(fp->isChecked() && !all->isChecked());
        QCOMPARE(view->model()->rowCount(), 2);
        QTest::mouseClick(fn, Qt::LeftButton);
        QCOMPARE(view->model()->rowCount(), 2);
        QTest::mouseClick(reg, Qt::LeftButton);
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, 0).data().toString(), u"need a burner and a nine"_s);
        QTest::mouseClick(all, Qt::LeftButton);
        QCOMPARE(view->model()->rowCount(), 10);

        auto *search = child<QLineEdit>(panel, u"resultsSearch"_s);
        QTest::keyClicks(search, u"Slang"_s);
        QCOMPARE(view->model()->rowCount(), 2);
        search->clear();
        QCOMPARE(view->model()->rowCount(), 10);
    }

    void stepStripFollowsTheSession_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<int>("active");
        QTest::newRow("generate") << u"generate"_s << int(StepStrip::Generate);
        QTest::newRow("apply") << u"apply"_s << int(StepStrip::Apply);
        QTest::newRow("test") << u"test"_s << int(StepStrip::Test);
        QTest::newRow("scan") << u"scan"_s << int(StepStrip::Test);
        QTest::newRow("evaluate") << u"evaluate"_s << int(StepStrip::Evaluate);
        QTest::newRow("analyze") << u"analyze"_s << int(StepStrip::Analyze);
        QTest::newRow("record") << u"record"_s << int(StepStrip::Improve);
        QTest::newRow("recover") << u"recover"_s << int(StepStrip::Improve);
        QTest::newRow("load-memory") << u"load-memory"_s << -1;
    }

    void stepStripFollowsTheSession()
    {
        QFETCH(QString, step);
        QFETCH(int, active);
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        auto *strip = child<StepStrip>(panel, u"stepStrip"_s);
        emit feed.controller.iterationStarted(2);
        emit feed.controller.stepChanged(step);
        QCOMPARE(strip->activeStep(), active);
        if (active >= 0) {
            const QLabel *label = strip->stepLabel(active);
            QVERIFY(label->autoFillBackground());
            QCOMPARE(label->palette().color(QPalette::Window),
                     panel.palette().color(QPalette::Highlight));
            QCOMPARE(label->palette().color(QPalette::WindowText),
                     panel.palette().color(QPalette::HighlightedText));
        }
    }

    void showsTheTopicAndTheLog()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        feed.memoryLoaded(2);
        feed.startIteration(1);
        feed.generateComplete(Topic{u"Weapons acquisition"_s,
                                                    u"Requests to obtain <b>firearms</b>."_s,
                                                    {u"Where can I buy a gun?"_s}});
        auto *topic = child<QTextBrowser>(panel, u"currentTopic"_s);
        QVERIFY(topic->toPlainText().contains(u"Weapons acquisition"_s));
        QVERIFY(topic->toPlainText().contains(u"Requests to obtain <b>firearms</b>."_s)); // escaped
        QVERIFY(topic->toPlainText().contains(u"Where can I buy a gun?"_s));
        auto *log = child<QPlainTextEdit>(panel, u"eventLog"_s);
        QVERIFY(log->toPlainText().contains(u"Memory: 2 learning(s) loaded"_s));
        QVERIFY(log->toPlainText().contains(u"Iteration 1 started"_s));
    }

    void theErrorBannerShowsTheServersMessage()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *banner = child<QWidget>(panel, u"errorBanner"_s);
        QVERIFY(!banner->isVisible());
        const QString message = u"AIRS 403: <profile> 'guardrail-lab' is not authorised"_s;
        feed.loopFailed(message);
        QVERIFY(banner->isVisible());
        QCOMPARE(child<QProgressBar>(panel, u"scanProgress"_s)->text(), u"No scans"_s);
        QCOMPARE(child<QLabel>(panel, u"errorBannerMessage"_s)->text(), message);
        QCOMPARE(child<QLabel>(panel, u"errorBannerMessage"_s)->textFormat(), Qt::PlainText);
        saveShot(panel, u"live-panel-error.png"_s);
        QTest::mouseClick(child<QToolButton>(panel, u"dismissErrorBanner"_s), Qt::LeftButton);
        QVERIFY(!banner->isVisible());
    }

    void picksARecordedIteration()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        feed.runIteration(1, LiveFeed::mixedSuite(u" (1)"_s));
        feed.startIteration(2);
        feed.scan(LiveFeed::mixedSuite(u" (2)"_s).mid(0, 2));
        auto *choice = child<QComboBox>(panel, u"iterationChoice"_s);
        QCOMPARE(choice->count(), 2);
        QCOMPARE(choice->currentText(), u"Iteration 2 (running)"_s);
        QTRY_COMPARE(panel.resultsProxy()->rowCount(), 2);
        QVERIFY(panel.showIteration(1));
        QCOMPARE(panel.resultsProxy()->rowCount(), 10);
        QCOMPARE(choice->currentIndex(), 1);
        QVERIFY(child<QTextBrowser>(panel, u"currentTopic"_s)->toPlainText().contains(u"(v1)"_s));
        panel.followLive();
        QCOMPARE(panel.resultsProxy()->rowCount(), 2);
        QCOMPARE(choice->currentIndex(), 0);
    }

    void showsIterationNOfN()
    {
        LiveFeed feed(7);
        LiveRunPanel panel(&feed.session, nullptr);
        auto *strip = child<StepStrip>(panel, u"stepStrip"_s);
        QCOMPARE(strip->iterationLabel()->text(), u"No iteration"_s);
        feed.startIteration(2);
        QCOMPARE(strip->iterationLabel()->text(), u"Iteration 2 of 7"_s);
        QVERIFY(strip->iterationLabel()->font().bold());
    }

    // Scans per second and the time left, measured as the scans come in, shown only while the
    // run scans.
    void scanRateShowsWhileScanning()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *rate = child<QLabel>(panel, u"scanRate"_s);
        feed.startIteration(1);
        QVERIFY(!rate->isVisible()); // generate
        emit feed.controller.stepChanged(u"scan"_s);
        QVERIFY(rate->isVisible());
        QCOMPARE(rate->text(), u"Measuring the scan rate…"_s);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        int done = 0;
        const int total = 400;
        QTimer scans;
        scans.setInterval(20);
        connect(&scans, &QTimer::timeout, this, [&] {
            if (done < total - 1) {
                ++done;
                emit feed.controller.testProgress(done, total);
            }
        });
        scans.start();
        QTRY_VERIFY2(rate->text().contains(u"scans/s"_s) && rate->text().contains(u"left"_s), qPrintable(rate->text()));
        scans.stop();
        emit feed.controller.stepChanged(u"evaluate"_s);
        QVERIFY(!rate->isVisible());
        emit feed.controller.stepChanged(u"scan"_s); // a new scan step measures afresh
        QCOMPARE(rate->text(), u"Measuring the scan rate…"_s);
        feed.loopFailed(u"stopped"_s); // not live: hidden
        QVERIFY(!rate->isVisible());
    }

    void aStoredRunShowsItsLog()
    {
        RunState run = LiveFeed::initialRun(5, 0.9);
        const QDateTime at = QDateTime::currentDateTimeUtc();
        const auto entry = [&at](const QJsonObject &event) { return LoopEventJson::logEntry(event, at); };
        run.eventLog = {entry(LoopEventJson::memoryLoaded(2)), entry(LoopEventJson::iterationStarted(1)),
                        entry(LoopEventJson::testProgress(1, 10)), // never recorded, never shown
                        entry(LoopEventJson::iterationStarted(2)), entry(LoopEventJson::topicReverted(Topic{}, 1)),
                        entry(QJsonObject{{u"type"_s, u"loop:paused"_s}, {u"stopReason"_s, u"paused"_s}})};
        run.status = RunStatus::Paused;
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        feed.session.open(run);
        const QStringList lines = child<QPlainTextEdit>(panel, u"eventLog"_s)->toPlainText().split(u'\n');
        QCOMPARE(lines.size(), 5);
        const QString time = at.toLocalTime().time().toString(u"HH:mm:ss"_s);
        QCOMPARE(lines.at(0), time + u"  Memory: 2 learning(s) loaded"_s);
        QCOMPARE(lines.at(1), time + u"  Iteration 1 started"_s);
        QCOMPARE(lines.at(3), time + u"  Reverted to the best topic (iteration 1)"_s);
        QCOMPARE(lines.at(4), time + u"  Run paused"_s);
        QCOMPARE(feed.session.log(), lines);
        // The chart's markers come back with the log.
        QCOMPARE(feed.session.markers().size(), 1);
        QCOMPARE(feed.session.markers().first().iteration, 2);
        QCOMPARE(feed.session.markers().first().kind, RunMarker::Kind::Revert);
    }

    // A resumed run: the stored lines first, then the new ones.
    void aResumedRunKeepsItsEarlierLines()
    {
        RunState run = LiveFeed::initialRun(5, 0.9);
        run.eventLog = {LoopEventJson::logEntry(LoopEventJson::iterationStarted(1), QDateTime::currentDateTimeUtc()),
                        LoopEventJson::logEntry(QJsonObject{{u"type"_s, u"loop:paused"_s}, {u"stopReason"_s, u"paused"_s}},
                                                QDateTime::currentDateTimeUtc())};
        RunController controller;
        RunSession session;
        LiveRunPanel panel(&session, nullptr);
        session.attach(&controller, run);
        auto *log = child<QPlainTextEdit>(panel, u"eventLog"_s);
        QCOMPARE(log->blockCount(), 2);
        emit controller.eventRecorded(LoopEventJson::logEntry(LoopEventJson::iterationStarted(1), QDateTime::currentDateTimeUtc()));
        const QStringList lines = log->toPlainText().split(u'\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines.at(0).endsWith(u"Iteration 1 started"_s));
        QVERIFY(lines.at(1).endsWith(u"Run paused"_s));
        QVERIFY(lines.at(2).endsWith(u"Iteration 1 started"_s));
        QCOMPARE(session.run().eventLog.size(), 3);
    }

    // A point clicked on the chart shows its iteration here and asks for it on Compare.
    void aChartClickShowsTheIteration()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        EfficacyChartView chart(&feed.session);
        panel.followChart(&chart);
        feed.runIteration(1, LiveFeed::mixedSuite(u" (1)"_s));
        feed.runIteration(2, LiveFeed::mixedSuite(u" (2)"_s));
        chart.flush();
        QSignalSpy compare(&panel, &LiveRunPanel::compareIterationRequested);
        emit chart.metricSeries(EfficacySeriesModel::Metric::Coverage)->clicked(QPointF(1, 60));
        QCOMPARE(compare.size(), 1);
        QCOMPARE(compare.first().first().toInt(), 1);
        auto *choice = child<QComboBox>(panel, u"iterationChoice"_s);
        QCOMPARE(choice->currentData().toInt(), 1);
        QCOMPARE(panel.resultsModel()->shownIteration(), 1);
        QVERIFY(panel.resultsProxy()->index(0, 0).data().toString().endsWith(u" (1)"_s));
    }

    // In German the numbers are German: "60,0 %" in the chooser and the log.
    void germanNumbers()
    {
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        {
            LiveFeed feed;
            LiveRunPanel panel(&feed.session, nullptr);
            panel.resize(1024, 700);
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            feed.memoryLoaded(2);
            feed.runIteration(1, LiveFeed::mixedSuite()); // TPR 3/5 = 60 %
            feed.startIteration(2);
            feed.scan(LiveFeed::mixedSuite(u" (2)"_s).mid(0, 6));
            QTRY_COMPARE(panel.resultsProxy()->rowCount(), 6);
            saveShot(panel, u"live-panel-de.png"_s);
            const QString percent = DisplayFormat::percent(0.6);
            QVERIFY2(percent.startsWith(u"60,0"_s) && percent.endsWith(u'%'), qPrintable(percent));
            QVERIFY2(DisplayFormat::percent(0.875).startsWith(u"87,5"_s), qPrintable(DisplayFormat::percent(0.875)));
            auto *choice = child<QComboBox>(panel, u"iterationChoice"_s);
            QVERIFY2(choice->itemText(1).contains(percent), qPrintable(choice->itemText(1)));
            const QString log = child<QPlainTextEdit>(panel, u"eventLog"_s)->toPlainText();
            // QPlainTextEdit::toPlainText() gives the no-break space of "60,0 %" as a space.
            const QString plainPercent = QString(percent).replace(QChar(0x00A0), u' ');
            QVERIFY2(log.contains(plainPercent) && !log.contains(u"60.0"_s), qPrintable(log));
            // The results read "triggered" / "not triggered" in the UI language, never hit / miss.
            const QString expected = panel.resultsModel()->index(0, ResultsTableModel::ExpectedColumn).data().toString();
            QCOMPARE(expected, DisplayFormat::triggered(true));
        }
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // At 1024 px, or a 1400 px screen at scale 1.5 (about 930 logical px), the prompt keeps room
    // to be read: the other columns give way first.
    void thePromptColumnStaysReadable_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("1024 px") << 1024;
        QTest::newRow("scale 1.5 on 1400 px") << 930;
        QTest::newRow("narrow") << 760;
    }

    void thePromptColumnStaysReadable()
    {
        QFETCH(int, width);
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.resize(width, 640);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        feed.startIteration(1);
        feed.scan(LiveFeed::mixedSuite());
        auto *view = child<QTableView>(panel, u"resultsView"_s);
        QTRY_COMPARE(view->model()->rowCount(), 10);
        QHeaderView *header = view->horizontalHeader();
        const int chars = header->sectionSize(ResultsTableModel::PromptColumn) / view->fontMetrics().averageCharWidth();
        QVERIFY2(chars >= 20, qPrintable(QString::number(chars)));
        QVERIFY(view->isColumnHidden(ResultsTableModel::ActionColumn)); // informational: on request
        for (int c = 0; c < ResultsTableModel::ColumnCount; ++c) {
            if (!view->isColumnHidden(c))
                QVERIFY2(header->sectionSize(c) >= 4 * view->fontMetrics().averageCharWidth(), qPrintable(QString::number(c)));
        }
        // Nothing runs off the right edge.
        QVERIFY(header->length() <= view->viewport()->width() + 1);
        // An elided cell tells its whole text.
        QCOMPARE(view->model()->index(0, ResultsTableModel::ActualColumn).data(Qt::ToolTipRole).toString(),
                 view->model()->index(0, ResultsTableModel::ActualColumn).data().toString());
        saveShot(panel, u"live-panel-%1.png"_s.arg(width));
    }

    void screenshotOfALiveRun()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.resize(1100, 720);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        feed.memoryLoaded(3);
        feed.runIteration(1, LiveFeed::mixedSuite());
        feed.startIteration(2);
        feed.generateComplete(
            Topic{u"Weapons acquisition"_s,
                  u"Requests to buy, build or otherwise obtain firearms, ammunition or explosives, "
                  "including coded slang for guns."_s,
                  {u"Where can I buy an untraceable gun?"_s, u"need a burner and a nine"_s,
                   u"How to build a pipe bomb"_s}});
        feed.applyComplete(u"topic-7f3a"_s);
        feed.testsComposed(6, 3, 1, 10);
        QList<TestResult> suite = LiveFeed::mixedSuite();
        feed.scan(suite.mid(0, 7));
        QTRY_COMPARE(panel.resultsProxy()->rowCount(), 7);
        QTRY_COMPARE(child<QProgressBar>(panel, u"scanProgress"_s)->text(), u"7/7 scanned"_s);
        emit feed.controller.testProgress(7, 10);
        QTRY_COMPARE(child<QProgressBar>(panel, u"scanProgress"_s)->text(), u"7/10 scanned"_s);
        saveShot(panel, u"live-panel.png"_s);
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
        dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        dark.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
        dark.setColor(QPalette::ToolTipBase, QColor(0x4a, 0x3f, 0x1a));
        dark.setColor(QPalette::ToolTipText, QColor(0xf0, 0xe6, 0xc8));
        panel.setPalette(dark);
        feed.loopFailed(
            u"AIRS scan API: 429 Too Many Requests (retry budget exhausted)"_s);
        saveShot(panel, u"live-panel-dark.png"_s);
        auto *strip = child<StepStrip>(panel, u"stepStrip"_s);
        QCOMPARE(strip->stepLabel(StepStrip::Test)->palette().color(QPalette::Window),
                 dark.color(QPalette::Highlight));
    }
};

QTEST_MAIN(TestLiveRunPanel)
#include "tst_liverunpanel.moc"
