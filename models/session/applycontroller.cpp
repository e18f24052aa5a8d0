#include "applycontroller.h"
#include "tenantdonetext.h"

#include "runs/runstore.h"
#include "tenant/leftovers.h"

#include <memory>

using namespace Qt::StringLiterals;

ApplyController::ApplyController(ManagementClient *client, const QString &runsDirectory, QObject *parent)
    : QObject(parent)
    , m_applier(new TopicApplier(client, this))
    , m_runsDirectory(runsDirectory)
{
    m_applier->progress = [this](const QString &line) { emit applyStep(line); };
}

ApplyController::~ApplyController() = default;

void ApplyController::setPropagationDelayMs(int ms)
{
    m_applier->setPropagationDelayMs(ms);
}

bool ApplyController::canRevert() const
{
    return !isBusy() && TopicApplier::lastApplied(m_run) != nullptr;
}

void ApplyController::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void ApplyController::fail(const QString &message)
{
    m_message = message;
    setState(State::Failed);
    emit failed(message);
}

bool ApplyController::lockRun()
{
    qint64 pid = 0;
    if (!m_heldLock)
        m_lock = Leftovers::lock(m_runsDirectory, m_run.id, &pid);
    if (m_heldLock || m_lock) {
        // Read under the lock: what `daystrom apply` or `revert` recorded meanwhile.
        if (const RunStore::Loaded stored = RunStore(m_runsDirectory).load(m_run.id); stored.ok())
            m_run.applies = stored.run.applies;
        return true;
    }
    fail(tr("Run %1 is being driven by another process (pid %2): wait until it stops, then try again.")
             .arg(m_run.id)
             .arg(pid));
    return false;
}

void ApplyController::cancel()
{
    ++m_generation;
    m_lock.reset();
    m_applier->abort();
    if (isBusy())
        setState(State::Idle);
}

QString ApplyController::record(const std::function<void(RunState &)> &change)
{
    // The stored file is the truth (the command line may have applied meanwhile).
    const RunStore store(m_runsDirectory);
    RunStore::Loaded loaded = store.load(m_run.id);
    RunState &run = loaded.ok() ? loaded.run : m_run;
    change(run);
    const QString error = store.save(run);
    m_run = run;
    if (!error.isEmpty())
        m_message += u' ' + tr("It could not be recorded in the run file (%1), so it cannot be reverted from here.").arg(error);
    return error;
}

void ApplyController::settle(quint64 generation, const std::function<void()> &then)
{
    // An apply of this run was interrupted (issue 57): what it wrote is read back and recorded.
    const ApplyRecord pending = m_run.applies.last();
    emit progress(tr("Reading back what an interrupted apply wrote to profile \"%1\"…").arg(pending.profileName));
    m_applier->settle(pending, [this, generation, pending, then](const AirsResult<ApplyRecord> &settled) {
        if (generation != m_generation)
            return;
        if (!settled.ok()) {
            fail(tr("What an interrupted apply wrote could not be read back: %1").arg(settled.error.toString()));
            emit interruptedApplySettled(settled, {});
            return;
        }
        if (!lockRun())
            return;
        const ApplyRecord &r = settled.value;
        const bool wroteNothing = !r.policyBefore && r.createdTopics.isEmpty() && r.updatedTopics.isEmpty();
        const QString error = record([&](RunState &run) {
            for (qsizetype i = run.applies.size() - 1; i >= 0; --i) {
                if (!run.applies.at(i).pending || run.applies.at(i).appliedAt != pending.appliedAt)
                    continue;
                if (wroteNothing)
                    run.applies.removeAt(i);
                else
                    run.applies[i] = r;
            }
        });
        m_lock.reset();
        if (!error.isEmpty()) {
            fail(m_message.trimmed());
            emit interruptedApplySettled(settled, error);
            return;
        }
        emit interruptedApplySettled(settled, {});
        then();
    });
}

void ApplyController::settleInterrupted()
{
    if (isBusy() || m_run.applies.isEmpty() || !m_run.applies.last().pending)
        return;
    m_message.clear();
    settle(++m_generation, [] {});
}

void ApplyController::prepare(const RunState &run, int iteration)
{
    const quint64 generation = ++m_generation;
    m_plan = TopicApplier::Plan{};
    m_message.clear();
    m_run = run;
    // The stored file is the truth: what the run still holds on the tenant (a window's copy of
    // a run that just ended may predate its clean-up) and the applies recorded so far, also by
    // `daystrom apply`.
    if (const RunStore::Loaded stored = RunStore(m_runsDirectory).load(run.id); stored.ok()) {
        m_run.tenant = stored.run.tenant;
        m_run.applies = stored.run.applies;
    }
    setState(State::Preparing);
    if (!m_run.applies.isEmpty() && m_run.applies.last().pending) {
        // Recorded before anything is planned.
        settle(generation, [this, iteration] { prepare(m_run, iteration); });
        return;
    }
    emit progress(tr("Reading the topics and the profile from AIRS…"));
    m_applier->plan(m_run, iteration, [this, generation](const AirsResult<TopicApplier::Plan> &p) {
        if (generation != m_generation)
            return;
        if (!p.ok()) {
            fail(tr("Nothing can be applied: %1").arg(p.error.toString()));
            emit planFailed(p.error);
            return;
        }
        m_plan = p.value;
        setState(State::Ready);
        emit prepared();
    });
}

