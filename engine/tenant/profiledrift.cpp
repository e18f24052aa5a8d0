#include "profiledrift.h"

#include "airs/profilepolicy.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

QList<ProfileDrift::Change> ProfileDrift::changes(const QJsonObject &then, const QJsonObject &now)
{
    using K = Change::Kind;
    QList<Change> out;
    QHash<QString, TopicAssignment> was;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(then))
        was.insert(a.topicId, a);
    QSet<QString> seen;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(now)) {
        seen.insert(a.topicId);
        if (!was.contains(a.topicId)) {
            out.append({K::Pinned, a.topicName, {}, a.action});
            continue;
        }
        const TopicAssignment &b = was.value(a.topicId);
        if (b.action != a.action)
            out.append({K::Moved, a.topicName, b.action, a.action});
        if (b.revision != a.revision)
            out.append({K::Revision, a.topicName, QString::number(b.revision), QString::number(a.revision)});
    }
    for (const TopicAssignment &b : ProfilePolicy::assignedTopics(then)) {
        if (!seen.contains(b.topicId))
            out.append({K::Unpinned, b.topicName, b.action, {}});
    }
    const QString actionThen = ProfilePolicy::guardrailAction(then);
    const QString actionNow = ProfilePolicy::guardrailAction(now);
    if (actionThen != actionNow)
        out.append({K::Action, {}, actionThen, actionNow});
    if (ProfilePolicy::withTopicGuardrailsOf(now, then) != then)
        out.append({K::Other, {}, {}, {}});
    return out;
}

QString ProfileDrift::text(const Change &c)
{
    switch (c.kind) {
    case Change::Kind::Pinned: return u"topic \"%1\" was pinned since (%2)"_s.arg(c.topic, c.to);
    case Change::Kind::Unpinned: return u"topic \"%1\" was unpinned since"_s.arg(c.topic);
    case Change::Kind::Moved: return u"topic \"%1\" moved from %2 to %3"_s.arg(c.topic, c.from, c.to);
    case Change::Kind::Revision:
        return u"topic \"%1\" is pinned at revision %2 now (was %3)"_s.arg(c.topic, c.to, c.from);
    case Change::Kind::Action:
        return u"the action for prompts that match none of its topics is %1 now (was %2)"_s.arg(
            c.to.isEmpty() ? u"unset"_s : c.to, c.from.isEmpty() ? u"unset"_s : c.from);
    case Change::Kind::Other: return u"other settings of the profile changed"_s;
    }
    return {};
}

QString ProfileDrift::actionMisfit(const QJsonObject &policy, const RunSettings &settings)
{
    if (ProfilePolicy::assignedTopics(policy).isEmpty())
        return {};
    const QString action = ProfilePolicy::guardrailAction(policy);
    const QString wanted = guardrailActionFor(settings.intent);
    if (action.isEmpty() || action == wanted)
        return {};
    return action == "block"_L1
        ? u"profile \"%1\" blocks every prompt that matches none of its topics (an allow list); a block topic works "
          "the other way round, so this run measures it with that action set to allow, and applying it would let "
          "everything that matches no topic pass (apply asks before it changes that)"_s.arg(settings.profileName)
        : u"profile \"%1\" lets every prompt through that matches none of its topics (a block list); an allow topic "
          "works the other way round, so this run measures it with that action set to block, and applying it would "
          "block everything that matches no topic (apply asks before it changes that)"_s.arg(settings.profileName);
}
