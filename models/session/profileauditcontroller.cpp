#include "profileauditcontroller.h"

#include "reports/audithtml.h"

#include <QFutureWatcher>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>


using namespace Qt::StringLiterals;

ProfileAuditController::ProfileAuditController(Source source, QObject *parent)
    : QObject(parent)
    , m_source(std::move(source))
{
}

ProfileAuditController::~ProfileAuditController()
{
    if (m_audit)
        m_audit->disconnect(this);
}

QString ProfileAuditController::home() const
{
    return m_source.auditsHome();
}

void ProfileAuditController::loadLatest(const QString &profile)
{
    auto *watcher = new QFutureWatcher<std::optional<AuditState>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, profile] {
        watcher->deleteLater();
        emit latestLoaded(profile, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&AuditState::latestCompleted, home(), profile));
}

void ProfileAuditController::prepare(const QString &profile, int benchmarkSize)
{
    if (m_audit)
        return;
    QString error;
    const RunEnvironment env = m_source.environment(&error);
    if (!error.isEmpty()) {
        emit failed(error);
        return;
    }
    m_lock = AuditLock::forProfile(home(), profile, u"Daystrom Studio audit"_s, &error);
    bool resumed = false;
    const AuditState state = AuditState::resumeOrStart(home(), profile, false, &resumed);
    if (!m_lock || !m_lock->own(state.id, &error)) {
        m_lock.reset();
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
    m_lock.reset();
    if (m_services)
        m_services->deleteLater();
    m_services = nullptr;
}

QString ProfileAuditController::exportHtml(const AuditState &audit, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(AuditHtml::page(audit, audit.figures()).toUtf8()) < 0
        || !file.commit())
        return file.errorString();
    return {};
}
