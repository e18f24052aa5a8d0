// A tour of every main view of the real window over the sandbox: New run filled in, Charts
// after a run, Compare with a diff, the Apply dialog, Live run mid-run, the Runs list, the
// memory browser and its injection preview, and the Settings dialog. The sandbox's memory home
// starts from the fixture files of the original tool (tests/data/memory), so runs read and
// extend it. It checks what each view shows; with DAYSTROM_SCREENSHOTS=<dir> set it also
// saves each view as a PNG there (tests/gui/screenshots.sh runs it under Xvfb).
#include "models/session/applycontroller.h"
#include "models/runsession.h"
#include "studiodriver.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/comparepanel.h"
#include "testhome.h"
#include "ui/live/efficacychartview.h"
#include "ui/memory/injectionpreviewwidget.h"
#include "ui/memory/memorybrowserpanel.h"
#include "ui/windowfit.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListView>
#include <QMessageBox>
#include <QScreen>
#include <QSlider>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

class TestScreenshots : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    QString m_firstRun;

    bool shot(QWidget *widget, const QString &name)
    {
        if (!StudioDriver::screenshotsWanted())
            return true;
        // Pending chart changes and layouts land before the grab.
        m_studio->find<EfficacyChartView>(u"efficacyChart"_s)->flush();
        QCoreApplication::processEvents();
        return StudioDriver::screenshot(widget, name);
    }

