// Benchmark: 1,000 scan results stream into the live panel in bursts while the efficacy chart
// updates; a 1 ms probe timer measures the GUI thread's longest event-loop stall.
#include "eventspin.h"
#include "livefeed.h"
#include "models/live/resultstablemodel.h"
#include "ui/live/efficacychartview.h"
#include "ui/live/liverunpanel.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QHBoxLayout>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

class BenchLiveRun : public QObject
{
    Q_OBJECT

    static void spinFor(int ms)
    {
        QElapsedTimer t;
        t.start();
        spinUntil([&t, ms] { return t.elapsed() >= ms; }, ms + 1000);
    }

private slots:
    void streamingResults_data()
    {
        QTest::addColumn<int>("burst");
        QTest::addColumn<int>("intervalMs");
        QTest::newRow("bursts of 25 every 10 ms") << 25 << 10;
        QTest::newRow("bursts of 100 every 20 ms") << 100 << 20;
        QTest::newRow("one at a time every 1 ms") << 1 << 1;
    }

    void streamingResults()
    {
        QFETCH(int, burst);
        QFETCH(int, intervalMs);
        constexpr int Total = 1000;
        constexpr int Recorded = 10; // iterations already on the chart

        LiveFeed feed(40);
        QWidget window;
        auto *panel = new LiveRunPanel(&feed.session, nullptr, &window);
        auto *chart = new EfficacyChartView(&feed.session, &window);
        auto *layout = new QHBoxLayout(&window);
        layout->addWidget(panel, 3);
        layout->addWidget(chart, 2);
        window.resize(1600, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QList<TestResult> prior;
        for (int i = 0; i < 40; ++i)
            prior.append(
                LiveFeed::result(u"warm-up %1"_s.arg(i), i % 2, (i % 7) != 0, u"c%1"_s.arg(i % 4)));
        for (int it = 1; it <= Recorded; ++it)
            feed.runIteration(it, prior);
        QList<TestResult> results;
        results.reserve(Total);
        for (int i = 0; i < Total; ++i) {
            const bool expected = i % 2 == 0;
            const bool actual = (i % 9 == 0) ? !expected : expected;
            results.append(LiveFeed::result(
                u"prompt %1 about something that needs a longer line of text"_s.arg(i), expected,
                actual, u"category %1"_s.arg(i % 12), TestSource(i % 4)));
        }
        feed.startIteration(Recorded + 1);
        emit feed.controller.stepChanged(u"scan"_s);
        spinFor(200); // let the first layouts settle before measuring

        QSignalSpy inserts(panel->resultsModel(), &QAbstractItemModel::rowsInserted);
        QList<qint64> gaps;
        gaps.reserve(20000);
        QElapsedTimer clock;
        qint64 last = 0;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        probe.setInterval(1);
        connect(&probe, &QTimer::timeout, this, [&] {
            const qint64 now = clock.nsecsElapsed();
            gaps.append(now - last);
            last = now;
        });
        const auto ms = [](qint64 ns) {
            return double(ns) / 1e6;
        };

        // Baseline: the same window, idle.
        clock.start();
        probe.start();
        spinFor(300);
        probe.stop();
        std::sort(gaps.begin(), gaps.end());
        const double idleMax = gaps.isEmpty() ? 0 : ms(gaps.last());
        const double idleMedian = gaps.isEmpty() ? 0 : ms(gaps.at(gaps.size() / 2));
        gaps.clear();
        last = 0;

        int sent = 0;
        QTimer stream;
        stream.setTimerType(Qt::PreciseTimer);
        stream.setInterval(intervalMs);
        connect(&stream, &QTimer::timeout, this, [&] {
            for (int k = 0; k < burst && sent < Total; ++k, ++sent) {
                emit feed.controller.testScanned(sent, results.at(sent));
                emit feed.controller.testProgress(sent + 1, Total);
                if ((sent + 1) % 100 == 0) // the chart has something to redraw while rows stream
                    feed.topicDuplicate(Recorded);
            }
            if (sent >= Total)
                stream.stop();
        });
        QElapsedTimer wall;
        wall.start();
        clock.start();
        probe.start();
        stream.start();
        QVERIFY(spinUntil([&] { return sent >= Total && panel->resultsModel()->rowCount() == Total; },
                     60000));
        feed.complete(Recorded + 1, results); // reconciles 1,000 rows and adds a chart point
        spinFor(2 * EfficacyChartView::UpdateIntervalMs);
        probe.stop();
        const qint64 elapsedMs = wall.elapsed();

        QCOMPARE(panel->resultsModel()->rowCount(), Total);
        QCOMPARE(chart->metricSeries(EfficacySeriesModel::Metric::Coverage)->count(), Recorded + 1);
        std::sort(gaps.begin(), gaps.end());
        const double maxMs = gaps.isEmpty() ? 0 : ms(gaps.last());
        const double p99 =
            gaps.isEmpty() ? 0 : ms(gaps.at(qMin(gaps.size() - 1, qsizetype(gaps.size() * 0.99))));
        const double median = gaps.isEmpty() ? 0 : ms(gaps.at(gaps.size() / 2));
        qInfo().noquote()
            << u"BENCH gui stall: max %1 ms over %2 results (target <= 16 ms) "
               "[p99 %3 ms, median %4 ms, %5 probes, %6 row inserts, %7 ms wall, "
               "bursts of %8 every %9 ms, platform %10; idle: max %11 ms, median %12 ms]"_s
                   .arg(maxMs, 0, 'f', 1)
                   .arg(Total)
                   .arg(p99, 0, 'f', 1)
                   .arg(median, 0, 'f', 2)
                   .arg(gaps.size())
                   .arg(inserts.count())
                   .arg(elapsedMs)
                   .arg(burst)
                   .arg(intervalMs)
                   .arg(QGuiApplication::platformName())
                   .arg(idleMax, 0, 'f', 1)
                   .arg(idleMedian, 0, 'f', 2);
    }
};

QTEST_MAIN(BenchLiveRun)
#include "bench_liverun.moc"
