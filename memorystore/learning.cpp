#include "learning.h"

#include "lenientjson.h"

#include "domain/jsonin.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

const QString Learning::PitfallPrefix = u"KNOWN PITFALL: "_s;

namespace {
// Confidence is stored rounded to 6 decimals, so files read 0.2 rather than 0.19999999999999998.
double rounded(double v)
{
    return std::round(v * 1e6) / 1e6;
}
} // namespace

QJsonObject LearningMetrics::toJson() const
{
    QJsonObject o{{u"coverage"_s, coverage},
                  {u"tpr"_s, tpr},
                  {u"tnr"_s, tnr},
                  {u"accuracy"_s, accuracy},
                  {u"f1"_s, f1}};
    LenientJson::overlay(o, extra);
    return o;
}

LearningMetrics LearningMetrics::fromJson(const JsonIn &in)
{
    LearningMetrics m;
    m.extra = LenientJson::unknownMembers(
        in.raw(), {"coverage"_L1, "tpr"_L1, "tnr"_L1, "accuracy"_L1, "f1"_L1});
    const auto num = [&](QLatin1StringView key) {
        return LenientJson::keep(in, key, m.extra, [&] { return in.numberOr(key, 0.0); });
    };
    m.coverage = num("coverage"_L1);
    m.tpr = num("tpr"_L1);
    m.tnr = num("tnr"_L1);
    m.accuracy = num("accuracy"_L1);
    m.f1 = num("f1"_L1);
    return m;
}

bool Learning::isAntiPattern() const
{
    return type.has_value() && *type == "anti-pattern"_L1;
}

bool Learning::isPending() const
{
    return status.has_value() && *status == "pending"_L1;
}

QDateTime Learning::decayClock() const
{
    if (lastRecalledAt && lastRecalledAt->isValid() &&
        (!extractedAt.isValid() || *lastRecalledAt > extractedAt))
        return *lastRecalledAt;
    return extractedAt;
}

double Learning::effectiveConfidence(const QDateTime &now, double halfLifeDays) const
{
    const double c = confidenceValue();
    if (halfLifeDays <= 0)
        return c;
    const QDateTime clock = decayClock();
    if (!clock.isValid() || !now.isValid())
        return c;
    const double days = std::max<double>(0.0, double(clock.msecsTo(now)) / 86400000.0);
    return c * std::pow(0.5, days / halfLifeDays);
}

double Learning::rankScore(const QDateTime &now, double halfLifeDays) const
{
    return double(corroborations + 1) * effectiveConfidence(now, halfLifeDays) / 0.5;
}

void Learning::confirm()
{
    confidence = rounded(std::min(MaxConfidence, confidenceValue() + ConfirmStep));
}

bool Learning::reject()
{
    const double lowered = rounded(std::max(MinConfidence, confidenceValue() - RejectStep));
    if (lowered < InvertBelow && !isAntiPattern()) {
        type = u"anti-pattern"_s;
        if (!insight.startsWith(PitfallPrefix))
            insight = PitfallPrefix + insight;
        outcome = u"degraded"_s;
        confidence = DefaultConfidence;
        return true;
    }
    confidence = lowered;
    return false;
}

QJsonObject Learning::toJson() const
{
    QJsonObject o{{u"id"_s, id},
                  {u"runId"_s, runId},
                  {u"extractedAt"_s, extractedAt.isValid() ? toIsoString(extractedAt) : QString()},
                  {u"topicCategory"_s, topicCategory},
                  {u"topicDescription"_s, topicDescription},
                  {u"insight"_s, insight},
                  {u"strategy"_s, strategy},
                  {u"outcome"_s, outcome},
                  {u"changeType"_s, changeType},
                  {u"metrics"_s, metrics.toJson()},
                  {u"corroborations"_s, corroborations},
                  {u"tags"_s, QJsonArray::fromStringList(tags)}};
    if (confidence)
        o.insert(u"confidence"_s, *confidence);
    if (lastRecalledAt)
        o.insert(u"lastRecalledAt"_s, toIsoString(*lastRecalledAt));
    if (type)
        o.insert(u"type"_s, *type);
    if (source)
        o.insert(u"source"_s, *source);
    if (status)
        o.insert(u"status"_s, *status);
    LenientJson::overlay(o, extra);
    return o;
}

Learning Learning::fromJson(const JsonIn &in)
{
    Learning l;
    l.extra = LenientJson::unknownMembers(
        in.raw(), {"id"_L1, "runId"_L1, "extractedAt"_L1, "topicCategory"_L1, "topicDescription"_L1,
                   "insight"_L1, "strategy"_L1, "outcome"_L1, "changeType"_L1, "metrics"_L1,
                   "corroborations"_L1, "tags"_L1, "confidence"_L1, "lastRecalledAt"_L1, "type"_L1,
                   "source"_L1, "status"_L1});
    const auto str = [&](QLatin1StringView key, const QString &fallback = {}) {
        return LenientJson::keep(in, key, l.extra, [&] { return in.stringOr(key, fallback); });
    };
    const auto optStr = [&](QLatin1StringView key) {
        return LenientJson::keep(in, key, l.extra, [&] { return in.optString(key); });
    };
    const auto time = [&](QLatin1StringView key) -> std::optional<QDateTime> {
        if (!in.has(key))
            return std::nullopt;
        const QDateTime t = LenientJson::keep(in, key, l.extra, [&] { return in.timestamp(key); });
        return t.isValid() ? std::optional<QDateTime>(t) : std::nullopt;
    };
    l.id = str("id"_L1);
    l.runId = str("runId"_L1);
    l.extractedAt = time("extractedAt"_L1).value_or(QDateTime());
    l.topicCategory = str("topicCategory"_L1);
    l.topicDescription = str("topicDescription"_L1);
    l.insight = str("insight"_L1);
    l.strategy = str("strategy"_L1);
    l.outcome = str("outcome"_L1, l.outcome);
    l.changeType = str("changeType"_L1, l.changeType);
    if (in.has("metrics"_L1)) {
        const JsonIn metrics =
            LenientJson::keep(in, "metrics"_L1, l.extra, [&] { return in.child("metrics"_L1); });
        l.metrics = LearningMetrics::fromJson(metrics);
    }
    l.corroborations = int(LenientJson::keep(in, "corroborations"_L1, l.extra,
                                             [&] { return in.integerOr("corroborations"_L1, 0); }));
    l.tags = LenientJson::keep(in, "tags"_L1, l.extra, [&] { return in.stringsOr("tags"_L1); });
    l.confidence = LenientJson::keep(in, "confidence"_L1, l.extra,
                                     [&] { return in.optNumber("confidence"_L1); });
    if (l.confidence)
        l.confidence = std::clamp(*l.confidence, MinConfidence, MaxConfidence);
    l.lastRecalledAt = time("lastRecalledAt"_L1);
    l.type = optStr("type"_L1);
    l.source = optStr("source"_L1);
    l.status = optStr("status"_L1);
    return l;
}

bool Learning::isValidOutcome(const QString &outcome)
{
    return outcome == "improved"_L1 || outcome == "degraded"_L1 || outcome == "neutral"_L1;
}

bool Learning::isValidChangeType(const QString &changeType)
{
    return changeType == "description-only"_L1 || changeType == "examples-only"_L1 ||
           changeType == "both"_L1 || changeType == "initial"_L1;
}
