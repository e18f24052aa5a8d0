#include "studiocontext.h"

#include "loop/resumeplan.h"

#include "airs/profilepolicy.h"

#include "airs/managementclient.h"
#include "config/pricetable.h"
#include "config/secretstore.h"
#include "domain/nanoid.h"
#include "llm/llmfactory.h"
#include "models/session/storedrunedits.h"
#include "models/session/runcontroller.h"
#include "models/runsession.h"
#include "models/settingscontroller.h"
#include "runs/runstore.h"
#include "models/session/sandboxhost.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

StudioContext::StudioContext(SecretStore *secrets, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
    , m_settings(new SettingsController(secrets, Config::homeDir(), this))
    , m_session(new RunSession(this))
    , m_nam(new QNetworkAccessManager(this))
{
    connect(m_settings, &SettingsController::loaded, this, [this] {
        rebuildManagement();
        if (!m_ready) {
            m_ready = true;
            emit ready();
        }
    });
}

StudioContext::~StudioContext()
{
    m_controller.reset(); // saves a live run as paused before the sandbox goes away
    m_retiring.clear();   // joins the threads of finished runs still winding down
}

void StudioContext::initialize()
{
    m_settings->load();
}

void StudioContext::reloadSettings()
{
    m_settings->load();
}

bool StudioContext::needsAccount() const
{
    // Settings, the keychain and the environment (PANW_*, AWS_*, …) together; any of the
    // providers with what it needs counts, the cloud ones included (issue 40).
    const Config::Result c = m_settings->effective();
    const bool airs = c.config.isSet(ConfigKeys::AirsApiKey);
    QString error;
    const QString provider = c.config.string(ConfigKeys::LlmProvider);
    const bool llm = provider != "sandbox"_L1 && !LlmFactory::endpointFromConfig(c.config, &error).provider.isEmpty();
    return !airs || !llm;
}

bool StudioContext::enableSandbox(QString *error)
{
    if (m_sandbox)
        return true;
    if (isRunActive()) {
        *error = tr("A run is in progress: pause or cancel it before switching to the sandbox.");
        return false;
    }
    auto host = std::make_unique<SandboxHost>();
    host->setTenantFile(SandboxHost::tenantFileIn(m_settings->effective().config.sandboxHome()));
    if (!host->start(error))
        return false;
    m_session->clear();
    m_sandbox = std::move(host);
    rebuildManagement();
    emit sandboxChanged(true);
    if (!m_sandbox->tenantNote().isEmpty())
        emit sandboxTenantReset(m_sandbox->tenantNote());
    return true;
}

bool StudioContext::disableSandbox(QString *error)
{
    if (!m_sandbox)
        return true;
    if (isRunActive()) {
        *error = tr("A sandbox run is in progress: pause or cancel it before leaving the sandbox.");
        return false;
    }
    // Nothing of the sandbox may stay in view: an Apply from its run would go to the real tenant.
    m_session->clear();
    m_controller.reset();
    m_retiring.clear(); // their threads' clients talked to the sandbox
    m_sandbox.reset();
    rebuildManagement();
    emit sandboxChanged(false);
    return true;
}

bool StudioContext::isSandbox() const
{
    return m_sandbox != nullptr;
}

void StudioContext::useSessionOnlySecrets()
{
    m_sessionSecrets = std::make_unique<MemorySecretStore>();
    m_secrets = m_sessionSecrets.get();
    m_settings->setSecretStore(m_secrets);
}

Config::Result StudioContext::effective() const
{
    Config::Result c = m_settings->effective();
    if (m_sandbox)
        c.config = c.config.sandboxed();
    return c;
}

QString StudioContext::runsDirectory() const
{
    return effective().config.dataDir();
}

QString StudioContext::memoryDirectory() const
{
    return effective().config.memoryDir();
}

QString StudioContext::defaultProfile() const
{
    if (m_sandbox)
        return SandboxHost::ProfileName;
    return m_settings->effective().config.string(ConfigKeys::AirsProfile);
}

RunEnvironment StudioContext::runEnvironment(QString *error) const
{
    return environment(error);
}

QString StudioContext::auditsHome() const
{
    const Config::Result c = effective();
    return m_sandbox ? c.config.sandboxHome() : c.config.home();
}

RunEnvironment StudioContext::environment(QString *error) const
{
    const Config::Result c = effective();
    if (!c.ok()) {
        *error = c.errors.first();
        return {};
    }
    if (!m_sandbox)
        return RunEnvironment::fromConfig(c.config, error);
    RunEnvironment env;
    env.airs = m_sandbox->airsSettings();
    env.llm = m_sandbox->llmEndpoint();
    env.runsDirectory = c.config.dataDir();
    env.scanConcurrency = c.config.integer(ConfigKeys::ScanConcurrency);
    env.scanRate = c.config.number(ConfigKeys::ScanRate);
    env.propagationDelayMs = 0;
    env.useMemoryFrom(c.config); // the sandbox's own memory: real learnings are never injected
    QString pricesError;
    env.prices = PriceTable::fromConfigFile(c.config.home(), &pricesError);
    if (!pricesError.isEmpty()) {
        *error = pricesError;
        return {};
    }
    return env;
}

void StudioContext::rebuildManagement()
{
    if (m_management)
        m_management->deleteLater();
    AirsSettings airs;
    if (m_sandbox) {
        airs = m_sandbox->airsSettings();
    } else {
        const Config::Result c = m_settings->effective();
        airs = AirsSettings::fromConfig(c.config);
    }
    m_management = new ManagementClient(m_nam, airs, this);
    emit managementChanged();
}

void StudioContext::listProfiles()
{
    const quint64 request = ++m_profileRequest;
    // Nothing to ask without an account: say what to do, not what failed (issue 40: "Not now"
    // on the welcome led to a technical error about missing management credentials).
    const Config::Result effective = m_settings->effective();
    const Config &config = effective.config;
    const bool credentials = config.isSet(ConfigKeys::MgmtClientId) && config.isSet(ConfigKeys::MgmtClientSecret)
                             && config.isSet(ConfigKeys::MgmtTsgId);
    if (!m_management || (!m_sandbox && !credentials))
        return emit profilesListed({}, tr("No AIRS management account is set up yet. Add one in File ▸ Settings, or "
                                          "try everything without an account in the sandbox (File ▸ Use the sandbox)."));
    m_management->listProfiles(this, [this, request](const AirsResult<QList<AirsProfile>> &r) {
        // A reply to an earlier request (e.g. to the account the sandbox replaced) is stale.
        if (request != m_profileRequest)
            return;
        // Runs' own copies ("daystrom-run-<id>") are not profiles to start from.
        const QString scratchPrefix = TenantFootprint::scratchProfileName({});
        QHash<QString, AirsProfile> latest = AirsProfile::latestByName(r.value);
        latest.removeIf([&scratchPrefix](const auto &entry) { return entry.key().startsWith(scratchPrefix); });
        QStringList names = latest.keys();
        names.sort(Qt::CaseInsensitive);
        QHash<QString, QStringList> topics;
        QHash<QString, QString> actions;
        for (const AirsProfile &p : std::as_const(latest)) {
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(p.policy))
                topics[p.name].append(a.topicName);
            if (topics.contains(p.name))
                actions.insert(p.name, ProfilePolicy::guardrailAction(p.policy));
        }
        emit profilesListed(names, r.ok() ? QString() : r.error.toString());
        emit profileTopicsListed(topics);
        emit profileActionsListed(actions);
    });
}

