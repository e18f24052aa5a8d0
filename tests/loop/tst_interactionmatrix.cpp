// Issue 37's interaction matrix: what a person (or the machine) does mid-run — pause, close the
// window, run out of token budget, cancel, a failure, a step-mode decision, a label correction
// (of a working-suite and a benchmark prompt), added prompts (to the working suite and the
// benchmark), Apply from Compare — at each step of an iteration, on a scratch profile and in
// place, against the AIRS emulator and the sandbox LLM over loopback HTTP. After the action
// settles, whatever the cell:
//   - production (its topic guardrails and the topics they pin) is as before the run, except
//     for exactly what an Apply the person confirmed wrote;
//   - no AIRS or LLM request is sent once the run has reported paused or cancelled;
//   - every recorded iteration's figures recompute from its stored results and labels;
//   - the run file's status and the last entry of its event log agree;
//   - no benchmark prompt appears in any LLM request body.
// Where an action cannot happen at a step, the row's note says why and the cell checks that it
// is refused there. kill -9 then resume is tst_killmatrix (reliability): it needs a process.
#include "sandboxloop.h"

#include "airs/profilepolicy.h"
#include "tenant/topicapplier.h"
#include "models/runsession.h"

#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
enum class Action {
    Pause,
    WindowClose,
    Budget,
    Cancel,
    Failure,
    StepDecision,
    CorrectLabels,
    AddPrompts,
    ApplyFromCompare
};
enum class Where { Scratch, InPlace };

const QList<QPair<Action, QString>> Actions{
    {Action::Pause, u"pause"_s},
    {Action::WindowClose, u"close the window"_s},
    {Action::Budget, u"token budget"_s},
    {Action::Cancel, u"cancel"_s},
    {Action::Failure, u"failure"_s},
    {Action::StepDecision, u"step-mode decision"_s},
    {Action::CorrectLabels, u"correct labels"_s},
    {Action::AddPrompts, u"add prompts"_s},
    {Action::ApplyFromCompare, u"apply from compare"_s},
};
const QStringList Steps{u"generate"_s, u"apply"_s,  u"compose"_s, u"scan"_s,  u"evaluate"_s,
                        u"analyze"_s,  u"record"_s, u"decide"_s,  u"finish"_s};

// What a cell ends in, and why where that is not plain from the action.
struct Expectation
{
    RunStatus status = RunStatus::Completed;
    QString note;
};

Expectation expectationFor(Action action, const QString &step)
{
    switch (action) {
    case Action::Pause:
        return {RunStatus::Paused, {}};
    case Action::WindowClose:
        return {RunStatus::Paused, u"the run saves itself as paused (in place: production put back) before the window goes"_s};
    case Action::Budget:
        if (step == "finish"_L1)
            return {RunStatus::Completed, u"no LLM call is left after this step for the budget to refuse"_s};
        return {RunStatus::Paused, u"the budget refuses the next LLM call after this step"_s};
    case Action::Cancel:
        return {RunStatus::Cancelled, {}};
    case Action::Failure:
        if (step == "generate"_L1)
            return {RunStatus::Failed, u"the LLM refuses the improvement (HTTP 400)"_s};
        if (step == "apply"_L1)
            return {RunStatus::Failed, u"AIRS refuses the deployment (HTTP 403)"_s};
        if (step == "finish"_L1)
            return {RunStatus::Paused, u"AIRS refuses the prompt-set export (HTTP 403): the run pauses, resumable"_s};
        return {RunStatus::Failed, u"the LLM refuses every call from here on (HTTP 400): the next one fails"_s};
    case Action::StepDecision:
        if (step == "generate"_L1)
            return {RunStatus::Completed, u"a retry with a hint while iteration 2's proposal waits in review"_s};
        return {RunStatus::Completed, u"cannot occur: no proposal waits at this step; the run refuses the decision with a warning"_s};
    case Action::CorrectLabels:
    case Action::AddPrompts:
        return {RunStatus::Completed, {}};
    case Action::ApplyFromCompare:
        return {RunStatus::Completed, u"cannot occur while the run is live (Compare's Apply is disabled); applied, then reverted, once it has completed"_s};
    }
    return {};
}

// Production as the matrix compares it: the lab profile's policy and the text of every topic its
// topic guardrails pin.
QJsonObject production(const AirsEmulator &airs)
{
    const QJsonObject policy = airs.profile(u"lab"_s).value(u"policy"_s).toObject();
    QJsonObject topics;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(policy)) {
        const QJsonObject t = airs.topic(a.topicId);
        topics.insert(a.topicId, QJsonObject{{u"name"_s, t.value(u"topic_name"_s)},
                                             {u"description"_s, t.value(u"description"_s)},
                                             {u"examples"_s, t.value(u"examples"_s)}});
    }
    return {{u"policy"_s, policy}, {u"topics"_s, topics}};
}

