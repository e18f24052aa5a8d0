#include "categorymemory.h"

#include "lenientjson.h"

#include "domain/jsonin.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

double BestKnown::coverage() const
{
    return metrics.value(u"coverage"_s).toDouble();
}

EfficacyMetrics BestKnown::efficacy() const
{
    QStringList ignored;
    return EfficacyMetrics::fromJson(JsonIn(metrics, QString(), &ignored));
}

QJsonObject BestKnown::toJson() const
{
    QJsonObject topicJson = topic.toJson();
    LenientJson::overlay(topicJson, topicExtra);
    QJsonObject o{{u"runId"_s, runId},
                  {u"iteration"_s, iteration},
                  {u"topic"_s, topicJson},
                  {u"metrics"_s, metrics}};
    LenientJson::overlay(o, extra);
    return o;
}

BestKnown BestKnown::fromJson(const JsonIn &in)
{
    BestKnown b;
    b.extra = LenientJson::unknownMembers(in.raw(),
                                          {"runId"_L1, "iteration"_L1, "topic"_L1, "metrics"_L1});
    b.runId =
        LenientJson::keep(in, "runId"_L1, b.extra, [&] { return in.stringOr("runId"_L1, {}); });
    b.iteration = int(LenientJson::keep(in, "iteration"_L1, b.extra,
                                        [&] { return in.integerOr("iteration"_L1, 0); }));
    if (in.has("topic"_L1)) {
        // The topic is kept raw when any part of it is unreadable, so nothing is rewritten.
        QStringList topicProblems;
        const QJsonValue raw = in.raw().value("topic"_L1);
        if (raw.isObject()) {
            b.topic =
                Topic::fromJson(JsonIn(raw.toObject(), in.pathOf("topic"_L1), &topicProblems));
            b.topicExtra = LenientJson::unknownMembers(
                raw.toObject(), {"name"_L1, "description"_L1, "examples"_L1});
            if (!topicProblems.isEmpty())
                b.extra.insert(u"topic"_s, raw);
        } else {
            topicProblems.append(in.pathOf("topic"_L1) + u": expected an object"_s);
            b.extra.insert(u"topic"_s, raw);
        }
        if (in.errors())
            in.errors()->append(topicProblems);
    }
    b.metrics = LenientJson::keep(in, "metrics"_L1, b.extra, [&] {
        return in.optObject("metrics"_L1).value_or(QJsonObject());
    });
    return b;
}

const Learning *CategoryMemory::learning(const QString &id) const
{
    const qsizetype i = indexOf(id);
    return i < 0 ? nullptr : &learnings.at(i);
}

Learning *CategoryMemory::learning(const QString &id)
{
    const qsizetype i = indexOf(id);
    return i < 0 ? nullptr : &learnings[i];
}

qsizetype CategoryMemory::indexOf(const QString &id) const
{
    if (id.isEmpty())
        return -1;
    for (qsizetype i = 0; i < learnings.size(); ++i) {
        if (learnings.at(i).id == id)
            return i;
    }
    return -1;
}

