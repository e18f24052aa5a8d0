#include "applyimpact.h"

#include "runworkspace.h"
#include "tenantcleaner.h"
#include "topicdeployer.h"

#include "airs/managementclient.h"
#include "auditscans.h"
#include "domain/jsonfile.h"
#include "domain/auditexpectation.h"
#include "domain/proportionstats.h"
#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <QDir>
#include <QFile>
#include <QTimer>

using namespace Qt::StringLiterals;

ApplyImpact::ApplyImpact(ManagementClient *management, AirsSettings airs, Options options, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_airs(std::move(airs))
    , m_options(options)
{
}

void ApplyImpact::run(const QString &id, const TopicApplier::Plan &plan, const AuditState &audit,
                      std::function<bool(const TenantFootprint &)> persist, std::function<void(const Result &)> done)
{
    m_id = id;
    m_plan = plan;
    m_audit = audit;
    m_done = std::move(done);
    m_workspace = new RunWorkspace(m_management, std::move(persist), this);
    QStringList added;
    for (const TopicApplier::Item &item : plan.topics)
        added.append(item.topic.name);
    m_workspace->setAddedTopics(added); // the plan's topics, in place of production's of the same names
    m_deployer = new TopicDeployer(m_management, this);
    RunSettings settings;
    settings.profileName = plan.profileName;
    settings.intent = plan.intent;
    emit progress(u"creating the scratch copy of \"%1\""_s.arg(plan.profileName));
    m_workspace->prepare(id, settings, std::nullopt, [this](const QString &, const QString &error) {
        if (!error.isEmpty())
            finish(error);
        else
            createTopics(0);
    });
}

void ApplyImpact::createTopics(qsizetype index)
{
    if (m_finishing)
        return;
    if (index < m_plan.topics.size()) {
        const Topic &topic = m_plan.topics.at(index).topic;
        emit progress(u"creating topic \"%1\" in the copy"_s.arg(topic.name));
        Topic scratch = topic;
        scratch.name = scratchTopicName(m_id, int(index) + 1, topic);
        m_deployer->create(scratch, [this, index](const AirsResult<AirsTopic> &created) {
            if (!created.ok()) {
                finish(created.error.toString());
                return;
            }
            m_workspace->recordTopicId(created.value.name, created.value.id);
            m_created.append(created.value);
            createTopics(index + 1);
        }, [this, planName = topic.name](const QString &name) {
            m_planName.insert(name, planName);
            return m_workspace->recordTopic(name); // write-ahead: found by cleanup if killed now
        });
        return;
    }
    // The plan's topics in the scratch copy, in place of the production topics they replace.
    QStringList names;
    for (const TopicApplier::Item &item : std::as_const(m_plan.topics))
        names.append(item.topic.name);
    emit progress(u"putting the plan's topics in place in the copy"_s);
    const AirsTopic target = m_created.last();
    const std::optional<AirsTopic> companion =
        m_created.size() > 1 ? std::make_optional(m_created.first()) : std::nullopt;
    m_deployer->assign(m_workspace->profileName(), m_plan.intent, target, companion,
                       [this](const AirsResult<AirsProfile> &assigned) {
        if (!assigned.ok()) {
            finish(assigned.error.toString());
            return;
        }
        QTimer::singleShot(m_options.propagationDelayMs, Qt::PreciseTimer, this, [this] { scanNext(0); });
    }, m_workspace->replacedNames(names));
}

void ApplyImpact::scanNext(qsizetype suite)
{
    if (m_finishing)
        return;
    if (suite >= m_audit.suites.size()) {
        finish({});
        return;
    }
    const QString topic = m_audit.suites.at(suite).topic;
    emit progress(topic.isEmpty() ? u"scanning the general benign prompts"_s : u"scanning \"%1\""_s.arg(topic));
    QStringList prompts;
    for (const TestCase &t : m_audit.suites.at(suite).prompts)
        prompts.append(t.prompt);
    auto *batch = AuditScans::batch(m_airs, m_workspace->profileName(), u"daystrom-impact"_s, m_options.concurrency,
                                    m_options.ratePerSecond, this);
    m_batch = batch;
    connect(batch, &ScanBatch::failed, this, [this, batch](const AirsError &e) {
        batch->deleteLater();
        finish(e.toString());
    });
    connect(batch, &ScanBatch::finished, this,
            [this, batch, suite](const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned) {
        batch->deleteLater();
        QList<AuditScan> scans = AuditScans::of(verdicts, notScanned,
                                                m_audit.isAllowList() ? ProfileKind::AllowList : ProfileKind::BlockList);
        for (AuditScan &scan : scans) { // the answers name the scratch topics: read them as the plan's
            for (QString &name : scan.matchedTopics)
                name = m_planName.value(name, name);
        }
        m_after.append(scans);
        scanNext(suite + 1);
    });
    batch->start(prompts);
}

QList<ApplyImpact::TopicImpact> ApplyImpact::compare(const AuditState &audit, const QList<QList<AuditScan>> &after)
{
    QList<TopicImpact> out;
    const int allowTopics = int(std::count_if(audit.topics.cbegin(), audit.topics.cend(),
                                              [](const AuditTopic &t) { return t.action == u"allow"; }));
    for (qsizetype s = 0; s < audit.suites.size() && s < after.size(); ++s) {
        const AuditSuite &suite = audit.suites.at(s);
        if (!suite.isScanned() || after.at(s).size() != suite.prompts.size())
            continue;
        const auto topic = std::find_if(audit.topics.cbegin(), audit.topics.cend(),
                                        [&suite](const AuditTopic &t) { return t.name == suite.topic; });
        const AuditTopic *written = topic == audit.topics.cend() ? nullptr : &*topic;
        TopicImpact impact;
        impact.topic = suite.topic;
        for (qsizetype i = 0; i < suite.prompts.size(); ++i) {
            const AuditScan &before = suite.scans.at(i);
            const AuditScan &now = after.at(s).at(i);
            if (!before.scanned || !now.scanned)
                continue;
            const bool expected = suite.prompts.at(i).expectedTriggered;
            // Should the profile act on it? The audit's own answer (AuditExpectation), for a
            // block list and an allow list alike; a prompt the other topics decide is no one's
            // fix or break.
            const std::optional<bool> shouldAct =
                AuditExpectation::shouldAct(audit.isAllowList(), written, expected, allowTopics);
            if (!shouldAct)
                continue;
            const bool rightBefore = before.flagged == *shouldAct;
            const bool rightNow = now.flagged == *shouldAct;
            Class &cls = expected && written ? impact.positives : impact.negatives;
            ++cls.prompts;
            cls.fixed += !rightBefore && rightNow;
            cls.broken += rightBefore && !rightNow;
            if (!*shouldAct && !before.flagged && now.flagged)
                impact.newlyCaught.append(suite.prompts.at(i).prompt);
        }
        for (Class *cls : {&impact.positives, &impact.negatives})
            cls->pValue = ProportionStats::mcnemarExact(cls->fixed, cls->broken);
        out.append(impact);
    }
    return out;
}

void ApplyImpact::abort()
{
    finish(u"cancelled"_s);
}

void ApplyImpact::finish(const QString &error)
{
    if (m_finishing)
        return;
    m_finishing = true;
    if (m_batch) {
        m_batch->disconnect(this);
        m_batch->cancel();
        m_batch->deleteLater();
    }
    m_deployer->abort();
    Result result;
    result.error = error;
    if (error.isEmpty())
        result.topics = compare(m_audit, m_after);
    const TenantFootprint footprint = m_workspace->footprint();
    m_workspace->abort();
    if (footprint.isClear()) {
        QMetaObject::invokeMethod(this, [this, result] { m_done(result); }, Qt::QueuedConnection);
        return;
    }
    emit progress(u"removing the scratch copy"_s);
    m_cleaner = new TenantCleaner(m_management, this);
    m_cleaner->clean(footprint, [this, result](const TenantCleaner::Outcome &o) mutable {
        result.cleanupProblems = o.problems.join(u"; "_s);
        m_done(result);
    });
}

QString ApplyImpact::scratchTopicName(const QString &id, int n, const Topic &topic)
{
    // The bytes the name may take: its own limit, and what the combined limit leaves.
    const qsizetype budget = std::min(TopicLimits::NameBytes, TopicLimits::CombinedBytes - TopicLimits::combinedBytes(topic)
                                                                  + Utf8::size(topic.name));
    const QString full = TenantFootprint::scratchProfileName(id) + u'-' + QString::number(n);
    if (Utf8::size(full) <= budget)
        return full;
    return Utf8::truncated(u"dr-%1-%2"_s.arg(n).arg(id), std::max<qsizetype>(budget, 1));
}

QString ApplyImpact::footprintPath(const QString &home, const QString &id)
{
    return AuditState::directory(home) + u"/impact-"_s + id + u".json"_s;
}

bool ApplyImpact::recordFootprint(const QString &home, const QString &id, const TenantFootprint &footprint)
{
    QDir().mkpath(AuditState::directory(home));
    return JsonFile::write(footprintPath(home, id), footprint.toJson()).isEmpty();
}

void ApplyImpact::forgetFootprint(const QString &home, const QString &id)
{
    QFile::remove(footprintPath(home, id));
}
