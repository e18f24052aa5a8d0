// End to end: a memory experiment in the sandbox (3 topics x 2 orders, both arms), its runs
// through the real clients over loopback HTTP to the emulators. Checked from the LLM emulator's
// request log: the memory-on arm's prompts carry the memory section with what this order's
// earlier topics taught; the memory-off arm's never do. The person's own memory is neither read
// nor written, both arms of a topic are scored on the same benchmark, every run file is tagged,
// and an interrupted experiment resumes without running its finished runs again.
#include "domain/runstate.h"
#include "reports/experimentreport.h"
#include "memorystore/memoryinjector.h"
#include "memorystore/memorystore.h"
#include "models/session/experimentrunner.h"
#include "models/session/sandboxhost.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace {

constexpr int RunTimeoutMs = 120000;
const QString UserMarker = u"USER-MEMORY-MARKER-7f3a"_s;

// Every file under `dir` with a hash of its bytes: equal listings mean nothing changed.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(path, QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256));
    }
    return files;
}

struct Recorded
{
    int first = 0; // index of the run's first LLM request
    int end = 0;   // one past its last
};

} // namespace

class TestMemoryExperiment : public QObject
{
    Q_OBJECT

    QString m_home;
    QString m_userMemory;
    QString m_sandboxMemory;

    RunEnvironment sandboxEnvironment(SandboxHost &host, const QString &runs) const
    {
        RunEnvironment env;
        env.airs = host.airsSettings();
        env.llm = host.llmEndpoint();
        env.runsDirectory = runs;
        env.propagationDelayMs = 0;
        return env;
    }

    ExperimentPlan plan() const
    {
        RunSettings base;
        base.profileName = SandboxHost::ProfileName;
        base.maxIterations = 4;
        base.targetCoverage = 0.95;
        base.benchmarkSize = 20;
        ExperimentPlan p = ExperimentPlan::create(
            ExperimentPlan::defaultTopics().mid(0, 3),
            2, 7, base);
        p.id = u"exp-test"_s;
        p.sandbox = true;
        return p;
    }

    // A learning in the person's memory and in the sandbox's, in the topics' own category:
    // were either read, its marker would reach a prompt.
    void seedPersonalMemory()
    {
        for (const QString &dir : {m_userMemory, m_sandboxMemory}) {
            QVERIFY(QDir().mkpath(dir));
            QFile f(QDir(dir).filePath(u"block-guns-home-requests.json"_s));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(uR"({"category":"block-guns-home-requests","updatedAt":"2026-11-01T00:00:00.000Z","learnings":[
{"id":"AAAAAAAAAAAAAAAAAAAAA","runId":"r1","topicCategory":"block-guns-home-requests",
 "topicDescription":"Block requests to build guns at home","insight":"%1 keep examples short",
 "strategy":"short examples","outcome":"improved","changeType":"examples","confidence":0.9,
 "corroborations":3,"createdAt":"2026-11-01T00:00:00.000Z","lastSeenAt":"2026-11-01T00:00:00.000Z","tags":[]}],
"bestKnown":null,"antiPatterns":[]})"_s.arg(UserMarker).toUtf8());
        }
    }