QStringList CategoryMemory::shadowedFields() const
{
    static const QLatin1StringView top[] = {"category"_L1, "updatedAt"_L1, "learnings"_L1,
                                            "bestKnown"_L1, "antiPatterns"_L1};
    static const QLatin1StringView perLearning[] = {"id"_L1,
                                                    "runId"_L1,
                                                    "extractedAt"_L1,
                                                    "topicCategory"_L1,
                                                    "topicDescription"_L1,
                                                    "insight"_L1,
                                                    "strategy"_L1,
                                                    "outcome"_L1,
                                                    "changeType"_L1,
                                                    "metrics"_L1,
                                                    "corroborations"_L1,
                                                    "tags"_L1,
                                                    "confidence"_L1,
                                                    "lastRecalledAt"_L1,
                                                    "type"_L1,
                                                    "source"_L1,
                                                    "status"_L1,
                                                    "lastConfirmedAt"_L1,
                                                    "intentNeutral"_L1,
                                                    "iteration"_L1,
                                                    "mergedFrom"_L1};
    // Not "intent": an intent this version does not know is kept verbatim in `extra` and
    // nothing here ever changes it, so it need not make the file read-only.
    QStringList out;
    for (QLatin1StringView key : top) {
        if (extra.contains(key))
            out.append(QString(key));
    }
    if (bestKnown) {
        for (QLatin1StringView key : {"runId"_L1, "iteration"_L1, "topic"_L1, "metrics"_L1}) {
            if (bestKnown->extra.contains(key))
                out.append(u"bestKnown."_s + key);
        }
    }
    for (qsizetype i = 0; i < learnings.size(); ++i) {
        for (QLatin1StringView key : perLearning) {
            if (learnings.at(i).extra.contains(key))
                out.append(u"learnings[%1].%2"_s.arg(i).arg(key));
        }
    }
    return out;
}

int CategoryMemory::pendingCount() const
{
    return int(std::count_if(learnings.cbegin(), learnings.cend(),
                             [](const Learning &l) { return l.isPending(); }));
}

QJsonObject CategoryMemory::toJson() const
{
    QJsonArray list;
    for (const Learning &l : learnings)
        list.append(l.toJson());
    QJsonObject o{{u"category"_s, category},
                  {u"updatedAt"_s, updatedAt.isValid() ? toIsoString(updatedAt) : QString()},
                  {u"learnings"_s, list},
                  {u"bestKnown"_s, bestKnown ? QJsonValue(bestKnown->toJson()) : QJsonValue()},
                  {u"antiPatterns"_s, QJsonArray::fromStringList(antiPatterns)}};
    LenientJson::overlay(o, extra);
    return o;
}

CategoryMemory CategoryMemory::fromJson(const QJsonObject &object, QStringList *problems)
{
    const JsonIn in(object, QString(), problems);
    CategoryMemory m;
    m.extra = LenientJson::unknownMembers(
        object, {"category"_L1, "updatedAt"_L1, "learnings"_L1, "bestKnown"_L1, "antiPatterns"_L1});
    m.category = LenientJson::keep(in, "category"_L1, m.extra,
                                   [&] { return in.stringOr("category"_L1, {}); });
    if (in.has("updatedAt"_L1) && object.value("updatedAt"_L1) != QJsonValue(QString()))
        m.updatedAt = LenientJson::keep(in, "updatedAt"_L1, m.extra,
                                        [&] { return in.timestamp("updatedAt"_L1); });
    const QJsonArray learnings =
        LenientJson::keep(in, "learnings"_L1, m.extra, [&] { return in.arrayOr("learnings"_L1); });
    for (qsizetype i = 0; i < learnings.size(); ++i) {
        const QJsonValue v = learnings.at(i);
        if (v.isObject()) {
            m.learnings.append(Learning::fromJson(in.element("learnings"_L1, i, v)));
            continue;
        }
        // Not a learning at all: reported, and the whole list is kept raw so that it survives
        // (which makes the file read-only, see shadowedFields()).
        if (problems)
            problems->append(u"learnings[%1]: expected an object"_s.arg(i));
        m.extra.insert(u"learnings"_s, learnings);
    }
    if (in.has("bestKnown"_L1)) {
        const QJsonValue raw = object.value("bestKnown"_L1);
        if (raw.isObject())
            m.bestKnown = BestKnown::fromJson(in.child("bestKnown"_L1));
        else
            LenientJson::keep(in, "bestKnown"_L1, m.extra,
                              [&] { return in.child("bestKnown"_L1); });
    }
    m.antiPatterns = LenientJson::keep(in, "antiPatterns"_L1, m.extra,
                                       [&] { return in.stringsOr("antiPatterns"_L1); });
    return m;
}
