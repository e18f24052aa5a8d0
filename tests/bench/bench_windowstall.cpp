// Benchmark: the GUI thread's longest event-loop stall in the whole main window during real
// sandbox runs (the engine and the emulators in their worker threads, 1,000+ results streaming
// through the live panel, the results table, the charts and the compare page). A 1 ms probe
// timer measures the gaps between its timeouts. Target: <= 16 ms while a parallel CPU load
// (one busy normal-priority process per core, started and stopped by the bench, see CpuLoad)
// competes with the window. Alongside it, a thread that does no work measures the same gaps (the
// machine's floor, FloorProbe): a long window gap while that thread was held too is the
// scheduler's, not the app's. Prints figures; the only checks are that the run really happened.
#include "eventspin.h"
#include "floorprobe.h"
#include "models/runsession.h"
#include "studiodriver.h"
#include "ui/live/efficacychartview.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineSeries>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <ctime>
#include <thread>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// Counts, per widget (class, object name and parent), the paints and the layout requests (a
// new text or size hint passes one up to every ancestor whose size is not fixed), for finding
// what repaints or re-lays out the window too often.
class PaintCensus : public QObject
{
public:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (!watched->isWidgetType())
            return false;
        const char *what = event->type() == QEvent::Paint           ? "painted"
                           : event->type() == QEvent::LayoutRequest ? "laid out"
                                                                    : nullptr;
        if (what) {
            const QObject *parent = watched->parent();
            ++m_counts[u"%1: %2 %3 (in %4 %5)"_s.arg(
                QLatin1StringView(what), QLatin1StringView(watched->metaObject()->className()),
                watched->objectName(),
                parent ? QLatin1StringView(parent->metaObject()->className()) : QLatin1StringView(),
                parent ? parent->objectName() : QString())];
        }
        return false;
    }
    void print() const
    {
        QList<std::pair<int, QString>> byCount;
        for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it)
            byCount.append({it.value(), it.key()});
        std::sort(byCount.begin(), byCount.end(), std::greater<>());
        for (const auto &[count, widget] : byCount.mid(0, 30))
            qInfo().noquote() << u"BENCH   %1 times %2"_s.arg(count).arg(widget);
    }

private:
    QHash<QString, int> m_counts;
};

qint64 threadCpuNs() // CPU time of the calling thread
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Pure CPU work (xorshift: no memory traffic) until told to stop. The result is stored, so the
// compiler keeps the work.
void spin(const std::atomic<bool> &stop)
{
    static std::atomic<quint64> sink{0};
    quint64 x = 88172645463325252ull;
    while (!stop.load(std::memory_order_relaxed)) {
        for (int k = 0; k < 10000; ++k) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        sink.store(x, std::memory_order_relaxed);
    }
}

// Busy work on every core at normal priority for as long as it lives, the way a build or a
// browser competes with the window on a person's machine. Two kinds:
// - OtherSession: one busy process per core in a session of its own, like `make -j2` started in a
//   terminal. Linux's scheduler shares the CPU between sessions first (autogroups; desktop
//   sessions do the same per application with cgroups), so the window's process gets its share
//   however many threads the build runs. This is the load the target is measured under.
// - SameProcess: busy threads inside the app's own process, competing thread against thread
//   with the GUI thread and with Qt's paint helpers. Nothing on a real machine does this; the
//   row is printed to show what the window does when the CPU is shared that way.
class CpuLoad final
{
    Q_DISABLE_COPY_MOVE(CpuLoad)
public:
    enum class Kind { OtherSession, SameProcess };