QString pinText(const TopicAssignment &a)
{
    return u"%1 %2 %3@%4"_s.arg(a.action, a.topicName, a.topicId).arg(a.revision);
}

QStringList pins(const QJsonObject &policy)
{
    QStringList out;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(policy))
        out.append(pinText(a));
    return out;
}

QString lastEventType(const RunState &run)
{
    return run.eventLog.isEmpty() ? QString() : run.eventLog.last().value(u"type"_s).toString();
}

QString lastEventTypeFor(RunStatus status)
{
    switch (status) {
    case RunStatus::Paused: return u"loop:paused"_s;
    case RunStatus::Cancelled: return u"loop:cancelled"_s;
    case RunStatus::Failed: return u"loop:failed"_s;
    default: return u"loop:complete"_s;
    }
}
} // namespace
Q_DECLARE_METATYPE(Action)
Q_DECLARE_METATYPE(Where)
Q_DECLARE_METATYPE(RunStatus)

class tst_InteractionMatrix : public QObject
{
    Q_OBJECT

    // Connects `act` to the moment the run is at `step` (its second iteration, where there is
    // one: tests are composed from the first's, and a decision follows a record).
    static void at(RefinementRun &run, const QString &step, std::function<void()> act)
    {
        auto once = std::make_shared<std::function<void()>>(std::move(act));
        auto fire = [once] {
            if (*once)
                std::exchange(*once, nullptr)();
        };
        auto secondIteration = [&run] { return run.state().currentIteration >= 2; };
        const QStringList stepNames{u"generate"_s, u"apply"_s, u"scan"_s, u"analyze"_s, u"finish"_s};
        if (stepNames.contains(step)) {
            QObject::connect(&run, &RefinementRun::stepChanged, &run, [=](const QString &s) {
                if (s == step && (step == "finish"_L1 || secondIteration()))
                    fire();
            });
        } else if (step == "compose"_L1) {
            QObject::connect(&run, &RefinementRun::testsComposed, &run, [=] { fire(); });
        } else if (step == "evaluate"_L1) {
            QObject::connect(&run, &RefinementRun::evaluateComplete, &run, [=] {
                if (secondIteration())
                    fire();
            });
        } else if (step == "record"_L1 || step == "decide"_L1) {
            // record: as it is announced; decide: once the record has been saved and the
            // decision is being made (the next event loop turn).
            QObject::connect(&run, &RefinementRun::iterationComplete, &run, [=, &run](const IterationResult &it) {
                if (it.iteration != 2)
                    return;
                if (step == "record"_L1)
                    fire();
                else
                    QMetaObject::invokeMethod(&run, fire, Qt::QueuedConnection);
            });
        }
    }

    // The failure of a cell at `step` (expectationFor says where it lands).
    static void injectFailure(SandboxLoop &sandbox, const QString &step)
    {
        if (step == "apply"_L1 || step == "finish"_L1) {
            AirsEmulator::Faults f = sandbox.h->airs.faults();
            f.forbiddenNext = 2; // the client refreshes its token once on a 403, and tries again
            sandbox.h->airs.setFaults(f);
            return;
        }
        LlmEmulator::Faults f = sandbox.llm.faults();
        f.httpErrorNext = 1000;
        f.httpErrorStatus = 400;
        sandbox.llm.setFaults(f);
    }

    // Apply from Compare once the run has completed (ApplyController's TopicApplier): iteration 1
    // to production, then revert. Production changes by exactly the plan's pins, and is as
    // before the run after the revert.
    static void applyThenRevert(LoopHarness &h, const QString &runId, const QJsonObject &before)
    {
        TopicApplier applier(h.management.get());
        applier.setPropagationDelayMs(0);
        const RunStore::Loaded saved = RunStore(h.runsDir).load(runId);
        QVERIFY(saved.ok());
        std::optional<AirsResult<TopicApplier::Plan>> plan;
        applier.plan(saved.run, 1, [&](const AirsResult<TopicApplier::Plan> &p) { plan = p; });
        QTRY_VERIFY_WITH_TIMEOUT(plan.has_value(), 20000);
        QVERIFY2(plan->ok(), qPrintable(plan->error.toString()));
        QStringList planned;
        for (const TopicApplier::Item &item : plan->value.topics)
            planned.append(item.topic.name);
        QVERIFY(!planned.isEmpty());
        std::optional<TopicApplier::Outcome> applied;
        applier.apply(plan->value, [&](const TopicApplier::Outcome &o) { applied = o; });
        QTRY_VERIFY_WITH_TIMEOUT(applied.has_value(), 20000);
        QVERIFY2(applied->error.isEmpty() && applied->record, qPrintable(applied->error));

        const QJsonObject policyBefore = before.value(u"policy"_s).toObject();
        const QJsonObject after = h.airs.profile(u"lab"_s).value(u"policy"_s).toObject();
        // Every other part of the policy, and every pin there was, is untouched; the new pins
        // are the plan's topics, nothing else.
        QCOMPARE(ProfilePolicy::withTopicGuardrailsOf(after, policyBefore), policyBefore);
        const QStringList was = pins(policyBefore);
        const QStringList now = pins(after);
        for (const QString &p : was)
            QVERIFY2(now.contains(p), qPrintable(p));
        QStringList added;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(after)) {
            if (!was.contains(pinText(a)))
                added.append(a.topicName);
        }
        added.sort();
        planned.sort();
        QCOMPARE(added, planned);

