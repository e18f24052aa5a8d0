#pragma once

#include "domain/runstate.h"
#include "tenant/topicapplier.h"

#include <QObject>
#include <QLockFile>
#include <QPointer>

#include <memory>

class ManagementClient;

// The desktop side of `daystrom apply` / `daystrom revert`: the same TopicApplier, driven
// asynchronously from the GUI thread. prepare() reads what applying an iteration would change
// (for the person to confirm), apply() writes it to the production profile and records it in
// the run file, revert() undoes the run's last apply (three-way: what colleagues changed since
// stays; where they changed what the apply wrote, revertConflicts() asks first). Every outcome, including a
// change that stopped part way, is reported explicitly. `daystrom apply` and `revert` drive it
// too (issue 59): they hand it the run's lock they hold, and print what the engine-worded
// signals at the end carry, as they always did.
class ApplyController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyController)
public:
    enum class State { Idle, Preparing, Ready, Applying, Applied, Failed, HalfApplied, Reverting, Reverted };
    Q_ENUM(State)

    // `client` is not owned; it lives in this controller's thread (the GUI thread). The run's
    // file in `runsDirectory` records every apply, for revert (also from the command line).
    ApplyController(ManagementClient *client, const QString &runsDirectory, QObject *parent = nullptr);
    ~ApplyController() override;

    void setPropagationDelayMs(int ms);
    // The caller holds the run's lock already, for as long as this controller lives (the command
    // line holds it for the whole command): used instead of taking and releasing it here.
    void adoptRunLock(std::unique_ptr<QLockFile> lock) { m_heldLock = std::move(lock); }
    // The run to revert, without planning an apply first (`daystrom revert`).
    void setRun(const RunState &run) { m_run = run; }
    // The run's last apply, when it was interrupted (a pending record): what landed is read back
    // and recorded as prepare() does before it plans; interruptedApplySettled() follows. The
    // state stays as it is. `daystrom revert` does this before it reverts.
    void settleInterrupted();
    void prepare(const RunState &run, int iteration);
    // The person's consent to the plan's change of the action for unmatched prompts (the
    // dialog's own box); apply() refuses such a plan without it.
    void setActionChangeConsented(bool consented) { m_plan.actionChangeConsented = consented; }
    void apply();  // only in state Ready; holds the run's lock while it writes and records
    // The run's last apply; only when canRevert(); holds the run's lock too. Where production
    // moved since the apply, nothing is written and revertConflicts() says where, unless `force`.
    void revert(bool force = false);
    void cancel(); // forget the calls in flight (their answers are ignored)

    State state() const { return m_state; }
    bool isBusy() const
    {
        return m_state == State::Preparing || m_state == State::Applying || m_state == State::Reverting;
    }
    bool canRevert() const;
    const TopicApplier::Plan &plan() const { return m_plan; }
    const RunState &run() const { return m_run; }
    QString message() const { return m_message; } // the last error or result, plain text

signals:
    void stateChanged(ApplyController::State state);
    void progress(const QString &step);
    void prepared(); // plan() is ready to show
    void applied();
    void reverted();
    void revertConflicts(const QStringList &conflicts); // then back in the state before; revert(true) overwrites
    void failed(const QString &message);
    // The same outcomes in the engine's own (English) words, each after the signals above, for
    // the command line to print: an interrupted apply read back (`recordError`: why the run file
    // was not saved); a plan AIRS refused; a line TopicApplier says while it applies; how an
    // apply or a revert ended (`recordError`: why its final state is not in the run file; empty
    // when saved, or when there was nothing to save).
    void interruptedApplySettled(const AirsResult<ApplyRecord> &settled, const QString &recordError);
    void planFailed(const AirsError &error);
    void applyStep(const QString &line);
    void applyFinished(const TopicApplier::Outcome &outcome, const QString &recordError);
    void revertFinished(const ApplyRecord &target, const TopicApplier::Outcome &outcome, const QString &recordError);

private:
    void setState(State state);
    void fail(const QString &message);
    QString record(const std::function<void(RunState &)> &change); // into the run file; why not, or empty
    // Reads back and records the pending last apply, then `then()` (not after a failure).
    void settle(quint64 generation, const std::function<void()> &then);
    void endApply(const TopicApplier::Outcome &o); // the state and the signals after an apply

    TopicApplier *m_applier;
    QString m_runsDirectory;
    State m_state = State::Idle;
    RunState m_run;
    TopicApplier::Plan m_plan;
    QString m_message;
    quint64 m_generation = 0; // answers from an older generation are ignored
    // The run's lock while an apply or revert writes (a `resume` meanwhile cannot drop the
    // record of what changed).
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<QLockFile> m_heldLock; // adoptRunLock()
    bool lockRun(); // false (and failed) when another process drives the run
};
