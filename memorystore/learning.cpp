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

QJsonObject LearningOrigin::toJson() const
{
    QJsonObject o;
    if (!learningId.isEmpty())
        o.insert(u"id"_s, learningId);
    o.insert(u"runId"_s, runId);
    if (!source.isEmpty())
        o.insert(u"source"_s, source);
    if (!topicCategory.isEmpty())
        o.insert(u"topicCategory"_s, topicCategory);
    if (extractedAt.isValid())
        o.insert(u"extractedAt"_s, toIsoString(extractedAt));
    return o;
}

LearningOrigin LearningOrigin::fromJson(const QJsonObject &o)
{
    LearningOrigin out;
    out.learningId = o.value("id"_L1).toString();
    out.runId = o.value("runId"_L1).toString();
    out.source = o.value("source"_L1).toString();
    out.topicCategory = o.value("topicCategory"_L1).toString();
    out.extractedAt =
        QDateTime::fromString(o.value("extractedAt"_L1).toString(), Qt::ISODateWithMs).toUTC();
    return out;
}

QString ConfidenceExplanation::number(double value)
{
    return value > 0 && value < 0.005 ? u"<0.01"_s : QString::number(value, 'f', 2);
}

QString ConfidenceExplanation::baseText() const
{
    if (!baseFromCorroborations)
        return number(base) + u" (stored: confirmations, rejections and corroborations applied)"_s;
    const int corroborations = seen - 1;
    QString text = u"%1 + %2 × %3 corroborations"_s.arg(number(Learning::DefaultConfidence),
                                                       number(Learning::CorroborationStep))
                       .arg(corroborations);
    if (Learning::DefaultConfidence + Learning::CorroborationStep * corroborations >
        Learning::CorroborationCap)
        text += u", at most "_s + number(Learning::CorroborationCap);
    return text + u" = "_s + number(base);
}

QString ConfidenceExplanation::formula() const
{
    if (halfLifeDays <= 0)
        return number(shown) + u" = base "_s + number(base) + u" (decay off)"_s;
    if (!clock.isValid())
        return number(shown) + u" = base "_s + number(base) +
               u" (never confirmed or used: no decay)"_s;
    return u"%1 = base %2 × 0.5^(%3 days ÷ %4) since last %5"_s.arg(
        number(shown), number(base), QString::number(ageDays, 'f', 1),
        QString::number(halfLifeDays, 'g', 6),
        clock == lastConfirmed ? u"confirmed"_s : u"used"_s);
}

QStringList ConfidenceExplanation::details() const
{
    const auto day = [](const QDateTime &t) {
        return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm'Z'"_s) : u"never"_s;
    };
    QStringList out{u"confidence: "_s + formula(), u"base: "_s + baseText(),
                    u"seen: %1×"_s.arg(seen), u"last confirmed: "_s + day(lastConfirmed),
                    u"last used: "_s + day(lastUsed)};
    if (clock.isValid())
        out.append(u"age: %1 days"_s.arg(QString::number(ageDays, 'f', 1)));
    out.append(halfLifeDays > 0
                   ? u"half-life: %1 days"_s.arg(QString::number(halfLifeDays, 'g', 6))
                   : u"half-life: decay off"_s);
    return out;
}

double Learning::priorFor(int corroborations)
{
    return std::min(CorroborationCap,
                    DefaultConfidence + CorroborationStep * std::max(0, corroborations));
}

double Learning::baseConfidence() const
{
    return confidence ? *confidence : rounded(priorFor(corroborations));
}

bool Learning::isAntiPattern() const
{
    return type.has_value() && *type == "anti-pattern"_L1;
}

bool Learning::isPitfall() const
{
    return isAntiPattern() || insight.startsWith(PitfallPrefix);
}

bool Learning::isPending() const
{
    return status.has_value() && *status == "pending"_L1;
}

QDateTime Learning::decayClock() const
{
    QDateTime clock;
    for (const std::optional<QDateTime> &t : {lastConfirmedAt, lastRecalledAt}) {
        if (t && t->isValid() && (!clock.isValid() || *t > clock))
            clock = *t;
    }
    return clock;
}

