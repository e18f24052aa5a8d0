#pragma once

#include "airs/airserror.h"
#include "airs/airstypes.h"
#include "domain/runstate.h"
#include "profiledrift.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ManagementClient;
class TenantCleaner;
class QTimer;

// Writes a recorded iteration's topic to the production profile on purpose, and takes that
// back. Apply reuses a topic of the same name (updating it when its text differs) or creates
// it, does the same for the companion (block intent), pins the latest revisions in the
// profile's topic guardrails while keeping every other topic and every other policy field,
// and waits for AIRS to propagate the change. Applying what is already there changes
// nothing. The returned ApplyRecord is what revert needs: the policy before, the topics
// created, the earlier text of the topics updated.
//
// A plan is refused while the run still holds objects of its own on the tenant (a paused or
// killed run): matching topics by name would adopt the run's disposable topics. A plan that
// changes the guardrail's action for unmatched prompts is written only with the person's
// consent to that change (Plan::actionChangeConsented).
class TopicApplier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicApplier)
public:
    struct Item
    {
        enum class Change { Create, Update, Same };
        Topic topic;    // what will be written
        QString action; // the bucket it is pinned in: "block" or "allow"
        Change change = Change::Create;
        AirsTopic existing; // Update and Same: the topic of that name as AIRS has it
    };
    struct Plan
    {
        QString runId;
        int iteration = 0;
        QString profileName;
        Intent intent = Intent::Block;
        QList<Item> topics; // companion first (block intent), then the iteration's topic
        QJsonObject policy; // the profile's policy as read
        bool profileChanges = true;
        // The topic guardrails' action for a prompt that matches none of the topics, as the
        // profile has it ("block" on an allow list, "allow" on a block list; empty when its topic
        // guardrails pin no topic, so no list's meaning changes) and as the apply writes it (the
        // opposite of the intent).
        QString actionBefore;
        QString actionAfter() const { return guardrailActionFor(intent); }
        bool changesAction() const { return !actionBefore.isEmpty() && actionBefore != actionAfter(); }
        // Set by the caller once the person agreed to that change (--change-action, the
        // dialog's own box); apply() refuses a plan that changes the action without it.
        bool actionChangeConsented = false;
        // How production differs from the policy the run read at its start, one line each
        // (ProfileDrift): the run's figures were measured against that older profile.
        QList<ProfileDrift::Change> drift;
        bool changesNothing() const;
        // The production profile as the plan read it: its action for unmatched prompts (empty
        // without a topic guardrail) and the topics it pins, each with its bucket.
        QString currentAction() const;
        QList<TopicAssignment> pinnedTopics() const;
        QStringList describe() const; // one line per change, for a person to confirm
        // What changing the action means for production's traffic, in words; empty when the
        // plan does not change it.
        QString actionChangeText() const;
    };
    struct Outcome
    {
        QString error; // empty: done
        // apply: what it changed (also after an error part way), absent when nothing changed.
        // revert with an error: what is still to undo.
        std::optional<ApplyRecord> record;
        QStringList done;                   // what happened, one line each
        // revert: where production moved since the apply (ThreeWayRevert); without force the
        // revert then changes nothing and `error` says so.
        QStringList conflicts;
        // apply: production's profile changed between the plan and the write (a colleague, or
        // another apply): nothing was pinned; plan again (issue 57: never a lost update).
        bool planStale = false;
    };
    // Saves the apply's record in the run file as it goes (issue 57): called before the first
    // write (a pending record) and after every step that lands; returns why it could not save,
    // or empty. An apply whose record cannot be saved stops before writing anything more.

    explicit TopicApplier(ManagementClient *management, QObject *parent = nullptr);
    void setPropagationDelayMs(int ms) { m_propagationDelayMs = ms; }

    void plan(const RunState &run, int iteration, std::function<void(const AirsResult<Plan> &)> done);
    using Journal = std::function<QString(const ApplyRecord &)>;
    void apply(const Plan &plan, std::function<void(const Outcome &)> done, Journal journal = {});
    // An interrupted apply (a pending record): what landed, read back from production — the
    // topics it was creating that exist now, whether the profile was written — as a complete
    // record that revert can take back.
    void settle(const ApplyRecord &pending, std::function<void(const AirsResult<ApplyRecord> &)> done);
    // Said while applying, for a person watching: "pinned the topics in profile …; waiting 10 s
    // for AIRS to take the change up".
    std::function<void(const QString &)> progress;
    // Takes back what the apply changed and still stands as it left it; where a colleague
    // changed production since, nothing is written unless `force` (ThreeWayRevert).
    void revert(const ApplyRecord &record, std::function<void(const Outcome &)> done, bool force = false);
    void abort();

    // The newest apply not yet reverted; null when there is none.
    static const ApplyRecord *lastApplied(const RunState &run);

private:
    void writeTopics(const Plan &plan, qsizetype index, ApplyRecord record, QList<AirsTopic> written,
                     std::function<void(const Outcome &)> done);
    void pin(const Plan &plan, ApplyRecord record, const QList<AirsTopic> &written,
             std::function<void(const Outcome &)> done);
    void restoreTexts(const ApplyRecord &record, QList<ApplyRecord::UpdatedTopic> topics, Outcome outcome,
                      std::function<void(const Outcome &)> done);

    QPointer<ManagementClient> m_management;
    TenantCleaner *m_cleaner;
    QTimer *m_delay;
    int m_propagationDelayMs = 10000;
    quint64 m_generation = 0;
    Journal m_journal;
    // Saves `record` with the journal (when there is one); why not, or empty.
    QString journal(const ApplyRecord &record) const { return m_journal ? m_journal(record) : QString(); }
};