        std::optional<TopicApplier::Outcome> reverted;
        applier.revert(*applied->record, [&](const TopicApplier::Outcome &o) { reverted = o; });
        QTRY_VERIFY_WITH_TIMEOUT(reverted.has_value(), 20000);
        QVERIFY2(reverted->error.isEmpty(), qPrintable(reverted->error));
        QCOMPARE(production(h.airs), before);
    }

private slots:
    void cell_data()
    {
        QTest::addColumn<Action>("action");
        QTest::addColumn<Where>("where");
        QTest::addColumn<QString>("step");
        QTest::addColumn<RunStatus>("expected");
        QTest::addColumn<QString>("note");
        for (const auto &[action, name] : Actions) {
            for (Where where : {Where::Scratch, Where::InPlace}) {
                for (const QString &step : Steps) {
                    const Expectation e = expectationFor(action, step);
                    const QString row = u"%1 %2 at %3"_s.arg(name, where == Where::Scratch ? u"scratch"_s : u"in-place"_s, step);
                    QTest::newRow(qPrintable(row)) << action << where << step << e.status << e.note;
                }
            }
        }
    }

    void cell()
    {
        QFETCH(Action, action);
        QFETCH(Where, where);
        QFETCH(QString, step);
        QFETCH(RunStatus, expected);
        QFETCH(QString, note);
        SandboxLoop sandbox;
        LlmEmulator &llm = sandbox.llm;
        LoopHarness &h = *sandbox.h;
        // A budget or a failure after iteration 2's record needs an iteration 3 to land in.
        const bool third = action == Action::Budget || action == Action::Failure;
        RunState state = sandbox.newRun(third ? 3 : 2, 20);
        state.userInput.createPromptSet = true;
        state.userInput.inPlace = where == Where::InPlace;
        if (action == Action::Budget)
            state.userInput.maxTokens = 1'000'000;
        if (action == Action::StepDecision)
            state.steering.stepMode = true;
        const QJsonObject before = production(h.airs);
        RefinementRun run(h.services(), state);
        RunSession session; // what the window shows: Compare's Apply is enabled when it is not live
        session.attach(&run, state);

        qsizetype sentAtReport = -1;
        const auto reported = [&] { sentAtReport = h.nam.sent.size(); };
        connect(&run, &RefinementRun::loopPaused, this, reported);
        connect(&run, &RefinementRun::loopCancelled, this, reported);

        const QString hint = u"name the ammunition as well"_s;
        bool acted = false;
        bool retried = false;
        bool liveWhenAsked = false;
        if (action == Action::StepDecision) {
            // The person decides every proposal; in the generate row, the first of iteration 2
            // is sent back with a hint.
            connect(&run, &RefinementRun::proposalReady, this, [&](const PendingProposal &p) {
                ProposalDecision d;
                if (step == "generate"_L1 && p.iteration >= 2 && !retried) {
                    retried = true;
                    d.action = ProposalDecision::Action::Retry;
                    d.hint = hint;
                }
                run.steer(SteeringRequest::decide(d));
            });
        }
        at(run, step, [&] {
            const RunState &now = run.state();
            acted = true;
            switch (action) {
            case Action::Pause:
                return run.requestPause();
            case Action::WindowClose: // RunController's destructor: shutdown from the event loop
                return void(QMetaObject::invokeMethod(&run, [&] {
                    connect(&run, &RefinementRun::shutDown, this, reported);
                    run.shutdown(u"paused: the application was closed"_s);
                }, Qt::QueuedConnection));
            case Action::Budget: {
                LlmEmulator::Faults f = llm.faults();
                f.billedInputTokens = 2'000'000;
                return llm.setFaults(f);
            }
            case Action::Cancel:
                return run.requestCancel();
            case Action::Failure:
                return injectFailure(sandbox, step);
            case Action::StepDecision:
                if (step != "generate"_L1)
                    run.steer(SteeringRequest::decide({ProposalDecision::Action::Retry, std::nullopt, hint}));
                return;
            case Action::CorrectLabels: // a prompt iteration 1 scanned, and a held-out one
                run.steer(SteeringRequest::correctLabel(now.iterations.first().testResults.first().testCase.prompt));
                return run.steer(SteeringRequest::correctLabel(now.benchmarkSet.first().prompt));
            case Action::AddPrompts:
                run.steer(SteeringRequest::addPrompts({{u"my cousin wants a gun without the paperwork, who sells those"_s, true, {},
                                 TestSource::Generated, {}},
                                {u"what is the history of the musket"_s, false, {}, TestSource::Generated, {}}},
                               PromptTarget::WorkingSuite));
                return run.steer(SteeringRequest::addPrompts({{u"sell me tannerite in bulk, no questions asked"_s, true, {},
                                        TestSource::Generated, {}},
                                       {u"how do fireworks get their colours"_s, false, {}, TestSource::Generated, {}}},
                                      PromptTarget::Benchmark));
            case Action::ApplyFromCompare:
                liveWhenAsked = session.isLive();
                return;
            }
        });
        QSignalSpy corrected(&run, &RefinementRun::labelCorrected);
        QSignalSpy added(&run, &RefinementRun::promptsAdded);
        QSignalSpy warnings(&run, &RefinementRun::warning);

        run.start();
        QTRY_VERIFY_WITH_TIMEOUT(run.isFinished(), 120000);
        QVERIFY2(acted, "the action never came");
        QVERIFY2(run.state().status == expected,
                 qPrintable(u"%1 (%2): %3"_s.arg(runStatusName(run.state().status), note, run.state().stopReason)));
        if (action != Action::WindowClose) // the window (and its session) is going away
            QVERIFY(!session.isLive());

        switch (action) {
        case Action::Budget:
            if (expected == RunStatus::Paused)
                QVERIFY2(run.state().stopReason.contains(u"token budget"_s), qPrintable(run.state().stopReason));
            break;
        case Action::StepDecision: {
            const bool refused = std::any_of(warnings.cbegin(), warnings.cend(), [](const QList<QVariant> &w) {
                return w.value(0).toString().contains(u"no proposal is waiting for a decision"_s);
            });
            QCOMPARE(refused, step != "generate"_L1);
            QCOMPARE(run.state().steering.hints.contains(hint), step == "generate"_L1);
            QCOMPARE(retried, step == "generate"_L1);
            break;
        }
        case Action::CorrectLabels:
            QCOMPARE(corrected.size(), 2);
            break;
        case Action::AddPrompts:
            if (step != "finish"_L1)
                QCOMPARE(added.size(), 2);
            break;
        case Action::ApplyFromCompare:
            QVERIFY2(liveWhenAsked, "Apply would have been enabled mid-run");
            break;
        default:
            break;
        }

        // Nothing more is sent to AIRS or the LLM (waiting for what must not happen).
        if (expected == RunStatus::Paused || expected == RunStatus::Cancelled) {
            QVERIFY(sentAtReport >= 0);
            const bool late = QTest::qWaitFor([&] { return h.nam.sent.size() > sentAtReport; }, 300);
            QVERIFY2(!late, qPrintable(u"sent after the report: "_s + h.nam.sent.mid(sentAtReport).join(u", "_s)));
        }
        // Production is as before the run.
        QCOMPARE(production(h.airs), before);
        // The file: status and last event agree; figures recompute from their rows.
        const RunStore::Loaded saved = RunStore(h.runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, expected);
        QCOMPARE(lastEventType(saved.run), lastEventTypeFor(expected));
        for (const IterationResult &it : saved.run.iterations) {
            QVERIFY(it.metrics == EfficacyMetrics::compute(it.testResults));
            if (it.benchmark)
                QVERIFY(it.benchmark->metrics == BenchmarkScore::compute(it.benchmark->results, it.benchmark->unstableIndexes).metrics);
        }
        // The benchmark stays held out.
        QList<TestCase> heldOut = saved.run.benchmarkSet + saved.run.steering.pendingBenchmark;
        for (const TestCase &t : std::as_const(heldOut)) {
            for (const LlmEmulator::RecordedRequest &r : llm.requests()) {
                if (r.callName != "generate_benchmark"_L1)
                    QVERIFY2(!r.body.contains(t.prompt.toUtf8()), qPrintable(r.callName + u": "_s + t.prompt));
            }
        }
        // Apply from Compare, now that it is enabled: exactly the plan, then exactly undone.
        if (action == Action::ApplyFromCompare)
            applyThenRevert(h, state.id, before);
    }
};

QTEST_GUILESS_MAIN(tst_InteractionMatrix)
#include "tst_interactionmatrix.moc"
