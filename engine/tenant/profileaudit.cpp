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
        const QString guardrailAction = ProfilePolicy::guardrailAction(profile.value.policy);
        m_state.guardrailAction = guardrailAction == u"block" ? u"block"_s : u"allow"_s;
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

ProfileKind ProfileAudit::kind() const
{
    return m_state.isAllowList() ? ProfileKind::AllowList : ProfileKind::BlockList;
}

bool ProfileAudit::keepFootprint(const TenantFootprint &footprint)
{
    // The workspace knows only the copy of production; the topic-alone copies are the audit's.
    const QList<CreatedObject> extras = m_state.tenant.extraProfiles;
    m_state.tenant = footprint;
    for (const CreatedObject &extra : extras) {
        if (!m_state.tenant.extraProfiles.contains(extra))
            m_state.tenant.extraProfiles.append(extra);
    }
    return save();
}

void ProfileAudit::prepareScratch()
{
    if (std::all_of(m_state.suites.cbegin(), m_state.suites.cend(), [](const AuditSuite &s) { return s.isScanned(); })) {
        m_suitesDone = true; // a resume after the last suite: only the attribution may be left
        attributeIfNeeded();
        return;
    }
    emit progress(u"creating the scratch copy of \"%1\""_s.arg(m_state.profileName), 0, 1);
    m_workspace = new RunWorkspace(m_management, [this](const TenantFootprint &footprint) {
        return keepFootprint(footprint);
    }, this);
    m_workspace->setAddedTopics(QStringList()); // an audit adds no topic to its copy
    RunSettings settings;
    settings.profileName = m_state.profileName;
    const std::optional<TenantFootprint> earlier =
        m_state.tenant.scratchProfile.isEmpty() ? std::nullopt : std::make_optional(m_state.tenant);
    m_workspace->prepare(m_state.id, settings, earlier, [this](const QString &, const QString &error) {
        if (m_ending)
            return;
        if (!error.isEmpty()) {
            end(AuditState::Status::Failed, error);
            return;
        }
        keepFootprint(m_workspace->footprint());
        if (!m_state.attributed && !unnamedScans().isEmpty())
            startAlone(); // a resume that already knows the answers name no topic
        QTimer::singleShot(m_options.propagationDelayMs, Qt::PreciseTimer, this, [this] {
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
        m_suitesDone = true;
        attributeIfNeeded();
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
    connect(batch, &ScanBatch::scanned, this, [this, label](int, const ScanVerdict &verdict, int done, int total) {
        // The first answer that names no topic: the topic-alone copies are made now, while the
        // rest is scanned, so their propagation overlaps the scans.
        if (!verdict.topicsReported && !m_state.attributed)
            startAlone();
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
        m_state.suite(topic)->scans = AuditScans::of(verdicts, notScanned, kind()); // whole now: a resume skips it
        if (!save()) {
            end(AuditState::Status::Failed, m_state.error);
            return;
        }
        scanNextSuite();
    });
    batch->start(prompts);
}

// The scanned prompts whose answers named no topic, as (suite, prompt).
QList<std::pair<qsizetype, qsizetype>> ProfileAudit::unnamedScans() const
{
    QList<std::pair<qsizetype, qsizetype>> out;
    for (qsizetype s = 0; s < m_state.suites.size(); ++s) {
        const AuditSuite &suite = m_state.suites.at(s);
        for (qsizetype i = 0; i < suite.scans.size(); ++i) {
            const AuditScan &scan = suite.scans.at(i);
            if (scan.scanned && !scan.namesReported)
                out.append({s, i});
        }
    }
    return out;
}

// Which topic could have caught each unnamed prompt: a prompt the profile acted on was matched
// by block topics (an allow topic that matches lets a prompt through), one it let through by
// allow topics (a block topic that matched would have stopped it, unless an allow topic
// matched better — which the allow topics then show). Each (topic, suite, prompt) is one scan
// of the topic's alone copy.
QList<ProfileAudit::AttributionJob> ProfileAudit::attributionJobs() const
{
    QList<AttributionJob> jobs;
    const QList<std::pair<qsizetype, qsizetype>> unnamed = unnamedScans();
    for (qsizetype t = 0; t < m_state.topics.size(); ++t) {
        const bool blockTopic = m_state.topics.at(t).action != u"allow";
        for (const auto &[s, i] : unnamed) {
            if (m_state.suites.at(s).scans.at(i).flagged == blockTopic)
                jobs.append({t, s, i});
        }
    }
    return jobs;
}

void ProfileAudit::attributeIfNeeded()
{
    if (m_ending)
        return;
    if (m_state.attributed || attributionJobs().isEmpty()) {
        m_state.attributed = m_state.attributed || !unnamedScans().isEmpty();
        end(AuditState::Status::Completed);
        return;
    }
    if (!m_aloneStarted)
        startAlone();
    if (m_aloneReady)
        attribute();
    // else the copies' propagation wait calls back here
}

// One copy of production per topic, holding that topic alone in its own bucket, with the
// guardrail action that makes its match visible: a block topic alone in a block list (it acts
// on what the topic matches), an allow topic alone in an allow list (it lets through only what
// the topic matches). All are created at once and share one propagation wait.
void ProfileAudit::startAlone()
{
    if (m_aloneStarted || m_ending)
        return;
    m_aloneStarted = true;
    emit progress(u"creating a copy of \"%1\" for each of its %2 topic(s) alone (the answers name no topic)"_s.arg(
                      m_state.profileName).arg(m_state.topics.size()), 0, 1);
    const auto failOn = [this](const QString &e) {
        if (!m_ending)
            end(AuditState::Status::Failed, u"the topic-alone copies: "_s + e);
    };
    m_management->findProfile(m_state.profileName, this, [this, failOn](const AirsResult<AirsProfile> &production) {
        if (m_ending)
            return;
        if (!production.ok())
            return failOn(production.error.toString());
        QStringList names;
        for (const AuditTopic &t : std::as_const(m_state.topics))
            names.append(t.name);
        QList<std::pair<QString, QJsonObject>> copies; // name, policy
        const QString base = TenantFootprint::scratchProfileName(m_state.id) + u'-';
        int serial = 0;
        for (const AuditTopic &t : std::as_const(m_state.topics)) {
            QStringList others = names;
            others.removeAll(t.name);
            const QJsonObject alone = ProfilePolicy::withTopicGuardrails(
                ProfilePolicy::withoutTopics(production.value.policy, others), {},
                t.action == u"allow" ? u"block"_s : u"allow"_s);
            QString name;
            do
                name = base + QString::number(++serial);
            while (std::any_of(m_state.tenant.extraProfiles.cbegin(), m_state.tenant.extraProfiles.cend(),
                               [&name](const CreatedObject &o) { return o.name == name; }));
            m_state.tenant.extraProfiles.append({name, {}}); // write-ahead: found even if killed now
            m_aloneProfile.insert(t.name, name);
            copies.append({name, alone});
        }
        if (!save())
            return failOn(m_state.error);
        m_aloneWaiting = int(copies.size());
        for (const auto &copy : copies) {
            const QString name = copy.first; // a structured binding cannot be captured (clang 14)
            m_management->createProfile(name, copy.second, this, [this, failOn, name](const AirsResult<AirsProfile> &r) {
                if (m_ending)
                    return;
                if (!r.ok())
                    return failOn(u"\"%1\" could not be created: %2"_s.arg(name, r.error.toString()));
                for (CreatedObject &o : m_state.tenant.extraProfiles) {
                    if (o.name == name)
                        o.id = r.value.id;
                }
                save();
                if (--m_aloneWaiting > 0)
                    return;
                QTimer::singleShot(m_options.propagationDelayMs, Qt::PreciseTimer, this, [this] {
                    if (m_ending)
                        return;
                    m_aloneReady = true;
                    if (m_suitesDone)
                        attributeIfNeeded();
                });
            });
        }
    });
}

void ProfileAudit::attribute()
{
    const QList<AttributionJob> jobs = attributionJobs();
    QStringList prompts, profiles;
    for (const AttributionJob &job : jobs) {
        prompts.append(m_state.suites.at(job.suite).prompts.at(job.prompt).prompt);
        profiles.append(m_aloneProfile.value(m_state.topics.at(job.topic).name));
    }
    const QString what = u"finding which topics caught the %1 prompt(s) whose answers named none"_s.arg(unnamedScans().size());
    emit progress(what, 0, int(jobs.size()));
    auto *batch = AuditScans::batch(m_airs, profiles.value(0), u"daystrom-audit-"_s + m_state.id,
                                    m_options.concurrency, m_options.ratePerSecond, this);
    m_batch = batch;
    connect(batch, &ScanBatch::scanned, this, [this, what](int, const ScanVerdict &, int done, int total) {
        emit progress(what, done, total);
    });
    connect(batch, &ScanBatch::failed, this, [this, batch](const AirsError &e) {
        batch->deleteLater();
        if (!m_ending)
            end(AuditState::Status::Failed, u"finding which topics caught a prompt: "_s + e.toString());
    });
    connect(batch, &ScanBatch::finished, this,
            [this, batch, jobs](const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned) {
        batch->deleteLater();
        if (m_ending)
            return;
        for (const auto &[s, i] : unnamedScans())
            m_state.suites[s].scans[i].matchedTopics.clear();
        for (qsizetype k = 0; k < jobs.size(); ++k) {
            const AttributionJob &job = jobs.at(k);
            AuditScan &scan = m_state.suites[job.suite].scans[job.prompt];
            if (notScanned.contains(int(k))) {
                scan.scanned = false;
                scan.reason = u"which topic caught it could not be found: "_s + notScanned.value(int(k)).toString();
                continue;
            }
            const AuditTopic &alone = m_state.topics.at(job.topic);
            const bool blockTopic = alone.action != u"allow";
            const bool acted = verdicts.at(k).actedOn(blockTopic ? ProfileKind::BlockList : ProfileKind::AllowList);
            if (acted == blockTopic)
                scan.matchedTopics.append(alone.name);
        }
        m_state.attributed = true;
        if (!save()) {
            end(AuditState::Status::Failed, m_state.error);
            return;
        }
        end(AuditState::Status::Completed);
    }, Qt::SingleShotConnection);
    batch->start(prompts, {}, profiles);
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
