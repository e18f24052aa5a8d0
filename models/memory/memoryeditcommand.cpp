#include "memoryeditcommand.h"

#include "memorystore/feedbacklog.h"
#include "memorystore/memorystore.h"

#include "domain/lockfiles.h"
#include "domain/nanoid.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QSaveFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The ids of both versions' learnings: `to`'s order, then those only in `from`.
QStringList learningIds(const CategoryMemory &from, const CategoryMemory &to)
{
    QStringList ids;
    for (const Learning &l : to.learnings)
        ids.append(l.id);
    for (const Learning &l : from.learnings) {
        if (!ids.contains(l.id))
            ids.append(l.id);
    }
    return ids;
}

bool same(const Learning *a, const Learning *b)
{
    return (!a && !b) || (a && b && *a == *b);
}

// Turns what the step changed in `m` from `from` into `to`; leaves the rest (changes made by
// another process) alone. Returns an error when another process changed the same things.
QString patch(CategoryMemory &m, const CategoryMemory &from, const CategoryMemory &to)
{
    const QStringList ids = learningIds(from, to);
    QStringList changed;
    for (const QString &id : ids) {
        const Learning *f = from.learning(id);
        const Learning *t = to.learning(id);
        if (same(f, t))
            continue;
        if (!same(m.learning(id), f)) {
            const Learning *shown = f ? f : t;
            return QCoreApplication::translate(
                       "MemoryEditCommand",
                       "The learning “%1” was changed elsewhere in the meantime.")
                .arg(shown->insight.left(60));
        }
        changed.append(id);
    }
    if (from.antiPatterns != to.antiPatterns && m.antiPatterns != from.antiPatterns)
        return QCoreApplication::translate(
            "MemoryEditCommand", "The anti-patterns were changed elsewhere in the meantime.");
    if (from.bestKnown != to.bestKnown && m.bestKnown != from.bestKnown)
        return QCoreApplication::translate(
            "MemoryEditCommand", "The best-known topic was changed elsewhere in the meantime.");

    for (const QString &id : std::as_const(changed)) {
        if (!to.learning(id))
            m.learnings.removeAt(m.indexOf(id));
    }
    for (const QString &id : std::as_const(changed)) {
        const Learning *t = to.learning(id);
        if (Learning *current = m.learning(id); current && t)
            *current = *t;
        else if (t)
            m.learnings.insert(std::clamp<qsizetype>(to.indexOf(id), 0, m.learnings.size()), *t);
    }
    m.antiPatterns = from.antiPatterns != to.antiPatterns ? to.antiPatterns : m.antiPatterns;
    if (from.bestKnown != to.bestKnown)
        m.bestKnown = to.bestKnown;
    return {};
}

} // namespace

MemoryEditCommand::MemoryEditCommand(const MemoryStore &store, QList<File> files,
                                     const QString &text)
    : m_store(store)
    , m_files(std::move(files))
{
    setText(text);
}

MemoryEditCommand::Version MemoryEditCommand::read(const MemoryStore &store,
                                                   const QString &category)
{
    Version v;
    v.memory.category = category;
    QFile f(store.pathFor(category));
    if (!f.open(QIODevice::ReadOnly))
        return v;
    v.exists = true;
    v.bytes = f.readAll();
    QStringList problems;
    v.memory = CategoryMemory::fromJson(QJsonDocument::fromJson(v.bytes).object(), &problems);
    return v;
}

MemoryEditCommand::Performed MemoryEditCommand::perform(const MemoryStore &store,
                                                        const QStringList &categories,
                                                        const QString &text, const Step &step)
{
    // The files are read outside the store's lock (the step takes it): a write by another
    // process in the few microseconds in between would be taken for part of the step.
    QList<File> files;
    for (const QString &category : categories)
        files.append({category, read(store, category), {}});
    Performed out;
    out.error = step();
    if (!out.error.isEmpty())
        return out;
    QList<File> changed;
    for (File &file : files) {
        file.after = read(store, file.category);
        if (file.after.exists != file.before.exists || file.after.bytes != file.before.bytes)
            changed.append(file);
    }
    if (!changed.isEmpty())
        out.command.reset(new MemoryEditCommand(store, changed, text));
    return out;
}

QStringList MemoryEditCommand::categories() const
{
    QStringList out;
    for (const File &f : m_files)
        out.append(f.category);
    return out;
}