bool StudioContext::isRunActive() const
{
    return m_controller && m_controller->isActive();
}

QString StudioContext::startRun(const RunSettings &settings, bool stepMode)
{
    RunState run;
    run.id = NanoId::generate();
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    run.userInput = settings;
    run.steering.stepMode = stepMode;
    return launch(run);
}

QString StudioContext::resumeRun(const QString &runId, std::optional<qint64> maxTokens,
                                 std::optional<double> maxCost)
{
    const RunStore::Loaded loaded = RunStore(runsDirectory()).load(runId);
    if (!loaded.ok())
        return loaded.error;
    RunState run = loaded.run;
    if (run.status == RunStatus::Completed)
        return tr("Run %1 is already completed.").arg(runId);
    if (!run.checkpoint)
        return tr("Run %1 has no checkpoint (it was written by the original tool) and cannot be resumed.").arg(runId);
    ResumePlan::extendIterations(run);
    if (maxTokens)
        run.userInput.maxTokens = maxTokens;
    if (maxCost)
        run.userInput.maxCost = maxCost;
    return launch(run);
}

void StudioContext::retireController()
{
    if (!m_controller)
        return;
    // The previous run is over (launch() refuses while one is active): its thread winds down
    // on its own, and the controller is deleted once it has. Joining it here made a click on
    // Run wait for a background thread (and for the network manager's thread inside it).
    RunController *old = m_controller.get();
    old->disconnect(); // nothing more from it reaches the session
    connect(old, &RunController::threadStopped, this, [this, old] {
        std::erase_if(m_retiring, [old](const auto &c) { return c.get() == old; });
    }, Qt::QueuedConnection); // not inside its own signal
    m_retiring.push_back(std::move(m_controller));
    old->stopThreadLater();
}

QString StudioContext::launch(const RunState &run)
{
    if (isRunActive())
        return tr("A run is already in progress.");
    QString error;
    const RunEnvironment env = environment(&error);
    if (!error.isEmpty())
        return error;
    retireController();
    m_controller = std::make_unique<RunController>();
    connect(m_controller.get(), &RunController::finished, this, [this] { emit runActiveChanged(false); });
    m_session->attach(m_controller.get(), run);
    m_controller->start(env, run);
    emit runActiveChanged(true);
    return {};
}

bool StudioContext::isSessionLive() const
{
    return isRunActive() && m_session->isLive() && m_session->run().id == m_controller->runId();
}

void StudioContext::steer(const SteeringRequest &request)
{
    if (isSessionLive())
        m_controller->steer(request);
}

QString StudioContext::correctLabel(const QString &prompt, bool undo, std::optional<bool> wrong)
{
    if (!m_session->hasRun())
        return tr("No run is open.");
    if (isSessionLive()) {
        m_controller->steer(SteeringRequest::correctLabel(prompt, undo, wrong));
        return {};
    }
    const StoredRunEdits::Result r = StoredRunEdits::correctLabel(runsDirectory(), memoryDirectory(),
                                                                  m_session->run().id, prompt, undo, wrong);
    if (!r.ok())
        return r.error;
    m_session->replaceStored(r.run);
    return {};
}

void StudioContext::pause()
{
    if (m_controller)
        m_controller->pause();
}

void StudioContext::cancel()
{
    if (m_controller)
        m_controller->cancel();
}
