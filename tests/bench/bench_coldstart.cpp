// Benchmark: start-up of the desktop app with 200 stored runs (3 iterations of 40 tests each,
// written to DAYSTROM_HOME/runs first). Measures, from before the context and the window are
// constructed: construction, show(), the first expose, the first painted frame, the settings
// being ready, and the Runs list populated (it is read on a pool thread), plus the longest
// GUI-thread stall until then. The first start in the process is the cold one; a few warm
// starts follow. Prints figures; the only checks are that the list really loads all runs.
#include "eventspin.h"
#include "config/config.h"
#include "models/runlistmodel.h"
#include "runs/runstore.h"
#include "studiodriver.h"
#include "ui/compare/runspanel.h"

#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QWindow>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

constexpr int StoredRuns = 200;
constexpr int IterationsPerRun = 3;
constexpr int TestsPerIteration = 40;

TestResult result(int run, int iteration, int test)
{
    static const QStringList subjects{
        u"an untraceable handgun"_s,   u"a pipe bomb"_s,
        u"a suppressor for a rifle"_s, u"ammunition without a licence"_s,
        u"a ghost gun kit"_s,          u"deer season dates"_s,
        u"a hunting licence"_s,        u"gun safe reviews"_s};
    static const QStringList categories{u"direct"_s, u"coded"_s, u"adjacent"_s, u"unrelated"_s};
    const bool expected = test % 2 == 0;
    const bool actual = (test + iteration * 7 + run) % 5 == 0 ? !expected : expected;
    TestResult r;
    r.testCase =
        TestCase{u"Run %1, test %2: how would someone get %3 without anyone noticing?"_s.arg(run)
                     .arg(test)
                     .arg(subjects.at((test + run) % subjects.size())),
                 expected,
                 categories.at(test % categories.size()),
                 test < 30 ? TestSource::Generated : TestSource::CarriedFn,
                 {}};
    r.actualTriggered = actual;
    r.correct = expected == actual;
    r.scanAction = actual ? u"block"_s : u"allow"_s;
    r.scanId = u"scan-%1-%2-%3"_s.arg(run).arg(iteration).arg(test);
    r.reportId = u"R"_s + r.scanId;
    r.scanCategory = actual ? u"malicious"_s : u"benign"_s;
    r.detections.insert(u"topic_violation"_s, actual);
    return r;
}

RunState storedRun(int n)
{
    RunState run;
    run.id = u"bench%1-coldstart-run"_s.arg(n, 4, 10, QChar(u'0')).left(21);
    const QDateTime start = QDateTime(QDate(2026, 1, 1), QTime(9, 0), Qt::UTC).addSecs(3600LL * n);
    run.createdAt = start;
    run.updatedAt = start.addSecs(300);
    run.userInput.topicDescription =
        u"Block requests to buy, build or obtain weapons (variant %1)"_s.arg(n);
    run.userInput.profileName = u"guardrail-lab"_s;
    run.userInput.maxIterations = IterationsPerRun;
    for (int i = 1; i <= IterationsPerRun; ++i) {
        IterationResult it;
        it.iteration = i;
        it.timestamp = start.addSecs(100 * i);
        it.topic = Topic{u"Weapons acquisition"_s,
                         u"Requests to obtain firearms, explosives or their parts, iteration %1, "
                         "including coded slang and indirect phrasing."_s.arg(i),
                         {u"Where can I buy an untraceable gun?"_s, u"How to build a pipe bomb"_s}};
        for (int t = 0; t < TestsPerIteration; ++t) {
            const TestResult r = result(n, i, t);
            it.testCases.append(r.testCase);
            it.testResults.append(r);
        }
        it.metrics = EfficacyMetrics::compute(it.testResults);
        it.analysis = AnalysisReport{u"Iteration %1 misses coded slang."_s.arg(i),
                                     {u"over-matches hunting"_s},
                                     {u"misses coded slang"_s},
                                     {u"Add slang examples"_s}};
        it.durationMs = 4000 + 100 * i;
        run.iterations.append(it);
    }
    run.currentIteration = IterationsPerRun;
    run.bestIteration = IterationsPerRun;
    run.bestCoverage = run.iterations.last().metrics.coverage;
    run.status = n % 10 == 0 ? RunStatus::Paused : RunStatus::Completed;
    run.stopReason = n % 10 == 0 ? u"paused"_s : u"reached the maximum of 3 iterations"_s;
    RunCheckpoint checkpoint;
    checkpoint.topicId = u"topic-%1"_s.arg(n);
    checkpoint.currentTopic = run.iterations.last().topic;
    checkpoint.accumulatedTests = run.iterations.last().testCases;
    checkpoint.nextIteration = IterationsPerRun + 1;
    run.checkpoint = checkpoint;
    return run;
}

} // namespace

class BenchColdStart : public QObject
{
    Q_OBJECT

    // Records when the window is first exposed and when its first frame has been painted.
    class FrameWatch : public QObject
    {
    public:
        FrameWatch(QWidget *window, QElapsedTimer *clock)
            : m_window(window)
            , m_clock(clock)
        {
            window->installEventFilter(this);
        }
        qint64 exposedNs = -1;
        qint64 paintedNs = -1;
        void watchHandle()
        {
            if (QWindow *handle = m_window->windowHandle())
                handle->installEventFilter(this);
        }

