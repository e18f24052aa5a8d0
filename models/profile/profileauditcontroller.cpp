#include "profileauditcontroller.h"

#include "domain/nanoid.h"
#include "models/runenvironment.h"
#include "models/studiocontext.h"


using namespace Qt::StringLiterals;

ProfileAuditController::ProfileAuditController(StudioContext *context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
}

ProfileAuditController::~ProfileAuditController()
{
    if (m_audit)
        m_audit->disconnect(this);
}

QString ProfileAuditController::home() const
{
    return m_context->auditsHome();
}

std::optional<AuditState> ProfileAuditController::latest(const QString &profile) const
{
    return AuditState::latestCompleted(home(), profile);
}

void ProfileAuditController::prepare(const QString &profile, int benchmarkSize)
{
    if (m_audit)
        return;
    QString error;
    const RunEnvironment env = m_context->runEnvironment(&error);
    if (!error.isEmpty()) {
        emit failed(error);
        return;
    }
    m_services = new QObject(this);
    const RunServices services = env.build(m_services);
    ProfileAudit::Options options;
    options.benchmarkSize = benchmarkSize;
    options.concurrency = env.scanConcurrency;
    options.ratePerSecond = env.scanRate;
    options.propagationDelayMs = env.propagationDelayMs;
    m_audit = new ProfileAudit(services.management, services.llm, env.airs, home(), options, m_services);
    connect(m_audit, &ProfileAudit::progress, this, &ProfileAuditController::progress);
    connect(m_audit, &ProfileAudit::finished, this, [this](const AuditState &state) {
        drop();
        emit finished(state);
    });
    const std::optional<AuditState> earlier = AuditState::unfinished(home(), profile);
    AuditState state;
    if (earlier) {
        state = *earlier;
    } else {
        state.id = NanoId::generate();
        state.profileName = profile;
        state.createdAt = QDateTime::currentDateTimeUtc();
    }
    const bool resumed = earlier.has_value();
    m_audit->read(state, [this, profile, resumed](const QString &e) {
        if (!e.isEmpty()) {
            drop();
            emit failed(e);
            return;
        }
        emit planned(profile, m_audit->plan(), resumed);
    });
}

void ProfileAuditController::start()
{
    if (!m_audit || m_running)
        return;
    m_running = true;
    m_audit->run();
}

void ProfileAuditController::cancel()
{
    if (!m_audit)
        return;
    if (m_running)
        m_audit->cancel(); // finished() follows, once the scratch profile is gone
    else
        drop();
}

void ProfileAuditController::drop()
{
    m_running = false;
    m_audit = nullptr;
    if (m_services)
        m_services->deleteLater();
    m_services = nullptr;
}
