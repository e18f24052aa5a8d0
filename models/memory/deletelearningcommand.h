#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QUndoCommand>

class MemoryStore;

// Deletes a learning through MemoryCurator::remove(); undo puts the same JSON object back at
// the same index through MemoryStore::update() with the file's previous updatedAt, so the
// file reads byte for byte as before (both steps are logged in feedback-log.jsonl, the undo as
// "restore"). A redo that fails marks the command obsolete (QUndoStack then drops it); see
// error().
class DeleteLearningCommand final : public QUndoCommand
{
public:
    DeleteLearningCommand(const MemoryStore &store, QString category, QString learningId,
                          QUndoCommand *parent = nullptr);

    void redo() override;
    void undo() override;

    QString category() const { return m_category; }
    QString learningId() const { return m_id; }
    QString error() const { return m_error; }

private:
    const MemoryStore &m_store;
    QString m_category;
    QString m_id;
    QJsonObject m_object;
    qsizetype m_index = -1;
    QDateTime m_updatedAt;
    QString m_error;
};
