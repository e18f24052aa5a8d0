#include "profileaudit.h"

#include "runworkspace.h"
#include "tenantcleaner.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "airs/scanbatch.h"
#include "domain/generalbenign.h"
#include "llm/prompts/promptbook.h"
#include "llm/structuredcall.h"

#include <QTimer>

using namespace Qt::StringLiterals;

ProfileAudit::ProfileAudit(ManagementClient *management, LlmProvider *llm, AirsSettings airs, QString home,
                           Options options, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_llm(llm)
    , m_airs(std::move(airs))
    , m_home(std::move(home))
    , m_options(std::move(options))
{
}

ProfileAudit::~ProfileAudit()
{
    if (m_call)
        m_call->abort();
}

void ProfileAudit::read(AuditState state, std::function<void(const QString &error)> done)
{
    m_state = std::move(state);
    if (!m_state.topics.isEmpty()) { // resumed: the topics as the audit first read them
        done({});
        return;
    }
    m_management->findProfile(m_state.profileName, this, [this, done](const AirsResult<AirsProfile> &profile) {
        if (!profile.ok()) {
            done(profile.error.toString());
            return;
        }
        const QList<TopicAssignment> assigned = ProfilePolicy::assignedTopics(profile.value.policy);
        if (assigned.isEmpty()) {
            done(u"profile \"%1\" uses no custom topic: there is nothing to audit"_s.arg(m_state.profileName));
            return;
        }
        m_management->listTopics(this, [this, done, assigned](const AirsResult<QList<AirsTopic>> &topics) {
            if (!topics.ok()) {
                done(topics.error.toString());
                return;
            }
            for (const TopicAssignment &a : assigned) {
                const auto it = std::find_if(topics.value.cbegin(), topics.value.cend(),
                                             [&a](const AirsTopic &t) { return t.id == a.topicId; });
                if (it == topics.value.cend()) {
                    done(u"profile \"%1\" pins topic \"%2\" (%3), which the topic list does not hold"_s.arg(
                        m_state.profileName, a.topicName, a.topicId));
                    return;
                }
                m_state.topics.append({it->id, it->name, a.action, it->description, it->examples, it->revision});
                m_state.suites.append({it->name, m_options.supplied.value(it->name), {}});
            }
            m_state.suites.append({QString(), GeneralBenign::prompts(), {}});
            done(save() ? QString() : m_state.error);
        });
    });
}

ProfileAudit::Plan ProfileAudit::plan() const
{
    Plan p;
    p.topics = int(m_state.topics.size());
    for (const AuditSuite &s : m_state.suites) {
        if (s.isScanned())
            continue;
        if (s.prompts.isEmpty()) {
            ++p.llmCalls;
            p.scans += m_options.benchmarkSize;
        } else {
            p.scans += int(s.prompts.size());
        }
    }
    if (m_options.ratePerSecond > 0)
        p.seconds = p.scans / m_options.ratePerSecond;
    return p;
}

bool ProfileAudit::save()
{
    m_state.updatedAt = QDateTime::currentDateTimeUtc();
    const QString error = m_state.save(m_home);
    if (error.isEmpty())
        return true;
    m_state.error = u"the audit file cannot be saved: "_s + error;
    return false;
}

void ProfileAudit::run()
{
    m_state.status = AuditState::Status::Running;
    m_state.error.clear();
    writeNextBenchmark();
}

void ProfileAudit::writeNextBenchmark()
{
    const auto missing = std::find_if(m_state.suites.begin(), m_state.suites.end(),
                                      [](const AuditSuite &s) { return s.prompts.isEmpty(); });
    if (missing == m_state.suites.end()) {
        prepareScratch();
        return;
    }
    const auto topic = std::find_if(m_state.topics.cbegin(), m_state.topics.cend(),
                                    [&missing](const AuditTopic &t) { return t.name == missing->topic; });
    if (!m_llm || topic == m_state.topics.cend()) {
        end(AuditState::Status::Failed, u"no LLM to write the prompts of topic \"%1\""_s.arg(missing->topic));
        return;
    }
    const QString name = topic->name;
    emit progress(u"writing the held-out prompts of \"%1\""_s.arg(name), 0, 1);
    // The topic's description stands for what the person wants caught, its examples for the
    // seeds: the benchmark call never sees a topic otherwise.
    const LlmPrompt prompt = PromptBook::generateBenchmark({topic->description,
                                                            topic->action == u"allow" ? Intent::Allow : Intent::Block,
                                                            topic->examples, m_options.benchmarkSize});
    LlmRequest request;
    request.system = prompt.system;
    request.user = prompt.user;
    request.schema = prompt.schema;
    request.schemaName = prompt.callName;
    auto *call = new StructuredCall(m_llm, request, {}, this);
    m_call = call;
    connect(call, &StructuredCall::finished, this, [this, call, name](const StructuredResult &r) {
        call->deleteLater();
        if (m_ending)
            return;
        if (!r.ok()) {
            end(AuditState::Status::Failed, u"writing the prompts of \"%1\": %2"_s.arg(name, r.error.toString()));
            return;
        }
        QList<TestCase> prompts = PromptBook::benchmarkFromJson(r.object, m_options.benchmarkSize);
        if (prompts.isEmpty()) {
            end(AuditState::Status::Failed, u"the LLM wrote no usable prompt for \"%1\""_s.arg(name));
            return;
        }
        for (TestCase &t : prompts)
            t.category = t.category.isEmpty() ? name : t.category;
        m_state.suite(name)->prompts = prompts;
        if (!save()) {
            end(AuditState::Status::Failed, m_state.error);
            return;
        }
        writeNextBenchmark();
    });
    call->start();
}

void ProfileAudit::prepareScratch()
{
    if (std::all_of(m_state.suites.cbegin(), m_state.suites.cend(), [](const AuditSuite &s) { return s.isScanned(); })) {
        end(AuditState::Status::Completed);
        return;
    }
    emit progress(u"creating the scratch copy of \"%1\""_s.arg(m_state.profileName), 0, 1);
    m_workspace = new RunWorkspace(m_management, [this](const TenantFootprint &footprint) {
        m_state.tenant = footprint;
        return save();
    }, this);
    RunSettings settings;
    settings.profileName = m_state.profileName;
    const std::optional<TenantFootprint> earlier =
        m_state.tenant.isClear() ? std::nullopt : std::make_optional(m_state.tenant);
    m_workspace->prepare(m_state.id, settings, earlier, [this](const QString &, const QString &error) {
        if (m_ending)
            return;
        if (!error.isEmpty()) {
            end(AuditState::Status::Failed, error);
            return;
        }
        m_state.tenant = m_workspace->footprint();
        save();
        QTimer::singleShot(m_options.propagationDelayMs, this, [this] {
            if (!m_ending)
                scanNextSuite();
        });
    });
}

void ProfileAudit::scanNextSuite()
{
    const auto next = std::find_if(m_state.suites.cbegin(), m_state.suites.cend(),
                                   [](const AuditSuite &s) { return !s.isScanned(); });
    if (next == m_state.suites.cend()) {
        end(AuditState::Status::Completed);
        return;
    }
    const QString topic = next->topic;
    const QString label = topic.isEmpty() ? u"the general benign prompts"_s : u"\"%1\""_s.arg(topic);
    QStringList prompts;
    for (const TestCase &t : next->prompts)
        prompts.append(t.prompt);
    ScanBatch::Options options;
    options.profileName = m_workspace->profileName();
    options.sessionId = u"daystrom-audit-"_s + m_state.id;
    options.concurrency = m_options.concurrency;
    options.ratePerSecond = m_options.ratePerSecond;
    options.keepGoing = true;
    auto *batch = new ScanBatch(m_airs, options, this);
    m_batch = batch;
    connect(batch, &ScanBatch::scanned, this, [this, label](int, const ScanVerdict &, int done, int total) {
        emit progress(u"scanning %1"_s.arg(label), done, total);
    });
    connect(batch, &ScanBatch::notScanned, this, [this, label](int, const AirsError &, int done, int total) {
        emit progress(u"scanning %1"_s.arg(label), done, total);
    });
    connect(batch, &ScanBatch::failed, this, [this, batch, label](const AirsError &e) {
        batch->deleteLater();
        if (!m_ending)
            end(AuditState::Status::Failed, u"scanning %1: %2"_s.arg(label, e.toString()));
    });
    connect(batch, &ScanBatch::finished, this,
            [this, batch, topic](const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned) {
        batch->deleteLater();
        if (m_ending)
            return;
        QList<AuditScan> scans;
        for (qsizetype i = 0; i < verdicts.size(); ++i) {
            AuditScan scan;
            if (notScanned.contains(int(i))) {
                scan.scanned = false;
                scan.reason = notScanned.value(int(i)).toString();
            } else {
                const ScanVerdict &v = verdicts.at(i);
                scan.flagged = v.action == u"block" || v.topicViolation;
                scan.matchedTopics = v.blockedTopics + v.allowedTopics;
            }
            scans.append(scan);
        }
        m_state.suite(topic)->scans = scans; // the suite is whole now: a resume skips it
        if (!save()) {
            end(AuditState::Status::Failed, m_state.error);
            return;
        }
        scanNextSuite();
    });
    batch->start(prompts);
}

void ProfileAudit::cancel()
{
    end(AuditState::Status::Cancelled, u"cancelled"_s);
}

void ProfileAudit::end(AuditState::Status status, const QString &error)
{
    if (m_ending)
        return;
    m_ending = true;
    if (m_call)
        m_call->abort();
    if (m_batch) {
        m_batch->disconnect(this);
        m_batch->cancel();
        m_batch->deleteLater();
    }
    if (m_workspace)
        m_workspace->abort();
    m_state.status = status;
    if (!error.isEmpty())
        m_state.error = error;
    save();
    const auto finish = [this] {
        save();
        emit finished(m_state);
    };
    if (m_state.tenant.isClear()) {
        QMetaObject::invokeMethod(this, finish, Qt::QueuedConnection);
        return;
    }
    emit progress(u"removing the scratch copy of \"%1\""_s.arg(m_state.profileName), 0, 1);
    m_cleaner = new TenantCleaner(m_management, this);
    m_cleaner->clean(m_state.tenant, [this, finish](const TenantCleaner::Outcome &o) {
        m_state.tenant = o.remaining;
        if (!o.problems.isEmpty())
            m_state.error += (m_state.error.isEmpty() ? QString() : u"; "_s) + o.problems.join(u"; "_s);
        finish();
    }, [this](const TenantFootprint &footprint) {
        m_state.tenant = footprint;
        save();
    });
}
