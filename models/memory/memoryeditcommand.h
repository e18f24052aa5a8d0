#pragma once

#include "memorystore/categorymemory.h"
#include "memorystore/feedbacklog.h"

#include <QByteArray>
#include <QUndoCommand>

#include <functional>
#include <memory>

class MemoryStore;

// One change to the memory (a curation step, or an import over several categories), undoable
// byte for byte. perform() reads the category files, runs the step (through MemoryCurator or
// MemoryBundles, which lock, write atomically and log it) and reads the files again; the
// command keeps both versions of every file the step changed. Undo and redo write the other
// version back under the store's lock (`<category>.json.lock`, the same protocol as
// MemoryStore::update()):
// - when the file is still exactly as the step (or the last undo) left it: the exact bytes of
//   the other version (a file the step created is removed again);
// - when another process changed it since: only the learnings, anti-patterns and best-known
//   topic the step changed, through MemoryStore::update(); if another process changed those
//   too, nothing is written and the command fails.
// Each undo and redo is logged in feedback-log.jsonl ("undo" / "redo", with before and after)
// ahead of the write, as MemoryStore::update() does, so no change lands without its entry.
// A failed undo or redo marks the command obsolete (QUndoStack then drops it) and calls the
// error handler.
class MemoryEditCommand final : public QUndoCommand
{
public:
    using Step = std::function<QString()>; // error message, or empty

    struct Performed
    {
        std::unique_ptr<MemoryEditCommand> command; // null when the step failed or changed nothing
        QString error;
    };
    // Runs `step` on `categories` (file keys). The command's first redo() does nothing.
    static Performed perform(const MemoryStore &store, const QStringList &categories,
                             const QString &text, const Step &step);

    void redo() override;
    void undo() override;

    QStringList categories() const;
    QString error() const { return m_error; } // of the last undo or redo
    void setErrorHandler(std::function<void(const QString &)> handler)
    {
        m_onError = std::move(handler);
    }

private:
    struct Version
    {
        bool exists = false;
        QByteArray bytes;
        CategoryMemory memory;
    };
    struct File
    {
        QString category;
        Version before;
        Version after;
    };

    MemoryEditCommand(const MemoryStore &store, QList<File> files, const QString &text);
    static Version read(const MemoryStore &store, const QString &category);
    QString restore(const File &file, bool undo) const;
    static QList<FeedbackLog::Entry> entries(const File &file, bool undo,
                                             const QString &stateBefore, const QString &stateAfter);
    void fail(const QString &error);

    const MemoryStore &m_store;
    QList<File> m_files;
    bool m_done = true; // perform() ran the step: the first redo() has nothing to do
    QString m_error;
    std::function<void(const QString &)> m_onError;
};
