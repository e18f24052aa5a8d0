#pragma once

#include "categorymemory.h"
#include "feedbacklog.h"
#include "memoryinjector.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <functional>
#include <memory>

class MemoryIndex;
class QLockFile;

struct CategorySummary
{
    QString key;      // the file name without ".json"
    QString category; // the file's "category"
    // What the category is about, in a person's words: the request of its newest learning, else
    // the name of its best-known topic; empty when it has neither.
    QString title;
    int learningCount = 0;
    int pendingCount = 0;
    int antiPatternCount = 0;
    QDateTime updatedAt;
    std::optional<double> bestCoverage;
    QString error; // the file is unreadable or corrupt (it is kept as it is)
};

// The memory directory (behaviour reference §4): one `<category>.json` per category, in the
// original's layout, so both tools can share a home. Every write goes through update(): a
// QLockFile per category (`<category>.json.lock`), a re-read from disk, the change, and an
// atomic QSaveFile write, so two processes writing one category lose nothing (§6 item 3).
// A file that does not parse is never overwritten: it is reported by name and a copy is kept
// as `<name>.corrupt-<timestamp>`. Lookups go through a MemoryIndex cache (§6 item 5).
// Thread-safe; cheap to construct.
class MemoryStore final
{
public:
    explicit MemoryStore(QString directory);
    ~MemoryStore();
    MemoryStore(const MemoryStore &) = delete;
    MemoryStore &operator=(const MemoryStore &) = delete;

    // File keys longer than this many UTF-8 bytes are shortened (see fileKeyFor()).
    static constexpr int MaxFileKeyBytes = 200;

    QString directory() const { return m_dir; }
    // `category` as a file key: itself, or, when longer than MaxFileKeyBytes, its first words
    // plus "-" and 10 hex digits of its SHA-1 (the original fails with ENAMETOOLONG there).
    static QString fileKeyFor(const QString &category);
    // Non-empty, not starting with '.', no '/', '\\' or control characters.
    static bool isValidCategory(const QString &category);
    QString pathFor(const QString &category) const;
    QString lockPathFor(const QString &category) const;
    QString feedbackLogPath() const;
    // The feedback log, with this store's lock timeout.
    FeedbackLog feedbackLog() const;
    // Writers wait their turn for a category's lock: up to DefaultLockTimeoutMs (a lock left by a
    // dead process is taken over at once; one naming no process, after
    // LockFiles::OwnerlessGraceMs). After LockNoticeAfterMs of waiting, the notice (if
    // set) is called once with the holder's pid, so a command line can say why it waits.
    static constexpr int DefaultLockTimeoutMs = 120000;
    static constexpr int LockNoticeAfterMs = 2000;
    void setLockTimeout(int ms) { m_lockTimeoutMs = ms; }
    int lockTimeout() const { return m_lockTimeoutMs; }
    void setLockWaitNotice(std::function<void(qint64 holderPid)> notice) { m_lockWaitNotice = std::move(notice); }

    struct Loaded
    {
        CategoryMemory memory; // an empty memory for `category` when the file does not exist
        bool exists = false;
        QString error; // unreadable or corrupt
        QStringList problems;
        bool ok() const { return error.isEmpty(); }
    };
    Loaded load(const QString &category) const;

    // Returns true when the memory should be written.
    using Mutation = std::function<bool(CategoryMemory &memory)>;
    struct Updated
    {
        CategoryMemory memory; // as written (or as read, when nothing was written)
        bool written = false;
        QString error;
        bool ok() const { return error.isEmpty(); }
    };
    // Write-ahead journal of a write: called under the category lock after the mutation and
    // before the file is replaced, with FeedbackLog::stateHash() of the file as read ("" when
    // it did not exist) and as it will be written. A non-empty error abandons the write, so a
    // change is never on disk without its log entry (see FeedbackLog).
    using Journal =
        std::function<QString(const QString &stateBefore, const QString &stateAfter)>;
    // Lock, re-read, mutate, journal, write (only when the JSON changed; updatedAt is then set
    // to `now`, or the current time), unlock. Refuses a corrupt file, and a file with
    // unreadable fields (CategoryMemory::shadowedFields()), rather than lose what it cannot
    // read.
    Updated update(const QString &category, const Mutation &mutate, const QDateTime &now = {},
                   const Journal &journal = {}) const;
    // FeedbackLog::stateHash() of the category's file now ("" when there is none or it does
    // not parse), read from disk, not from the cache.
    QString stateOf(const QString &category) const;
    // Tests: runs between the journal and the file write; returning false abandons the write
    // as a crash there would (a helper process may also just exit).
    void setBeforeWriteHook(std::function<bool()> hook) { m_beforeWrite = std::move(hook); }
    // Replaces the whole file with `memory` (under the lock). Prefer update().
    QString save(const CategoryMemory &memory) const;

    // The memories of the categories related to `description` (§4.3, by subject words: see
    // CategoryKey::matchSubjects), in byte order of their file names (the original's
    // directory order); unreadable files are skipped (and listed in problems()).
    struct RelevantSet
    {
        QStringList keys; // file keys, parallel to memories
        QList<CategoryMemory> memories;
        QList<CategoryMatch> matches; // why each is relevant, parallel to memories
    };
    RelevantSet relevantSet(const QString &description) const;
    QList<CategoryMemory> relevant(const QString &description) const;

    // relevant() + MemoryInjector::build(). The refs in Injection::injected carry file keys,
    // and Injection::matches why each file matched (MemoryInjector::matchReasons).
    // With `markRecalled`, the injected learnings' lastRecalledAt is set to options.now.
    Injection inject(const QString &description, const InjectorOptions &options,
                     bool markRecalled = true) const;
    // Sets lastRecalledAt = now on the referenced learnings (ref.category = file key), logged
    // as one "recall" entry per category (before/after: {learningId: lastRecalledAt or null}).
    QString markRecalled(const QList<LearningRef> &refs, const QDateTime &now) const;

    QStringList categories() const; // file keys, in byte order of the file names
    QList<CategorySummary> summaries() const;
    QStringList problems() const;

    struct Found
    {
        QString category; // file key
        Learning learning;
    };
    std::optional<Found> find(const QString &learningId) const;

    int parseCount() const; // files parsed by this store's cache so far (tests, benchmark)

private:
    QString acquire(QLockFile &lock, const QString &path) const; // an error message, or empty

    QString m_dir;
    int m_lockTimeoutMs = DefaultLockTimeoutMs;
    std::function<bool()> m_beforeWrite;
    std::function<void(qint64)> m_lockWaitNotice;
    std::unique_ptr<MemoryIndex> m_index;
};