ConfidenceExplanation Learning::explainConfidence(const QDateTime &now, double halfLifeDays) const
{
    ConfidenceExplanation e;
    e.base = baseConfidence();
    e.baseFromCorroborations = !confidence.has_value();
    e.seen = corroborations + 1;
    e.lastConfirmed = lastConfirmedAt.value_or(QDateTime());
    e.lastUsed = lastRecalledAt.value_or(QDateTime());
    e.clock = decayClock();
    e.halfLifeDays = halfLifeDays;
    if (e.clock.isValid() && now.isValid())
        e.ageDays = std::max<double>(0.0, double(e.clock.msecsTo(now)) / 86400000.0);
    if (halfLifeDays > 0 && e.clock.isValid())
        e.decayFactor = std::pow(0.5, e.ageDays / halfLifeDays);
    e.shown = e.base * e.decayFactor;
    return e;
}

double Learning::rankScore(const QDateTime &now, double halfLifeDays) const
{
    return double(corroborations + 1) * effectiveConfidence(now, halfLifeDays) / 0.5;
}

void Learning::confirm(const QDateTime &now)
{
    confidence = rounded(std::min(MaxConfidence, baseConfidence() + ConfirmStep));
    if (now.isValid())
        lastConfirmedAt = now.toUTC();
}

void Learning::corroborate()
{
    ++corroborations;
    if (confidence && *confidence < CorroborationCap)
        confidence = rounded(std::min(CorroborationCap, *confidence + CorroborationStep));
}

bool Learning::reject()
{
    const double lowered = rounded(std::max(MinConfidence, baseConfidence() - RejectStep));
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

LearningOrigin Learning::origin() const
{
    return {id, runId, source.value_or(QString()), topicCategory, extractedAt};
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
    if (lastConfirmedAt)
        o.insert(u"lastConfirmedAt"_s, toIsoString(*lastConfirmedAt));
    if (type)
        o.insert(u"type"_s, *type);
    if (source)
        o.insert(u"source"_s, *source);
    if (status)
        o.insert(u"status"_s, *status);
    if (intent)
        o.insert(u"intent"_s, intentName(*intent));
    if (intentNeutral)
        o.insert(u"intentNeutral"_s, true);
    if (iteration)
        o.insert(u"iteration"_s, *iteration);
    if (!mergedFrom.isEmpty()) {
        QJsonArray origins;
        for (const LearningOrigin &origin : mergedFrom)
            origins.append(origin.toJson());
        o.insert(u"mergedFrom"_s, origins);
    }
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
                   "source"_L1, "status"_L1, "intent"_L1, "intentNeutral"_L1, "lastConfirmedAt"_L1,
                   "iteration"_L1, "mergedFrom"_L1});
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
    l.lastConfirmedAt = time("lastConfirmedAt"_L1);
    l.type = optStr("type"_L1);
    l.source = optStr("source"_L1);
    l.status = optStr("status"_L1);
    if (const auto name = optStr("intent"_L1)) {
        l.intent = intentFromName(*name);
        if (!l.intent) // an intent this version does not know: keep it verbatim
            l.extra.insert(u"intent"_s, *name);
    }
    l.intentNeutral = LenientJson::keep(in, "intentNeutral"_L1, l.extra,
                                        [&] { return in.booleanOr("intentNeutral"_L1, false); });
    if (in.has("iteration"_L1)) {
        const auto iteration = LenientJson::keep(in, "iteration"_L1, l.extra,
                                                 [&] { return in.optInteger("iteration"_L1); });
        if (iteration)
            l.iteration = int(*iteration);
    }
    const QJsonArray origins = LenientJson::keep(in, "mergedFrom"_L1, l.extra,
                                                 [&] { return in.arrayOr("mergedFrom"_L1); });
    for (const QJsonValue &v : origins) {
        if (!v.isObject()) { // not an origin: keep the whole list verbatim
            l.extra.insert(u"mergedFrom"_s, origins);
            l.mergedFrom.clear();
            break;
        }
        l.mergedFrom.append(LearningOrigin::fromJson(v.toObject()));
    }
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