private slots:
    void initTestCase()
    {
        m_home = TestHome::path();
        m_userMemory = QDir(m_home).filePath(u"memory"_s);
        m_sandboxMemory = QDir(m_home).filePath(u"sandbox/memory"_s);
        seedPersonalMemory();
    }

    void bothArmsOverTwoOrders()
    {
        const auto before = snapshot(m_userMemory);
        const auto sandboxBefore = snapshot(m_sandboxMemory);
        QVERIFY(!before.isEmpty());
        SandboxHost host;
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        const QString runs = QDir(m_home).filePath(u"sandbox/runs"_s);
        const QString directory = QDir(m_home).filePath(u"sandbox/experiments/exp-test"_s);
        ExperimentRunner runner(plan(), directory, sandboxEnvironment(host, runs), RunMemorySettings{});
        QHash<int, Recorded> recorded;
        connect(&runner, &ExperimentRunner::runStarting, this,
                [&](int index) { recorded[index].first = int(host.llmRequests().size()); });
        connect(&runner, &ExperimentRunner::runEnded, this,
                [&](int index) { recorded[index].end = int(host.llmRequests().size()); });
        QSignalSpy finished(&runner, &ExperimentRunner::finished);
        runner.start();
        QVERIFY(finished.wait(RunTimeoutMs));
        QCOMPARE(finished.first().at(0).toBool(), false); // not stopped
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(runner.completedRuns(), 12);

        const QList<LlmEmulator::RecordedRequest> requests = host.llmRequests();
        const RunStore store(runs);
        int sectionsSeen = 0;
        for (int i = 0; i < runner.plan().runs.size(); ++i) {
            const ExperimentPlan::Run &r = runner.plan().runs.at(i);
            QVERIFY(recorded.contains(i));
            const RunStore::Loaded loaded = store.load(r.runId);
            QVERIFY2(loaded.ok(), qPrintable(loaded.error));
            QVERIFY(loaded.run.experiment);
            QCOMPARE(loaded.run.experiment->experimentId, u"exp-test"_s);
            QCOMPARE(loaded.run.experiment->memoryOn, r.memoryOn);
            QCOMPARE(loaded.run.experiment->order, r.order);
            bool section = false;
            QString prompts;
            for (int k = recorded[i].first; k < recorded[i].end; ++k) {
                const QString text = requests.at(k).system + u'\n' + requests.at(k).user;
                QVERIFY2(!text.contains(UserMarker), "the person's own memory reached a prompt");
                section = section || text.contains(MemoryInjector::HeaderTitle.trimmed());
                prompts += text;
            }
            if (!r.memoryOn) {
                QVERIFY2(!section, qPrintable(u"memory section in memory-off run %1"_s.arg(i)));
                continue;
            }
            // What this order's memory holds from its earlier topics' memory-on runs.
            QStringList earlierRuns;
            for (const ExperimentPlan::Run &e : runner.plan().runs) {
                if (e.order == r.order && e.position < r.position && e.memoryOn)
                    earlierRuns << e.runId;
            }
            QStringList taught;
            const MemoryStore memory(runner.memoryDirectory(r.order));
            for (const CategoryMemory &c : memory.relevant(runner.plan().topics.at(r.topic))) {
                for (const Learning &l : c.learnings) {
                    if (earlierRuns.contains(l.runId))
                        taught << l.insight;
                }
            }
            if (r.position == 1) {
                QVERIFY2(!section, "the first topic of an order has nothing to read");
                continue;
            }
            QVERIFY2(!taught.isEmpty(), qPrintable(u"order %1 taught nothing before position %2"_s.arg(r.order).arg(r.position)));
            QVERIFY2(section, qPrintable(u"no memory section in memory-on run %1"_s.arg(i)));
            const bool carries = std::any_of(taught.cbegin(), taught.cend(), [&](const QString &insight) {
                return prompts.contains(insight.left(40));
            });
            QVERIFY2(carries, qPrintable(u"run %1's memory section has none of its order's earlier learnings"_s.arg(i)));
            ++sectionsSeen;
        }
        QCOMPARE(sectionsSeen, 4); // positions 2 and 3 of both orders

        // Both arms of a topic: the same held-out benchmark.
        for (const ExperimentPlan::Run &a : runner.plan().runs) {
            for (const ExperimentPlan::Run &b : runner.plan().runs) {
                if (a.order == b.order && a.position == b.position && a.memoryOn && !b.memoryOn) {
                    const RunState on = store.load(a.runId).run;
                    const RunState off = store.load(b.runId).run;
                    QVERIFY(!on.benchmarkSet.isEmpty());
                    QCOMPARE(on.benchmarkSet, off.benchmarkSet);
                }
            }
        }

        const ExperimentOutcome outcome = runner.outcome();
        QCOMPARE(outcome.trials.size(), 6);
        // Only what came before: the first topic of an order had nothing to read.
        for (const TopicTrial &t : outcome.trials)
            QVERIFY2((t.position == 1) == (t.learningsAvailable == 0), qPrintable(t.topic));
        QCOMPARE(outcome.summary().completePairs, 6);
        // The report says plainly that a sandbox result means nothing about memory.
        QVERIFY(ExperimentReport::text(outcome).simplified().contains(ExperimentOutcome::sandboxCaveat().simplified()));
        QCOMPARE(ExperimentReport::json(outcome).value(u"caveat"_s).toString(), ExperimentOutcome::sandboxCaveat());
        QVERIFY(QFile::exists(ExperimentRunner::planPath(directory)));

        QCOMPARE(snapshot(m_userMemory), before);
        QCOMPARE(snapshot(m_sandboxMemory), sandboxBefore);
    }

    void resumesWithoutRerunningFinishedRuns()
    {
        SandboxHost host;
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        const QString runs = QDir(m_home).filePath(u"sandbox/runs-resume"_s);
        const QString directory = QDir(m_home).filePath(u"sandbox/experiments/exp-resume"_s);
        ExperimentPlan p = plan();
        p.id = u"exp-resume"_s;
        QStringList firstIds;
        {
            ExperimentRunner runner(p, directory, sandboxEnvironment(host, runs), RunMemorySettings{});
            connect(&runner, &ExperimentRunner::runEnded, &runner, [&](int index) {
                if (index == 1)
                    runner.cancel(); // a person stops it after two runs
            });
            QSignalSpy finished(&runner, &ExperimentRunner::finished);
            runner.start();
            QVERIFY(finished.wait(RunTimeoutMs));
            QCOMPARE(finished.first().at(0).toBool(), true); // stopped
            QCOMPARE(runner.completedRuns(), 2);
            firstIds = {runner.plan().runs.at(0).runId, runner.plan().runs.at(1).runId};
        }
        const ExperimentPlan stored = ExperimentRunner::loadPlan(directory, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(stored.runs.at(0).runId, firstIds.at(0));
        ExperimentRunner again(stored, directory, sandboxEnvironment(host, runs), RunMemorySettings{});
        QList<int> started;
        connect(&again, &ExperimentRunner::runStarting, this, [&](int index) { started << index; });
        QSignalSpy finished(&again, &ExperimentRunner::finished);
        again.start();
        QVERIFY(finished.wait(RunTimeoutMs));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(again.completedRuns(), 12);
        QVERIFY(!started.contains(0) && !started.contains(1));
        QCOMPARE(again.plan().runs.at(0).runId, firstIds.at(0));
    }

    void aCorruptPlanIsRefused()
    {
        const QString directory = QDir(m_home).filePath(u"sandbox/experiments/broken"_s);
        QVERIFY(QDir().mkpath(directory));
        QFile f(ExperimentRunner::planPath(directory));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"id\": \"broken\", \"topics\": [\"a\", \"b\"], \"orders\": 1, \"runs\": [{\"order\": 9}]");
        f.close();
        QString error;
        ExperimentRunner::loadPlan(directory, &error);
        QVERIFY(error.contains(u"experiment.json"_s));
    }
};

QTEST_GUILESS_MAIN(TestMemoryExperiment)
#include "tst_memoryexperiment.moc"
