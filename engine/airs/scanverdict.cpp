#include "scanverdict.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

bool ScanVerdict::decideTriggered(Intent intent, const QString &category, bool topicViolation)
{
    if (intent == Intent::Allow && !category.isEmpty())
        return category == "benign"_L1;
    return topicViolation;
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
    v.triggered = decideTriggered(intent, v.category, v.topicViolation);
    return out;
}