    explicit CpuLoad(Kind kind) : m_kind(kind)
    {
        m_clock.start();
        const int n = int(qMax(2u, std::thread::hardware_concurrency()));
        if (kind == Kind::SameProcess) {
            for (int i = 0; i < n; ++i)
                m_threads.emplace_back([this] { spin(m_stop); });
            m_count = n;
            return;
        }
        // A shell in a session of its own (POSIX_SPAWN_SETSID) runs one busy loop per core;
        // killing its process group stops them all. Spawned, not forked: a forked child would
        // share the app's pages copy-on-write, and every first write to one afterwards would
        // cost the app a page fault it never has on a person's machine. Each loop also ends
        // within a fraction of a second of the bench's own end, so a bench that is killed or
        // crashes leaves no busy loops behind.
        const QByteArray loop = "while kill -0 " + QByteArray::number(QCoreApplication::applicationPid()) +
                                " 2>/dev/null; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done";
        QByteArray script = loop;
        for (int i = 1; i < n; ++i)
            script.prepend("(" + loop + ") & ");
        const char *argv[] = {"/bin/sh", "-c", script.constData(), nullptr};
        posix_spawnattr_t attributes;
        posix_spawnattr_init(&attributes);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
        pid_t leader = 0;
        if (posix_spawn(&leader, argv[0], nullptr, &attributes, const_cast<char *const *>(argv),
                        environ) == 0) {
            m_leader = leader;
            m_count = n;
        }
        posix_spawnattr_destroy(&attributes);
    }
    ~CpuLoad() { stop(); }
    int count() const { return m_count; }
    QString describe() const
    {
        return m_kind == Kind::SameProcess
                   ? u"%1 busy threads inside the app's process"_s.arg(m_count)
                   : u"%1 busy processes in a session of their own"_s.arg(m_count);
    }
    qint64 stop() // stops the load; returns how long it ran (ms)
    {
        m_stop = true;
        for (std::thread &t : m_threads)
            if (t.joinable())
                t.join();
        if (m_leader > 0) {
            kill(-m_leader, SIGKILL);
            waitpid(m_leader, nullptr, 0);
            m_leader = 0;
        }
        return m_clock.elapsed();
    }

private:
    Kind m_kind;
    int m_count = 0;
    pid_t m_leader = 0;
    std::atomic<bool> m_stop{false};
    std::vector<std::thread> m_threads;
    QElapsedTimer m_clock;
};

} // namespace

class BenchWindowStall : public QObject
{
    Q_OBJECT
public:
    enum class Watch { Live, Charts, Flipping };
    Q_ENUM(Watch)
    using Load = CpuLoad::Kind;

private:
    static double ms(qint64 ns) { return double(ns) / 1e6; }
    // The quickest a person acts on what the window just showed (a key after a page appears).
    static constexpr int HumanReactionMs = 150;

private slots:
    void sandboxRuns_data()
    {
        QTest::addColumn<Watch>("watch");
        QTest::addColumn<Load>("load");
        QTest::newRow("watching the Live tab") << Watch::Live << Load::OtherSession;
        QTest::newRow("watching the Charts tab") << Watch::Charts << Load::OtherSession;
        QTest::newRow("flipping Live/Charts/Compare every 200 ms")
            << Watch::Flipping << Load::OtherSession;
        QTest::newRow("watching the Live tab, load threads in the app's process")
            << Watch::Live << Load::SameProcess;
    }

