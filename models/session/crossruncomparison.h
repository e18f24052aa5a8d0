#pragma once

#include "domain/crossrun.h"
#include "runs/comparisonstate.h"
#include "tenant/candidatescan.h"

#include <QObject>
#include <QPointer>

#include <memory>

class ManagementClient;
class QLockFile;
class TenantCleaner;

// Compare runs (issue 61), headless: the app's Runs ▸ Compare runs… and `daystrom compare RUN RUN …`
// drive it. plan() loads the candidates from their run files and chooses the shared benchmark
// (the common prompts when enough(), else what the person picked); Plan::scans() is the cost to
// state before start(); start() scans each candidate whose stored verdicts do not cover the
// shared prompts, one after the other, each in its own scratch profile (CandidateScan), saving
// the comparison's state (<home>/comparisons/<id>.json: the setup, each candidate's results as
// they land, the footprint in flight) after every step, so a killed or cancelled comparison is
// resumed (resume(id)) without scanning again what it had. finished() carries the leaderboard.
class CrossRunComparison final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrossRunComparison)
public:
    struct Request
    {
        QStringList labels;          // "RUN" or "RUN:ITERATION", two or more
        QString runsDirectory;       // where the runs are (the sandbox's own for sandbox runs)
        // The benchmark when the common prompts are too few (or to override them):
        std::optional<CrossRun::Source> source; // unset: common, else an error naming the choices
        QString sourceDetail;        // Source::Run: the run id; Source::Csv: the file
    };
    struct Plan
    {
        QString error;               // empty: ready to start
        QList<CrossRun::Candidate> candidates;
        CrossRun::SharedBenchmark benchmark;
        int commonPrompts = 0;       // how many the candidates' benchmarks share (said either way)
        QList<int> toScan;           // candidate indexes that need a scan
        RunSettings decisionSettings; // the first candidate's run's: how the leaderboard judges
        QString runsDirectory;       // the request's, kept in the state for resume()
        // An earlier comparison of these candidates on these prompts that stopped before it
        // finished (unfinished() fills it for a front end that offers Resume); empty: none.
        QString unfinishedId;
        int scans() const;           // prompts × candidates to scan
    };

    CrossRunComparison(ManagementClient *management, AirsSettings airs, QString home, CandidateScan::Options options,
                       QObject *parent = nullptr);
    ~CrossRunComparison() override;

    static Plan plan(const Request &request);
    // The newest comparison in <home>/comparisons of the plan's candidates (the same runs and
    // iterations, in order) on the same prompts that was cancelled or killed (its lock free), so
    // the app can resume it in a later session; empty when there is none.
    static QString unfinished(const QString &home, const Plan &plan);
    // `id`: a new comparison's id (NanoId), or an unfinished one's to resume.
    void start(const QString &id, const Plan &plan);
    bool resume(const QString &id, QString *error); // reads <home>/comparisons/<id>.json
    void cancel(); // the scan in flight stops and cleans up; the state stays resumable
    QString id() const { return m_id; }

    static QString statePath(const QString &home, const QString &id);

signals:
    void progress(const QString &step, int done, int total);
    // `error` empty: done; `cleanupProblems`: scratch objects AIRS did not let go (listed by cleanup).
    void finished(const CrossRun::Leaderboard &leaderboard, const QString &error, const QString &cleanupProblems);
    void cancelled();

private:
    void begin();
    void cleanLeftover();
    void scanNext();
    void complete();
    void stop(ComparisonState::Status status, const QString &error);
    QString save();

    QPointer<ManagementClient> m_management;
    AirsSettings m_airs;
    QString m_home;
    CandidateScan::Options m_options;
    QString m_id;
    Plan m_plan;
    ComparisonState m_state;
    std::unique_ptr<QLockFile> m_lock; // held while this object works on the comparison
    TenantFootprint m_leftover;        // what earlier candidates' clean-ups could not remove
    QStringList m_cleanupProblems;
    CandidateScan *m_scan = nullptr;
    TenantCleaner *m_cleaner = nullptr; // resume: what a killed attempt left, removed first
    bool m_cancelRequested = false;
    int m_promptsDone = 0;  // scanned by earlier candidates since start() or resume()
    int m_promptsTotal = 0;
};
