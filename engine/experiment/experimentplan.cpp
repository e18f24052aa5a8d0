#include "experimentplan.h"

#include "domain/jsonin.h"

#include <QFile>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype MaxTopicChars = 1000;
constexpr qint64 MaxTopicsFileBytes = 1024 * 1024;
} // namespace

ExperimentPlan ExperimentPlan::create(const QStringList &topics, int orders, quint32 seed, const RunSettings &base)
{
    ExperimentPlan plan;
    plan.createdAt = QDateTime::currentDateTimeUtc();
    plan.topics = topics;
    plan.orders = orders;
    plan.seed = seed;
    plan.base = base;
    QRandomGenerator rng(seed);
    for (int order = 1; order <= orders; ++order) {
        QList<int> sequence(topics.size());
        std::iota(sequence.begin(), sequence.end(), 0);
        // Fisher–Yates with the plan's own generator: the same seed gives the same orders.
        for (qsizetype i = sequence.size() - 1; i > 0; --i)
            std::swap(sequence[i], sequence[qsizetype(rng.bounded(quint32(i + 1)))]);
        for (int position = 1; position <= sequence.size(); ++position) {
            const bool onFirst = rng.bounded(2u) == 1;
            for (const bool memoryOn : {onFirst, !onFirst})
                plan.runs.append({order, position, sequence.at(position - 1), memoryOn, {}});
        }
    }
    return plan;
}

QStringList ExperimentPlan::defaultTopics()
{
    // Two subject words each, one of them shared: every pair is related (CategoryKey::match
    // asks for half the smaller set's subject words), so each topic can learn from the others.
    return {u"Block requests to buy guns"_s,    u"Block requests to build guns"_s,
            u"Block requests to modify guns"_s, u"Block requests to smuggle guns"_s,
            u"Block requests to hide guns"_s,   u"Block requests to steal guns"_s};
}

QStringList ExperimentPlan::readTopics(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"%1: %2"_s.arg(path, file.errorString());
        return {};
    }
    if (file.size() > MaxTopicsFileBytes) {
        *error = u"%1: larger than 1 MB; a topics file has one topic per line"_s.arg(path);
        return {};
    }
    const QByteArray bytes = file.readAll();
    QString text = QString::fromUtf8(bytes);
    if (text.toUtf8() != bytes) {
        *error = u"%1: not UTF-8 text"_s.arg(path);
        return {};
    }
    QStringList topics;
    QSet<QString> seen;
    int lineNumber = 0;
    for (const QString &raw : text.split(u'\n')) {
        ++lineNumber;
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        if (line.size() > MaxTopicChars) {
            *error = u"%1:%2: a topic of %3 characters; at most %4"_s.arg(path).arg(lineNumber).arg(line.size()).arg(MaxTopicChars);
            return {};
        }
        if (seen.contains(line.toCaseFolded()))
            continue;
        seen.insert(line.toCaseFolded());
        topics.append(line);
    }
    if (topics.size() < 2) {
        *error = u"%1: %2 topic%3; an experiment needs at least two (one per line)"_s.arg(path).arg(topics.size()).arg(
            topics.size() == 1 ? QString() : u"s"_s);
        return {};
    }
    return topics;
}

QJsonObject ExperimentPlan::toJson() const
{
    QJsonArray runList;
    for (const Run &r : runs) {
        QJsonObject o{{u"order"_s, r.order}, {u"position"_s, r.position}, {u"topic"_s, r.topic}, {u"memory"_s, r.memoryOn}};
        if (!r.runId.isEmpty())
            o.insert(u"runId"_s, r.runId);
        runList.append(o);
    }
    return {{u"id"_s, id},
            {u"createdAt"_s, createdAt.toString(Qt::ISODateWithMs)},
            {u"topics"_s, QJsonArray::fromStringList(topics)},
            {u"orders"_s, orders},
            {u"seed"_s, double(seed)},
            {u"sandbox"_s, sandbox},
            {u"provider"_s, provider},
            {u"model"_s, model},
            {u"settings"_s, base.toJson()},
            {u"runs"_s, runList}};
}

ExperimentPlan ExperimentPlan::fromJson(const QJsonObject &json, QString *error)
{
    QStringList errors;
    const JsonIn in(json, u"experiment"_s, &errors);
    ExperimentPlan plan;
    plan.id = in.string("id"_L1);
    plan.createdAt = QDateTime::fromString(in.stringOr("createdAt"_L1, {}), Qt::ISODateWithMs);
    plan.topics = in.strings("topics"_L1);
    plan.orders = int(in.integer("orders"_L1));
    plan.seed = quint32(in.integerOr("seed"_L1, 0));
    plan.sandbox = in.booleanOr("sandbox"_L1, false);
    plan.provider = in.stringOr("provider"_L1, {});
    plan.model = in.stringOr("model"_L1, {});
    plan.base = RunSettings::fromJson(in.child("settings"_L1));
    const QJsonArray runList = json.value(u"runs"_s).toArray();
    for (const QJsonValue &v : runList) {
        const QJsonObject o = v.toObject();
        Run r{o.value(u"order"_s).toInt(), o.value(u"position"_s).toInt(), o.value(u"topic"_s).toInt(-1),
              o.value(u"memory"_s).toBool(), o.value(u"runId"_s).toString()};
        if (r.order < 1 || r.order > plan.orders || r.position < 1 || r.position > plan.topics.size() || r.topic < 0
            || r.topic >= plan.topics.size())
            errors << u"experiment.runs: an entry outside the plan's orders and topics"_s;
        plan.runs.append(r);
    }
    if (errors.isEmpty() && plan.runs.size() != qsizetype(plan.orders) * plan.topics.size() * 2)
        errors << u"experiment.runs: %1 entries for %2 orders of %3 topics"_s.arg(plan.runs.size()).arg(plan.orders).arg(plan.topics.size());
    *error = errors.isEmpty() ? QString() : errors.first();
    return plan;
}
