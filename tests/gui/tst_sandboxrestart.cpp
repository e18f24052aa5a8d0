// Issue 58, item 1: the sandbox keeps its tenant across a restart, and the app reads "in
// production" from the tenant. A person applies an iteration in the sandbox and quits; after a
// restart Compare, the Apply dialog and the Profile page's audit all agree that the topic is
// there. When the tenant is gone (its file deleted), Compare stops claiming it and Apply plans
// to create the topic again.
#include "models/session/applycontroller.h"
#include "models/session/productioncheck.h"
#include "models/runsession.h"
#include "models/session/sandboxhost.h"
#include "studiodriver.h"
#include "testhome.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/comparepanel.h"
#include "ui/profile/profilepage.h"

#include "testmain.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

class TestSandboxRestart : public QObject
{
    Q_OBJECT

    QString m_runId;
    int m_applied = 0;
    QString m_topic;

    static QString tenantFile()
    {
        return SandboxHost::tenantFileIn(qEnvironmentVariable("DAYSTROM_HOME") + u"/sandbox"_s);
    }

    // Opens the stored run on the Compare page with iteration `b` as B.
    static ComparePanel *compareRun(StudioDriver &studio, const QString &id, int b)
    {
        studio.session()->open(studio.storedRun(id));
        if (!studio.showPage(MainWindow::ComparePage))
            return nullptr;
        auto *panel = studio.find<ComparePanel>(u"comparePanel"_s);
        panel->selectIterations(b == 1 ? 2 : 1, b);
        return panel;
    }

    // The Apply dialog's plan for iteration B, once it is ready.
    static QString applyPreview(StudioDriver &studio, ComparePanel *panel)
    {
        QPointer<ApplyDialog> dialog = panel->openApplyDialog();
        if (!dialog)
            return u"<no dialog>"_s;
        if (!QTest::qWaitFor([&] { return dialog->controller()->state() == ApplyController::State::Ready; },
                             StudioDriver::WaitTimeoutMs))
            return u"<never ready>"_s;
        const QString text = dialog->findChild<QLabel *>(u"applyStatus"_s)->text() + u'\n'
                             + dialog->findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText();
        studio.click(dialog->findChild<QPushButton *>(u"applyCancelButton"_s));
        (void)QTest::qWaitFor([&] { return !dialog; }); // closed and deleted
        return text;
    }

private slots:
    void applyInTheSandboxThenQuit()
    {
        QFile::remove(tenantFile());
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        form.topic = u"Block questions about buying firearms"_s;
        form.maxIterations = 2;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        m_runId = studio.session()->run().id;
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        const RunState run = studio.storedRun(m_runId);
        QVERIFY(run.bestResult());
        m_applied = run.bestResult()->iteration;
        m_topic = run.bestResult()->topic.name;

        ComparePanel *panel = compareRun(studio, m_runId, m_applied);
        QVERIFY(panel);
        QPointer<ApplyDialog> dialog = panel->openApplyDialog();
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Ready, StudioDriver::WaitTimeoutMs);
        QVERIFY2(studio.click(dialog->findChild<QPushButton *>(u"applyConfirmButton"_s)), qPrintable(studio.why()));
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Applied, StudioDriver::WaitTimeoutMs);
        QVERIFY(studio.click(dialog->findChild<QPushButton *>(u"applyCancelButton"_s)));
        QTRY_VERIFY(!dialog);
        QVERIFY(QFile::exists(tenantFile()));
    } // the app quits

    void afterARestartEveryPageAgreesWithTheTenant()
    {
        QVERIFY(!m_runId.isEmpty());
        StudioDriver studio(StudioDriver::SandboxTenant::Kept); // the app restarted
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        ComparePanel *panel = compareRun(studio, m_runId, m_applied);
        QVERIFY(panel);
        auto *production = studio.find<QLabel>(u"compareProduction"_s);
        auto *check = panel->findChild<ProductionCheck *>();
        QVERIFY(check);
        QTRY_COMPARE_WITH_TIMEOUT(check->state(), ProductionCheck::State::InProduction, StudioDriver::WaitTimeoutMs);
        QTRY_VERIFY(production->isVisible());
        QVERIFY2(production->text().contains(u"In production: iteration %1"_s.arg(m_applied)), qPrintable(production->text()));

        const QString preview = applyPreview(studio, panel);
        QVERIFY2(preview.contains(u"already has exactly this topic"_s), qPrintable(preview));
        // The run's own apply is not drift: nothing "changed since" but what this run wrote.
        QVERIFY2(!preview.contains(u"changed since"_s), qPrintable(preview));

        QVERIFY(studio.showPage(MainWindow::ProfilePage));
        auto *page = studio.find<ProfilePage>(u"profilePage"_s);
        page->setConfirm([](const QString &) { return true; });
        studio.find<QComboBox>(u"auditProfile"_s)->setCurrentText(SandboxHost::ProfileName);
        studio.find<QPushButton>(u"auditButton"_s)->click();
        auto *topics = studio.find<QTableView>(u"auditTopics"_s);
        // The three topics a new sandbox tenant starts with, the run's topic and its companion.
        QTRY_COMPARE_WITH_TIMEOUT(topics->model()->rowCount(), 5, StudioDriver::RunTimeoutMs);
        QStringList names;
        for (int r = 0; r < topics->model()->rowCount(); ++r)
            names.append(topics->model()->index(r, 0).data().toString());
        QVERIFY2(names.contains(m_topic), qPrintable(names.join(u", "_s)));
    }

    void aResetTenantIsNoLongerClaimed()
    {
        QVERIFY(!m_runId.isEmpty());
        QVERIFY(QFile::remove(tenantFile()));
        StudioDriver studio(StudioDriver::SandboxTenant::Kept);
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        ComparePanel *panel = compareRun(studio, m_runId, m_applied);
        QVERIFY(panel);
        auto *check = panel->findChild<ProductionCheck *>();
        QVERIFY(check);
        QTRY_COMPARE_WITH_TIMEOUT(check->state(), ProductionCheck::State::Changed, StudioDriver::WaitTimeoutMs);
        auto *production = studio.find<QLabel>(u"compareProduction"_s);
        QTRY_VERIFY(!production->text().contains(u"In production:"_s));
        const QString preview = applyPreview(studio, panel);
        QVERIFY2(preview.contains(u"it will be created"_s), qPrintable(preview));
    }
};

QTEST_MAIN(TestSandboxRestart)
#include "tst_sandboxrestart.moc"
