#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>

// `memory/feedback-log.jsonl`: one JSON object per line for every change to the memory —
// curation (edit, delete, confirm, reject, invert, approve, add, merge, anti-pattern changes),
// extraction (extract, corroborate, best-known, anti-pattern-add) and recall — so what a
// person or a run did can be audited and replayed. Appends are guarded by a QLockFile and
// issued as a single write, so two processes never interleave lines.
//
// Crash safety (write-ahead): MemoryStore::update() calls its Journal under the category lock
// after the change is computed and *before* the file is replaced, and the entry carries the
// state hashes of the file before and after (stateHash()). A change therefore never lands
// without its entry; an entry whose change never landed (a crash between the append and the
// atomic rename, or a failed write) is recognised on reading by landings(): the next entry
// of the category starts from the entry's `stateBefore`, or the file still has it.
class FeedbackLog final
{
public:
    struct Entry
    {
        QString id; // the write it belongs to: entries appended by one write share it
        QDateTime timestamp;
        QString category;
        QString learningId; // empty for anti-pattern list changes and recalls
        QString action;     // see the class comment
        QString source;     // "person", or the run ("<runId> <provider/model>"); may be empty
        QJsonValue before;  // the learning (or anti-pattern) before; null when it did not exist
        QJsonValue after;   // after; null when it was deleted
        QString stateBefore; // stateHash() of the file before the write ("" = no file)
        QString stateAfter;  // and after; both empty in entries written before version 2

        QJsonObject toJson() const;
        static Entry fromJson(const QJsonObject &object);
    };

    // Appends wait up to `lockTimeoutMs` for the log's lock (MemoryStore::feedbackLog() passes
    // the store's own timeout, so a GUI store never blocks for the command line's 120 s).
    explicit FeedbackLog(QString path, int lockTimeoutMs = 120000);

    QString path() const { return m_path; }
    QString append(const Entry &entry) const; // error message, or empty
    // All entries in one write (one lock, one write call).
    QString append(const QList<Entry> &entries) const;
    // The entries of one change, stamped with one new id, its time, category, source and the
    // states the change goes between, appended in one write (a MemoryStore::update journal).
    QString appendChange(QList<Entry> entries, const QDateTime &when, const QString &category, const QString &source,
                         const QString &stateBefore, const QString &stateAfter) const;
    // Every readable line, oldest first; unreadable lines (a line cut by a crash) are counted
    // in `skipped`.
    QList<Entry> read(int *skipped = nullptr) const;

    // A short hash (16 hex digits of SHA-256) of a memory file's JSON in compact form, so it
    // does not depend on the file's layout. "" stands for a missing file.
    static QString stateHash(const QJsonObject &fileObject);

    enum class Landing {
        Landed,    // the change is in the file (or a later change started from it)
        NotLanded, // logged, but the file was never replaced (crash or failed write)
        Unknown,   // no state hashes (an old entry), or the file was changed outside the log
    };
    // One verdict per entry. `currentState` gives stateHash() of a category's file now.
    static QList<Landing>
    landings(const QList<Entry> &entries,
             const std::function<QString(const QString &category)> &currentState);

    static constexpr QLatin1StringView FileName{"feedback-log.jsonl"};

private:
    QString m_path;
    int m_lockTimeoutMs = 120000;
};
