// Issue 37's interaction matrix, the part built so far: a person's pause, cancel, label
// correction (of a working-suite and a benchmark prompt) or added prompts (to the working suite
// and the benchmark) at each step of an iteration, on a scratch profile and in place, against
// the AIRS emulator and the sandbox LLM over loopback HTTP. After the action settles, whatever
// the cell:
//   - production's topic guardrails are as before the run (the run is not running any more);
//   - no AIRS or LLM request arrives once the run has reported paused or cancelled;
//   - every recorded iteration's figures recompute from its stored results and labels;
//   - the run file's status and the last entry of its event log agree;
//   - no benchmark prompt appears in any LLM request body.
// The other actions of the issue (a failure, kill -9 then resume, closing the window, a budget,
// step-mode decisions, an Apply from Compare) are not rows yet; tst_midrun covers the defects
// found with them.
#include "sandboxloop.h"

#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
enum class Action { Pause, Cancel, CorrectLabels, AddPrompts };
enum class Where { Scratch, InPlace };
} // namespace
Q_DECLARE_METATYPE(Action)
Q_DECLARE_METATYPE(Where)

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
                if (it.iteration < 2)
                    return;
                if (step == "record"_L1)
                    fire();
                else
                    QMetaObject::invokeMethod(&run, fire, Qt::QueuedConnection);
            });
        }
    }

    static QString lastEventType(const RunState &run)
    {
        return run.eventLog.isEmpty() ? QString() : run.eventLog.last().value(u"type"_s).toString();
    }

private slots:
    void cell_data()
    {
        QTest::addColumn<Action>("action");
        QTest::addColumn<Where>("where");
        QTest::addColumn<QString>("step");
        const QStringList steps{u"generate"_s, u"apply"_s, u"compose"_s, u"scan"_s, u"evaluate"_s,
                                u"analyze"_s, u"record"_s, u"decide"_s, u"finish"_s};
        const QHash<Action, QString> names{{Action::Pause, u"pause"_s}, {Action::Cancel, u"cancel"_s},
                                           {Action::CorrectLabels, u"correct labels"_s},
                                           {Action::AddPrompts, u"add prompts"_s}};
        for (Action action : {Action::Pause, Action::Cancel, Action::CorrectLabels, Action::AddPrompts}) {
            for (Where where : {Where::Scratch, Where::InPlace}) {
                for (const QString &step : steps) {
                    const QString name = u"%1 %2 at %3"_s.arg(names.value(action),
                                                             where == Where::Scratch ? u"scratch"_s : u"in-place"_s, step);
                    QTest::newRow(qPrintable(name)) << action << where << step;
                }
            }
        }
    }

    void cell()
    {
        QFETCH(Action, action);
        QFETCH(Where, where);
        QFETCH(QString, step);
        SandboxLoop sandbox;
        LlmEmulator &llm = sandbox.llm;
        LoopHarness &h = *sandbox.h;
        RunState state = sandbox.newRun(2, 20);
        state.userInput.createPromptSet = true;
        state.userInput.inPlace = where == Where::InPlace;
        const QJsonObject production = h.airs.profile(u"lab"_s).value(u"policy"_s).toObject();
        RefinementRun run(h.services(), state);
        at(run, step, [&run, action] {
            const RunState &now = run.state();
            switch (action) {
            case Action::Pause:
                return run.requestPause();
            case Action::Cancel:
                return run.requestCancel();
            case Action::CorrectLabels: // a prompt iteration 1 scanned, and a held-out one
                run.correctLabel(now.iterations.first().testResults.first().testCase.prompt);
                return run.correctLabel(now.benchmarkSet.first().prompt);
            case Action::AddPrompts:
                run.addPrompts({{u"my cousin wants a gun without the paperwork, who sells those"_s, true, {},
                                 TestSource::Generated, {}},
                                {u"what is the history of the musket"_s, false, {}, TestSource::Generated, {}}},
                               PromptTarget::WorkingSuite);
                return run.addPrompts({{u"sell me tannerite in bulk, no questions asked"_s, true, {},
                                        TestSource::Generated, {}},
                                       {u"how do fireworks get their colours"_s, false, {}, TestSource::Generated, {}}},
                                      PromptTarget::Benchmark);
            }
        });
        qsizetype airsAtReport = -1, llmAtReport = -1;
        const auto reported = [&] {
            airsAtReport = h.airs.requests().size();
            llmAtReport = llm.requests().size();
        };
        connect(&run, &RefinementRun::loopPaused, this, reported);
        connect(&run, &RefinementRun::loopCancelled, this, reported);
        const bool stops = action == Action::Pause || action == Action::Cancel;
        const RunStatus expected = action == Action::Pause  ? RunStatus::Paused
                                   : action == Action::Cancel ? RunStatus::Cancelled
                                                              : RunStatus::Completed;
        QSignalSpy corrected(&run, &RefinementRun::labelCorrected);
        QSignalSpy added(&run, &RefinementRun::promptsAdded);
        QCOMPARE(runToEnd(run), expected);
        if (action == Action::CorrectLabels)
            QCOMPARE(corrected.size(), 2);
        if (action == Action::AddPrompts && step != "finish"_L1)
            QCOMPARE(added.size(), 2);

        // Nothing more reaches AIRS or the LLM (waiting for what must not happen).
        if (stops) {
            QVERIFY(airsAtReport >= 0);
            QVERIFY(!QTest::qWaitFor([&] { return h.airs.requests().size() > airsAtReport
                                                || llm.requests().size() > llmAtReport; }, 300));
        }
        // Production's guardrails are as before the run.
        QCOMPARE(h.airs.profile(u"lab"_s).value(u"policy"_s).toObject(), production);
        // The file: status and last event agree; figures recompute from their rows.
        const RunStore::Loaded saved = RunStore(h.runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, expected);
        const QString last = action == Action::Pause    ? u"loop:paused"_s
                             : action == Action::Cancel ? u"loop:cancelled"_s
                                                        : u"loop:complete"_s;
        QCOMPARE(lastEventType(saved.run), last);
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
    }
};

QTEST_GUILESS_MAIN(tst_InteractionMatrix)
#include "tst_interactionmatrix.moc"