void MemoryEditCommand::fail(const QString &error)
{
    m_error = error;
    setObsolete(true);
    if (m_onError)
        m_onError(QCoreApplication::translate("MemoryEditCommand", "Cannot undo or redo “%1”: %2")
                      .arg(text(), error));
}

void MemoryEditCommand::redo()
{
    if (std::exchange(m_done, false))
        return;
    m_error.clear();
    for (const File &f : std::as_const(m_files)) {
        if (const QString error = restore(f, false); !error.isEmpty())
            return fail(error);
    }
}

void MemoryEditCommand::undo()
{
    m_error.clear();
    for (auto f = m_files.crbegin(); f != m_files.crend(); ++f) {
        if (const QString error = restore(*f, true); !error.isEmpty())
            return fail(error);
    }
}

QList<FeedbackLog::Entry> MemoryEditCommand::entries(const File &file, bool undo,
                                                     const QString &stateBefore,
                                                     const QString &stateAfter)
{
    const CategoryMemory &from = undo ? file.after.memory : file.before.memory;
    const CategoryMemory &to = undo ? file.before.memory : file.after.memory;
    FeedbackLog::Entry e;
    e.id = NanoId::generate();
    e.timestamp = QDateTime::currentDateTimeUtc();
    e.category = file.category;
    e.action = undo ? u"undo"_s : u"redo"_s;
    e.source = u"person"_s;
    e.stateBefore = stateBefore;
    e.stateAfter = stateAfter;
    QList<FeedbackLog::Entry> out;
    for (const QString &id : learningIds(from, to)) {
        const Learning *f = from.learning(id);
        const Learning *t = to.learning(id);
        if (same(f, t))
            continue;
        e.learningId = id;
        e.before = f ? QJsonValue(f->toJson()) : QJsonValue();
        e.after = t ? QJsonValue(t->toJson()) : QJsonValue();
        out.append(e);
    }
    if (from.antiPatterns != to.antiPatterns) {
        e.learningId.clear();
        e.before = QJsonArray::fromStringList(from.antiPatterns);
        e.after = QJsonArray::fromStringList(to.antiPatterns);
        out.append(e);
    }
    return out;
}

QString MemoryEditCommand::restore(const File &file, bool undo) const
{
    const Version &from = undo ? file.after : file.before;
    const Version &to = undo ? file.before : file.after;
    const QString path = m_store.pathFor(file.category);
    const QString name = QDir::toNativeSeparators(path);
    const FeedbackLog log = m_store.feedbackLog();
    const auto state = [](const Version &v) {
        return v.exists ? FeedbackLog::stateHash(QJsonDocument::fromJson(v.bytes).object())
                        : QString();
    };
    {
        QLockFile lock(m_store.lockPathFor(file.category));
        if (!LockFiles::lock(lock, 10000)) // the GUI thread waits no longer than this
            return QCoreApplication::translate("MemoryEditCommand",
                                               "%1 is locked by another process.")
                .arg(name);
        QFile current(path);
        const bool exists = current.open(QIODevice::ReadOnly);
        const bool exact = exists == from.exists && (!exists || current.readAll() == from.bytes);
        current.close();
        if (exact) {
            // Write-ahead like MemoryStore::update(): the log entry first, then the file.
            if (const QString error = log.append(entries(file, undo, state(from), state(to)));
                !error.isEmpty())
                return error;
            if (!to.exists)
                return QFile::remove(path)
                           ? QString()
                           : QCoreApplication::translate("MemoryEditCommand", "Cannot remove %1.")
                                 .arg(name);
            QSaveFile f(path);
            if (!f.open(QIODevice::WriteOnly) || f.write(to.bytes) != to.bytes.size() ||
                !f.commit())
                return QCoreApplication::translate("MemoryEditCommand", "Cannot write %1: %2")
                    .arg(name, f.errorString());
            return {};
        }
    }
    // Another process changed the file since: put back only what the step changed.
    QString conflict;
    const MemoryStore::Updated u = m_store.update(
        file.category,
        [&](CategoryMemory &m) {
            conflict = patch(m, from.memory, to.memory);
            return conflict.isEmpty();
        },
        to.memory.updatedAt,
        [&](const QString &stateBefore, const QString &stateAfter) {
            return log.append(entries(file, undo, stateBefore, stateAfter));
        });
    return conflict.isEmpty() ? u.error : conflict;
}