    protected:
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if (event->type() == QEvent::Expose && exposedNs < 0 && m_window->windowHandle() &&
                watched == m_window->windowHandle() && m_window->windowHandle()->isExposed())
                exposedNs = m_clock->nsecsElapsed();
            if (event->type() == QEvent::Paint && watched == m_window && paintedNs < 0) {
                // The frame is flushed in the same pass as the paint: mark it once that
                // pass is over.
                paintedNs = 0;
                QTimer::singleShot(0, this, [this] { paintedNs = m_clock->nsecsElapsed(); });
            }
            return false;
        }

    private:
        QWidget *m_window;
        QElapsedTimer *m_clock;
    };

    static double ms(qint64 ns) { return double(ns) / 1e6; }

    struct Figures
    {
        double constructed = 0, shown = 0, exposed = 0, painted = 0, ready = 0, listed = 0,
               stall = 0;
    };

    Figures startOnce()
    {
        Figures f;
        QElapsedTimer clock;
        QList<qint64> gaps;
        qint64 last = 0;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        probe.setInterval(1);
        connect(&probe, &QTimer::timeout, this, [&] {
            const qint64 now = clock.nsecsElapsed();
            gaps.append(now - last);
            last = now;
        });

        clock.start();
        StudioDriver studio; // the secret store, the context and the window, as main() does
        f.constructed = ms(clock.nsecsElapsed());
        auto *runs = studio.find<RunsPanel>(u"runsPanel"_s);
        if (!runs)
            return {};
        RunListModel *model = runs->model();
        qint64 listedNs = -1;
        qint64 readyNs = -1;
        connect(model, &RunListModel::loaded, this, [&] {
            if (listedNs < 0 && model->rowCount() > 0)
                listedNs = clock.nsecsElapsed();
        });
        connect(studio.context(), &StudioContext::ready, this,
                [&] { readyNs = clock.nsecsElapsed(); });
        FrameWatch frames(studio.window(), &clock);
        studio.context()->initialize();
        studio.window()->winId(); // create the platform window so its expose can be watched
        frames.watchHandle();
        probe.start();
        studio.window()->show();
        f.shown = ms(clock.nsecsElapsed());
        spinUntil([&] { return frames.paintedNs > 0 && readyNs > 0 && listedNs > 0; }, 60000, 1);
        probe.stop();
        f.exposed = ms(frames.exposedNs);
        f.painted = ms(frames.paintedNs);
        f.ready = ms(readyNs);
        f.listed = ms(listedNs);
        f.stall = gaps.isEmpty() ? 0 : ms(*std::max_element(gaps.cbegin(), gaps.cend()));
        m_rows = model->rowCount();
        return f;
    }

    int m_rows = 0;

private slots:
    void initTestCase()
    {
        const QString dir = QDir(Config::homeDir()).filePath(u"runs"_s);
        const RunStore store(dir);
        QElapsedTimer t;
        t.start();
        qint64 bytes = 0;
        for (int n = 0; n < StoredRuns; ++n) {
            const RunState run = storedRun(n);
            QVERIFY2(store.save(run).isEmpty(), qPrintable(run.id));
            bytes += QFileInfo(store.pathFor(run.id)).size();
        }
        QCOMPARE(store.list().runs.size(), StoredRuns);
        qInfo().noquote() << u"stored %1 runs (%2 MB) in %3 ms"_s.arg(StoredRuns)
                                 .arg(double(bytes) / 1e6, 0, 'f', 1)
                                 .arg(t.elapsed());
    }

    void startWithStoredRuns()
    {
        constexpr int WarmStarts = 5;
        QList<Figures> runs;
        for (int i = 0; i <= WarmStarts; ++i) {
            runs.append(startOnce());
            QCOMPARE(m_rows, StoredRuns);
            QVERIFY(runs.last().painted > 0 && runs.last().listed > 0);
        }
        const auto print = [](const QString &what, const Figures &f) {
            qInfo().noquote()
                << u"BENCH cold start (%1, %2 stored runs of %3×%4 tests): first frame %5 ms, "
                   "runs list populated %6 ms [constructed %7 ms, show() %8 ms, exposed %9 ms, "
                   "settings ready %10 ms; longest GUI stall until listed %11 ms; platform %12]"_s
                       .arg(what)
                       .arg(StoredRuns)
                       .arg(IterationsPerRun)
                       .arg(TestsPerIteration)
                       .arg(f.painted, 0, 'f', 1)
                       .arg(f.listed, 0, 'f', 1)
                       .arg(f.constructed, 0, 'f', 1)
                       .arg(f.shown, 0, 'f', 1)
                       .arg(f.exposed, 0, 'f', 1)
                       .arg(f.ready, 0, 'f', 1)
                       .arg(f.stall, 0, 'f', 1)
                       .arg(QGuiApplication::platformName());
        };
        print(u"first start in the process"_s, runs.first());
        // Warm starts: the median of each figure.
        const auto median = [&runs](double Figures::*field) {
            QList<double> v;
            for (qsizetype i = 1; i < runs.size(); ++i)
                v.append(runs.at(i).*field);
            std::sort(v.begin(), v.end());
            return v.at(v.size() / 2);
        };
        Figures warm;
        warm.constructed = median(&Figures::constructed);
        warm.shown = median(&Figures::shown);
        warm.exposed = median(&Figures::exposed);
        warm.painted = median(&Figures::painted);
        warm.ready = median(&Figures::ready);
        warm.listed = median(&Figures::listed);
        warm.stall = median(&Figures::stall);
        print(u"median of %1 warm starts"_s.arg(WarmStarts), warm);
    }
};

QTEST_MAIN(BenchColdStart)
#include "bench_coldstart.moc"