    // The sandbox converges within a few iterations (a run streams ~250-400 results), so a
    // person's session of back-to-back runs from the New run form streams the 1,000+ results.
    // The probe runs while each run is live; filling in the form (the test's own simulated
    // typing) is not measured.
    void sandboxRuns()
    {
        QFETCH(Watch, watch);
        QFETCH(Load, load);
        constexpr int MinResults = 1000;
        struct Plan
        {
            QString topic;
            bool allow;
        };
        const QList<Plan> plans{
            {u"Block requests to buy, build or obtain guns and explosives"_s, false},
            {u"Block requests to launder money or run investment scams"_s, false},
            {u"Allow only questions about football, basketball and tennis"_s, true},
            {u"Allow only general health information questions"_s, true},
            {u"Block requests for help building untraceable firearms"_s, false},
        };

        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        RunSession *session = studio.session();
        int results = 0;
        connect(session, &RunSession::resultScanned, this, [&results] { ++results; });

        QList<qint64> gaps;
        gaps.reserve(200000);
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0;
        qint64 lastCpu = 0; // the GUI thread's CPU time at the last probe
        // DAYSTROM_BENCH_GAP_CLOCK=1: each long gap's end on CLOCK_MONOTONIC, to find it in a
        // profile taken with `perf record -k CLOCK_MONOTONIC --call-graph dwarf`.
        const bool printGapClock = qEnvironmentVariableIntValue("DAYSTROM_BENCH_GAP_CLOCK") == 1;
        // DAYSTROM_BENCH_GAP_MS=N: list the gaps longer than N ms (default: the 16 ms target).
        const qint64 listGapNs =
            qEnvironmentVariableIsSet("DAYSTROM_BENCH_GAP_MS")
                ? qEnvironmentVariableIntValue("DAYSTROM_BENCH_GAP_MS") * qint64(1'000'000)
                : 16'000'000;
        // DAYSTROM_BENCH_PAINTS=1: which widgets painted or were laid out how often.
        PaintCensus census;
        if (qEnvironmentVariableIntValue("DAYSTROM_BENCH_PAINTS") == 1)
            qApp->installEventFilter(&census);
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        probe.setInterval(1);
        // Where each long gap fell: the run's step and how many results had streamed.
        struct LongGap
        {
            qint64 startNs;
            qint64 endNs;
            QString where;
        };
        QList<LongGap> longGaps;
        FloorProbe floor(clock);
        connect(&probe, &QTimer::timeout, this, [&] {
            const qint64 now = clock.nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            gaps.append(now - last);
            // The GUI thread's own CPU time within the gap tells work from waiting for a core.
            if (now - last > listGapNs && printGapClock) {
                timespec mono{};
                clock_gettime(CLOCK_MONOTONIC, &mono);
                qInfo("GAP ends at CLOCK_MONOTONIC %ld.%09ld, lasted %lld ns", long(mono.tv_sec),
                      long(mono.tv_nsec), static_cast<long long>(now - last));
            }
            if (now - last > listGapNs)
                longGaps.append({last, now,
                                 u"%1 ms (%5 ms of it on the CPU) in step \"%2\" of iteration %3 "
                                 "after %4 results"_s
                                     .arg(QString::number(ms(now - last), 'f', 1), session->step(),
                                          QString::number(session->currentIteration()),
                                          QString::number(results),
                                          QString::number(ms(cpu - lastCpu), 'f', 1))});
            last = now;
            lastCpu = cpu;
        });
        const auto startProbe = [&] {
            last = clock.nsecsElapsed();
            lastCpu = threadCpuNs();
            probe.start();
            floor.setMeasuring(true);
        };
        QTimer flip;
        flip.setInterval(200);
        int page = 0;
        const QList<MainWindow::Page> pages{MainWindow::LivePage, MainWindow::ChartsPage,
                                            MainWindow::ComparePage};
        connect(&flip, &QTimer::timeout, this, [&] {
            page = (page + 1) % int(pages.size());
            studio.showPage(pages.at(page));
        });

        // The parallel load runs from the idle baseline to the end of the last measured run.
        CpuLoad cpuLoad(load);
        QVERIFY2(cpuLoad.count() > 0, "could not start the parallel CPU load");
        // Baseline: the same window, idle (under the same load).
        spinUntil([] { return false; }, 200); // let the first layouts settle
        startProbe();
        spinUntil([] { return false; }, 300);
        probe.stop();
        floor.setMeasuring(false);
        floor.reset();
        const double idleMax =
            gaps.isEmpty() ? 0 : ms(*std::max_element(gaps.cbegin(), gaps.cend()));
        gaps.clear();

        int runs = 0;
        int iterations = 0;
        double clickMs = 0;
        qint64 liveMs = 0;
        qint64 guiCpuNs = 0; // the GUI thread's CPU time while runs were live
        for (const Plan &plan : plans) {
            if (results >= MinResults)
                break;
            StudioDriver::Form form;
            form.topic = plan.topic;
            form.allowIntent = plan.allow;
            form.maxIterations = 25;
            form.targetPercent = 100;
            form.maxRegressions = 0;
            form.accumulateTests = true; // the suite grows: more results per iteration
            QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
            spinUntil([] { return false; }, 50);

            QElapsedTimer wall;
            wall.start();
            const qint64 cpuAtStart = threadCpuNs();
            startProbe();
            QElapsedTimer click;
            click.start();
            QVERIFY2(studio.clickRun(), qPrintable(studio.why()));

            clickMs = qMax(clickMs, click.nsecsElapsed() / 1e6); // until the Live page shows
            if (watch == Watch::Charts) {
                // A person turns to Charts after seeing the Live page, not in the event-loop
                // pass that showed it: switching at once put two page changes (and the first
                // frame of neither) in one stall, which no hand can make.
                spinUntil([] { return false; }, HumanReactionMs, 1);
                studio.showPage(MainWindow::ChartsPage);
            }
            else if (watch == Watch::Flipping)
                flip.start();
            QVERIFY(spinUntil([&] { return !studio.context()->isRunActive() && !session->isLive(); },
                         StudioDriver::RunTimeoutMs));
            spinUntil([] { return false; }, 2 * EfficacyChartView::UpdateIntervalMs);
            probe.stop();
            floor.setMeasuring(false);
            flip.stop();
            liveMs += wall.elapsed();
            guiCpuNs += threadCpuNs() - cpuAtStart;

            const RunState stored = studio.storedRun(session->run().id);
            QCOMPARE(stored.status, RunStatus::Completed);
            auto *chart = studio.find<EfficacyChartView>(u"efficacyChart"_s);
            chart->flush(); // a hidden chart catches up when shown
            QCOMPARE(chart->metricSeries(EfficacySeriesModel::Metric::Coverage)->count(),
                     int(stored.iterations.size()));
            ++runs;
            iterations += int(stored.iterations.size());
        }
        const qint64 loadMs = cpuLoad.stop();
        qInfo().noquote() << u"BENCH   parallel CPU load: %1 at normal priority ran for %2 ms "
                             "(idle baseline and every run), now stopped"_s
                                 .arg(cpuLoad.describe())
                                 .arg(loadMs);
        QVERIFY2(results >= MinResults, qPrintable(u"only %1 results streamed"_s.arg(results)));

        std::sort(gaps.begin(), gaps.end());
        const double maxMs = gaps.isEmpty() ? 0 : ms(gaps.last());
        const double p99 =
            gaps.isEmpty() ? 0 : ms(gaps.at(qMin(gaps.size() - 1, qsizetype(gaps.size() * 0.99))));
        const double p999 =
            gaps.isEmpty() ? 0 : ms(gaps.at(qMin(gaps.size() - 1, qsizetype(gaps.size() * 0.999))));
        const auto over =
            std::count_if(gaps.cbegin(), gaps.cend(), [](qint64 g) { return g > 16'000'000; });
        qInfo().noquote()
            << u"BENCH window stall (%1): max %2 ms while %3 results streamed through the main "
               "window (%4 sandbox runs, %5 iterations; target <= 16 ms) [p99.9 %6 ms, p99 %7 ms, "
               "%8 gaps over 16 ms, %9 probes, %10 ms live, platform %11; idle max %12 ms]"_s
                   .arg(QString::fromLatin1(QTest::currentDataTag()))
                   .arg(maxMs, 0, 'f', 1)
                   .arg(results)
                   .arg(runs)
                   .arg(iterations)
                   .arg(p999, 0, 'f', 1)
                   .arg(p99, 0, 'f', 1)
                   .arg(over)
                   .arg(gaps.size())
                   .arg(liveMs)
                   .arg(QGuiApplication::platformName())
                   .arg(idleMax, 0, 'f', 1);
        qInfo().noquote() << u"BENCH   the GUI thread was busy %1 ms of the %2 ms live (%3 %)"_s
                                 .arg(guiCpuNs / 1'000'000)
                                 .arg(liveMs)
                                 .arg(liveMs > 0 ? 100.0 * guiCpuNs / 1e6 / double(liveMs) : 0, 0, 'f', 1);
        qInfo().noquote() << u"BENCH   from clicking Run to the Live page shown: at most %1 ms, over several "
                             "event-loop passes (each counted above)"_s.arg(clickMs, 0, 'f', 1);
        // The floor: what a thread that does nothing saw at the same moments, under the same load.
        const auto sharedWithFloor = std::count_if(longGaps.cbegin(), longGaps.cend(), [&](const LongGap &gap) {
            return gap.endNs - gap.startNs > 16'000'000 && floor.heldWithin(gap.startNs, gap.endNs) > 16'000'000;
        });
        qInfo().noquote() << u"BENCH   machine floor: a thread of the same process that does no work, "
                             "probing alongside under the same load, stalled up to %1 ms (%2 gaps over "
                             "16 ms); %3 of the window's %4 gaps over 16 ms came while it was held over "
                             "16 ms too"_s
                                 .arg(ms(floor.maxNs()), 0, 'f', 1)
                                 .arg(floor.countOver(16'000'000))
                                 .arg(sharedWithFloor)
                                 .arg(over);
        for (const LongGap &gap : std::as_const(longGaps)) {
            const qint64 held = floor.heldWithin(gap.startNs, gap.endNs);
            qInfo().noquote() << u"BENCH   gap of "_s + gap.where +
                                     (held > 4'000'000
                                          ? u"; the zero-work thread was held %1 ms then"_s.arg(ms(held), 0, 'f', 1)
                                          : QString());
        }
        census.print();
    }
};

QTEST_MAIN(BenchWindowStall)
#include "bench_windowstall.moc"
