// What a person does mid-run, at the wrong moment (issue 37), against the AIRS emulator and the
// sandbox LLM over loopback HTTP: a label corrected while the analysis is asked for, a corrected
// benchmark label, a cancel while the prompt set is being written, a pause that cannot be
// saved, a cancel in the first moments, a resume that only has to finish.
#include "sandboxloop.h"
#include "airs/profilepolicy.h"

#include "domain/robustness.h"
#include "domain/testcomposition.h"
#include "loop/runmemory.h"
#include "loop/steeringedits.h"
#include "models/session/runcontroller.h"
#include "models/session/runenvironment.h"
#include "models/session/sandboxhost.h"
#include "tenant/leftovers.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

class tst_MidRun : public QObject
{
    Q_OBJECT

    struct Sandbox : SandboxLoop
    {
        QString runFile(const QString &id) const { return QDir(h->runsDir).filePath(id + u".json"_s); }
    };

    // Every figure of a recorded iteration recomputes from its stored rows and labels.
    static void figuresMatchTheirRows(const RunState &run)
    {
        for (const IterationResult &it : run.iterations) {
            QVERIFY2(it.metrics == EfficacyMetrics::compute(it.testResults), qPrintable(u"iteration %1"_s.arg(it.iteration)));
            if (it.benchmark) {
                const BenchmarkScore again = BenchmarkScore::compute(it.benchmark->results, it.benchmark->unstableIndexes);
                QVERIFY2(it.benchmark->metrics == again.metrics, qPrintable(u"benchmark of %1"_s.arg(it.iteration)));
            }
        }
    }

    // What a RunController builds a run from, pointed at emulators (no propagation wait).
    static RunEnvironment environment(const AirsSettings &airs, const LlmEndpoint &llm, const QString &runsDir)
    {
        RunEnvironment env;
        env.airs = airs;
        env.llm = llm;
        env.runsDirectory = runsDir;
        env.propagationDelayMs = 0;
        return env;
    }

    static IterationResult iterationWith(int number, const QString &prompt, bool label)
    {
        IterationResult it;
        it.iteration = number;
        it.testCases = {TestCase{prompt, label, {}, TestSource::Generated, {}}};
        TestResult r;
        r.testCase = it.testCases.first();
        r.actualTriggered = true;
        r.correct = label;
        it.testResults = {r};
        it.metrics = EfficacyMetrics::compute(it.testResults);
        return it;
    }

    // A memory whose extraction answers only when the test says so, even after cancel(): an
    // answer already on its way when the run paused.
    struct LateMemory final : RunMemory
    {
        std::function<void(const Extracted &)> pending;
        void load(const RunSettings &, std::function<void(const Loaded &)> done) override { done({}); }
        void extract(const RunState &, std::function<void(const Extracted &)> done) override { pending = std::move(done); }
    };

private slots:
    // Item 9: the label that turns is the one on the row the person marked (the menu says what
    // it becomes), not the prompt's first occurrence in the run; without a row (the CLI), the
    // latest occurrence, the one the person saw last.
    void aCorrectionTurnsTheLabelThePersonMarked()
    {
        const QString prompt = u"where can I buy a suppressor without a licence"_s;
        RunState run;
        run.id = u"r9"_s;
        run.iterations = {iterationWith(1, prompt, true), iterationWith(2, prompt, false)};
        bool label = false;
        RunState marked = run; // the row of iteration 2 (labelled "should not trigger")
        QVERIFY(SteeringEdits::correctLabel(marked, prompt, QDateTime::currentDateTimeUtc(), &label, false).isEmpty());
        QCOMPARE(label, true);
        RunState latest = run; // no row: the latest occurrence, iteration 2's
        QVERIFY(SteeringEdits::correctLabel(latest, prompt, QDateTime::currentDateTimeUtc(), &label).isEmpty());
        QCOMPARE(label, true);
        for (const RunState *r : {&marked, &latest}) {
            for (const IterationResult &it : r->iterations) {
                QCOMPARE(it.testCases.first().expectedTriggered, true);
                QCOMPARE(it.testResults.first().testCase.expectedTriggered, true);
                QVERIFY(it.metrics == EfficacyMetrics::compute(it.testResults));
            }
        }
    }