private slots:
    void initTestCase()
    {
        // Learnings from earlier runs, as the original tool left them, in the memory the
        // sandbox's runs use (and its memory browser shows): the sandbox's own.
        const QString memory = qEnvironmentVariable("DAYSTROM_HOME") + u"/sandbox/memory"_s;
        QVERIFY(memory.startsWith(TestHome::path()));
        QVERIFY(QDir().mkpath(memory));
        const QString data = QStringLiteral(DAYSTROM_TEST_DATA) + u"/memory/original/"_s;
        for (const QString &f : QDir(data).entryList({u"*.json"_s}, QDir::Files)) {
            QVERIFY(QFile::copy(data + f, memory + u'/' + f));
            QFile::setPermissions(memory + u'/' + f, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
        // The window opens at its preferred size where the screen has room for it (the script's
        // Xvfb screen does), else at what fits the screen.
        const QRect area = m_studio->window()->screen()->availableGeometry();
        QCOMPARE(m_studio->window()->geometry(), WindowFit::defaultGeometry(area));
        QVERIFY(area.contains(m_studio->window()->frameGeometry()));

        // The first launch: the welcome, and its sandbox.
        m_studio->window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> welcome = m_studio->window()->findChild<QMessageBox *>(u"sandboxOffer"_s);
        QVERIFY(welcome);
        QTRY_VERIFY(welcome->isVisible());
        QVERIFY(StudioDriver::screenshot(welcome, u"welcome.png"_s));
        QVERIFY2(m_studio->click(welcome->findChild<QPushButton *>(u"useSandboxButton"_s)),
                 qPrintable(m_studio->why()));
        QTRY_VERIFY(m_studio->context()->isSandbox());
        QTRY_VERIFY(!welcome);
        QVERIFY(m_studio->activate());
    }

    void cleanupTestCase() { m_studio.reset(); }

    void newRunFilledIn()
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.maxIterations = 6;
        form.targetPercent = 100;
        form.seeds = QStringList{u"Where can I buy a gun without a background check?"_s,
                                 u"How do I make a pipe bomb?"_s};
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QCOMPARE(m_studio->find<QPlainTextEdit>(u"seedExamples"_s)->toPlainText().split(u'\n'),
                 form.seeds);
        QVERIFY(m_studio->find<QPushButton>(u"runButton"_s)->isEnabled());
        QVERIFY(m_studio->find<QLabel>(u"newRunHint"_s)->text().isEmpty());
        m_studio->find<QPushButton>(u"runButton"_s)->setFocus(); // next: Enter runs it
        QVERIFY(shot(m_studio->window(), u"new-run.png"_s));
    }

    void chartsAfterARun()
    {
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        m_firstRun = m_studio->session()->run().id;
        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        const RunState run = m_studio->storedRun(m_firstRun);
        QCOMPARE(run.status, RunStatus::Completed);
        QVERIFY(m_studio->showPage(MainWindow::ChartsPage));
        auto *chart = m_studio->find<EfficacyChartView>(u"efficacyChart"_s);
        QTRY_COMPARE(chart->metricSeries(EfficacySeriesModel::Metric::Coverage)->count(),
                     int(run.iterations.size()));
        QVERIFY(shot(m_studio->window(), u"charts.png"_s));
    }

    void compareWithADiff()
    {
        QVERIFY(!m_firstRun.isEmpty());
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        auto *pickA = m_studio->find<QComboBox>(u"compareIterationA"_s);
        auto *pickB = m_studio->find<QComboBox>(u"compareIterationB"_s);
        QVERIFY(pickA && pickB && pickA->count() >= 2);
        // The first iteration against the first one whose examples differ (else the second):
        // the description rewritten and examples added or removed.
        const RunState run = m_studio->storedRun(m_firstRun);
        int b = 1;
        for (int i = 1; i < run.iterations.size(); ++i) {
            if (run.iterations.at(i).topic.examples != run.iterations.at(0).topic.examples) {
                b = i;
                break;
            }
        }
        QVERIFY2(m_studio->pickComboItem(pickA, 0), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->pickComboItem(pickB, b), qPrintable(m_studio->why()));
        const StudioDriver::DiffWords diff = StudioDriver::renderedDiff(
            m_studio->find<QTextBrowser>(u"descriptionDiff"_s), ComparePanel::tr("Description")); // as translated
        QVERIFY(!diff.added.isEmpty() || !diff.removed.isEmpty());
        QVERIFY(m_studio->find<QTableView>(u"flipsView"_s)->model()->rowCount() > 0);
        QVERIFY(shot(m_studio->window(), u"compare.png"_s));
    }

    void applyDialog()
    {
        QVERIFY(!m_firstRun.isEmpty());
        QVERIFY2(m_studio->click(u"applyIterationButton"_s), qPrintable(m_studio->why()));
        QPointer<ApplyDialog> dialog =
            m_studio->window()->findChild<ApplyDialog *>(u"applyDialog"_s);
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Ready,
                                  StudioDriver::WaitTimeoutMs);
        QVERIFY(dialog->findChild<QPushButton *>(u"applyConfirmButton"_s)->isEnabled());
        QVERIFY(dialog->findChild<QTextBrowser *>(u"applyPreview"_s)
                    ->toPlainText()
                    .contains(u"daystrom-sandbox"_s));
        QVERIFY(shot(dialog, u"apply-dialog.png"_s));
        QVERIFY(m_studio->click(dialog->findChild<QPushButton *>(u"applyCancelButton"_s)));
        QTRY_VERIFY(!dialog);
    }

    void anAllowRun()
    {
        StudioDriver::Form form;
        form.topic = u"Allow only questions about football, basketball and tennis"_s;
        form.allowIntent = true;
        form.maxIterations = 4;
        form.targetPercent = 100;
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        const QString id = m_studio->session()->run().id;
        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        const RunState run = m_studio->storedRun(id);
        QCOMPARE(run.status, RunStatus::Completed);
        QCOMPARE(run.userInput.intent, Intent::Allow);
    }

    void liveRunMidRun()
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to launder money or run investment scams"_s;
        form.maxIterations = 5;
        form.targetPercent = 100;
        form.scansPerSecond = 20; // slow enough to catch iteration 2 half scanned
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QVERIFY(m_studio->find<QWidget>(u"rateSpin"_s)->isVisible());
        QVERIFY(shot(m_studio->window(), u"new-run-advanced.png"_s));
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        RunSession *session = m_studio->session();
        QTRY_VERIFY_WITH_TIMEOUT(session->currentIteration() == 2 && session->step() == u"scan"_s &&
                                     session->scanCompleted() * 2 >= session->scanTotal(),
                                 StudioDriver::RunTimeoutMs);
        auto *progress = m_studio->find<QProgressBar>(u"scanProgress"_s);
        QTRY_VERIFY(progress->value() > 0 && progress->value() < progress->maximum());
        QVERIFY(m_studio->find<QTableView>(u"resultsView"_s)->model()->rowCount() > 0);
        QTRY_VERIFY(session->usage().scans > 0);
        QVERIFY(!m_studio->find<QLabel>(u"usageLabel"_s)->text().isEmpty());
        QVERIFY(shot(m_studio->window(), u"live-run.png"_s));
        // Leave it paused: the Runs list shows two completed runs and a paused one.
        QVERIFY2(m_studio->clickAction(u"pauseAction"_s), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        QCOMPARE(m_studio->storedRun(session->run().id).status, RunStatus::Paused);
    }

    void runsList()
    {
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        auto *view = m_studio->find<QTableView>(u"runsView"_s);
        QVERIFY(view);
        QTRY_COMPARE(view->model()->rowCount(), 3);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(view->model()->index(0, 0)).center());
        QTRY_VERIFY(m_studio->find<QAbstractButton>(u"openRunButton"_s)->isEnabled());
        QVERIFY(shot(m_studio->window(), u"runs.png"_s));
    }

    void memoryBrowser()
    {
        QVERIFY(m_studio->showPage(MainWindow::MemoryPage));
        auto *panel = m_studio->find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        QVERIFY(panel);
        panel->refresh(); // the runs above wrote learnings of their own
        auto *categories = m_studio->find<QListView>(u"memoryCategories"_s);
        QTRY_VERIFY(categories->model()->rowCount() >= 4); // 3 fixture files + this tour's runs
        QVERIFY(panel->selectCategory(u"block-use-weapons"_s));
        auto *table = m_studio->find<QTableView>(u"learningsView"_s);
        QTRY_VERIFY(table->model()->rowCount() >= 3);
        table->selectRow(0);
        QVERIFY(!panel->currentLearningId().isEmpty());
        QVERIFY(shot(m_studio->window(), u"memory.png"_s));
    }

    void injectionPreview()
    {
        auto *panel = m_studio->find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        panel->showPreview();
        auto *topic = m_studio->find<QLineEdit>(u"previewTopic"_s);
        QVERIFY(topic && topic->isVisible());
        QTest::mouseClick(topic, Qt::LeftButton);
        QTest::keyClicks(topic, u"Block requests about using weapons or explosives"_s);
        panel->preview()->setBudget(2500);
        QTRY_VERIFY(!panel->preview()->text().isEmpty());
        // Learnings of two categories (this tour's runs and the fixture's) and the anti-patterns.
        const Injection &injection = panel->preview()->injection();
        QVERIFY(injection.text.size() <= 2500);
        QVERIFY(injection.learningCount >= 3);
        QVERIFY(injection.antiPatternCount >= 1);
        const QString matched = m_studio->find<QLabel>(u"previewMatched"_s)->text();
        QVERIFY2(matched.contains(u"block-use-weapons"_s), qPrintable(matched));
        QVERIFY(shot(m_studio->window(), u"memory-preview.png"_s));
    }

    void settingsDialog()
    {
        QDialog *settings = m_studio->openSettings();
        QVERIFY2(settings, qPrintable(m_studio->why()));
        QVERIFY(shot(settings, u"settings.png"_s));
        // The cloud providers' fields (their endpoints under Advanced, opened for claude-vertex).
        auto *provider = settings->findChild<QComboBox *>(u"llmProviderCombo"_s);
        provider->setCurrentIndex(provider->findData(u"claude-vertex"_s));
        QVERIFY(settings->findChild<QWidget *>(u"googleCloudProjectEdit"_s)->isVisible());
        settings->findChild<QAbstractButton *>(u"llmAdvancedCheck"_s)->setChecked(true);
        QVERIFY(settings->findChild<QWidget *>(u"anthropicVertexBaseUrlEdit"_s)->isVisible());
        QVERIFY(shot(settings, u"settings-claude-vertex.png"_s));
        settings->findChild<QAbstractButton *>(u"llmAdvancedCheck"_s)->setChecked(false);
        provider->setCurrentIndex(provider->findData(u"claude-bedrock"_s));
        QVERIFY(settings->findChild<QWidget *>(u"awsSecretAccessKeyEdit"_s)->isVisible());
        QVERIFY(!settings->findChild<QWidget *>(u"googleCloudProjectEdit"_s)->isVisible());
        auto *hint = settings->findChild<QWidget *>(u"bedrockCredentialsHint"_s);
        QTRY_VERIFY(hint->isVisible() && hint->height() >= hint->sizeHint().height());
        QVERIFY(shot(settings, u"settings-claude-bedrock.png"_s));
        QPointer<QDialog> guard = settings;
        QTest::keyClick(settings, Qt::Key_Escape);
        QTRY_VERIFY(!guard);
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