void ApplyController::apply()
{
    if (m_state != State::Ready)
        return;
    if (!lockRun())
        return;
    const quint64 generation = ++m_generation;
    setState(State::Applying);
    emit progress(tr("Writing to profile \"%1\" and waiting for AIRS to take it up…").arg(m_plan.profileName));
    // The journal (issue 57): the entry is in the run file before the first write and follows
    // every step, so a window closed or a crash at any moment leaves what revert needs.
    const auto entry = std::make_shared<qsizetype>(-1);
    const TopicApplier::Journal journal = [this, entry](const ApplyRecord &r) -> QString {
        const RunStore store(m_runsDirectory);
        RunStore::Loaded loaded = store.load(m_run.id);
        RunState &run = loaded.ok() ? loaded.run : m_run;
        if (*entry < 0)
            *entry = run.applies.size();
        if (run.applies.size() > *entry)
            run.applies.resize(*entry);
        const bool nothing = !r.pending && !r.policyBefore && r.createdTopics.isEmpty() && r.updatedTopics.isEmpty();
        if (!nothing)
            run.applies.append(r);
        const QString error = store.save(run);
        m_run = run;
        return error;
    };
    m_applier->apply(m_plan, [this, generation, journal, entry](const TopicApplier::Outcome &o) {
        if (generation != m_generation)
            return;
        m_message = TenantDoneText::joined(o.done);
        // The entry's final state, where there is one: what changed, or (after an error part
        // way) the pending entry taken back.
        QString error;
        if (o.record || (*entry >= 0 && m_run.applies.size() > *entry))
            error = journal(o.record.value_or(ApplyRecord{}));
        if (!error.isEmpty() && o.record)
            m_message += u' ' + tr("It could not be recorded in the run file (%1), so it cannot be reverted from here.").arg(error);
        m_lock.reset();
        const QPointer<ApplyController> self(this);
        endApply(o);
        if (self)
            emit applyFinished(o, error);
    }, journal);
}

void ApplyController::endApply(const TopicApplier::Outcome &o)
{
    if (o.planStale)
        return fail(tr("Nothing was applied: %1. Reload from AIRS to see the plan against production as it is now.")
                        .arg(o.error));
    if (o.error.isEmpty()) {
        setState(State::Applied);
        emit applied();
        return;
    }
    if (!o.record)
        return fail(tr("Nothing was applied: %1").arg(o.error));
    m_message = tr("Only part was applied (%1): %2. Revert takes back what changed.").arg(m_message, o.error);
    setState(State::HalfApplied);
    emit failed(m_message);
}

void ApplyController::revert(bool force)
{
    if (isBusy() || !TopicApplier::lastApplied(m_run) || !lockRun())
        return;
    const ApplyRecord *last = TopicApplier::lastApplied(m_run);
    if (!last) {
        m_lock.reset();
        return fail(tr("Another process reverted the run's last apply meanwhile: there is nothing left to revert."));
    }
    if (last->pending) {
        // An apply that was interrupted (issue 57): what landed is read back and recorded
        // first; the person then reverts that.
        const quint64 generation = ++m_generation;
        const ApplyRecord pending = *last;
        setState(State::Reverting);
        emit progress(tr("Reading back what an interrupted apply wrote to profile \"%1\"…").arg(pending.profileName));
        m_applier->settle(pending, [this, generation, pending, force](const AirsResult<ApplyRecord> &settled) {
            if (generation != m_generation)
                return;
            m_lock.reset();
            if (!settled.ok())
                return fail(tr("What an interrupted apply wrote could not be read back: %1").arg(settled.error.toString()));
            record([&](RunState &run) {
                for (qsizetype i = 0; i < run.applies.size(); ++i) {
                    if (run.applies.at(i).pending && run.applies.at(i).appliedAt == pending.appliedAt)
                        run.applies[i] = settled.value;
                }
            });
            setState(State::Ready);
            revert(force);
        });
        return;
    }
    const ApplyRecord target = *last;
    const quint64 generation = ++m_generation;
    const State was = m_state;
    setState(State::Reverting);
    emit progress(tr("Putting profile \"%1\" back as it was before the apply…").arg(target.profileName));
    m_applier->revert(target, [this, generation, target, force, was](const TopicApplier::Outcome &o) {
        if (generation != m_generation)
            return;
        const QPointer<ApplyController> self(this);
        if (!o.conflicts.isEmpty() && !force) {
            // Nothing was written: the person decides.
            m_lock.reset();
            m_message = tr("Production changed since the apply: nothing was reverted.");
            setState(was);
            emit revertConflicts(o.conflicts);
            if (self)
                emit revertFinished(target, o, {});
            return;
        }
        m_message = TenantDoneText::joined(o.done);
        const auto same = [&target](const ApplyRecord &r) { return r.appliedAt == target.appliedAt && r.iteration == target.iteration; };
        const QString error = record([&](RunState &run) {
            for (ApplyRecord &r : run.applies) {
                if (!same(r))
                    continue;
                if (o.error.isEmpty()) {
                    r.revertedAt = QDateTime::currentDateTimeUtc();
                } else if (o.record) { // what is still to undo
                    r.policyBefore = o.record->policyBefore;
                    r.createdTopics = o.record->createdTopics;
                    r.updatedTopics = o.record->updatedTopics;
                }
            }
        });
        m_lock.reset();
        if (!o.error.isEmpty()) {
            fail(tr("The revert stopped part way: %1. Revert again to finish.").arg(o.error));
        } else {
            setState(State::Reverted);
            emit reverted();
        }
        if (self)
            emit revertFinished(target, o, error);
    }, force);
}
