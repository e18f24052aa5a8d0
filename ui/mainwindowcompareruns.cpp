#include "mainwindow.h"

#include "compare/crossrunwindow.h"
#include "compare/runspanel.h"
#include "models/settingscontroller.h"
#include "models/studiocontext.h"
#include "windowfit.h"
#include "windowsettings.h"

#include <QScreen>

using namespace Qt::StringLiterals;

// Runs ▸ Compare runs… (issue 61): the window gets what the mode's tenant and settings say —
// where the runs are, a controller that scans in scratch profiles (when AIRS is configured),
// the Apply dialog's client and impact check — and remembers its geometry in studio.ini.
CrossRunWindow *MainWindow::compareRuns(const QStringList &runIds)
{
    if (runIds.size() < 2)
        return nullptr;
    if (m_crossRuns)
        m_crossRuns->close(); // one comparison at a time (a scan in flight is cancelled first)
    const int delay =
        m_context->isSandbox()
            ? 0
            : m_context->settings()->effective().config.integer(ConfigKeys::PropagationDelayMs);
    CrossRunWindow::Setup setup;
    setup.runsDirectory = m_context->runsDirectory();
    setup.management = m_context->management();
    setup.propagationDelayMs = delay;
    QString error;
    const RunEnvironment env = m_context->runEnvironment(&error);
    if (error.isEmpty() && m_context->management()) {
        setup.impact = ApplyDialog::ImpactSource{env.airs, m_context->auditsHome(),
                                                 env.scanConcurrency, env.scanRate, delay};
        const CandidateScan::Options options{env.scanConcurrency, env.scanRate, delay};
        QPointer<ManagementClient> management = m_context->management();
        const QString home = m_context->auditsHome();
        setup.comparisonsHome = home;
        const AirsSettings airs = env.airs;
        setup.makeComparison = [management, airs, home, options](QObject *parent) {
            return new CrossRunComparison(management, airs, home, options, parent);
        };
    }
    for (const QString &id : runIds)
        setup.runDates.insert(id, m_runs ? m_runs->updatedAt(id) : QDateTime());
    WindowSettings *settings = m_windowSettings.get();
    setup.loadGeometry = [settings] {
        return settings->crossRunGeometry();
    };
    setup.saveGeometry = [settings](const QByteArray &geometry) {
        settings->setCrossRunGeometry(geometry);
    };
    m_crossRuns = new CrossRunWindow(std::move(setup), runIds, this);
    m_crossRuns->setAttribute(Qt::WA_DeleteOnClose);
    // Never larger than the screen (1024×700, or a large scale factor): as the main window opens.
    const QRect available = screen()->availableGeometry();
    if (settings->crossRunGeometry().isEmpty())
        m_crossRuns->setGeometry(WindowFit::defaultGeometry(available, QSize(1180, 760)));
    else if (!WindowFit::fits(m_crossRuns->geometry(), available))
        m_crossRuns->setGeometry(WindowFit::fitted(m_crossRuns->geometry(), available));
    m_crossRuns->show();
    m_crossRuns->raise();
    m_crossRuns->activateWindow();
    return m_crossRuns;
}

CrossRunWindow *MainWindow::crossRunWindow() const
{
    return m_crossRuns;
}
