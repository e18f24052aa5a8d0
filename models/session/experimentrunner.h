#pragma once

#include "experiment/experimentoutcome.h"
#include "experiment/experimentplan.h"
#include "models/session/runenvironment.h"
#include "models/session/storerunmemory.h"

#include <QObject>

#include <memory>

class RunController;
enum class RunStatus;

// Drives a memory experiment (ExperimentPlan): its runs one after another, each an ordinary run
// (RunController) on its own scratch profile, tagged with the experiment. The memory-on runs of
// an order read and write a memory directory of that order only (<directory>/memory/order-N),
// never the person's memory; memory-off runs have no memory. The plan, with each run's id, is
// saved before the run starts, so an interrupted experiment resumes: finished runs are kept,
// a paused or unfinished one is resumed, the rest start.
class ExperimentRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExperimentRunner)
public:
    // `directory`: where experiment.json and the memory directories live. `memory`: the budget
    // and half-life the memory-on arm reads with (its directory is replaced per order).
    ExperimentRunner(ExperimentPlan plan, QString directory, RunEnvironment environment,
                     RunMemorySettings memory, QObject *parent = nullptr);
    ~ExperimentRunner() override;

    static QString planPath(const QString &directory);
    // experiment.json of `directory`; `error` says why it cannot be used.
    static ExperimentPlan loadPlan(const QString &directory, QString *error);
    QString savePlan() const; // error, or empty

    void start();
    // Pauses the current run at its next checkpoint (resumable) and stops there.
    void cancel();

    const ExperimentPlan &plan() const { return m_plan; }
    int completedRuns() const;
    // The outcome as the run files on disk say now.
    ExperimentOutcome outcome() const;
    QString memoryDirectory(int order) const;

signals:
    // A run starts (or resumes): `index` of plan().runs, `topic` its description.
    void runStarting(int index, const QString &runId, const QString &topic, bool memoryOn, bool resumed);
    void iterationRecorded(int index, int iteration, double coverage);
    void runEnded(int index, RunStatus status);
    // The experiment stopped: every run completed (`error` empty, `stopped` false), a person
    // stopped it (`stopped`), or a run failed (`error`).
    void finished(bool stopped, const QString &error);

private:
    void next();
    void startRun(int index);
    void onRunFinished(int index, RunStatus status);
    RunState newRun(const ExperimentPlan::Run &planned) const;

    ExperimentPlan m_plan;
    QString m_directory;
    RunEnvironment m_environment;
    RunMemorySettings m_memory;
    std::unique_ptr<RunController> m_controller;
    bool m_stopping = false;
    QString m_lastError;
};
