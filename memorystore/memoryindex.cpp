#include "memoryindex.h"

#include "memorylog.h"

#include "domain/jsonfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <dirent.h>
#include <sys/stat.h>
#endif

#include <cstring>

using namespace Qt::StringLiterals;

namespace {

// The names of the directory's entries that end in ".json" and are not directories: what the
// original lists (readdir + endsWith(".json")). Plain readdir where available: QDir builds a
// QFileInfo per entry, which costs more than the rest of a warm lookup.
QStringList jsonFileNames(const QString &dir)
{
    QStringList out;
#ifdef Q_OS_UNIX
    DIR *d = ::opendir(QFile::encodeName(dir).constData());
    if (!d)
        return out;
    while (const struct dirent *e = ::readdir(d)) {
        if (e->d_type == DT_DIR)
            continue;
        const qsizetype length = qsizetype(std::strlen(e->d_name));
        if (length < 5 || std::strcmp(e->d_name + length - 5, ".json") != 0)
            continue;
        const QByteArray raw(e->d_name, length);
        const QString name = QFile::decodeName(raw);
        // A name that does not survive decoding could not be opened by its key again.
        if (QFile::encodeName(name) == raw)
            out.append(name);
    }
    ::closedir(d);
#else
    for (const QString &name : QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::NoSort)) {
        if (name.endsWith(".json"_L1))
            out.append(name);
    }
#endif
    return out;
}

} // namespace

MemoryIndex::MemoryIndex(QString directory)
    : m_dir(std::move(directory))
{}

MemoryIndex::Stamp MemoryIndex::stampOf(const QString &path)
{
    Stamp s;
#ifdef Q_OS_UNIX
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return s;
    s.exists = true;
    s.mtimeNs = qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    s.ctimeNs = qint64(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
    s.size = qint64(st.st_size);
    s.inode = quint64(st.st_ino);
#else
    const QFileInfo info(path);
    if (!info.exists())
        return s;
    s.exists = true;
    s.mtimeNs = info.lastModified(QTimeZone::UTC).toMSecsSinceEpoch() * 1000000;
    s.ctimeNs = info.metadataChangeTime(QTimeZone::UTC).toMSecsSinceEpoch() * 1000000;
    s.size = info.size();
#endif
    return s;
}

bool MemoryIndex::isRacy(const Stamp &stamp)
{
    // Every write sets the mtime, so the mtime alone tells whether a write may have landed
    // within the file system's timestamp granularity of this stat.
    const qint64 nowNs = QDateTime::currentMSecsSinceEpoch() * 1000000;
    return nowNs - stamp.mtimeNs < RacyWindowMs * 1000000;
}

QString MemoryIndex::pathOf(const QString &key) const
{
    return m_dir + u'/' + fileNameOf(key);
}

// Keys reach the index as MemoryStore::fileKeyFor() made them: letters, marks, numbers and
// "-" when derived from a description (no separator, no leading dot, at most 200 UTF-8
// bytes), or names listed from the directory.
QString MemoryIndex::fileNameOf(const QString &key)
{
    return key + u".json"_s;
}

QByteArray MemoryIndex::entryNameOf(const QString &key)
{
    return QFile::encodeName(fileNameOf(key));
}

void MemoryIndex::refreshListingLocked()
{
    const Stamp dir = stampOf(m_dir);
    if (m_listed && dir == m_dirStamp && !m_dirRacy)
        return;
    m_dirStamp = dir;
    m_dirRacy = dir.exists && isRacy(dir);
    m_listed = true;
    ++m_stats.listings;
    QSet<QByteArray> present;
    if (dir.exists) {
        for (const QString &name : jsonFileNames(m_dir)) {
            const QString key = name.chopped(5);
            present.insert(entryNameOf(key));
            entryLocked(key);
        }
    }
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (present.contains(it.key()))
            ++it;
        else
            it = m_entries.erase(it);
    }
}

