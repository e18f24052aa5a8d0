#include "profileaudit.h"

#include "runworkspace.h"
#include "tenantcleaner.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "auditscans.h"
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
            // What earlier audits wrote for a topic whose text is unchanged is measured on again.
            const QHash<QString, QList<TestCase>> stored =
                AuditState::storedPrompts(m_home, m_state.profileName, m_state.topics);
            for (AuditSuite &suite : m_state.suites) {
                if (suite.prompts.isEmpty())
                    suite.prompts = stored.value(suite.topic);
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
        attributeUnnamed(0);
        return;
    }
    const QString topic = next->topic;
    const QString label = topic.isEmpty() ? u"the general benign prompts"_s : u"\"%1\""_s.arg(topic);
    QStringList prompts;
    for (const TestCase &t : next->prompts)
        prompts.append(t.prompt);
    auto *batch = AuditScans::batch(m_airs, m_workspace->profileName(), u"daystrom-audit-"_s + m_state.id,
                                    m_options.concurrency, m_options.ratePerSecond, this);
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
        m_state.suite(topic)->scans = AuditScans::of(verdicts, notScanned); // whole now: a resume skips it
        if (!save()) {
            end(AuditState::Status::Failed, m_state.error);
            return;
        }
        scanNextSuite();
    });
    batch->start(prompts);
}

// The flagged prompts whose answers named no topic, as (suite, prompt).
QList<std::pair<qsizetype, qsizetype>> ProfileAudit::unnamedFlagged() const
{
    QList<std::pair<qsizetype, qsizetype>> out;
    for (qsizetype s = 0; s < m_state.suites.size(); ++s) {
        const AuditSuite &suite = m_state.suites.at(s);
        for (qsizetype i = 0; i < suite.scans.size(); ++i) {
            const AuditScan &scan = suite.scans.at(i);
            if (scan.scanned && scan.flagged && !scan.namesReported)
                out.append({s, i});
        }
    }
    return out;
}

// For flagged prompts whose answers named no topic: the scratch profile with one of
// production's topics at a time; a prompt that topic T alone blocks (a block topic) or lets
// through (an allow topic) was matched by T. Leaving one topic out instead would miss every
// prompt two topics catch — the overlaps an audit is for.
void ProfileAudit::attributeUnnamed(qsizetype topic)
{
    const QList<std::pair<qsizetype, qsizetype>> unnamed = unnamedFlagged();
    if (m_state.attributed || unnamed.isEmpty() || topic >= m_state.topics.size()) {
        m_state.attributed = m_state.attributed || !unnamed.isEmpty();
        end(AuditState::Status::Completed);
        return;
    }
    if (topic == 0) { // from the start (also after a kill part way through)
        for (const auto &[s, i] : unnamed)
            m_state.suites[s].scans[i].matchedTopics.clear();
    }
    const QString left = m_state.topics.at(topic).name;
    emit progress(u"finding which topics caught %1 prompt(s): \"%2\" alone"_s.arg(unnamed.size()).arg(left),
                  int(topic), int(m_state.topics.size()));
    const auto failOn = [this](const AirsError &e) {
        if (!m_ending)
            end(AuditState::Status::Failed, e.toString());
    };
    m_management->findProfile(m_state.profileName, this, [=, this](const AirsResult<AirsProfile> &production) {
        if (m_ending || !production.ok())
            return failOn(production.error);
        QStringList others;
        for (const AuditTopic &t : std::as_const(m_state.topics)) {
            if (t.name != left)
                others.append(t.name);
        }
        const QJsonObject without = ProfilePolicy::withoutTopics(production.value.policy, others);
        m_management->findProfile(m_workspace->profileName(), this, [=, this](const AirsResult<AirsProfile> &scratch) {
            if (m_ending || !scratch.ok())
                return failOn(scratch.error);
            m_management->updateProfile(scratch.value, without, this, [=, this](const AirsResult<AirsProfile> &updated) {
                if (m_ending || !updated.ok())
                    return failOn(updated.error);
                QTimer::singleShot(m_options.propagationDelayMs, this, [=, this] { scanWithout(topic); });
            });
        });
    });
}

void ProfileAudit::scanWithout(qsizetype topic)
{
    if (m_ending)
        return;
    const QList<std::pair<qsizetype, qsizetype>> unnamed = unnamedFlagged();
    QStringList prompts;
    for (const auto &[s, i] : unnamed)
        prompts.append(m_state.suites.at(s).prompts.at(i).prompt);
    auto *batch = AuditScans::batch(m_airs, m_workspace->profileName(), u"daystrom-audit-"_s + m_state.id,
                                    m_options.concurrency, m_options.ratePerSecond, this);
    m_batch = batch;
    connect(batch, &ScanBatch::failed, this, [this, batch](const AirsError &e) {
        batch->deleteLater();
        if (!m_ending)
            end(AuditState::Status::Failed, e.toString());
    });
    connect(batch, &ScanBatch::finished, this,
            [this, batch, topic, unnamed](const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned) {
        batch->deleteLater();
        if (m_ending)
            return;
        const AuditTopic &alone = m_state.topics.at(topic);
        const QList<AuditScan> scans = AuditScans::of(verdicts, notScanned);
        for (qsizetype k = 0; k < unnamed.size(); ++k) {
            if (scans.at(k).scanned && scans.at(k).flagged == (alone.action != u"allow"))
                m_state.suites[unnamed.at(k).first].scans[unnamed.at(k).second].matchedTopics.append(alone.name);
        }
        save();
        attributeUnnamed(topic + 1);
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