    // Item 1: an in-place run that pauses puts production's topic guardrails back (the paused
    // run's candidate no longer filters real traffic) and says so; resuming deploys again, and
    // the end leaves production as it was.
    void pausingInPlacePutsProductionBack()
    {
        Sandbox s;
        RunState state = s.newRun(2);
        state.userInput.inPlace = true;
        const QJsonObject before = s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject();
        RefinementRun first(s.h->services(), state);
        bool changed = false;
        connect(&first, &RefinementRun::applyComplete, this, [&] {
            changed = s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject() != before;
            first.requestPause();
        });
        QSignalSpy paused(&first, &RefinementRun::loopPaused);
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QVERIFY(changed); // the run did work on production
        QCOMPARE(s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject(), before);
        const QString reason = paused.first().first().value<RunState>().stopReason;
        QVERIFY2(reason.contains(u"was put back"_s), qPrintable(reason));
        // `daystrom cleanup` lists it without being told its id.
        const Leftovers::Found found = Leftovers::find(s.h->runsDir);
        QCOMPARE(found.runs.size(), 1);
        QVERIFY(found.runs.first().note.contains(u"in place"_s));

        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(state.id);
        RefinementRun resumed(s.h->services(), saved.run);
        bool deployedAgain = false;
        connect(&resumed, &RefinementRun::applyComplete, this, [&] {
            deployedAgain = s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject() != before;
        });
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QVERIFY(deployedAgain);
        QCOMPARE(s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject(), before);
    }

