#pragma once

#include "memoryeditcommand.h"

#include <QObject>

class MemoryStore;
class QUndoStack;

// The memory browser's undo stack: every change a person makes to the memory (confirm, reject,
// approve, edit, add, merge, delete, anti-pattern edits, imports) runs through perform() and
// lands on the stack as a MemoryEditCommand.
class MemoryUndo final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryUndo)
public:
    explicit MemoryUndo(const MemoryStore &store, QObject *parent = nullptr);

    QUndoStack *stack() const { return m_stack; }
    const MemoryStore &store() const { return m_store; }

    // Runs `step` on `categories` (file keys) and, when it changed a file, pushes it. Returns
    // the step's error, or empty.
    QString perform(const QString &text, const QStringList &categories,
                    const MemoryEditCommand::Step &step);

signals:
    void failed(const QString &message); // an undo or redo could not be applied

private:
    const MemoryStore &m_store;
    QUndoStack *m_stack;
};
