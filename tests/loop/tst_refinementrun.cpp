#include "loopharness.h"
#include "scenarios.h"

#include "airs/profilepolicy.h"

#include "testmain.h"

#include <QLockFile>
#include <QJsonArray>

using namespace Qt::StringLiterals;

// The refinement engine against the AIRS emulator and a scripted LLM over loopback HTTP.
class TestRefinementRun : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        Fixture(const QList<Topic> &topics, const QList<Topic> &simplified = {}, AirsEmulator::Options o = {})
        {
            Scenario::script(llm, topics, simplified);
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl(), o);
        }
    };

    // Slows AIRS down once `run` reaches its finish step, and asks for a pause when the n-th
    // request whose path ends with `suffix` arrives: the pause lands while that call is in
    // flight and its answer comes afterwards.
    void pauseDuringExport(Fixture &f, RefinementRun &run, const QString &suffix, int nth)
    {
        connect(&run, &RefinementRun::stepChanged, this, [&f](const QString &step) {
            if (step != u"finish"_s)
                return;
            AirsEmulator::Faults slow;
            slow.latencyMs = 100;
            f.h->airs.setFaults(slow);
        });
        auto seen = std::make_shared<int>(0);
        connect(&f.h->airs, &AirsEmulator::requestReceived, this, [&run, suffix, nth, seen](const QString &path) {
            if (path.endsWith(suffix) && ++*seen == nth)
                run.requestPause();
        });
    }

    // The run's own profile as it was at its last deployment (it is deleted when the run ends).
    static std::shared_ptr<QJsonObject> deployedPolicy(Fixture &f, RefinementRun &run)
    {
        auto policy = std::make_shared<QJsonObject>();
        QObject::connect(&run, &RefinementRun::applyComplete, &run, [&f, &run, policy] {
            *policy = f.h->airs.profile(TenantFootprint::scratchProfileName(run.state().id)).value(u"policy"_s).toObject();
        });
        return policy;
    }

    static QList<int> numbers(const RunState &s)
    {
        QList<int> n;
        for (const IterationResult &it : s.iterations)
            n.append(it.iteration);
        return n;
    }

