// RefinementRun's final states (completed, paused, cancelled, failed), the clean-up of the
// tenant when a run ends for good, and the run's event log.
#include "refinementrun.h"
#include "tenant/productionrestore.h"

#include "airs/managementclient.h"
#include "loopeventjson.h"
#include "looplog.h"
#include "oncewithin.h"
#include "tenant/tenantcleaner.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

void RefinementRun::enterCompleted()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Completed;
    leaveTenant([this] {
        m_finished = true;
        m_lock.reset();
        m_schedule.end(m_finishPiece);
        emit finished(RunStatus::Completed);
    });
}

void RefinementRun::enterPaused()
{
    abortInFlight();
    cancelExtraction();
    // A paused run keeps its profile and topics: resume finds them again. In place, that
    // profile is production: its topic guardrails are put back first (resume deploys again).
    m_run.status = RunStatus::Paused;
    m_run.stopReason = m_pauseReason.isEmpty() ? u"paused"_s : m_pauseReason;
    putProductionBack([this] { reportPaused(); });
}

void RefinementRun::putProductionBack(std::function<void()> then, int timeoutMs)
{
    const std::optional<TenantFootprint> &f = m_run.tenant;
    if (!f || !f->inPlace || !f->productionPolicy || !m_services.management) {
        then();
        return;
    }
    emit stepChanged(u"clean-up"_s);
    const QString profile = f->productionProfile;
    const auto late = [this] {
        m_services.management->abortAll();
        return u"AIRS did not answer in time"_s;
    };
    const auto complete = onceWithin<QString>(this, timeoutMs > 0 ? timeoutMs : m_services.airsStepTimeoutMs, late,
                                              [this, then, profile](const QString &error) {
        const QString note = error.isEmpty()
            ? u"the production profile \"%1\" was put back as it was before the run; resuming deploys the "
              "candidate on it again"_s.arg(profile)
            : u"the production profile \"%1\" could not be put back (%2): the run's candidate still filters its "
              "traffic; `daystrom cleanup --run %3 --yes` puts it back"_s.arg(profile, error, m_run.id);
        qCInfo(lcLoop).noquote() << "run" << m_run.id << ":" << note;
        if (!error.isEmpty())
            emit warning(note);
        m_run.stopReason += u"; "_s + note;
        then();
    });
    ProductionRestore::putBack(m_services.management, *f, this, [this, complete](const AirsResult<AirsProfile> &r,
                                                                             const QStringList &kept) {
        for (const QString &k : kept)
            emit warning(u"a change made to production during the run was kept: "_s + k);
        complete(r.ok() ? QString() : r.error.toString());
    });
}

void RefinementRun::reportPaused()
{
    recordEnd(u"loop:paused"_s);
    if (const QString error = writeRunFile(); !error.isEmpty()) {
        // Not "resume from here": the file still holds the checkpoint saved before.
        const QString lost = u"the pause was not saved (%1); a resume goes on from the last checkpoint saved "
                             "before it"_s.arg(error);
        qCWarning(lcLoop).noquote() << "run" << m_run.id << ":" << lost;
        emit warning(lost);
        m_run.stopReason += u"; "_s + lost;
    }
    m_finished = true;
    emit loopPaused(m_run);
    m_lock.reset();
    emit finished(RunStatus::Paused);
}

void RefinementRun::enterCancelled()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Cancelled;
    m_run.stopReason = u"cancelled"_s;
    recordEnd(u"loop:cancelled"_s);
    writeRunFile(); // in a final state: a failed save does not fail the run again
    leaveTenant([this] {
        m_finished = true;
        emit loopCancelled(m_run);
        m_lock.reset();
        emit finished(RunStatus::Cancelled);
    });
}

void RefinementRun::enterFailed()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Failed;
    m_run.stopReason = m_error;
    recordEnd(u"loop:failed"_s);
    writeRunFile(); // best effort: the error is already the story
    leaveTenant([this] {
        m_finished = true;
        emit loopFailed(m_error);
        m_lock.reset();
        emit finished(RunStatus::Failed);
    });
}

void RefinementRun::leaveTenant(std::function<void()> then)
{
    if (!m_run.tenant || m_run.tenant->isClear()) {
        m_run.tenant.reset();
        then();
        return;
    }
    emit stepChanged(u"clean-up"_s);
    const auto late = [this] {
        m_cleaner->abort();
        return TenantCleaner::Outcome{*m_run.tenant, {}, {u"AIRS did not finish the clean-up in time"_s}};
    };
    const auto complete = onceWithin<TenantCleaner::Outcome>(this, m_services.airsStepTimeoutMs, late,
                                                             [this, then](const TenantCleaner::Outcome &o) {
        for (const QString &line : o.done)
            qCInfo(lcLoop).noquote() << "run" << m_run.id << ":" << line;
        const bool topicGone = std::none_of(o.remaining.topics.cbegin(), o.remaining.topics.cend(),
                                            [this](const CreatedObject &t) { return t.id == m_checkpoint.topicId; });
        if (topicGone) { // a resume deploys anew
            m_checkpoint.topicId.clear();
            m_checkpoint.companionTopicId.clear();
        }
        if (o.remaining.isClear()) {
            m_run.tenant.reset();
        } else {
            m_run.tenant = o.remaining;
            emit warning(u"left on AIRS: %1 (%2); `daystrom cleanup --yes` removes them"_s.arg(
                TenantCleaner::describe(o.remaining).join(u"; "_s), o.problems.join(u"; "_s)));
        }
        writeRunFile();
        then();
    });
    m_cleaner->clean(*m_run.tenant, complete, [this](const TenantFootprint &f) {
        m_run.tenant = f;
        writeRunFile();
    });
}

void RefinementRun::recordEvents()
{
    // loop:complete, loop:paused, loop:cancelled and loop:failed: recordEnd(), before the final
    // save. test:progress, stepChanged and testScanned are progress, not events to keep.
    LoopEventJson::connectAll(this, this, LoopEventJson::Audience::Log,
                              [this](const QJsonObject &event) { record(event); });
}

void RefinementRun::record(const QJsonObject &event)
{
    const QJsonObject entry = LoopEventJson::logEntry(event, QDateTime::currentDateTimeUtc());
    m_run.appendEvent(entry);
    emit eventRecorded(entry);
}

void RefinementRun::recordEnd(const QString &type)
{
    // The end as loop:* would say it, without serialising the whole run state.
    QJsonObject e{{u"type"_s, type}, {u"status"_s, runStatusName(m_run.status)}};
    if (type == "loop:failed"_L1)
        e.insert(u"error"_s, m_error);
    if (!m_run.stopReason.isEmpty())
        e.insert(u"stopReason"_s, m_run.stopReason);
    e.insert(u"usage"_s, m_run.usage.toJson()); // what the run used up to here
    if (type == "loop:complete"_L1) {
        if (const IterationResult *best = m_run.bestResult())
            e.insert(u"bestResult"_s, QJsonObject{{u"iteration"_s, best->iteration},
                                                   {u"metrics"_s, best->metrics.toJson()}});
    }
    record(e);
}
