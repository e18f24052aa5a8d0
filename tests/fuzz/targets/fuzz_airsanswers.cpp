// The AIRS answer parsers: a scan verdict (both intents), and the management API's topics,
// profiles and a profile's policy. Properties: a verdict's "triggered" is the intent's rule
// applied to what it read (DESIGN.md: allow reads the category, block topic_violation); the
// topics a policy pins, written back into the policy, are read back the same.
#include "../fuzztarget.h"

#include "airs/airstypes.h"
#include "airs/profilepolicy.h"
#include "airs/scanverdict.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
QStringList names(const QList<TopicAssignment> &assigned)
{
    QStringList out;
    for (const TopicAssignment &a : assigned)
        out.append(a.topicName + u'/' + a.action);
    return out;
}
} // namespace

DAYSTROM_FUZZ_TARGET(airs_scan)
{
    for (const Intent intent : {Intent::Block, Intent::Allow}) {
        const AirsResult<ScanVerdict> r = ScanVerdict::parse(data, intent);
        if (!r.ok())
            continue;
        const ScanVerdict &v = r.value;
        FUZZ_REQUIRE(v.triggered == ScanVerdict::decideTriggered(intent, v.category, v.topicViolation),
                     u"triggered disagrees with the intent's rule"_s);
        FUZZ_REQUIRE(!v.action.isEmpty() || !v.category.isEmpty(), u"a verdict with neither action nor category"_s);
    }
}

DAYSTROM_FUZZ_TARGET(airs_management)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    const QJsonObject o = doc.object();
    const AirsTopic topic = AirsTopic::fromJson(o);
    (void)AirsTopic::writeBody(topic.name, topic.description, topic.examples);
    QList<AirsProfile> listed{AirsProfile::fromJson(o)};
    for (const QJsonValue &v : o.value(u"ai_profiles"_s).toArray())
        listed.append(AirsProfile::fromJson(v.toObject()));
    (void)AirsProfile::latestByName(listed);

    const QJsonObject policy = listed.first().policy.isEmpty() ? o : listed.first().policy;
    const QList<TopicAssignment> assigned = ProfilePolicy::assignedTopics(policy);
    (void)ProfilePolicy::guardrailAction(policy);
    (void)ProfilePolicy::topicGuardrails(policy);
    const QString action = ProfilePolicy::guardrailAction(policy).isEmpty() ? u"block"_s : ProfilePolicy::guardrailAction(policy);
    const QJsonObject rewritten = ProfilePolicy::withTopicGuardrails(policy, assigned, action, ProfilePolicy::OtherTopics::Drop);
    QStringList before = names(assigned), after = names(ProfilePolicy::assignedTopics(rewritten));
    before.sort();
    after.sort();
    FUZZ_REQUIRE(before == after, u"pinned topics changed on a write-back: "_s + before.join(u", "_s)
                                      + u" -> "_s + after.join(u", "_s));
    QStringList all;
    for (const TopicAssignment &a : assigned)
        all.append(a.topicName);
    FUZZ_REQUIRE(ProfilePolicy::assignedTopics(ProfilePolicy::withoutTopics(policy, all)).isEmpty(),
                 u"a topic stays pinned after it was removed"_s);
}