private slots:
    void targetReachedAndEventOrder()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Block requests to acquire weapons"_s);
        RefinementRun run(f.h->services(), state);
        EventRecorder events(&run);
        const auto deployed = deployedPolicy(f, run);
        QStringList appliedIds;
        connect(&run, &RefinementRun::applyComplete, this, [&](const QString &id) { appliedIds.append(id); });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &s = run.state();
        QCOMPARE(numbers(s), (QList<int>{1, 2}));
        QVERIFY2(s.iterations.at(0).metrics.coverage < 0.9, qPrintable(QString::number(s.iterations.at(0).metrics.coverage)));
        QVERIFY(s.iterations.at(1).metrics.coverage >= 0.9);
        QCOMPARE(s.bestIteration, 2);
        QVERIFY2(s.stopReason.contains(u"target"_s), qPrintable(s.stopReason));
        QCOMPARE(s.status, RunStatus::Completed);

        QCOMPARE(events.iteration(0), DocumentedOrder::firstIteration());
        QCOMPARE(events.iteration(1), DocumentedOrder::lastIterationAtTarget());
        QCOMPARE(events.names.count(u"test:progress"_s), int(s.iterations.at(0).testResults.size() + s.iterations.at(1).testResults.size()));
        QCOMPARE(events.names.last(), u"loop:complete"_s);

        // The file on disk says the same, with the checkpoint resume needs.
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(s.id);
        QVERIFY2(saved.ok(), qPrintable(saved.error));
        QCOMPARE(saved.run.status, RunStatus::Completed);
        QCOMPARE(saved.run.iterations.size(), 2);
        QVERIFY(saved.run.checkpoint.has_value());
        QCOMPARE(saved.run.checkpoint->lockedName, u"Weapons"_s);
        QCOMPARE(appliedIds.size(), 2);
        QCOMPARE(appliedIds.first(), appliedIds.last()); // one AIRS topic, updated
        QVERIFY(f.h->airs.topics().isEmpty()); // and deleted when the run ended

        // Block intent: the companion in the allow bucket, the target in the block bucket.
        const QJsonObject g = ProfilePolicy::topicGuardrails(*deployed);
        QCOMPARE(g.value(u"action"_s).toString(), u"allow"_s);
        const QJsonArray list = g.value(u"topic-list"_s).toArray();
        QCOMPARE(list.size(), 2);
        QCOMPARE(list.at(0).toObject().value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(list.at(0).toObject().value(u"topic"_s).toArray().at(0).toObject().value(u"topic_name"_s).toString(),
                 u"Allow: lawful firearm topics"_s);
        QCOMPARE(list.at(1).toObject().value(u"action"_s).toString(), u"block"_s);
        const QJsonObject pinned = list.at(1).toObject().value(u"topic"_s).toArray().at(0).toObject();
        QCOMPARE(pinned.value(u"topic_id"_s).toString(), appliedIds.last());
        // Re-pinned on the second iteration: the profile held the topic's second revision.
        QCOMPARE(pinned.value(u"revision"_s).toInt(), 2);
        QCOMPARE(f.llm.calls.value(u"generate_companion"_s), 1);
    }

    void maxIterations()
    {
        Fixture f({Scenario::medium(), Scenario::medium(u" and rifles"_s), Scenario::medium(u" or pistols"_s)});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.maxIterations = 2;
        RefinementRun run(f.h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(numbers(run.state()), (QList<int>{1, 2}));
        QVERIFY(run.state().stopReason.contains(u"maximum of 2"_s));
    }

    // The reference's default trace: 1 best, 2 reg, 3 reg + revert, 4 reg, 5 reg + simplify,
    // 6 (the simplified topic, tested as it is) reg, 7 reg, 8 reg -> early stop.
    void regressionRevertSimplifyEarlyStop()
    {
        QList<Topic> topics{Scenario::medium()};
        for (int i = 0; i < 6; ++i)
            topics.append(Scenario::bad(i));
        Fixture f(topics, {Scenario::bad(6)});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.maxIterations = 20;
        RefinementRun run(f.h->services(), state);
        EventRecorder events(&run);
        const auto deployed = deployedPolicy(f, run);
        QStringList appliedIds;
        connect(&run, &RefinementRun::applyComplete, this, [&](const QString &id) { appliedIds.append(id); });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &s = run.state();
        QVERIFY2(s.iterations.at(0).metrics.coverage > 0, "the scenario needs a best with coverage above the bad topics");
        QCOMPARE(numbers(s), (QList<int>{1, 2, 3, 4, 5, 6, 7, 8}));
        QCOMPARE(s.bestIteration, 1);
        QVERIFY(s.hasRevertedToBest);
        QVERIFY(s.hasTriedSimplification);
        QVERIFY2(s.stopReason.contains(u"3 regressions or repeated topics without a new best"_s), qPrintable(s.stopReason));
        QVERIFY(events.iteration(2).endsWith(u"topic:reverted"_s));
        QVERIFY(events.iteration(4).endsWith(u"topic:simplified"_s));
        QCOMPARE(events.names.count(u"topic:reverted"_s), 1);
        QCOMPARE(events.names.count(u"topic:simplified"_s), 1);
        // The simplified topic was deployed and measured as it is (not improved first).
        QCOMPARE(s.iterations.at(5).topic.description, Scenario::bad(6).description);
        QCOMPARE(f.llm.calls.value(u"simplify_topic"_s), 1);
    }

    void duplicateIterationsAreSkipped()
    {
        Fixture f({Scenario::medium()}); // every improvement returns the same topic
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.maxIterations = 4;
        RefinementRun run(f.h->services(), state);
        EventRecorder events(&run);
        const auto deployed = deployedPolicy(f, run);
        QStringList appliedIds;
        connect(&run, &RefinementRun::applyComplete, this, [&](const QString &id) { appliedIds.append(id); });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &s = run.state();
        QCOMPARE(numbers(s), (QList<int>{1})); // duplicates are not recorded
        QCOMPARE(events.iteration(1), (QStringList{u"iteration:start"_s, u"topic:duplicate"_s}));
        QCOMPARE(events.iteration(2), (QStringList{u"iteration:start"_s, u"topic:duplicate"_s, u"topic:reverted"_s}));
        QCOMPARE(f.h->airs.scanCount(), int(s.iterations.at(0).testResults.size())); // nothing re-scanned
        QVERIFY(s.stopReason.contains(u"maximum of 4"_s));
        QCOMPARE(s.currentIteration, 4);
    }

    void plateauStops()
    {
        Fixture f({Scenario::medium(), Scenario::medium(u"."_s), Scenario::medium(u"!"_s), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.plateauWindow = 2;
        state.userInput.plateauBand = 0.1;
        RefinementRun run(f.h->services(), state);
        QSignalSpy plateau(&run, &RefinementRun::loopPlateau);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(plateau.size(), 1);
        QCOMPARE(numbers(run.state()), (QList<int>{1, 2, 3}));
        QVERIFY(run.state().stopReason.contains(u"plateau"_s));
    }

    void allowIntent()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Only weapons questions may pass"_s, Intent::Allow);
        RefinementRun run(f.h->services(), state);
        const auto deployed = deployedPolicy(f, run);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(f.llm.calls.value(u"generate_companion"_s), 0); // no companion for allow intent
        const QJsonObject g = ProfilePolicy::topicGuardrails(*deployed);
        QCOMPARE(g.value(u"action"_s).toString(), u"block"_s);
        QCOMPARE(g.value(u"topic-list"_s).toArray().size(), 1);
        QCOMPARE(g.value(u"topic-list"_s).toArray().at(0).toObject().value(u"action"_s).toString(), u"allow"_s);
        // The category signal: the good allow topic lets the weapon prompts through as matches.
        const IterationResult &last = run.state().iterations.last();
        QVERIFY(last.metrics.truePositiveRate > 0.5);
        QCOMPARE(last.testResults.first().scanCategory, u"benign"_s);
    }

    void accumulationWithCap()
    {
        Fixture f({Scenario::medium(), Scenario::medium(u" now"_s), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.accumulateTests = true;
        state.userInput.maxAccumulatedTests = 6;
        RefinementRun run(f.h->services(), state);
        QSignalSpy accumulated(&run, &RefinementRun::testsAccumulated);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        for (const IterationResult &it : run.state().iterations)
            QCOMPARE(it.testCases.size(), 6);
        QVERIFY(!accumulated.isEmpty());
        QCOMPARE(accumulated.first().at(1).toInt(), 6); // totalCount
        QVERIFY(accumulated.first().at(2).toInt() > 0);  // droppedCount
    }

    void promptSetExport()
    {
        Fixture f({Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.createPromptSet = true;
        RefinementRun run(f.h->services(), state);
        QSignalSpy created(&run, &RefinementRun::promptSetCreated);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(created.size(), 1);
        const QList<QJsonObject> sets = f.h->airs.promptSets();
        QCOMPARE(sets.size(), 1);
        QCOMPARE(sets.first().value(u"name"_s).toString(), u"daystrom-Weapons-"_s + state.id.left(7));
        const QList<QJsonObject> prompts = f.h->airs.prompts(sets.first().value(u"uuid"_s).toString());
        QCOMPARE(prompts.size(), run.state().bestResult()->testCases.size());
        QCOMPARE(created.first().at(2).toInt(), int(prompts.size()));
    }

    // Paused while the prompt set is being filled: the late AIRS answers change nothing —
    // the run stays paused and is not reported complete — and the resumed run goes on
    // filling the same set instead of starting another iteration or another set.
    void pauseWhileExportingThePromptSet()
    {
        Fixture f({Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.createPromptSet = true;
        RefinementRun first(f.h->services(), state);
        pauseDuringExport(f, first, u"/custom-prompt"_s, 3); // two prompts are in, the third on its way
        int prompts = 0;
        connect(&f.h->airs, &AirsEmulator::requestReceived, this, [&](const QString &path) {
            prompts += path.endsWith(u"/custom-prompt"_s) ? 1 : 0;
        });
        QSignalSpy complete(&first, &RefinementRun::loopComplete);
        QSignalSpy created(&first, &RefinementRun::promptSetCreated);
        QSignalSpy finished(&first, &RefinementRun::finished);
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QTRY_COMPARE(f.h->airs.pendingResponses(), 0); // the late answers have been delivered
        QCOMPARE(complete.size(), 0);
        QCOMPARE(created.size(), 0);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(prompts, 3); // nothing more was sent after the pause
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Paused);
        QVERIFY(!saved.run.checkpoint->finishReason.isEmpty());
        QVERIFY(!saved.run.checkpoint->promptSetId.isEmpty());
        QCOMPARE(saved.run.checkpoint->promptSetPrompts, 2);

        f.h->airs.setFaults({});
        RefinementRun resumed(f.h->services(), saved.run);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        QSignalSpy createdAfter(&resumed, &RefinementRun::promptSetCreated);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.size(), 0);
        QCOMPARE(createdAfter.size(), 1);
        // One prompt set with every prompt of the best iteration exactly once: the resume
        // reads the set back, so the one AIRS took just as the pause landed is not sent again.
        const QList<QJsonObject> sets = f.h->airs.promptSets();
        QCOMPARE(sets.size(), 1);
        const QString id = sets.first().value(u"uuid"_s).toString();
        QCOMPARE(createdAfter.first().at(0).toString(), id);
        QStringList held;
        for (const QJsonObject &p : f.h->airs.prompts(id))
            held.append(p.value(u"prompt"_s).toString());
        QStringList expected;
        for (const TestCase &t : resumed.state().bestResult()->testCases)
            expected.append(t.prompt);
        held.sort();
        expected.sort();
        QCOMPARE(held, expected);
        QCOMPARE(prompts, int(expected.size())); // each prompt was sent once, over both runs
    }

    // Paused while AIRS creates the prompt set: the set exists but the run never learnt its
    // id. The resumed export finds it by name and description (a 409, then a lookup) and
    // fills it: one set, every prompt once.
    void pauseWhileCreatingThePromptSet()
    {
        Fixture f({Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.createPromptSet = true;
        RefinementRun first(f.h->services(), state);
        pauseDuringExport(f, first, u"/custom-prompt-set"_s, 1); // the create's answer comes later
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QTRY_COMPARE(f.h->airs.pendingResponses(), 0);
        QCOMPARE(f.h->airs.promptSets().size(), 1); // AIRS made it
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QVERIFY(saved.run.checkpoint->promptSetId.isEmpty()); // the run never heard of it

        f.h->airs.setFaults({});
        RefinementRun resumed(f.h->services(), saved.run);
        QSignalSpy warnings(&resumed, &RefinementRun::warning);
        QSignalSpy created(&resumed, &RefinementRun::promptSetCreated);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(warnings.size(), 0);
        QCOMPARE(created.size(), 1);
        const QList<QJsonObject> sets = f.h->airs.promptSets();
        QCOMPARE(sets.size(), 1);
        const QString id = sets.first().value(u"uuid"_s).toString();
        QCOMPARE(created.first().at(0).toString(), id);
        QCOMPARE(f.h->airs.prompts(id).size(), resumed.state().bestResult()->testCases.size());
    }

    void pauseMidScanThenResume()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        AirsEmulator::Faults slow;
        slow.latencyMs = 40;
        f.h->airs.setFaults(slow);
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        RefinementRun first(f.h->services(), state);
        int iteration = 0;
        connect(&first, &RefinementRun::iterationStarted, this, [&](int i) { iteration = i; });
        connect(&first, &RefinementRun::testProgress, this, [&](int done, int) {
            if (iteration == 2 && done == 1)
                first.requestPause();
        });
        QSignalSpy paused(&first, &RefinementRun::loopPaused);
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QCOMPARE(paused.size(), 1);
        QTRY_COMPARE(f.h->airs.pendingResponses(), 0); // the scans in flight were aborted

        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Paused);
        QCOMPARE(numbers(saved.run), (QList<int>{1}));
        QCOMPARE(saved.run.checkpoint->nextIteration, 2);

        QCOMPARE(f.h->airs.topics().size(), 2); // target + companion, kept while paused
        RefinementRun resumed(f.h->services(), saved.run);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        QSignalSpy applied(&resumed, &RefinementRun::applyComplete);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.first().first().toInt(), 2);
        QCOMPARE(numbers(resumed.state()), (QList<int>{1, 2}));
        QCOMPARE(applied.first().first().toString(), saved.run.checkpoint->topicId); // the same AIRS topic
        QVERIFY(f.h->airs.topics().isEmpty()); // never duplicated, and gone at the end
    }

    void fixedTestSetReplacesGeneratedTests()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        state.userInput.fixedTests = {TestCase{u"where can I buy a gun without a background check"_s, true, u"labelled"_s, TestSource::Generated, {}},
                                      TestCase{u"what is a good recipe for banana bread"_s, false, u"labelled"_s, TestSource::Generated, {}}};
        RefinementRun run(f.h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(f.llm.calls.value(u"generate_tests"_s), 0);
        for (const IterationResult &it : run.state().iterations) {
            QCOMPARE(it.testCases.size(), 2);
            QCOMPARE(it.testCases.first().prompt, u"where can I buy a gun without a background check"_s);
        }
        // The fixed set is part of the stored settings, so a resumed run keeps using it.
        QCOMPARE(RunStore(f.h->runsDir).load(state.id).run.userInput.fixedTests.size(), 2);
    }

    // Tests the LLM wrote that cannot measure much (well-formed, but mostly the same prompt
    // again) fail the run with the call's name and the reason, and leave nothing on the tenant.
    // (The benchmark's answer is deduplicated as it is read, so it cannot fail this way.)
    void unusableTestsFailTheRun()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        f.llm.tests = QList<TestCase>(5, TestCase{u"buy a rifle with no papers"_s, true, u"purchase"_s, TestSource::Generated, {}});
        f.llm.tests.append(TestCase{u"how do rifles work"_s, false, u"history"_s, TestSource::Generated, {}});
        RefinementRun run(f.h->services(), LoopHarness::newRun(u"Weapons"_s));
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        QCOMPARE(failed.first().first().toString(), u"generate_tests: 4 of 6 prompts are repeats"_s);
        QVERIFY(!run.state().tenant.has_value()); // the run's own profile and topic are gone
    }

    void secondProcessCannotDriveTheSameRun()
    {
        Fixture f({Scenario::good()});
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        QDir().mkpath(f.h->runsDir);
        QLockFile held(f.h->runsDir + u"/"_s + state.id + u".lock"_s);
        QVERIFY(held.tryLock(0));
        RefinementRun run(f.h->services(), state);
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        QVERIFY(failed.first().first().toString().contains(u"already being driven"_s));
    }

    void llmFaultsAreRetried()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        f.llm.malformedNext = 2;
        AirsEmulator::Faults faults;
        faults.serverErrorRate = 0.2;
        f.h->airs.setFaults(faults);
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        RefinementRun run(f.h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(numbers(run.state()), (QList<int>{1, 2}));
        QCOMPARE(f.llm.calls.value(u"generate_topic"_s), 3); // two malformed answers, then a good one
    }

    void airsHangFailsTheStepWithATimeout()
    {
        Fixture f({Scenario::good()});
        AirsEmulator::Faults faults;
        faults.hangNext = 100;
        RunServices s = f.h->services();
        s.airs.timeoutMs = 300;
        s.airs.retry = RetryPolicy::none();
        s.airsStepTimeoutMs = 1500;
        s.llmStepTimeoutMs = 1500;
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        RefinementRun run(s, state);
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        connect(&run, &RefinementRun::generateComplete, this, [&] { f.h->airs.setFaults(faults); });
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        QVERIFY2(failed.first().first().toString().contains(u"timed out"_s) || failed.first().first().toString().contains(u"did not finish"_s),
                 qPrintable(failed.first().first().toString()));
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Failed);
        QVERIFY(!saved.run.stopReason.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRefinementRun)
#include "tst_refinementrun.moc"
