#include "memorycurator.h"

#include "categorymemory.h"
#include "memorylog.h"
#include "memorystore.h"

#include "domain/nanoid.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString missing(const QString &category, const QString &id)
{
    return u"no learning %1 in %2"_s.arg(id, category);
}

} // namespace

MemoryCurator::MemoryCurator(const MemoryStore &store)
    : m_store(store)
    , m_log(store.feedbackLogPath())
{}

QDateTime MemoryCurator::now() const
{
    return (m_clock ? m_clock() : QDateTime::currentDateTimeUtc()).toUTC();
}

void MemoryCurator::record(const QString &category, const QString &id, const QString &action,
                           const QJsonValue &before, const QJsonValue &after) const
{
    FeedbackLog::Entry e;
    e.timestamp = now();
    e.category = category;
    e.learningId = id;
    e.action = action;
    e.before = before;
    e.after = after;
    const QString error = m_log.append(e);
    if (!error.isEmpty())
        qCWarning(lcMemory).noquote() << error;
}

MemoryCurator::Result MemoryCurator::change(const QString &category, const QString &id,
                                            const QString &action, const LearningStep &step) const
{
    Result out;
    QJsonValue before, after;
    QString logged = action;
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            Learning *l = m.learning(id);
            if (!l) {
                out.error = missing(category, id);
                return false;
            }
            before = l->toJson();
            out.error = step(*l, logged);
            if (!out.error.isEmpty())
                return false;
            after = l->toJson();
            out.learning = *l;
            return true;
        },
        now());
    if (out.ok() && !u.ok())
        out.error = u.error;
    if (out.ok())
        record(category, id, logged, before, after);
    else
        out.learning.reset();
    return out;
}

MemoryCurator::Result MemoryCurator::edit(const QString &category, const QString &id,
                                          const LearningPatch &patch) const
{
    return change(category, id, u"edit"_s, [&](Learning &l, QString &) -> QString {
        if (patch.insight && patch.insight->trimmed().isEmpty())
            return u"the insight cannot be empty"_s;
        if (patch.outcome && !Learning::isValidOutcome(*patch.outcome))
            return u"not an outcome: "_s + *patch.outcome;
        if (patch.changeType && !Learning::isValidChangeType(*patch.changeType))
            return u"not a change type: "_s + *patch.changeType;
        if (patch.status && *patch.status != "active"_L1 && *patch.status != "pending"_L1)
            return u"not a status: "_s + *patch.status;
        if (patch.insight)
            l.insight = *patch.insight;
        if (patch.strategy)
            l.strategy = *patch.strategy;
        if (patch.outcome)
            l.outcome = *patch.outcome;
        if (patch.changeType)
            l.changeType = *patch.changeType;
        if (patch.tags)
            l.tags = *patch.tags;
        if (patch.confidence)
            l.confidence =
                std::clamp(*patch.confidence, Learning::MinConfidence, Learning::MaxConfidence);
        if (patch.status)
            l.status = *patch.status;
        return {};
    });
}

MemoryCurator::Result MemoryCurator::confirm(const QString &category, const QString &id) const
{
    return change(category, id, u"confirm"_s, [](Learning &l, QString &) {
        l.confirm();
        return QString();
    });
}

MemoryCurator::Result MemoryCurator::reject(const QString &category, const QString &id) const
{
    return change(category, id, u"reject"_s, [](Learning &l, QString &action) {
        if (l.reject())
            action = u"invert"_s;
        return QString();
    });
}

MemoryCurator::Result MemoryCurator::approve(const QString &category, const QString &id) const
{
    return change(category, id, u"approve"_s, [](Learning &l, QString &) {
        l.status = u"active"_s;
        return QString();
    });
}

MemoryCurator::Result MemoryCurator::remove(const QString &category, const QString &id) const
{
    Result out;
    QJsonValue before;
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            const qsizetype i = m.indexOf(id);
            if (i < 0) {
                out.error = missing(category, id);
                return false;
            }
            before = m.learnings.at(i).toJson();
            m.learnings.removeAt(i);
            return true;
        },
        now());
    if (out.ok() && !u.ok())
        out.error = u.error;
    if (out.ok())
        record(category, id, u"delete"_s, before, QJsonValue());
    return out;
}

