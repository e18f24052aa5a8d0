#pragma once

#include "domain/proportionstats.h"
#include "domain/runstate.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

struct RunSummary
{
    QString id;
    RunStatus status = RunStatus::Running;
    QString topicDescription;
    // The best iteration's topic name, else the one being written; empty before any topic.
    QString topicName;
    QString stopReason; // as the engine wrote it; empty while running
    int iterationCount = 0; // recorded iterations
    int currentIteration = 0;
    int lastRecordedIteration = 0; // the number of the last recorded iteration
    // The iterations the run went through: the number of the last one started, counting those
    // it skipped (a duplicate topic) and did not record. What Live's "Iteration N of M" and the
    // stop reason "reached the maximum of M iterations" count (issue 58).
    int iterationsRun() const { return currentIteration > lastRecordedIteration ? currentIteration : lastRecordedIteration; }
    int bestIteration = 0;
    double bestCoverage = 0;
    // The best coverage's 95 % interval, for runs with a benchmark (older runs have none).
    std::optional<ProportionStats::Interval> bestInterval;
    QDateTime createdAt;
    QDateTime updatedAt;
    RunUsage usage; // the run's total (zero in runs made before usage was kept)
    std::optional<qint64> maxTokens; // the budget, when one is set
    std::optional<double> maxCost;
};

// Run files in <dataDir>/<id>.json, compatible with the original tool. Writes are atomic;
// a file that does not parse is reported by name, copied to <name>.corrupt-<timestamp> and
// never overwritten; listing goes on without it.
class RunStore final
{
public:
    explicit RunStore(QString directory);

    struct Loaded
    {
        RunState run;
        QString error; // "no run with id …", "… is corrupt …", field errors
        bool ok() const { return error.isEmpty(); }
    };
    struct Listing
    {
        QList<RunSummary> runs;  // newest update first
        QStringList problems;    // one line per file that could not be read
    };

    // What a listing read from one file: its summary (or why it could not be read), with the
    // file's size and times when it was read. Handed back to list(), a file whose size and
    // times are unchanged is not read again: after a run, a window listing a hundred runs
    // reads one file, not a hundred.
    struct ListedFile
    {
        qint64 size = -1;
        QDateTime modified;
        QDateTime born; // an atomic write replaces the file: a new birth time
        RunSummary summary;
        QString problem; // when the file could not be read
    };
    using ListingCache = QHash<QString, ListedFile>; // by file name

    Loaded load(const QString &id) const;
    QString save(const RunState &run) const; // error message, or empty
    // Also removes stale locks (removeStaleLocks()). With a cache: reads only the files that
    // changed since it was filled, and leaves it describing the directory as listed now.
    Listing list(ListingCache *cache = nullptr) const;
    // Removes `<id>.lock` files whose process is gone: a run killed before its first
    // checkpoint, or after its last save, leaves one that nothing else would take. A lock held
    // by a live process (a run in progress) is left alone; a resume would take a stale one
    // over anyway. Returns how many went.
    int removeStaleLocks() const;
    QString remove(const QString &id) const; // error message, or empty
    bool exists(const QString &id) const;

    QString directory() const { return m_dir; }
    QString pathFor(const QString &id) const;

    static Loaded parse(const QJsonObject &object, const QString &origin);
    static RunSummary summarize(const RunState &run);

private:
    QString m_dir;
};
