#include "memorystore.h"

#include "categorykey.h"
#include "feedbacklog.h"
#include "memoryindex.h"
#include "memorylog.h"

#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/lockfiles.h"
#include "domain/nanoid.h"
#include "domain/utf8.h"

#include <QCryptographicHash>
#include <QDir>
#include <QHash>
#include <QLockFile>

using namespace Qt::StringLiterals;

MemoryStore::MemoryStore(QString directory)
    : m_dir(QDir::cleanPath(std::move(directory)))
    , m_index(std::make_unique<MemoryIndex>(m_dir))
{}

MemoryStore::~MemoryStore() = default;

QString MemoryStore::fileKeyFor(const QString &category)
{
    if (Utf8::size(category) <= MaxFileKeyBytes)
        return category;
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(category.toUtf8(), QCryptographicHash::Sha1).toHex().left(10));
    const qsizetype room = MaxFileKeyBytes - 1 - hash.size();
    QString head;
    for (const QString &word : category.split(u'-', Qt::SkipEmptyParts)) {
        const QString next = head.isEmpty() ? word : head + u'-' + word;
        if (Utf8::size(next) > room)
            break;
        head = next;
    }
    if (head.isEmpty())
        head = Utf8::truncated(category, room);
    return head + u'-' + hash;
}

