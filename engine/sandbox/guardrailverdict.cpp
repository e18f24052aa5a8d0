#include "guardrailverdict.h"

#include "policyjson.h"
#include "topicmatcher.h"
#include "topicstore.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
GuardrailVerdict blocked(bool violation, const QStringList &blockedTopics = {})
{
    GuardrailVerdict v;
    v.topicViolation = violation;
    v.category = u"malicious"_s;
    v.action = u"block"_s;
    v.blockedTopics = blockedTopics;
    return v;
}

GuardrailVerdict allowed(const QString &category, const QStringList &allowedTopics = {})
{
    GuardrailVerdict v;
    v.category = category;
    v.allowedTopics = allowedTopics;
    return v;
}
} // namespace

GuardrailVerdict GuardrailVerdict::evaluate(const QJsonObject &policy, const QString &prompt,
                                  const TopicStore &topics, const TopicMatcher &matcher,
                                  AirsAllowSignal allowSignal, const GuardrailOverride &override)
{
    const std::optional<QJsonObject> guardrail = PolicyJson::guardrail(policy);
    if (!guardrail)
        return {};
    const QList<PolicyJson::TopicRef> refs = PolicyJson::topicRefs(*guardrail);
    if (refs.isEmpty())
        return {}; // a guardrail without topics has nothing to enforce

    double bestAllow = -1;
    double bestBlock = -1;
    QStringList matchedAllow;
    QStringList matchedBlock;
    QStringList blockNames, allowNames; // every topic of each bucket, for an imposed match
    std::optional<Topic> firstBlock, firstAllow;
    bool hasAllowBucket = false;
    bool hasBlockBucket = false;
    for (const PolicyJson::TopicRef &ref : refs) {
        const bool isBlock = ref.bucketAction == u"block";
        (isBlock ? hasBlockBucket : hasAllowBucket) = true;
        const std::optional<Topic> content = topics.contentAt(ref.topicId, ref.revision);
        if (!content)
            continue;
        const QString name = ref.topicName.isEmpty() ? content->name : ref.topicName;
        (isBlock ? blockNames : allowNames).append(name);
        std::optional<Topic> &first = isBlock ? firstBlock : firstAllow;
        if (!first)
            first = *content;
        const double score = matcher.score(prompt, *content);
        if (score < matcher.threshold())
            continue;
        if (isBlock) {
            bestBlock = std::max(bestBlock, score);
            matchedBlock.append(name);
        } else {
            bestAllow = std::max(bestAllow, score);
            matchedAllow.append(name);
        }
    }

    const bool blockRun = hasBlockBucket; // the run's topics: the block bucket's, else the allow bucket's
    std::optional<bool> truth;
    if (override.truth && *override.truth && (blockRun ? firstBlock : firstAllow))
        truth = (*override.truth)(prompt, *(blockRun ? firstBlock : firstAllow));
    if (truth || override.flip) {
        bool matched = blockRun ? (!matchedBlock.isEmpty() && bestBlock >= bestAllow) : !matchedAllow.isEmpty();
        matched = truth.value_or(matched) != override.flip;
        if (blockRun) {
            if (matched)
                return blocked(true, matchedBlock.isEmpty() ? blockNames.mid(0, 1) : matchedBlock);
            return allowed(u"benign"_s, matchedAllow);
        }
        matchedBlock.clear();
        matchedAllow = matched ? (matchedAllow.isEmpty() ? allowNames.mid(0, 1) : matchedAllow) : QStringList();
    }

    if (!matchedBlock.isEmpty() && bestBlock >= bestAllow)
        return blocked(true, matchedBlock);
    if (!matchedAllow.isEmpty())
        return allowed(u"benign"_s, matchedAllow);

    const QString defaultAction = guardrail->value(u"action"_s).toString();
    if (defaultAction != u"block")
        return allowed(u"benign"_s);
    const bool violation = allowSignal == AirsAllowSignal::TopicViolation;
    const bool allowIntent = hasAllowBucket && !hasBlockBucket;
    if (allowIntent && !violation)
        return allowed(u"malicious"_s); // DESIGN.md: only `category` tells the cases apart
    return blocked(violation);
}

QJsonObject GuardrailVerdict::promptDetected() const
{
    return {{u"url_cats"_s, false},
            {u"dlp"_s, false},
            {u"injection"_s, false},
            {u"toxic_content"_s, false},
            {u"malicious_code"_s, false},
            {u"agent"_s, false},
            {u"topic_violation"_s, topicViolation}};
}

QJsonObject GuardrailVerdict::responseDetected() const
{
    QJsonObject o = promptDetected();
    o.insert(u"db_security"_s, false);
    o.insert(u"ungrounded"_s, false);
    return o;
}

QJsonObject GuardrailVerdict::promptDetectionDetails() const
{
    // Key names as the vendor's Python SDK models them (TopicGuardRails: blocked_topics,
    // allowed_topics under prompt_detection_details.topic_guardrails_details); that a live
    // tenant always sends both lists is inferred. Here both are always present.
    return {{u"topic_guardrails_details"_s,
             QJsonObject{{u"blocked_topics"_s, QJsonArray::fromStringList(blockedTopics)},
                         {u"allowed_topics"_s, QJsonArray::fromStringList(allowedTopics)}}}};
}
