#include "candidatescan.h"

#include "applyimpact.h"
#include "staticevaluation.h"
#include "tenantcleaner.h"
#include "topicdeployer.h"

#include "airs/managementclient.h"

#include <QTimer>

using namespace Qt::StringLiterals;

CandidateScan::CandidateScan(ManagementClient *management, AirsSettings airs, Options options, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_airs(std::move(airs))
    , m_options(options)
{
}

CandidateScan::~CandidateScan() = default;

void CandidateScan::run(const QString &scratchId, const CrossRun::Candidate &candidate, const QList<TestCase> &prompts,
                        RunWorkspace::Persist persist, std::function<void(const Result &)> done)
{
    m_scratchId = scratchId;
    m_candidate = candidate;
    m_prompts = prompts;
    m_persist = persist;
    m_done = std::move(done);
    m_toCreate.clear();
    if (candidate.intent == Intent::Block && candidate.companion)
        m_toCreate.append(*candidate.companion);
    m_toCreate.append(candidate.topic);
    QStringList names;
    for (const Topic &t : std::as_const(m_toCreate))
        names.append(t.name);
    m_workspace = new RunWorkspace(m_management, std::move(persist), this);
    // The candidate's topics stand in for production's topics of the same names (an applied
    // candidate is in production already), as in the run's own copy.
    m_workspace->setAddedTopics(names);
    m_deployer = new TopicDeployer(m_management, this);
    RunSettings settings;
    settings.profileName = candidate.profileName;
    settings.intent = candidate.intent;
    emit progress(u"creating the scratch copy of \"%1\" for %2"_s.arg(candidate.profileName, candidate.label), 0,
                  int(prompts.size()));
    m_workspace->prepare(scratchId, settings, std::nullopt, [this](const QString &, const QString &error) {
        if (!error.isEmpty())
            finish(error);
        else
            createTopics(0);
    });
}

void CandidateScan::createTopics(qsizetype index)
{
    if (m_finishing)
        return;
    if (index >= m_toCreate.size())
        return assign();
    const Topic &topic = m_toCreate.at(index);
    emit progress(u"creating topic \"%1\" in the copy"_s.arg(topic.name), 0, int(m_prompts.size()));
    // Under a scratch name, never the candidate's own: an apply of the candidate must not take a
    // topic a killed comparison left for one it wrote (issue 57).
    Topic scratch = topic;
    scratch.name = ApplyImpact::scratchTopicName(m_scratchId, int(index) + 1, topic);
    m_deployer->create(
        scratch,
        [this, index](const AirsResult<AirsTopic> &created) {
            if (m_finishing)
                return;
            if (!created.ok())
                return finish(u"topic \"%1\" could not be created in the copy: %2"_s.arg(
                    m_toCreate.at(index).name, created.error.toString()));
            if (!m_workspace->recordTopicId(created.value.name, created.value.id))
                return finish(u"the comparison's state could not be saved"_s);
            m_created.append(created.value);
            createTopics(index + 1);
        },
        [this](const QString &name) {
            return !m_finishing && m_workspace->recordTopic(name); // write-ahead: found by cleanup if killed now
        });
}

void CandidateScan::assign()
{
    QStringList names;
    for (const Topic &t : std::as_const(m_toCreate))
        names.append(t.name);
    emit progress(u"putting %1's topic in place in the copy"_s.arg(m_candidate.label), 0, int(m_prompts.size()));
    const AirsTopic target = m_created.last();
    const std::optional<AirsTopic> companion =
        m_created.size() > 1 ? std::make_optional(m_created.first()) : std::nullopt;
    m_deployer->assign(
        m_workspace->profileName(), m_candidate.intent, target, companion,
        [this](const AirsResult<AirsProfile> &assigned) {
            if (m_finishing)
                return;
            if (!assigned.ok())
                return finish(u"the copy's topics could not be set: %1"_s.arg(assigned.error.toString()));
            // AIRS takes a while to carry a change to its scan service: wait, without blocking.
            emit progress(u"waiting for AIRS to propagate the topic"_s, 0, int(m_prompts.size()));
            QTimer::singleShot(m_options.propagationDelayMs, Qt::PreciseTimer, this, [this] { scan(); });
        },
        m_workspace->replacedNames(names));
}

void CandidateScan::scan()
{
    if (m_finishing)
        return;
    const int total = int(m_prompts.size());
    emit progress(u"scanning %1 on %2 prompts"_s.arg(m_candidate.label).arg(total), 0, total);
    // The verdicts are judged as `daystrom eval` and the loop judge them (StaticEvaluation).
    StaticEvaluation::Options options;
    options.profileName = m_workspace->profileName();
    options.intent = m_candidate.intent;
    options.concurrency = m_options.concurrency;
    options.ratePerSecond = m_options.ratePerSecond;
    auto *evaluation = new StaticEvaluation(m_airs, options, this);
    m_evaluation = evaluation;
    connect(evaluation, &StaticEvaluation::progress, this, [this](int completed, int all) {
        emit progress(u"scanning %1"_s.arg(m_candidate.label), completed, all);
    });
    connect(evaluation, &StaticEvaluation::finished, this,
            [this, evaluation](const QList<TestResult> &results, const EfficacyMetrics &) {
        evaluation->deleteLater();
        finish({}, results);
    });
    connect(evaluation, &StaticEvaluation::failed, this, [this, evaluation](const QString &error) {
        evaluation->deleteLater();
        finish(u"scanning %1: %2"_s.arg(m_candidate.label, error));
    });
    evaluation->start(m_prompts);
}

void CandidateScan::abort()
{
    finish(u"cancelled"_s, {}, true);
}

void CandidateScan::finish(const QString &error, const QList<TestResult> &results, bool cancelled)
{
    if (m_finishing || !m_done)
        return;
    m_finishing = true;
    if (m_evaluation) {
        m_evaluation->disconnect(this);
        m_evaluation->cancel();
        m_evaluation->deleteLater();
    }
    if (m_deployer)
        m_deployer->abort();
    Result result;
    result.error = error;
    result.cancelled = cancelled;
    if (error.isEmpty())
        result.results = results;
    const TenantFootprint footprint = m_workspace ? m_workspace->footprint() : TenantFootprint{};
    if (m_workspace)
        m_workspace->abort();
    if (footprint.isClear()) {
        QMetaObject::invokeMethod(this, [this, result] { std::exchange(m_done, nullptr)(result); }, Qt::QueuedConnection);
        return;
    }
    emit progress(u"removing the scratch copy"_s, 0, int(m_prompts.size()));
    m_cleaner = new TenantCleaner(m_management, this);
    m_cleaner->clean(
        footprint,
        [this, result](const TenantCleaner::Outcome &o) mutable {
            result.cleanupProblems = o.problems.join(u"; "_s);
            if (m_persist) // what is left (nothing, once clean) replaces what was recorded
                m_persist(o.remaining);
            std::exchange(m_done, nullptr)(result);
        },
        [this](const TenantFootprint &remaining) {
            if (m_persist)
                m_persist(remaining);
        });
}