bool MemoryStore::isValidCategory(const QString &category)
{
    if (category.isEmpty() || category.startsWith(u'.'))
        return false;
    for (QChar c : category) {
        if (c == u'/' || c == u'\\' || c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    }
    return true;
}

QString MemoryStore::pathFor(const QString &category) const
{
    return m_dir + u'/' + fileKeyFor(category) + u".json"_s;
}

QString MemoryStore::lockPathFor(const QString &category) const
{
    return pathFor(category) + u".lock"_s;
}

QString MemoryStore::feedbackLogPath() const
{
    return m_dir + u'/' + FeedbackLog::FileName;
}

FeedbackLog MemoryStore::feedbackLog() const
{
    return FeedbackLog(feedbackLogPath(), m_lockTimeoutMs);
}

MemoryStore::Loaded MemoryStore::load(const QString &category) const
{
    Loaded out;
    out.memory.category = category;
    if (!isValidCategory(category)) {
        out.error = u"not a valid category name: "_s + category;
        return out;
    }
    const MemoryIndex::Snapshot s = m_index->get(fileKeyFor(category));
    out.exists = s.exists;
    out.error = s.error;
    out.problems = s.problems;
    if (s.memory)
        out.memory = *s.memory;
    return out;
}

QString MemoryStore::acquire(QLockFile &lock, const QString &path) const
{
    if (LockFiles::lock(lock, m_lockTimeoutMs, LockNoticeAfterMs, m_lockWaitNotice))
        return {};
    if (lock.error() == QLockFile::LockFailedError)
        return u"%1 is still locked by another process (pid %2) after %3 s; try again when it ends"_s
            .arg(QDir::toNativeSeparators(path))
            .arg(LockFiles::holder(lock))
            .arg(m_lockTimeoutMs / 1000);
    return u"cannot create the lock file %1; check that the memory directory is writable"_s.arg(
        QDir::toNativeSeparators(lock.fileName()));
}

MemoryStore::Updated MemoryStore::update(const QString &category, const Mutation &mutate,
                                         const QDateTime &now, const Journal &journal) const
{
    Updated out;
    out.memory.category = category;
    if (!isValidCategory(category)) {
        out.error = u"not a valid category name: "_s + category;
        return out;
    }
    const QString path = pathFor(category);
    if (!QDir().mkpath(m_dir)) {
        out.error = u"cannot create "_s + QDir::toNativeSeparators(m_dir);
        return out;
    }
    QLockFile lock(lockPathFor(category));
    if (const QString error = acquire(lock, path); !error.isEmpty()) {
        out.error = error;
        return out;
    }
    const JsonFile::ReadResult read = JsonFile::read(path);
    if (!read.ok()) {
        out.error = read.error;
        qCWarning(lcMemory).noquote() << read.error;
        return out;
    }
    if (read.exists) {
        QStringList problems;
        out.memory = CategoryMemory::fromJson(read.object, &problems);
        const QStringList shadowed = out.memory.shadowedFields();
        if (!shadowed.isEmpty()) {
            out.error = u"%1 is left unchanged: it has fields that cannot be read (%2)"_s.arg(
                QDir::toNativeSeparators(path), problems.join(u"; "_s));
            qCWarning(lcMemory).noquote() << out.error;
            return out;
        }
        if (out.memory.category.isEmpty())
            out.memory.category = category;
    }
    const QJsonObject before = out.memory.toJson();
    if (!mutate(out.memory) || out.memory.toJson() == before)
        return out;
    out.memory.updatedAt = (now.isValid() ? now : QDateTime::currentDateTimeUtc()).toUTC();
    const QJsonObject after = out.memory.toJson();
    if (journal) {
        const QString error = journal(read.exists ? FeedbackLog::stateHash(read.object) : QString(),
                                      FeedbackLog::stateHash(after));
        if (!error.isEmpty()) {
            out.error = u"%1 is left unchanged: the change cannot be logged (%2)"_s.arg(
                QDir::toNativeSeparators(path), error);
            qCWarning(lcMemory).noquote() << out.error;
            return out;
        }
    }
    if (m_beforeWrite && !m_beforeWrite()) {
        out.error = u"simulated crash before writing "_s + QDir::toNativeSeparators(path);
        return out;
    }
    const QString error = JsonFile::write(path, after, JsonFile::Existing::CheckedUnderLock);
    if (!error.isEmpty()) {
        out.error = error;
        qCWarning(lcMemory).noquote() << error;
        return out;
    }
    out.written = true;
    m_index->put(fileKeyFor(category), out.memory);
    qCDebug(lcMemory) << "wrote" << path << out.memory.learnings.size() << "learnings";
    return out;
}

QString MemoryStore::stateOf(const QString &category) const
{
    if (!isValidCategory(category))
        return {};
    const JsonFile::ReadResult read = JsonFile::read(pathFor(category));
    return read.exists && read.ok() ? FeedbackLog::stateHash(read.object) : QString();
}

QString MemoryStore::save(const CategoryMemory &memory) const
{
    const Updated u = update(
        memory.category,
        [&](CategoryMemory &m) {
            m = memory;
            return true;
        },
        memory.updatedAt);
    return u.error;
}

MemoryStore::RelevantSet MemoryStore::relevantSet(const QString &description) const
{
    RelevantSet out;
    const QString target = CategoryKey::fromDescription(description);
    for (const MemoryIndex::Related &r : m_index->related(target, fileKeyFor(target))) {
        out.keys.append(r.snapshot.key);
        out.memories.append(*r.snapshot.memory);
        out.matches.append({r.snapshot.key, r.match.sameKey, r.match.sharedWords});
    }
    return out;
}

QList<CategoryMemory> MemoryStore::relevant(const QString &description) const
{
    return relevantSet(description).memories;
}

Injection MemoryStore::inject(const QString &description, const InjectorOptions &options,
                              bool markRecalled) const
{
    const RelevantSet set = relevantSet(description);
    InjectorOptions o = options;
    if (!o.now.isValid())
        o.now = QDateTime::currentDateTimeUtc();
    Injection injection = MemoryInjector::build(set.memories, o);
    for (LearningRef &ref : injection.injected)
        ref.category = set.keys.value(ref.memoryIndex);
    if (injection.matches.size() == set.matches.size())
        injection.matches = set.matches;
    if (markRecalled && !injection.injected.isEmpty()) {
        const QString error = this->markRecalled(injection.injected, o.now);
        if (!error.isEmpty())
            qCWarning(lcMemory).noquote() << "cannot record the recall:" << error;
    }
    return injection;
}

QString MemoryStore::markRecalled(const QList<LearningRef> &refs, const QDateTime &now) const
{
    QHash<QString, QSet<QString>> byCategory;
    QStringList order;
    for (const LearningRef &r : refs) {
        if (r.id.isEmpty() || r.category.isEmpty())
            continue;
        if (!byCategory.contains(r.category))
            order.append(r.category);
        byCategory[r.category].insert(r.id);
    }
    const QDateTime when = (now.isValid() ? now : QDateTime::currentDateTimeUtc()).toUTC();
    const FeedbackLog log = feedbackLog();
    QStringList errors;
    for (const QString &category : std::as_const(order)) {
        const QSet<QString> ids = byCategory.value(category);
        QJsonObject before, after;
        const Updated u = update(
            category,
            [&](CategoryMemory &m) {
                bool changed = false;
                for (Learning &l : m.learnings) {
                    if (ids.contains(l.id)) {
                        before.insert(l.id, l.lastRecalledAt ? toIsoString(*l.lastRecalledAt)
                                                             : QJsonValue());
                        after.insert(l.id, toIsoString(when));
                        l.lastRecalledAt = when;
                        changed = true;
                    }
                }
                return changed;
            },
            when,
            [&](const QString &stateBefore, const QString &stateAfter) {
                FeedbackLog::Entry e;
                e.id = NanoId::generate();
                e.timestamp = when;
                e.category = category;
                e.action = u"recall"_s;
                e.before = before;
                e.after = after;
                e.stateBefore = stateBefore;
                e.stateAfter = stateAfter;
                return log.append(e);
            });
        if (!u.ok())
            errors.append(u.error);
    }
    return errors.join(u'\n');
}

QStringList MemoryStore::categories() const
{
    return m_index->keys();
}

QList<CategorySummary> MemoryStore::summaries() const
{
    QList<CategorySummary> out;
    for (const QString &key : m_index->keys()) {
        const MemoryIndex::Snapshot s = m_index->get(key);
        if (!s.exists)
            continue;
        CategorySummary c;
        c.key = key;
        c.error = s.error;
        if (s.memory) {
            c.category = s.memory->category;
            c.learningCount = int(s.memory->learnings.size());
            c.pendingCount = s.memory->pendingCount();
            c.antiPatternCount = int(s.memory->antiPatterns.size());
            c.updatedAt = s.memory->updatedAt;
            if (s.memory->bestKnown)
                c.bestCoverage = s.memory->bestKnown->coverage();
            QDateTime newest;
            for (const Learning &l : s.memory->learnings) {
                if (!l.topicDescription.trimmed().isEmpty() &&
                    (c.title.isEmpty() || l.extractedAt > newest)) {
                    c.title = l.topicDescription.simplified();
                    newest = l.extractedAt;
                }
            }
            if (c.title.isEmpty() && s.memory->bestKnown)
                c.title = s.memory->bestKnown->topic.name.simplified();
        }
        out.append(c);
    }
    return out;
}

QStringList MemoryStore::problems() const
{
    return m_index->problems();
}

std::optional<MemoryStore::Found> MemoryStore::find(const QString &learningId) const
{
    for (const QString &key : m_index->keys()) {
        const MemoryIndex::Snapshot s = m_index->get(key);
        if (!s.memory)
            continue;
        if (const Learning *l = s.memory->learning(learningId))
            return Found{key, *l};
    }
    return std::nullopt;
}

int MemoryStore::parseCount() const
{
    return m_index->stats().parses;
}
