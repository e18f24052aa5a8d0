#pragma once

#include "chartevents.h"
#include "iterationwork.h"
#include "llm/prompts/promptbook.h"
#include "runschedule.h"
#include "runservices.h"

#include <QJsonObject>
#include <QLockFile>

#include <functional>
#include <memory>

class LlmGate;
class LoopEvents;
class RefinementChart;

// What the parts of a RefinementRun share, and the one narrow way they reach the run: its
// state and checkpoint, the iteration in progress, the schedule, and a handful of actions (submit
// an event to the chart, fail, pause, save, ask the LLM, count usage, record an event). Each part
// (PreparationSteps, IterationSteps, ApplyStep, MeasureSteps, RecoverySteps, EndingSteps,
// SteeringSteps) holds a reference to it and owns its own helpers; none knows another's insides.
// Lives on the run's worker thread, like the run.
class RunContext
{
    Q_DISABLE_COPY_MOVE(RunContext)
public:
    // `events`: the run, whose signals the parts emit (emit ctx.events.warning(…)) and on whose
    // event loop submitted events are queued.
    RunContext(LoopEvents &events, RunServices services, RunState run);
    ~RunContext();

    LoopEvents &events;
    const RunServices services;
    RunState run;
    RunCheckpoint checkpoint; // as of the last completed iteration: what resume continues from
    IterationWork it;         // the iteration in progress
    RunSchedule schedule;     // when each piece of work began and ended
    QString profile;          // where this run deploys and scans (RunWorkspace)
    QString memorySection;    // the memory's learnings, for the LLM
    QString error;            // why the run failed
    QString pauseReason;      // set by pauseWith()
    quint64 stepEntries = 0;  // counts step entries: a step's late answer sees it has moved on
    bool finished = false;
    std::unique_ptr<QLockFile> lock;
    RefinementChart *chart = nullptr;
    LlmGate *llmGate = nullptr;

    // Pieces of work that link iterations (critical-path scheduling), and the writing of the
    // benchmark set (whether it is still being written is the chart's: region "background").
    int loadMemoryPiece = RunSchedule::None;
    int chainPiece = RunSchedule::None; // the last piece of the iteration before (record, recover)
    int finishPiece = RunSchedule::None;
    int benchmarkPiece = RunSchedule::None;

    // From the event loop, and so from the run's thread whoever asks: the chart is not
    // thread-safe, and a step's handler returns before the transition it asks for.
    void submit(ChartEvent event);
    bool running() const; // the chart has not reached a final state (nor been stopped)
    bool inState(const char *stateId) const;
    QString activeStep() const;
    void beginIteration(int number); // the one place the iteration in progress is reset
    void fail(const QString &error);
    void pauseWith(const QString &reason); // pause with this stop reason ("paused: …")
    // The decision as the run ends, and why the best did not move when a gain was within noise.
    void stopWith(ChartEvent event, const QString &reason);
    bool llm(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early = false);
    // Prompts the LLM wrote in answer to `call`: false, and the run fails, when they are unusable.
    bool usable(QLatin1StringView call, const QList<TestCase> &tests);
    // Each LLM call and scan goes into the run's total and, while the iteration in progress
    // counts (from its start to its record), into the checkpoint's iterationUsage, which the
    // record moves into the IterationResult. Both are saved with the next checkpoint: a process
    // killed between a call and that save loses the call's count (and the call is made again on
    // resume), never counts it twice. `iterationWork`: false for work started outside it.
    void addUsage(const RunUsage &usage, bool iterationWork = true);
    // The run and its checkpoint into the run file; the error, or empty. save() fails the run
    // on an error; a final state only reports it (or not: the run is ending anyway).
    QString writeRunFile();
    bool save();
    QString sessionId() const;
    // The run's event log: an entry, and the run's end as loop:* would say it.
    void record(const QJsonObject &event);
    void recordEnd(const QString &type);

    // Work in flight: each part registers how to drop its own; abortInFlight() drops all of it
    // (none of their callbacks runs after).
    void onAbort(std::function<void()> abort);
    void abortInFlight();
    void cancelExtraction(); // the memory's extraction (only the finish step extracts)

    ChartEvent startEvent{};  // pause or cancel asked for before the chart started
    bool hasStartEvent = false;

private:
    QList<std::function<void()>> m_aborts;
};
