#pragma once

#include "runworkspace.h"

#include "airs/airssettings.h"
#include "airs/airstypes.h"
#include "domain/crossrun.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ManagementClient;
class StaticEvaluation;
class TenantCleaner;
class TopicDeployer;

// One cross-run candidate scanned on the shared prompts (issue 61): a scratch copy of the
// candidate's production profile ("daystrom-run-<scratchId>", as a run's own copy: production
// is only read), the candidate's topic (and, for block intent, its companion) created under
// free scratch names and assigned there as the run assigned them, the prompts scanned, and
// every scratch object removed before done() — also after an error or abort(). Each object is
// recorded through `persist` before it is created (write-ahead), so `daystrom cleanup` finds
// what a killed comparison left; after the clean-up, `persist` gets what remains (clear when
// AIRS let go of everything). The verdicts are judged as `daystrom eval` judges them
// (StaticEvaluation: the intent's signal, DESIGN.md); a prompt AIRS cannot scan ends the scan
// with an error rather than leaving a hole in the shared benchmark.
class CandidateScan final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CandidateScan)
public:
    struct Options
    {
        int concurrency = 5;
        double ratePerSecond = 0;
        int propagationDelayMs = 10000;
    };
    struct Result
    {
        QString error;               // empty: scanned
        QList<TestResult> results;   // in the prompts' order
        QString cleanupProblems;     // what could not be removed, if anything
        bool cancelled = false;
    };

    CandidateScan(ManagementClient *management, AirsSettings airs, Options options, QObject *parent = nullptr);
    ~CandidateScan() override;

    void run(const QString &scratchId, const CrossRun::Candidate &candidate, const QList<TestCase> &prompts,
             RunWorkspace::Persist persist, std::function<void(const Result &)> done);
    // Stops what is in flight, removes the scratch objects, then done() with cancelled set.
    void abort();

signals:
    void progress(const QString &step, int done, int total);

private:
    void createTopics(qsizetype index);
    void assign();
    void scan();
    void finish(const QString &error, const QList<TestResult> &results = {}, bool cancelled = false);

    QPointer<ManagementClient> m_management;
    AirsSettings m_airs;
    Options m_options;
    RunWorkspace *m_workspace = nullptr;
    TopicDeployer *m_deployer = nullptr;
    TenantCleaner *m_cleaner = nullptr;
    QPointer<StaticEvaluation> m_evaluation; // scans and judges the prompts as `daystrom eval` does
    RunWorkspace::Persist m_persist;
    std::function<void(const Result &)> m_done;
    QString m_scratchId;
    CrossRun::Candidate m_candidate;
    QList<TestCase> m_prompts;
    QList<Topic> m_toCreate;     // block intent: the companion, then the topic; else the topic
    QList<AirsTopic> m_created;  // in that order
    bool m_finishing = false;
};
