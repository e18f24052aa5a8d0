#pragma once

#include "categorykey.h"
#include "categorymemory.h"

#include <QMap>
#include <QMutex>
#include <QSet>
#include <QString>

// A per-directory cache of memory files, so a lookup does not read and parse every file
// (§6 item 5). The listing is re-read only when the directory's stamp changes; a file is
// re-parsed only when its stamp (mtime in ns, ctime, size, inode) changes, so edits made by
// another process (the CLI and the GUI may share one home, and the original tool writes in
// place) are noticed on the next lookup. A stamp younger than RacyWindowMs is not trusted
// (file times are coarser than the time between two writes), so such a file is read again.
// Thread-safe.
class MemoryIndex final
{
public:
    static constexpr qint64 RacyWindowMs = 100;

    explicit MemoryIndex(QString directory);

    struct Snapshot
    {
        QString key; // the file name without ".json"
        bool exists = false;
        std::optional<CategoryMemory> memory; // absent when missing or unreadable
        QString error;                        // the file is unreadable or corrupt (kept as is)
        QStringList problems;                 // readable, with fields that could not be read
    };
    struct Stats
    {
        int parses = 0;   // files read and parsed since construction
        int listings = 0; // directory listings since construction
    };

    struct Related
    {
        Snapshot snapshot;
        CategoryKey::Match match; // why the file is relevant
    };

    // The categories (file keys) in byte order of their UTF-8 file names ("a-b.json" before
    // "a.json"), which is the order the original's readdir (libuv scandir) gives.
    QStringList keys();
    Snapshot get(const QString &key);
    // The files relevant to a topic whose category key is `topicKey` and whose file key is
    // `topicFileKey` (CategoryKey::matchSubjects, or the same file), in key order; unreadable
    // ones are left out.
    QList<Related> related(const QString &topicKey, const QString &topicFileKey);
    // Records what was just written, so the writer does not parse its own file again.
    void put(const QString &key, const CategoryMemory &memory);
    QStringList problems(); // one line per unreadable or partly unreadable file seen so far
    Stats stats() const;

private:
    struct Stamp
    {
        bool exists = false;
        qint64 mtimeNs = 0;
        qint64 ctimeNs = 0;
        qint64 size = 0;
        quint64 inode = 0;
        friend bool operator==(const Stamp &, const Stamp &) = default;
    };
    struct Entry
    {
        Stamp stamp;
        bool loaded = false;
        bool racy = false;
        std::optional<CategoryMemory> memory;
        QString error;
        QStringList problems;
        QString key;
        QStringList words;    // CategoryKey::words(key)
        QStringList subjects; // CategoryKey::subjectWords(key)
    };

    static Stamp stampOf(const QString &path);
    static bool isRacy(const Stamp &stamp);
    void refreshListingLocked();
    Snapshot getLocked(const QString &key);
    Entry &entryLocked(const QString &key);
    QString pathOf(const QString &key) const;
    static QString fileNameOf(const QString &key);
    static QByteArray entryNameOf(const QString &key);

    mutable QMutex m_mutex;
    QString m_dir;
    Stamp m_dirStamp;
    bool m_listed = false;
    bool m_dirRacy = false;
    QMap<QByteArray, Entry> m_entries; // by UTF-8 file name: byte order, as the original lists
    Stats m_stats;
};
