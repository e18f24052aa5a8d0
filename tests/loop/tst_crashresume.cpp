#include "loopharness.h"
#include "scenarios.h"

#include "loop/resumeplan.h"

#include "testmain.h"

#include <QLockFile>
#include <QProcess>
#include <QSaveFile>

using namespace Qt::StringLiterals;

// What a process killed at an awkward moment leaves behind, and what the next run or resume
// makes of it (issue 18): the engine against the AIRS emulator and a scripted LLM over
// loopback HTTP, with the run file as a kill -9 leaves it.
class TestCrashResume : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        explicit Fixture(const QList<Topic> &topics = {Scenario::good()})
        {
            Scenario::script(llm, topics);
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl());
        }
    };

    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static bool write(const QString &path, const QByteArray &bytes)
    {
        QSaveFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit();
    }

    // A process id that was in use and is not any more.
    static qint64 deadPid()
    {
        QProcess p;
        p.start(u"true"_s, {});
        if (!p.waitForStarted())
            return -1;
        const qint64 pid = p.processId();
        p.waitForFinished();
        return pid;
    }

private slots:
    // Killed after AIRS created the companion topic and before the run file held its id: the
    // resume deploys the companion the run had written (found again in AIRS by name and
    // content), never a new one, and the stored companion is not replaced.
    void companionIsNotWrittenTwiceAfterACrash()
    {
        Fixture f;
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        RefinementRun first(f.h->services(), state);
        const QString path = RunStore(f.h->runsDir).pathFor(state.id);
        QByteArray leftBehind;
        int topicCreates = 0;
        connect(&f.h->airs, &AirsEmulator::requestReceived, this, [&](const QString &p) {
            if (p.endsWith(u"/v1/mgmt/topic"_s) && ++topicCreates == 2) { // the companion's create
                leftBehind = read(path);
                first.requestPause();
            }
        });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QVERIFY(!leftBehind.isEmpty());
        QVERIFY(write(path, leftBehind));
        const RunStore::Loaded killed = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(killed.ok());
        QVERIFY(killed.run.companionTopic.has_value()); // saved before its create
        QVERIFY(killed.run.checkpoint->companionTopicId.isEmpty());
        const Topic companion = *killed.run.companionTopic;
        const auto companions = [&] {
            int n = 0;
            for (const QJsonObject &t : f.h->airs.topics())
                n += t.value(u"topic_name"_s).toString() == companion.name ? 1 : 0;
            return n;
        };
        QCOMPARE(companions(), 1);

        RefinementRun resumed(f.h->services(), killed.run);
        QSignalSpy generated(&resumed, &RefinementRun::companionGenerated);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(generated.size(), 0); // no new companion asked for
        QCOMPARE(resumed.state().companionTopic, std::optional<Topic>(companion));
        QVERIFY(resumed.state().tenant == std::nullopt || resumed.state().tenant->isClear());
        QCOMPARE(companions(), 0); // the one companion went with the run
    }

    // Killed after an iteration was recorded and before the decision on it: the resume takes
    // that decision first, so the run ends where the uninterrupted one did (no extra iteration).
    void decisionLeftPendingIsTakenOnResume_data()
    {
        QTest::addColumn<int>("maxIterations");
        QTest::addColumn<int>("killAfter");
        QTest::newRow("target reached") << 5 << 2;
        QTest::newRow("maximum reached") << 1 << 1;
    }
    void decisionLeftPendingIsTakenOnResume()
    {
        QFETCH(int, maxIterations);
        QFETCH(int, killAfter);
        Fixture f({Scenario::medium(), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.maxIterations = maxIterations;
        RefinementRun first(f.h->services(), state);
        const QString path = RunStore(f.h->runsDir).pathFor(state.id);
        QByteArray leftBehind;
        connect(&first, &RefinementRun::iterationComplete, this, [&](const IterationResult &it) {
            if (it.iteration == killAfter)
                leftBehind = read(path);
        });
        QCOMPARE(runToEnd(first), RunStatus::Completed);
        QCOMPARE(first.state().iterations.size(), killAfter);
        QVERIFY(write(path, leftBehind));
        RunState killed = RunStore(f.h->runsDir).load(state.id).run;
        QCOMPARE(killed.status, RunStatus::Running);
        QVERIFY(killed.checkpoint->decisionPending);
        QVERIFY(killed.checkpoint->finishReason.isEmpty());
        ResumePlan::extendIterations(killed); // as `resume` does
        QCOMPARE(killed.userInput.maxIterations, maxIterations);

        RefinementRun resumed(f.h->services(), killed);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.size(), 0);
        QCOMPARE(resumed.state().iterations.size(), killAfter);
        QCOMPARE(resumed.state().stopReason, first.state().stopReason);
        QVERIFY(!resumed.state().checkpoint->decisionPending);
    }

    // A run killed before its first checkpoint, or after its last save, leaves `<id>.lock`;
    // the next listing or run start removes it. A lock held by a live process stays.
    void staleLocksAreRemoved()
    {
        const QString dir = TestHome::path() + u"/orphans"_s;
        QVERIFY(QDir().mkpath(dir));
        const qint64 dead = deadPid();
        QVERIFY(dead > 0);
        const QByteArray staleLock = QByteArray::number(dead) + "\ndaystrom\n" + QSysInfo::machineHostName().toUtf8() + '\n';
        QVERIFY(write(dir + u"/killed.lock"_s, staleLock));
        QVERIFY(write(dir + u"/completed.lock"_s, staleLock));
        QVERIFY(write(dir + u"/completed.json"_s, "{}"));
        QLockFile live(dir + u"/starting.lock"_s);
        QVERIFY(live.tryLock(0));

        QCOMPARE(RunStore(dir).removeStaleLocks(), 2);
        QVERIFY(!QFile::exists(dir + u"/killed.lock"_s));
        QVERIFY(!QFile::exists(dir + u"/completed.lock"_s));
        QVERIFY(QFile::exists(dir + u"/completed.json"_s));
        QVERIFY(QFile::exists(dir + u"/starting.lock"_s));

        QVERIFY(write(dir + u"/killed2.lock"_s, staleLock));
        RunStore(dir).list();
        QVERIFY(!QFile::exists(dir + u"/killed2.lock"_s));
        QVERIFY(QFile::exists(dir + u"/starting.lock"_s));
    }

    // A runs directory that cannot be written is said to be that, not "another process".
    void unwritableRunsDirectoryIsNamed()
    {
        Fixture f;
        const QString blocker = TestHome::path() + u"/not-a-directory"_s;
        QVERIFY(write(blocker, "a file where the home's directory should be"));
        RunServices services = f.h->services();
        services.runsDirectory = blocker + u"/runs"_s;
        RefinementRun run(services, LoopHarness::newRun(u"Weapons"_s));
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        QCOMPARE(failed.size(), 1);
        const QString error = failed.first().at(0).toString();
        QVERIFY2(error.contains(u"cannot create the runs directory"_s), qPrintable(error));
        QVERIFY2(!error.contains(u"another process"_s), qPrintable(error));
    }

    // Resume limits: a finishing run only finishes; an exhausted one gets 10 more or --max-iterations.
    void resumePlan()
    {
        RunState run = LoopHarness::newRun(u"Weapons"_s);
        run.userInput.maxIterations = 3;
        run.checkpoint = RunCheckpoint{};
        run.checkpoint->nextIteration = 4;
        run.checkpoint->finishReason = u"reached the maximum of 3 iterations"_s;
        QVERIFY(ResumePlan::isFinishing(run));
        ResumePlan::extendIterations(run);
        QCOMPARE(run.userInput.maxIterations, 3);
        ResumePlan::extendIterations(run, 5);
        QCOMPARE(run.userInput.maxIterations, 3);

        run.checkpoint->finishReason.clear();
        QVERIFY(!ResumePlan::isFinishing(run));
        ResumePlan::extendIterations(run);
        QCOMPARE(run.userInput.maxIterations, 13);
        ResumePlan::extendIterations(run, 2);
        QCOMPARE(run.userInput.maxIterations, 5);

        run.userInput.maxIterations = 3;
        run.checkpoint->decisionPending = true; // killed before deciding on iteration 3
        ResumePlan::extendIterations(run);
        QCOMPARE(run.userInput.maxIterations, 3);
    }
};

QTEST_GUILESS_MAIN(TestCrashResume)
#include "tst_crashresume.moc"
