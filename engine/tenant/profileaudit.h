#pragma once

#include "airs/airssettings.h"
#include "airs/scanverdict.h"
#include "runs/auditstate.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class LlmProvider;
class ManagementClient;
class RunWorkspace;
class ScanBatch;
class StructuredCall;
class TenantCleaner;

// A whole-profile audit (issue 42), step by step, each step saved to the audit's file:
//  1. read(): the production profile's topic guardrails, its kind (block or allow list: the
//     guardrail's own action) and each topic's text (read only); plan() then says what the
//     audit will cost;
//  2. run(): each topic's held-out prompts (supplied by the person, or written once by the LLM
//     from the topic's description and examples), the scratch copy of the whole profile
//     ("daystrom-run-<audit id>", never production), each topic's prompts and the general
//     benign set scanned against it, a suite at a time. When the answers name no topic (some
//     tenants), a copy per topic holding that topic alone ("daystrom-run-<id>-<n>") is made as
//     soon as the first such answer arrives, so its propagation overlaps the scans; each
//     prompt is then scanned against the copies of the topics that could have decided it (issue
//     55). Every scratch profile is removed at the end;
//  3. finished(): the state with its figures (AuditState::figures()).
// A resumed audit (a state read back from its file) skips what its file already holds: the
// topics, the written prompts, the suites scanned whole, the attribution once done.
class ProfileAudit final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileAudit)
public:
    struct Options
    {
        int benchmarkSize = 30; // LLM-written prompts per topic (both labels)
        int concurrency = 5;
        double ratePerSecond = 0;
        int propagationDelayMs = 10000;             // after the scratch profile is created
        QHash<QString, QList<TestCase>> supplied;   // topic name -> the person's labelled prompts
    };
    struct Plan
    {
        int topics = 0;
        int llmCalls = 0;   // topics whose prompts the LLM still writes
        int scans = 0;      // prompts still to scan
        double seconds = 0; // at the rate, when one is set; 0 otherwise
    };

    ProfileAudit(ManagementClient *management, LlmProvider *llm, AirsSettings airs, QString home, Options options,
                 QObject *parent = nullptr);
    ~ProfileAudit() override;

    // A new audit when `state` has no topics, else a resumed one. `done` gets an error, or empty.
    void read(AuditState state, std::function<void(const QString &error)> done);
    Plan plan() const;
    void run();
    // Stops what is in flight, removes the scratch profile, then finished() (status Cancelled).
    void cancel();

    const AuditState &state() const { return m_state; }

signals:
    void progress(const QString &what, int done, int total);
    void finished(const AuditState &state);

private:
    void writeNextBenchmark();
    void prepareScratch();
    void scanNextSuite();
    struct AttributionJob
    {
        qsizetype topic = 0, suite = 0, prompt = 0;
    };
    QList<std::pair<qsizetype, qsizetype>> unnamedScans() const;
    QList<AttributionJob> attributionJobs() const;
    void attributeIfNeeded();
    void startAlone();
    void attribute();
    ProfileKind kind() const;
    bool keepFootprint(const TenantFootprint &footprint);
    void end(AuditState::Status status, const QString &error = {});
    bool save();

    QPointer<ManagementClient> m_management;
    QPointer<LlmProvider> m_llm;
    AirsSettings m_airs;
    QString m_home;
    Options m_options;
    AuditState m_state;
    RunWorkspace *m_workspace = nullptr;
    QPointer<StructuredCall> m_call;
    QPointer<ScanBatch> m_batch;
    TenantCleaner *m_cleaner = nullptr;
    bool m_ending = false;
    // The topic-alone copies (for answers that name no topic): topic name -> profile name.
    QHash<QString, QString> m_aloneProfile;
    int m_aloneWaiting = 0;
    bool m_aloneStarted = false;
    bool m_aloneReady = false; // created and their propagation waited
    bool m_suitesDone = false;
};
