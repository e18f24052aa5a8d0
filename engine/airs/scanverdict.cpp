#include "scanverdict.h"

#include <QJsonArray>

#include <QJsonDocument>

using namespace Qt::StringLiterals;

ProfileKind profileKindOf(const QString &guardrailAction)
{
    return guardrailAction == "block"_L1 ? ProfileKind::AllowList : ProfileKind::BlockList;
}

bool ScanVerdict::decideTriggered(Intent intent, const QString &category, bool topicViolation)
{
    if (intent == Intent::Allow)
        return category.isEmpty() ? !topicViolation : category == "benign"_L1;
    return topicViolation;
}

bool ScanVerdict::actedOn(ProfileKind kind, const QString &category, const QString &action, bool topicViolation)
{
    if (action == "block"_L1)
        return true;
    return kind == ProfileKind::BlockList ? decideTriggered(Intent::Block, category, topicViolation)
                                          : !decideTriggered(Intent::Allow, category, topicViolation);
}

AirsResult<ScanVerdict> ScanVerdict::parse(const QByteArray &body, Intent intent)
{
    AirsResult<ScanVerdict> out;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        out.error = AirsError::invalid(u"scan"_s, u"the answer is not a JSON object ("_s
                                                      + pe.errorString() + u')');
        return out;
    }
    const QJsonObject o = doc.object();
    ScanVerdict &v = out.value;
    v.scanId = o.value(u"scan_id"_s).toString();
    v.reportId = o.value(u"report_id"_s).toString();
    v.category = o.value(u"category"_s).toString();
    v.action = o.value(u"action"_s).toString();
    if (v.action.isEmpty() && v.category.isEmpty()) {
        out.error = AirsError::invalid(u"scan"_s, u"the answer has neither action nor category"_s);
        return out;
    }
    const QJsonObject detected = o.value(u"prompt_detected"_s).toObject();
    for (auto it = detected.constBegin(); it != detected.constEnd(); ++it) {
        if (it.value().isBool())
            v.detections.insert(it.key(), it.value().toBool());
    }
    v.topicViolation = detected.value(u"topic_violation"_s).toBool(false);
    const QJsonObject responseDetected = o.value(u"response_detected"_s).toObject();
    for (auto it = responseDetected.constBegin(); it != responseDetected.constEnd(); ++it) {
        if (it.value().isBool())
            v.responseDetections.insert(it.key(), it.value().toBool());
    }
    v.responseTopicViolation = responseDetected.value(u"topic_violation"_s).toBool(false);
    v.triggered = decideTriggered(intent, v.category, v.topicViolation);
    // Which topics matched: prompt_detection_details.topic_guardrails_details, whose
    // blocked_topics and allowed_topics lists the vendor's Python SDK models (TopicGuardRails).
    const QJsonObject topics = o.value(u"prompt_detection_details"_s).toObject().value(u"topic_guardrails_details"_s).toObject();
    for (const auto &[key, list] : {std::pair{u"blocked_topics"_s, &v.blockedTopics}, std::pair{u"allowed_topics"_s, &v.allowedTopics}}) {
        for (const QJsonValue &name : topics.value(key).toArray()) {
            if (name.isString() && !name.toString().isEmpty())
                list->append(name.toString());
        }
    }
    v.topicsReported = topics.contains(u"blocked_topics"_s) || topics.contains(u"allowed_topics"_s);
    return out;
}