MemoryIndex::Entry &MemoryIndex::entryLocked(const QString &key)
{
    const QByteArray name = entryNameOf(key);
    auto it = m_entries.find(name);
    if (it == m_entries.end()) {
        it = m_entries.insert(name, Entry());
        it->key = key;
        it->words = CategoryKey::words(key);
        it->subjects = CategoryKey::subjectWords(key);
    }
    return *it;
}

MemoryIndex::Snapshot MemoryIndex::getLocked(const QString &key)
{
    Snapshot snap;
    snap.key = key;
    const QString path = pathOf(key);
    const Stamp stamp = stampOf(path);
    if (!stamp.exists) {
        m_entries.remove(entryNameOf(key));
        return snap;
    }
    Entry &e = entryLocked(key);
    if (!e.loaded || e.racy || !(stamp == e.stamp)) {
        // Stamp first, then read: a write that lands in between shows up as a new stamp.
        e.stamp = stamp;
        e.racy = isRacy(stamp);
        e.loaded = true;
        e.memory.reset();
        e.problems.clear();
        ++m_stats.parses;
        const JsonFile::ReadResult r = JsonFile::read(path);
        e.error = r.error;
        if (r.ok() && r.exists) {
            e.memory = CategoryMemory::fromJson(r.object, &e.problems);
            if (e.memory->category.isEmpty())
                e.memory->category = key;
        }
        if (!e.error.isEmpty())
            qCWarning(lcMemory).noquote() << e.error;
        else if (!e.problems.isEmpty())
            qCWarning(lcMemory).noquote() << QDir::toNativeSeparators(path)
                                          << "has unreadable fields:" << e.problems.join(u"; "_s);
    }
    snap.exists = true;
    snap.memory = e.memory;
    snap.error = e.error;
    snap.problems = e.problems;
    return snap;
}

QStringList MemoryIndex::keys()
{
    QMutexLocker lock(&m_mutex);
    refreshListingLocked();
    QStringList out;
    for (const Entry &e : std::as_const(m_entries))
        out.append(e.key);
    return out;
}

MemoryIndex::Snapshot MemoryIndex::get(const QString &key)
{
    QMutexLocker lock(&m_mutex);
    return getLocked(key);
}

QList<MemoryIndex::Related> MemoryIndex::related(const QString &topicKey,
                                                 const QString &topicFileKey)
{
    QMutexLocker lock(&m_mutex);
    refreshListingLocked();
    const QStringList words = CategoryKey::words(topicKey);
    const QStringList subjects = CategoryKey::subjectWords(topicKey);
    const QStringList fileWords = CategoryKey::words(topicFileKey);
    QList<std::pair<QString, CategoryKey::Match>> matches;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        CategoryKey::Match m = CategoryKey::matchSubjects(subjects, it->subjects);
        if (!words.isEmpty() && (it->words == words || it->words == fileWords)) {
            m.sameKey = true;
            m.related = true;
        }
        if (m.related)
            matches.append({it->key, std::move(m)});
    }
    QList<Related> out;
    for (auto &[key, match] : matches) {
        Snapshot s = getLocked(key);
        if (s.memory)
            out.append({std::move(s), std::move(match)});
    }
    return out;
}

void MemoryIndex::put(const QString &key, const CategoryMemory &memory)
{
    QMutexLocker lock(&m_mutex);
    const Stamp stamp = stampOf(pathOf(key));
    Entry &e = entryLocked(key);
    e.stamp = stamp;
    e.racy = isRacy(stamp);
    e.loaded = stamp.exists;
    e.memory = memory;
    e.error.clear();
    e.problems.clear();
}

QStringList MemoryIndex::problems()
{
    QMutexLocker lock(&m_mutex);
    QStringList out;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (!it->error.isEmpty())
            out.append(it->error);
        else if (!it->problems.isEmpty())
            out.append(u"%1: %2"_s.arg(fileNameOf(it->key), it->problems.join(u"; "_s)));
    }
    return out;
}

MemoryIndex::Stats MemoryIndex::stats() const
{
    QMutexLocker lock(&m_mutex);
    return m_stats;
}
