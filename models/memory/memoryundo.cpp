#include "memoryundo.h"

#include <QUndoStack>

MemoryUndo::MemoryUndo(const MemoryStore &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_stack(new QUndoStack(this))
{}

QString MemoryUndo::perform(const QString &text, const QStringList &categories,
                            const MemoryEditCommand::Step &step)
{
    MemoryEditCommand::Performed p = MemoryEditCommand::perform(m_store, categories, text, step);
    if (!p.error.isEmpty())
        return p.error;
    if (p.command) {
        p.command->setErrorHandler([this](const QString &message) { emit failed(message); });
        m_stack->push(p.command.release()); // its first redo() does nothing: the step ran
    }
    return {};
}