MemoryCurator::Result MemoryCurator::add(const QString &category, const NewLearning &n) const
{
    Result out;
    if (n.insight.trimmed().isEmpty())
        out.error = u"the insight cannot be empty"_s;
    else if (!Learning::isValidOutcome(n.outcome))
        out.error = u"not an outcome: "_s + n.outcome;
    else if (!Learning::isValidChangeType(n.changeType))
        out.error = u"not a change type: "_s + n.changeType;
    if (!out.ok())
        return out;
    Learning l;
    l.id = NanoId::generate();
    l.extractedAt = now();
    l.topicCategory = category;
    l.topicDescription = n.topicDescription.isEmpty() ? category : n.topicDescription;
    l.insight = n.insight;
    l.strategy = n.strategy;
    l.outcome = n.outcome;
    l.changeType = n.changeType;
    l.tags = n.tags;
    l.confidence = Learning::DefaultConfidence;
    l.source = u"person"_s;
    l.status = u"active"_s;
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            m.learnings.append(l);
            return true;
        },
        now());
    out.error = u.error;
    if (out.ok()) {
        out.learning = l;
        record(category, l.id, u"add"_s, QJsonValue(), l.toJson());
    }
    return out;
}

MemoryCurator::Result MemoryCurator::merge(const QString &category, const QString &keepId,
                                           const QString &mergedId) const
{
    Result out;
    if (keepId == mergedId)
        return {u"cannot merge a learning with itself"_s, {}};
    QJsonArray before;
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            const qsizetype k = m.indexOf(keepId);
            const qsizetype g = m.indexOf(mergedId);
            if (k < 0 || g < 0) {
                out.error = missing(category, k < 0 ? keepId : mergedId);
                return false;
            }
            const Learning gone = m.learnings.at(g);
            Learning &keep = m.learnings[k];
            before = {keep.toJson(), gone.toJson()};
            keep.corroborations += gone.corroborations + 1;
            for (const QString &t : gone.tags) {
                if (!keep.tags.contains(t))
                    keep.tags.append(t);
            }
            if (gone.extractedAt > keep.extractedAt)
                keep.extractedAt = gone.extractedAt;
            if (gone.lastRecalledAt &&
                (!keep.lastRecalledAt || *gone.lastRecalledAt > *keep.lastRecalledAt))
                keep.lastRecalledAt = gone.lastRecalledAt;
            if (gone.confidence && gone.confidenceValue() > keep.confidenceValue())
                keep.confidence = gone.confidence;
            out.learning = keep;
            m.learnings.removeAt(g);
            return true;
        },
        now());
    if (out.ok() && !u.ok())
        out.error = u.error;
    if (out.ok())
        record(category, keepId, u"merge"_s, before, out.learning->toJson());
    else
        out.learning.reset();
    return out;
}

QString MemoryCurator::changeList(
    const QString &category, const QString &action,
    const std::function<QString(QStringList &, QJsonValue &, QJsonValue &)> &step) const
{
    QString error;
    QJsonValue before, after;
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            error = step(m.antiPatterns, before, after);
            return error.isEmpty();
        },
        now());
    if (error.isEmpty())
        error = u.error;
    if (error.isEmpty())
        record(category, QString(), action, before, after);
    return error;
}

QString MemoryCurator::addAntiPattern(const QString &category, const QString &text) const
{
    if (text.trimmed().isEmpty())
        return u"an anti-pattern cannot be empty"_s;
    return changeList(category, u"anti-pattern-add"_s,
                      [&](QStringList &list, QJsonValue &, QJsonValue &after) -> QString {
                          if (list.contains(text))
                              return u"already listed: "_s + text;
                          list.append(text);
                          after = text;
                          return {};
                      });
}

QString MemoryCurator::editAntiPattern(const QString &category, int index,
                                       const QString &text) const
{
    if (text.trimmed().isEmpty())
        return u"an anti-pattern cannot be empty"_s;
    return changeList(category, u"anti-pattern-edit"_s,
                      [&](QStringList &list, QJsonValue &before, QJsonValue &after) -> QString {
                          if (index < 0 || index >= list.size())
                              return u"no anti-pattern %1 in %2"_s.arg(index).arg(category);
                          before = list.at(index);
                          list[index] = text;
                          after = text;
                          return {};
                      });
}

QString MemoryCurator::removeAntiPattern(const QString &category, int index) const
{
    return changeList(category, u"anti-pattern-delete"_s,
                      [&](QStringList &list, QJsonValue &before, QJsonValue &) -> QString {
                          if (index < 0 || index >= list.size())
                              return u"no anti-pattern %1 in %2"_s.arg(index).arg(category);
                          before = list.at(index);
                          list.removeAt(index);
                          return {};
                      });
}
