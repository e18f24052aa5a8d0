#include "threewayrevert.h"

#include "airs/profilepolicy.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace {
QHash<QString, TopicAssignment> byId(const QJsonObject &policy)
{
    QHash<QString, TopicAssignment> out;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(policy))
        out.insert(a.topicId, a);
    return out;
}

bool samePin(const TopicAssignment &a, const TopicAssignment &b)
{
    return a.action == b.action && a.revision == b.revision;
}

QString pinText(const TopicAssignment &a)
{
    return u"%1 at revision %2"_s.arg(a.action).arg(a.revision);
}
} // namespace

ThreeWayRevert::Plan ThreeWayRevert::compute(const ApplyRecord &record, const QJsonObject &current,
                                             const QHash<QString, int> &revisions, bool force)
{
    Plan plan;
    plan.policy = current;

    // The topics: only what is still at the revision the apply wrote.
    const auto stillAsWritten = [&](const QString &id, const QString &name, bool *gone) {
        *gone = !revisions.contains(id);
        if (*gone || !record.writtenRevisions.contains(id))
            return *gone || record.writtenRevisions.isEmpty(); // an old record: nothing to compare with
        const int written = record.writtenRevisions.value(id);
        if (revisions.value(id) == written)
            return true;
        plan.conflicts.append(u"topic \"%1\": the apply wrote revision %2; it is at revision %3 now"_s.arg(name)
                                  .arg(written)
                                  .arg(revisions.value(id)));
        return false;
    };
    for (const CreatedObject &t : record.createdTopics) {
        bool gone = false;
        if (stillAsWritten(t.id, t.name, &gone) ? !gone : force)
            plan.deleteTopics.append(t);
    }
    for (const ApplyRecord::UpdatedTopic &t : record.updatedTopics) {
        bool gone = false;
        if (stillAsWritten(t.id, t.before.name, &gone) ? !gone : force)
            plan.restoreTexts.append(t);
    }

    if (!record.policyBefore)
        return plan; // the apply left the profile as it was
    const QJsonObject &before = *record.policyBefore;
    if (!record.policyAfter) {
        // Recorded before three-way revert: only an untouched entry can be put back unasked.
        if (ProfilePolicy::topicGuardrails(current) != ProfilePolicy::topicGuardrails(before)) {
            plan.conflicts.append(u"this apply was recorded without what it left, so a change made since cannot "
                                  "be told apart: the topic guardrails would be put back exactly as before it"_s);
            if (force) {
                plan.policy = ProfilePolicy::withTopicGuardrailsOf(current, before);
                plan.profileChanges = plan.policy != current;
            }
        }
        return plan;
    }
    const QJsonObject &after = *record.policyAfter;
    if (ProfilePolicy::topicGuardrails(current) == ProfilePolicy::topicGuardrails(after)) {
        // Nobody touched the entry since: exactly as before the apply.
        plan.policy = ProfilePolicy::withTopicGuardrailsOf(current, before);
        plan.profileChanges = plan.policy != current;
        return plan;
    }

    // Three-way, pin by pin: base = after (the apply's), ours = before, theirs = now.
    const QHash<QString, TopicAssignment> was = byId(before), left = byId(after), now = byId(current);
    QList<TopicAssignment> result = ProfilePolicy::assignedTopics(current);
    const auto drop = [&result](const QString &id) {
        result.removeIf([&id](const TopicAssignment &a) { return a.topicId == id; });
    };
    const auto put = [&result](const TopicAssignment &pin) {
        for (TopicAssignment &a : result) {
            if (a.topicId == pin.topicId) {
                a = pin;
                return;
            }
        }
        result.append(pin);
    };
    for (const TopicAssignment &a : left) {
        const bool added = !was.contains(a.topicId);
        if (!added && samePin(was.value(a.topicId), a))
            continue; // the apply did not touch it
        if (!now.contains(a.topicId)) {
            if (!added) // someone removed a pin the apply had changed: theirs stays
                plan.conflicts.append(u"pin of \"%1\": the apply left %2; it is not pinned now; before the apply: %3"_s
                                          .arg(a.topicName, pinText(a), pinText(was.value(a.topicId))));
            continue;
        }
        const TopicAssignment theirs = now.value(a.topicId);
        if (!added && samePin(theirs, was.value(a.topicId)))
            continue; // already as before (put back earlier, or by someone else)
        if (!samePin(theirs, a)) {
            plan.conflicts.append(u"pin of \"%1\": the apply left %2; it is %3 now; before the apply: %4"_s
                                      .arg(a.topicName, pinText(a), pinText(theirs),
                                           added ? u"not pinned"_s : pinText(was.value(a.topicId))));
            if (!force)
                continue;
        }
        if (added)
            drop(a.topicId);
        else
            put(was.value(a.topicId));
    }
    for (const TopicAssignment &a : was) {
        if (!left.contains(a.topicId) && !now.contains(a.topicId))
            put(a); // the apply removed it, and nobody put it back
    }
    const QString actionBefore = ProfilePolicy::guardrailAction(before), actionLeft = ProfilePolicy::guardrailAction(after),
                  actionNow = ProfilePolicy::guardrailAction(current);
    QString actionToWrite = actionNow;
    if (actionBefore != actionLeft && actionNow != actionBefore) {
        const bool theirs = actionNow != actionLeft; // someone changed it since the apply
        if (theirs)
            plan.conflicts.append(u"action for unmatched prompts: the apply left %1; it is %2 now; before the apply: %3"_s
                                      .arg(actionLeft, actionNow, actionBefore));
        if (!theirs || force)
            actionToWrite = actionBefore;
    }
    if (ProfilePolicy::topicGuardrails(before).isEmpty()) {
        // Production had no topic guardrails: none again, unless a colleague's pins are left.
        if (result.isEmpty()) {
            plan.policy = ProfilePolicy::withTopicGuardrailsOf(current, before);
            plan.profileChanges = plan.policy != current;
            return plan;
        }
        actionToWrite = actionNow;
    }
    plan.policy = ProfilePolicy::withTopicGuardrails(current, result, actionToWrite, ProfilePolicy::OtherTopics::Drop);
    plan.profileChanges = plan.policy != current;
    return plan;
}
