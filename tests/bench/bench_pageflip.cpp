// Benchmark: what one page flip costs the GUI thread, page by page, with no competing load.
// After two sandbox runs (so every page has something to show), each page is brought to the
// front many times with its View-menu shortcut, the way bench_windowstall's flipping row does.
// A 1 ms probe timer splits the GUI thread's work into event-loop passes; for every flip the
// bench records the CPU time of the longest pass within 150 ms (the flip, the first frame and
// any catch-up after it). Under a competing load the window gets roughly half a core, so a
// pass of N ms here is a stall of up to 2N ms there: the window target needs passes of <= 7 ms.
// Prints figures; the only checks are that the runs and the flips really happened.
// DAYSTROM_BENCH_PAGES=Live,Compare flips between those pages only (to profile one);
// DAYSTROM_BENCH_PASSES=1 prints each flip's passes over 0.3 ms.
#include "eventspin.h"
#include "studiodriver.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <ctime>

using namespace Qt::StringLiterals;

namespace {

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}

} // namespace

class BenchPageFlip : public QObject
{
    Q_OBJECT

private slots:
    void flips()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        for (const QString &topic : {u"Block requests to buy, build or obtain guns and explosives"_s,
                                     u"Allow only general health information questions"_s}) {
            StudioDriver::Form form;
            form.topic = topic;
            form.allowIntent = topic.startsWith(u"Allow"_s);
            form.maxIterations = 6;
            form.targetPercent = 100;
            form.maxRegressions = 0;
            form.accumulateTests = true;
            QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
            QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
            QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        }
        spinUntil([] { return false; }, 300);

        // The longest pass (GUI-thread CPU between two probe timeouts) since `mark` was reset.
        qint64 lastCpu = threadCpuNs();
        qint64 longest = 0;
        QStringList passTrail; // DAYSTROM_BENCH_PASSES=1: each flip's passes over 0.3 ms
        const bool printPasses = qEnvironmentVariableIntValue("DAYSTROM_BENCH_PASSES") == 1;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        probe.setInterval(1);
        connect(&probe, &QTimer::timeout, this, [&] {
            const qint64 cpu = threadCpuNs();
            longest = qMax(longest, cpu - lastCpu);
            if (cpu - lastCpu > 300'000)
                passTrail << QString::number(ms(cpu - lastCpu), 'f', 1);
            lastCpu = cpu;
        });
        probe.start();

        constexpr int Rounds = 15;
        const QList<std::pair<MainWindow::Page, QString>> pages{
            {MainWindow::LivePage, u"Live"_s},       {MainWindow::ChartsPage, u"Charts"_s},
            {MainWindow::ComparePage, u"Compare"_s}, {MainWindow::RunsPage, u"Runs"_s},
            {MainWindow::MemoryPage, u"Memory"_s},   {MainWindow::NewRunPage, u"New run"_s}};
        // DAYSTROM_BENCH_PAGES=Live,Compare: flip between those pages only (for a profile of one).
        const QStringList only = qEnvironmentVariable("DAYSTROM_BENCH_PAGES").split(u',', Qt::SkipEmptyParts);
        QList<std::pair<MainWindow::Page, QString>> chosen;
        for (const auto &entry : pages)
            if (only.isEmpty() || only.contains(entry.second))
                chosen.append(entry);
        QHash<QString, QList<qint64>> perPage;
        for (int round = 0; round < Rounds; ++round) {
            for (const auto &[page, name] : chosen) {
                spinUntil([] { return false; }, 30);
                lastCpu = threadCpuNs();
                longest = 0;
                passTrail.clear();
                QVERIFY2(studio.showPage(page), qPrintable(studio.why()));
                spinUntil([] { return false; }, 150);
                perPage[name].append(longest);
                if (printPasses)
                    qInfo().noquote() << u"PASSES %1: %2"_s.arg(name, passTrail.join(u", "_s));
            }
        }
        probe.stop();

        qint64 worst = 0;
        for (const auto &[page, name] : chosen) {
            QList<qint64> passes = perPage.value(name);
            QCOMPARE(passes.size(), Rounds);
            std::sort(passes.begin(), passes.end());
            worst = qMax(worst, passes.last());
            qInfo().noquote() << u"BENCH   flip to %1: longest pass median %2 ms, max %3 ms of GUI-thread CPU"_s
                                     .arg(name, -8)
                                     .arg(ms(passes.at(passes.size() / 2)), 0, 'f', 1)
                                     .arg(ms(passes.last()), 0, 'f', 1);
        }
        qInfo().noquote() << u"BENCH page flip: longest pass %1 ms of GUI-thread CPU over %2 flips "
                             "(no competing load; target for the window bench: <= 7 ms)"_s
                                 .arg(ms(worst), 0, 'f', 1)
                                 .arg(Rounds * chosen.size());
    }
};

QTEST_MAIN(BenchPageFlip)
#include "bench_pageflip.moc"
