#include "memorycurator.h"

#include "categorymemory.h"
#include "memorylog.h"
#include "learningtext.h"
#include "memorymerger.h"
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
    , m_log(store.feedbackLog())
{}

QDateTime MemoryCurator::now() const
{
    return (m_clock ? m_clock() : QDateTime::currentDateTimeUtc()).toUTC();
}

MemoryCurator::Result MemoryCurator::apply(const QString &category, const Step &step,
                                           const QDateTime &updatedAt) const
{
    Result out;
    QList<FeedbackLog::Entry> entries;
    CategoryMemory before;
    const QDateTime when = now();
    const MemoryStore::Updated u = m_store.update(
        category,
        [&](CategoryMemory &m) {
            before = m;
            entries.clear();
            out.error = step(m, entries);
            return out.error.isEmpty();
        },
        updatedAt.isValid() ? updatedAt : when,
        [&](const QString &stateBefore, const QString &stateAfter) {
            return m_log.appendChange(entries, when, category, u"person"_s, stateBefore, stateAfter);
        });
    if (out.ok() && !u.ok())
        out.error = u.error;
    if (!out.ok()) {
        out.learning.reset();
        out.inverted = false;
        out.antiPattern.clear();
        return out;
    }
    out.memoryBefore = before;
    out.memoryAfter = u.memory;
    return out;
}

MemoryCurator::Result MemoryCurator::change(const QString &category, const QString &id,
                                            const QString &action, const LearningStep &step) const
{
    std::optional<Learning> changed;
    Result out = apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        Learning *l = m.learning(id);
        if (!l)
            return missing(category, id);
        FeedbackLog::Entry e;
        e.learningId = id;
        e.action = action;
        e.before = l->toJson();
        const QString error = step(*l, e.action);
        if (!error.isEmpty())
            return error;
        e.after = l->toJson();
        changed = *l;
        entries.append(e);
        return QString();
    });
    if (out.ok())
        out.learning = changed;
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
    const QDateTime when = now();
    return change(category, id, u"confirm"_s, [&](Learning &l, QString &) {
        l.confirm(when);
        return QString();
    });
}

MemoryCurator::Result MemoryCurator::reject(const QString &category, const QString &id) const
{
    std::optional<Learning> changed;
    QString added;
    Result out = apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        const qsizetype i = m.indexOf(id);
        if (i < 0)
            return missing(category, id);
        Learning &l = m.learnings[i];
        FeedbackLog::Entry e;
        e.learningId = id;
        e.action = u"reject"_s;
        e.before = l.toJson();
        const bool inverted = l.reject();
        e.after = l.toJson();
        changed = l;
        if (inverted) {
            // The pitfall goes where the Anti-patterns panel and the injector look: the list.
            e.action = u"invert"_s;
            const QString form = LearningText::normalised(l.insight);
            const bool listed =
                std::any_of(m.antiPatterns.cbegin(), m.antiPatterns.cend(),
                            [&](const QString &a) { return LearningText::normalised(a) == form; });
            if (!listed) {
                added = l.insight;
                m.antiPatterns.append(added);
            }
            m.learnings.removeAt(i);
            e.after = QJsonObject{{u"learning"_s, changed->toJson()},
                                  {u"antiPattern"_s, added.isEmpty() ? QJsonValue() : added},
                                  {u"movedTo"_s, u"antiPatterns"_s}};
        }
        entries.append(e);
        return QString();
    });
    if (out.ok()) {
        out.learning = changed;
        out.inverted = changed && changed->isAntiPattern() &&
                       !out.memoryAfter->learning(id); // it left the learnings
        out.antiPattern = added;
    }
    return out;
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
    return apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        const qsizetype i = m.indexOf(id);
        if (i < 0)
            return missing(category, id);
        FeedbackLog::Entry e;
        e.learningId = id;
        e.action = u"delete"_s;
        e.before = m.learnings.at(i).toJson();
        e.after = QJsonValue();
        m.learnings.removeAt(i);
        entries.append(e);
        return QString();
    });
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
    out = apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        m.learnings.append(l);
        FeedbackLog::Entry e;
        e.learningId = l.id;
        e.action = u"add"_s;
        e.before = QJsonValue();
        e.after = l.toJson();
        entries.append(e);
        return QString();
    });
    if (out.ok())
        out.learning = l;
    return out;
}

MemoryCurator::Result MemoryCurator::merge(const QString &category, const QString &keepId,
                                           const QString &mergedId) const
{
    if (keepId == mergedId)
        return {u"cannot merge a learning with itself"_s};
    std::optional<Learning> kept;
    Result out = apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        const qsizetype k = m.indexOf(keepId);
        const qsizetype g = m.indexOf(mergedId);
        if (k < 0 || g < 0)
            return missing(category, k < 0 ? keepId : mergedId);
        const Learning gone = m.learnings.at(g);
        Learning &keep = m.learnings[k];
        const QString conflict = MemoryMerger::mergeConflict(keep, gone);
        if (!conflict.isEmpty())
            return u"cannot merge %1 into %2: %3"_s.arg(mergedId, keepId, conflict);
        FeedbackLog::Entry e;
        e.learningId = keepId;
        e.action = u"merge"_s;
        e.before = QJsonArray{keep.toJson(), gone.toJson()};
        MemoryMerger::absorb(keep, gone);
        e.after = keep.toJson();
        kept = keep;
        m.learnings.removeAt(g);
        entries.append(e);
        return QString();
    });
    if (out.ok())
        out.learning = kept;
    return out;
}

MemoryCurator::Result MemoryCurator::restore(const QString &category,
                                             const CategoryMemory &snapshot,
                                             const QString &action) const
{
    return apply(category, [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
        FeedbackLog::Entry e;
        e.action = action;
        e.before = m.toJson();
        m = snapshot;
        e.after = m.toJson();
        entries.append(e);
        return QString();
    }, snapshot.updatedAt);
}

QString MemoryCurator::changeList(
    const QString &category, const QString &action,
    const std::function<QString(QStringList &, QJsonValue &, QJsonValue &)> &step) const
{
    return apply(category,
                 [&](CategoryMemory &m, QList<FeedbackLog::Entry> &entries) {
                     FeedbackLog::Entry e;
                     e.action = action;
                     const QString error = step(m.antiPatterns, e.before, e.after);
                     if (error.isEmpty())
                         entries.append(e);
                     return error;
                 })
        .error;
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
