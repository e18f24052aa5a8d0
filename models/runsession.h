#pragma once

#include "domain/runstate.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class LoopEvents;

// A moment in a run a chart marks: a revert, a simplification or a skipped duplicate.
struct RunMarker
{
    enum class Kind { Revert, Simplify, Duplicate };
    Kind kind = Kind::Revert;
    int iteration = 0; // the iteration in which it happened
    QString text;
};

// The run the window shows, as one document every view reads: either live (fed by the
// LoopEvents of a RunController, on the GUI thread, or of a RefinementRun in its own thread)
// or opened from the run store. Views never talk to the engine directly; they observe this
// object.
class RunSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSession)
public:
    explicit RunSession(QObject *parent = nullptr);

    // Follow a live run (a fresh RunState or one being resumed) from now on.
    void attach(LoopEvents *events, const RunState &initial);
    void open(const RunState &run);         // show a stored run (not live)
    void clear();

    const RunState &run() const { return m_run; }
    bool isLive() const { return m_live; }
    bool hasRun() const { return !m_run.id.isEmpty(); }
    QString step() const { return m_step; }
    int currentIteration() const { return m_currentIteration; }
    int scanCompleted() const { return m_scanCompleted; }
    int scanTotal() const { return m_scanTotal; }
    const Topic &currentTopic() const { return m_topic; }
    const QList<RunMarker> &markers() const { return m_markers; }
    // What the run used so far (run().usage, live after every LLM call and scan) and the
    // iteration in progress (zero between iterations and for a stored run).
    const RunUsage &usage() const { return m_run.usage; }
    const RunUsage &iterationUsage() const { return m_iterationUsage; }
    // The event log as lines (EventLogText::line of each entry of run().eventLog that has one):
    // a stored run's, a resumed run's stored entries and then the new ones.
    const QStringList &log() const { return m_log; }
    QString lastError() const { return m_error; }
    // Step mode: the proposal waiting for the person's decision, if any.
    const std::optional<PendingProposal> &pendingProposal() const { return m_run.steering.pending; }
    // A stored run changed on disk by a steering edit (a corrected label): show it as saved.
    void replaceStored(const RunState &run);

signals:
    void reset();                                    // a different run (or none)
    void runUpdated();                               // anything in run() changed
    void iterationAdded(const IterationResult &result);
    void iterationStarted(int iteration);
    void stepChanged(const QString &step);
    void scanProgress(int completed, int total);
    void resultScanned(int index, const TestResult &result); // live, as each scan finishes
    void topicChanged(const Topic &topic);
    void markerAdded(const RunMarker &marker);
    void logged(const QString &line); // a line added to log() (live)
    void usageChanged();              // usage() or iterationUsage() changed (live)
    void failed(const QString &error);
    void liveChanged(bool live);
    // Steering.
    void proposalReady(const PendingProposal &proposal);
    void proposalDecided(); // the waiting proposal was accepted, edited or sent back
    void stepModeChanged(bool on);
    void keptExamplesChanged(const QStringList &examples);
    // A label was corrected (or the correction undone): run() holds every recomputed figure.
    void labelCorrected(const QString &prompt, bool expectedTriggered, bool undone);

private:
    // One event-log entry: its line (if it has one) and, for a revert, a simplification or a
    // skipped duplicate, a marker in the iteration the log was in. `live`: emit logged() and
    // markerAdded().
    void takeEntry(const QJsonObject &entry, bool live);
    void replayLog(); // m_log and m_markers from m_run.eventLog
    void forget();    // back to no run, without a signal
    void setLive(bool live);

    RunState m_run;
    bool m_live = false;
    QString m_step;
    int m_currentIteration = 0;
    int m_scanCompleted = 0;
    int m_scanTotal = 0;
    Topic m_topic;
    QList<RunMarker> m_markers;
    QStringList m_log;
    int m_logIteration = 0; // the iteration the last iteration:start entry started
    QString m_error;
    RunUsage m_iterationUsage;
    // The previous run's document, freed when the event loop is idle (see forget()).
    RunState m_retired;
    QTimer m_freeRetired;
};
