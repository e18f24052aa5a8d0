#pragma once

#include "domain/tenantfootprint.h"
#include "domain/testresult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QLockFile>

#include <memory>
#include <optional>

// One cross-run comparison (issue 61) as it is kept in `<home>/comparisons/<id>.json`: the
// candidates (each a run and one of its iterations, resolved when the comparison started), the
// shared benchmark's prompts, which candidates need a scan and the results of those scanned so
// far, and the scratch objects in flight (`tenant`, written before each is created). Saved
// after every step, so a killed or cancelled comparison is resumed without scanning again what
// it had, and what it left on the tenant is found by `daystrom cleanup` (Leftovers).
struct ComparisonState
{
    enum class Status { Running, Completed, Failed, Cancelled };

    struct Candidate
    {
        QString runId;
        int iteration = 0; // the iteration's number in its run
        bool scan = false; // its stored verdicts do not cover the benchmark
        std::optional<QList<TestResult>> results; // scanned, in the benchmark's order

        friend bool operator==(const Candidate &, const Candidate &) = default;
    };

    QString id;
    QDateTime createdAt;
    QDateTime updatedAt;
    Status status = Status::Running;
    QString error;
    QString runsDirectory;
    QString source;       // CrossRun::sourceName: "common", "run", "union", "csv"
    QString sourceDetail; // the run id or the CSV's file name
    int commonPrompts = 0;
    QList<TestCase> prompts; // the shared benchmark
    QList<Candidate> candidates;
    TenantFootprint tenant;  // what is on the tenant now (clear when nothing)

    // Candidates still to scan, by index.
    QList<int> missing() const;

    QJsonObject toJson() const;
    // Every problem goes to `errors` with its path ("comparison.candidates[1].results: 3 results
    // for 24 prompts"); a file with errors is not used.
    static ComparisonState fromJson(const QJsonObject &object, QStringList *errors);
    // The bytes of a state file: a comparison, or nothing with `error` set (in a person's words).
    static std::optional<ComparisonState> parse(const QByteArray &bytes, const QString &origin, QString *error);

    static QString directory(const QString &home); // <home>/comparisons
    static QString pathOf(const QString &home, const QString &id);
    QString save(const QString &home) const; // an error, or empty
    static std::optional<ComparisonState> load(const QString &home, const QString &id, QString *error);
    // Every comparison file in <home>/comparisons, newest first; `problems` gets the files that
    // cannot be read.
    static QList<ComparisonState> all(const QString &home, QStringList *problems = nullptr);

    // The comparison's lock (`<id>.lock` beside its file), held by the process working on it:
    // what it has on the tenant is a leftover only while the lock is free. Null when a live
    // process holds it (`holder` then names its pid).
    static std::unique_ptr<QLockFile> lock(const QString &home, const QString &id, qint64 *holder = nullptr);
};

QString comparisonStatusName(ComparisonState::Status status);