    // Issue 38: the in-place restore is three-way. A colleague pins a topic of their own on
    // production while the run works there; when the run ends, its own pins go and theirs stays
    // (the restore used to put the whole topic-guardrails entry back as before the run).
    void theInPlaceRestoreKeepsAColleaguesPin()
    {
        Sandbox s;
        RunState state = s.newRun(2);
        state.userInput.inPlace = true;
        const QString travel = s.h->airs.addTopic(u"Travel"_s, u"Trip planning"_s, {u"Book me a flight"_s, u"Hotels"_s});
        RefinementRun run(s.h->services(), state);
        bool pinned = false;
        connect(&run, &RefinementRun::applyComplete, this, [&] {
            if (pinned)
                return;
            pinned = true;
            QList<TopicAssignment> pins = ProfilePolicy::assignedTopics(s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject());
            pins.append({travel, u"Travel"_s, u"block"_s, 0});
            s.h->management->assignTopics(u"lab"_s, pins, u"allow"_s, this, [](const AirsResult<AirsProfile> &) {});
        });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QVERIFY(pinned);
        QStringList names;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(s.h->airs.profile(u"lab"_s).value(u"policy"_s).toObject()))
            names.append(a.topicName);
        QCOMPARE(names, QStringList{u"Travel"_s});
    }

    // Item 1 when the window closes: the controller's destructor pauses the run on its thread
    // (RefinementRun::shutdown), which puts production back first (the sandbox's emulators
    // answer from their own thread, as a real AIRS would).
    void closingTheWindowPutsProductionBack()
    {
        SandboxHost host;
        QString error;
        QVERIFY2(host.start(&error), qPrintable(error));
        const RunEnvironment env = environment(host.airsSettings(), host.llmEndpoint(), TestHome::path() + u"/runs-window"_s);
        RunState state = LoopHarness::newRun(u"Block requests to buy, build or obtain guns and explosives"_s);
        state.userInput.profileName = SandboxHost::ProfileName;
        state.userInput.inPlace = true;
        state.userInput.maxIterations = 5;
        state.steering.stepMode = true; // waits in iteration 2's review, deployed on production
        const QJsonObject before = host.profile(SandboxHost::ProfileName).value(u"policy"_s).toObject();
        auto controller = std::make_unique<RunController>();
        int proposals = 0;
        connect(controller.get(), &RunController::proposalReady, this, [&](const PendingProposal &p) {
            if (p.iteration == 1)
                controller->steer(SteeringRequest::decide({})); // accept the first topic as it is
            ++proposals;
        });
        QVERIFY(controller->start(env, state));
        QTRY_COMPARE_WITH_TIMEOUT(proposals, 2, 60000);
        QVERIFY(host.profile(SandboxHost::ProfileName).value(u"policy"_s).toObject() != before);
        controller.reset(); // the window closes
        QCOMPARE(host.profile(SandboxHost::ProfileName).value(u"policy"_s).toObject(), before);
        const RunStore::Loaded saved = RunStore(env.runsDirectory).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Paused);
        QVERIFY2(saved.run.stopReason.contains(u"was put back"_s), qPrintable(saved.run.stopReason));
    }

    // Issue 37, item 2: corrected between evaluate and record (the analysis is being asked
    // for), a working-suite label and a benchmark label are in the recorded figures.
    void aLabelCorrectedDuringAnalysisIsInTheRecord()
    {
        Sandbox s;
        RefinementRun run(s.h->services(), s.newRun(2, 20));
        QString working, heldOut;
        connect(&run, &RefinementRun::testScanned, this, [&](int index, const TestResult &r) {
            if (index == 0 && working.isEmpty())
                working = r.testCase.prompt;
        });
        connect(&run, &RefinementRun::evaluateComplete, this, [&] {
            if (!heldOut.isEmpty())
                return;
            heldOut = run.state().benchmarkSet.first().prompt;
            run.steer(SteeringRequest::correctLabel(working));
            run.steer(SteeringRequest::correctLabel(heldOut));
        });
        QSignalSpy corrected(&run, &RefinementRun::labelCorrected);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(corrected.size(), 2);
        const RunState &done = run.state();
        figuresMatchTheirRows(done);
        const IterationResult &first = done.iterations.first();
        QCOMPARE(first.testResults.first().testCase.prompt, working);
        QCOMPARE(first.testResults.first().testCase.expectedTriggered, done.steering.correctionFor(working)->expectedTriggered);
        QCOMPARE(first.benchmark->results.first().testCase.expectedTriggered,
                 done.steering.correctionFor(heldOut)->expectedTriggered);
        // And in the file, as saved.
        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(done.id);
        QVERIFY(saved.ok());
        figuresMatchTheirRows(saved.run);
    }

    // Issue 56: a benchmark label corrected while the LLM writes the robustness rewrites, and
    // one corrected during the first analysis: the rewrites of both prompts count under the
    // corrected labels in every recorded iteration and in the set later iterations scan.
    void correctedLabelsHoldInTheRobustnessRewrites()
    {
        Sandbox s;
        RunState settings = s.newRun(2, 20);
        settings.userInput.robustnessFamilies = {u"base64"_s, u"paraphrase"_s};
        settings.userInput.robustnessSample = 4;
        RefinementRun run(s.h->services(), settings);
        QString whileWritten, duringAnalysis;
        connect(&s.llm, &LlmEmulator::requestReceived, this, [&](const QString &call) {
            if (call != "rewrite_prompts"_L1 || !whileWritten.isEmpty())
                return;
            const QList<TestCase> &benchmark = run.state().benchmarkSet;
            whileWritten = benchmark.at(Robustness::sampleOf(benchmark, 4).first()).prompt;
            run.steer(SteeringRequest::correctLabel(whileWritten));
        });
        connect(&run, &RefinementRun::evaluateComplete, this, [&] {
            if (!duringAnalysis.isEmpty())
                return;
            duringAnalysis =
                run.state().benchmarkSet.at(run.state().robustnessSample.last()).prompt;
            run.steer(SteeringRequest::correctLabel(duringAnalysis));
        });
        QSignalSpy corrected(&run, &RefinementRun::labelCorrected);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(corrected.size(), 2);
        QVERIFY(whileWritten != duringAnalysis);
        const auto check = [](const RunState &done) {
            QCOMPARE(done.iterations.size(), 2);
            for (const TestCase &t : done.robustnessSet)
                QCOMPARE(t.expectedTriggered, done.benchmarkSet.at(t.rewriteOf).expectedTriggered);
            for (const IterationResult &it : done.iterations) {
                QCOMPARE(it.robustness.size(), done.robustnessSet.size());
                for (const TestResult &r : it.robustness) {
                    const TestCase &original =
                        it.benchmark->results.at(r.testCase.rewriteOf).testCase;
                    QVERIFY2(
                        r.testCase.expectedTriggered == original.expectedTriggered,
                        qPrintable(u"iteration %1: %2"_s.arg(it.iteration).arg(original.prompt)));
                    QCOMPARE(r.correct,
                             r.counts() && r.actualTriggered == r.testCase.expectedTriggered);
                }
            }
        };
        check(run.state());
        if (QTest::currentTestFailed())
            return;
        for (const QString &prompt : {whileWritten, duringAnalysis}) {
            const int index =
                int(std::find_if(run.state().benchmarkSet.cbegin(), run.state().benchmarkSet.cend(),
                                 [&prompt](const TestCase &t) { return t.prompt == prompt; }) -
                    run.state().benchmarkSet.cbegin());
            QCOMPARE(run.state().benchmarkSet.at(index).expectedTriggered,
                     run.state().steering.correctionFor(prompt)->expectedTriggered);
        }
        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(run.state().id);
        QVERIFY(saved.ok());
        check(saved.run);
    }

    // Item 3: a corrected benchmark label is never sent to the LLM (it would teach it the
    // held-out prompt); a corrected working-suite label still is.
    void aCorrectedBenchmarkLabelNeverReachesTheLlm()
    {
        Sandbox s;
        RefinementRun run(s.h->services(), s.newRun(3, 20));
        QString working, heldOut;
        connect(&run, &RefinementRun::iterationComplete, this, [&](const IterationResult &it) {
            if (it.iteration != 1)
                return;
            working = it.testResults.first().testCase.prompt;
            heldOut = it.benchmark->results.first().testCase.prompt;
            run.steer(SteeringRequest::correctLabel(working));
            run.steer(SteeringRequest::correctLabel(heldOut));
        });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QVERIFY(!heldOut.isEmpty());
        const auto requests = s.llm.requests();
        QVERIFY(requests.size() > 5);
        for (const LlmEmulator::RecordedRequest &r : requests)
            QVERIFY2(!r.body.contains(heldOut.toUtf8()), qPrintable(r.callName + u" holds "_s + heldOut));
        const auto generations = s.llm.requestsFor(u"generate_tests"_s);
        QVERIFY(generations.last().user.contains(working.left(40)));
    }

    // Item 4: cancelled while the prompt set is being written, the export stops at once: no
    // prompt is posted once the cancel is taken, and the run is cancelled, not completed.
    void cancelWhileExportingStopsTheExport()
    {
        Sandbox s;
        RunState state = s.newRun(1);
        state.userInput.createPromptSet = true;
        RefinementRun run(s.h->services(), state);
        connect(&run, &RefinementRun::stepChanged, this, [&s](const QString &step) {
            if (step == u"finish"_s) {
                AirsEmulator::Faults slow;
                slow.latencyMs = 50;
                s.h->airs.setFaults(slow);
            }
        });
        int posted = 0, postedAtCleanUp = -1;
        connect(&s.h->airs, &AirsEmulator::requestReceived, this, [&](const QString &path) {
            if (!path.endsWith(u"/custom-prompt"_s))
                return;
            if (++posted == 3)
                run.requestCancel();
        });
        // The cancel has been taken when the clean-up begins (the run's topics and profile go).
        connect(&run, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (step == u"clean-up"_s)
                postedAtCleanUp = posted;
        });
        QSignalSpy complete(&run, &RefinementRun::loopComplete);
        QCOMPARE(runToEnd(run), RunStatus::Cancelled);
        QVERIFY(postedAtCleanUp >= 3);
        // Waiting for something that must not happen: more prompts, ten answers' worth of time.
        QVERIFY(!QTest::qWaitFor([&] { return posted > postedAtCleanUp; }, 500));
        QCOMPARE(complete.size(), 0);
        QCOMPARE(RunStore(s.h->runsDir).load(state.id).run.status, RunStatus::Cancelled);
    }

    // Item 5: a pause whose checkpoint cannot be written says so, instead of "resume from here".
    void aPauseThatCannotBeSavedSaysSo()
    {
        Sandbox s;
        RunState state = s.newRun(2);
        state.steering.stepMode = true; // waits in review, where nothing else is saved
        RefinementRun run(s.h->services(), state);
        const QString file = s.runFile(state.id);
        connect(&run, &RefinementRun::proposalReady, this, [&] {
            QVERIFY(QFile::remove(file));
            QVERIFY(QDir().mkpath(file)); // the file's name is a directory now: every save fails
            run.requestPause();
        });
        QStringList warnings;
        connect(&run, &RefinementRun::warning, this, [&](const QString &w) { warnings << w; });
        QSignalSpy paused(&run, &RefinementRun::loopPaused);
        QCOMPARE(runToEnd(run), RunStatus::Paused);
        QCOMPARE(paused.size(), 1);
        const RunState reported = paused.first().first().value<RunState>();
        QVERIFY2(reported.stopReason.contains(u"not saved"_s), qPrintable(reported.stopReason));
        QVERIFY(std::any_of(warnings.cbegin(), warnings.cend(), [](const QString &w) { return w.contains(u"not saved"_s); }));
        QDir(file).removeRecursively();
    }

    // Item 6: a cancel before the run has been set up in its thread is not lost: the run ends
    // cancelled, having left nothing on the tenant.
    void cancelInTheFirstMomentsIsNotLost()
    {
        Sandbox s;
        LlmEndpoint llm;
        llm.provider = u"openai-compatible"_s;
        llm.model = u"test"_s;
        llm.baseUrl = s.llm.baseUrl();
        const RunEnvironment env = environment(s.h->airsSettings(), llm, s.h->runsDir);
        const RunState state = s.newRun(1);
        RunController controller;
        QSignalSpy finished(&controller, &RunController::finished);
        QVERIFY(controller.start(env, state));
        controller.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(finished.first().first().value<RunStatus>(), RunStatus::Cancelled);
        QCOMPARE(RunStore(s.h->runsDir).load(state.id).run.status, RunStatus::Cancelled);
        QVERIFY(s.h->airs.topics().isEmpty());
        QCOMPARE(s.h->airs.profile(TenantFootprint::scratchProfileName(state.id)), QJsonObject());
    }

    // Item 7: a step's answer that comes after the run paused (here the learnings, whose
    // extraction was already answered) does nothing: no prompt set is created, the run stays
    // paused.
    void anAnswerAfterThePauseDoesNothing()
    {
        Sandbox s;
        RunState state = s.newRun(1);
        state.userInput.createPromptSet = true;
        LateMemory memory;
        RunServices services = s.h->services();
        services.memory = &memory;
        RefinementRun run(services, state);
        connect(&run, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (step == u"finish"_s)
                run.requestPause();
        });
        QSignalSpy complete(&run, &RefinementRun::loopComplete);
        QCOMPARE(runToEnd(run), RunStatus::Paused);
        QVERIFY(memory.pending);
        s.h->airs.clearRequests();
        memory.pending({3, {}, {}, 1}); // the answer arrives now
        // Waiting for something that must not happen: a request to the Red Team API.
        QVERIFY(!QTest::qWaitFor([&] { return !s.h->airs.requests().isEmpty(); }, 300));
        QCOMPARE(complete.size(), 0);
        QVERIFY(s.h->airs.promptSets().isEmpty());
        QCOMPARE(RunStore(s.h->runsDir).load(state.id).run.status, RunStatus::Paused);
    }

    // Item 8: a run resumed only to finish (here: the prompt set was refused) prepares no
    // profile: it reads and writes no profile on AIRS, and completes.
    void resumingToFinishPreparesNoProfile()
    {
        Sandbox s;
        RunState state = s.newRun(1);
        state.userInput.createPromptSet = true;
        RefinementRun first(s.h->services(), state);
        connect(&first, &RefinementRun::stepChanged, this, [&s](const QString &step) {
            if (step == u"finish"_s) {
                AirsEmulator::Faults refuse;
                refuse.forbiddenNext = 10; // the prompt set's create (and its retries): 403
                s.h->airs.setFaults(refuse);
            }
        });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(state.id);
        QVERIFY(!saved.run.checkpoint->finishReason.isEmpty());
        s.h->airs.setFaults({});
        s.h->airs.clearRequests();
        RefinementRun resumed(s.h->services(), saved.run);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        qsizetype beforeCleanUp = -1; // the clean-up at the end reads profiles to delete the run's own
        connect(&resumed, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (step == u"clean-up"_s)
                beforeCleanUp = s.h->airs.requests().size();
        });
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.size(), 0);
        QVERIFY(beforeCleanUp > 0);
        for (const AirsEmulator::RecordedRequest &r : s.h->airs.requests().mid(0, beforeCleanUp))
            QVERIFY2(!r.path.contains(u"/v1/mgmt/profile"_s), qPrintable(QString::fromLatin1(r.method) + u' ' + r.path));
        QCOMPARE(s.h->airs.promptSets().size(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_MidRun)
#include "tst_midrun.moc"
