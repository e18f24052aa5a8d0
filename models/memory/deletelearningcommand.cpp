#include "deletelearningcommand.h"

#include "domain/jsonin.h"
#include "memorystore/feedbacklog.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

DeleteLearningCommand::DeleteLearningCommand(const MemoryStore &store, QString category,
                                             QString learningId, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_store(store)
    , m_category(std::move(category))
    , m_id(std::move(learningId))
{
    setText(QCoreApplication::translate("DeleteLearningCommand", "Delete learning"));
}

void DeleteLearningCommand::redo()
{
    m_error.clear();
    const MemoryStore::Loaded loaded = m_store.load(m_category);
    const qsizetype index = loaded.ok() ? loaded.memory.indexOf(m_id) : -1;
    if (index < 0) {
        m_error = loaded.ok() ? QCoreApplication::translate("DeleteLearningCommand",
                                                            "The learning %1 is gone.")
                                    .arg(m_id)
                              : loaded.error;
        setObsolete(true);
        return;
    }
    m_object = loaded.memory.learnings.at(index).toJson();
    m_index = index;
    m_updatedAt = loaded.memory.updatedAt;
    const MemoryCurator::Result r = MemoryCurator(m_store).remove(m_category, m_id);
    if (!r.ok()) {
        m_error = r.error;
        setObsolete(true);
    }
}

void DeleteLearningCommand::undo()
{
    m_error.clear();
    QStringList problems;
    const Learning learning = Learning::fromJson(JsonIn(m_object, u"learning"_s, &problems));
    bool inserted = false;
    const MemoryStore::Updated u = m_store.update(
        m_category,
        [&](CategoryMemory &m) {
            if (m.indexOf(m_id) >= 0)
                return false; // already back (another window undid it)
            m.learnings.insert(std::clamp<qsizetype>(m_index, 0, m.learnings.size()), learning);
            inserted = true;
            return true;
        },
        m_updatedAt);
    if (!u.ok()) {
        m_error = u.error;
        return;
    }
    if (inserted && u.written) {
        FeedbackLog(m_store.feedbackLogPath())
            .append({QDateTime::currentDateTimeUtc(), m_category, m_id, u"restore"_s, QJsonValue(),
                     m_object});
    }
}
