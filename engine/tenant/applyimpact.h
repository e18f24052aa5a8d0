#pragma once

#include "topicapplier.h"

#include "airs/airssettings.h"
#include "runs/auditstate.h"

#include <QHash>
#include <QObject>
#include <QPointer>

class RunWorkspace;
class ScanBatch;
class TenantCleaner;
class TopicDeployer;

// What an apply would do to the rest of the profile, before it happens (issue 42): a scratch
// copy of production with the plan's topics in place (created under free names, the topics
// they replace left out), every suite of the profile's latest audit scanned against it, and
// each prompt's outcome compared with the audit's. An outcome is the profile's, judged by what
// it should do (AuditExpectation, for block and allow lists alike: on a block list a block
// topic's negative and the general benign prompts pass; on an allow list the general benign
// prompts are turned away). Per topic and class: the prompts it
// fixed and broke, with an exact McNemar p-value, and the negatives the candidate now catches.
// The scratch objects are removed afterwards (and on abort); production is only read.
//
// The plan's topics go into the copy under scratch names ("daystrom-run-<check id>-<n>",
// scratchTopicName), never under the names the apply will give them: a check killed before
// its clean-up left topics under their real names, and the apply that followed took them for
// topics already as written and pinned them in production without recording them as created
// (issue 57). Each name is in the footprint before the create is sent; the answers' topic
// names are mapped back to the plan's, so the figures read as before.
class ApplyImpact final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyImpact)
public:
    struct Class
    {
        int prompts = 0; // scanned both times
        int fixed = 0;
        int broken = 0;
        double pValue = 1;
    };
    struct TopicImpact
    {
        QString topic; // empty: the general benign set
        Class positives;
        Class negatives;
        QStringList newlyCaught; // prompts let through before that the profile acts on now
        bool hurt() const { return negatives.broken + positives.broken > 0; }
    };
    struct Result
    {
        QString error;                 // empty: measured
        QList<TopicImpact> topics;
        QString cleanupProblems;       // what could not be removed from the tenant, if anything
    };
    struct Options
    {
        int concurrency = 5;
        double ratePerSecond = 0;
        int propagationDelayMs = 10000;
    };

    ApplyImpact(ManagementClient *management, AirsSettings airs, Options options, QObject *parent = nullptr);

    // `persist` keeps the footprint (write-ahead), so a killed check leaves a record.
    void run(const QString &id, const TopicApplier::Plan &plan, const AuditState &audit,
             std::function<bool(const TenantFootprint &)> persist, std::function<void(const Result &)> done);
    void abort();

    // A check's footprint, kept in <home>/audits/impact-<id>.json while it runs (write-ahead),
    // so what a killed check left is found; removed once the tenant is clean.
    static QString footprintPath(const QString &home, const QString &id);
    static bool recordFootprint(const QString &home, const QString &id, const TenantFootprint &footprint);
    static void forgetFootprint(const QString &home, const QString &id);

    // The scratch name of the plan's `n`th topic (from 1) in check `id`'s copy, within the
    // topic's name and combined byte limits (shortened to "dr-<n>-<id>…" when the full form
    // would push `topic` over them).
    static QString scratchTopicName(const QString &id, int n, const Topic &topic);

signals:
    // Each step as it starts, in a person's words ("scanning \"Tax evasion\"").
    void progress(const QString &step);

public:
    // The outcomes compared, prompt by prompt (exposed for tests).
    static QList<TopicImpact> compare(const AuditState &audit, const QList<QList<AuditScan>> &after);

private:
    void createTopics(qsizetype index);
    void scanNext(qsizetype suite);
    void finish(const QString &error);

    QPointer<ManagementClient> m_management;
    AirsSettings m_airs;
    Options m_options;
    TopicApplier::Plan m_plan;
    AuditState m_audit;
    std::function<void(const Result &)> m_done;
    RunWorkspace *m_workspace = nullptr;
    TopicDeployer *m_deployer = nullptr;
    TenantCleaner *m_cleaner = nullptr;
    QPointer<ScanBatch> m_batch;
    QString m_id;
    QHash<QString, QString> m_planName; // scratch topic name -> the plan's name for it
    QList<AirsTopic> m_created; // in the plan's order
    QList<QList<AuditScan>> m_after;
    bool m_finishing = false;
};
