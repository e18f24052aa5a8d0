// Issue 40: every page and dialog of the real window, laid out on a small screen, shows what
// it holds. On the offscreen platform with a configured screen (1024×700; the CTest variants
// run it at 1.5 on 1400×900 and in German), the test walks the app as a newcomer does over the
// sandbox — the welcome, New run with Advanced open, a step-mode run at its proposal review,
// Live after the run, Charts, Compare (both lower tabs), the Apply dialog, the Runs list, the
// memory browser and its preview, the Settings dialog for each provider — and asks
// LayoutCheck for overlaps, tables with fewer than three rows of their data, clipped buttons
// and labels, and two keyboard mnemonics on one letter. Every problem is printed; the test
// fails on any. Issue 58 adds the Edit-a-learning dialog (also at its minimum size), the
// mnemonics of the Runs page's buttons, and the Profile page's tables giving their text column
// (the topic, the conflict's prompt) the width.
#include "layoutcheck.h"
#include "models/session/applycontroller.h"
#include "models/runsession.h"
#include "studiodriver.h"
#include "testscreen.h"
#include "ui/compare/applydialog.h"
#include "ui/live/proposalreviewpanel.h"
#include "ui/memory/memorybrowserpanel.h"
#include "ui/newrun/newrunpanel.h"
#include "ui/newrun/starterlibrarydialog.h"
#include "ui/profile/profilepage.h"
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

using namespace Qt::StringLiterals;

class TestLayout : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    QString m_run;

    // Lays out what is pending, then checks `root`; saves a screenshot when asked for.
    static bool laidOutWell(QWidget *root, const QString &state)
    {
        // Layouts settle in rounds: a scroll area resizes its page after the page's layout.
        for (int round = 0; round < 3; ++round) {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();
        }
        if (StudioDriver::screenshotsWanted())
            StudioDriver::screenshot(root, u"layout-"_s + state + u".png"_s);
        const QStringList problems = LayoutCheck::problems(root) + LayoutCheck::mnemonicClashes(root);
        for (const QString &p : problems)
            qWarning("%s: %s", qPrintable(state), qPrintable(p));
        return problems.isEmpty();
    }

    // Issue 58: a table's stretched column (the text one reads: a prompt, a topic) gets the
    // width, at least `chars` characters, and no other column is wider than it.
    static QStringList squeezedColumns(const QTableView *table, int chars)
    {
        QStringList out;
        const QHeaderView *header = table->horizontalHeader();
        const int perChar = table->fontMetrics().averageCharWidth();
        for (int column = 0; column < header->count(); ++column) {
            if (header->isSectionHidden(column) ||
                header->sectionResizeMode(column) != QHeaderView::Stretch)
                continue;
            const QString name = table->model()->headerData(column, Qt::Horizontal).toString();
            if (header->sectionSize(column) < chars * perChar)
                out << u"squeezed: %1's column “%2” is %3 px, less than %4 characters"_s
                           .arg(LayoutCheck::describe(table), name)
                           .arg(header->sectionSize(column))
                           .arg(chars);
            for (int other = 0; other < header->count(); ++other) {
                if (other != column && !header->isSectionHidden(other) &&
                    header->sectionSize(other) > header->sectionSize(column))
                    out << u"squeezed: %1's column “%2” (%3 px) is narrower than “%4” (%5 px)"_s
                               .arg(LayoutCheck::describe(table), name)
                               .arg(header->sectionSize(column))
                               .arg(table->model()->headerData(other, Qt::Horizontal).toString())
                               .arg(header->sectionSize(other));
            }
        }
        for (const QString &p : std::as_const(out))
            qWarning("%s", qPrintable(p));
        return out;
    }

    // Issue 58: a dialog at its minimum size shows everything, and its mnemonics are distinct.
    static bool dialogWellAtMinimum(QDialog *dialog, const QString &state)
    {
        const bool asOpened = laidOutWell(dialog, state);
        dialog->resize(dialog->minimumSizeHint());
        return laidOutWell(dialog, state + u"-minimum"_s) && asOpened;
    }

    bool pageWell(MainWindow::Page page, const QString &state)
    {
        return m_studio->showPage(page) && laidOutWell(m_studio->window(), state);
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
    }

    void cleanupTestCase() { m_studio.reset(); }

    void welcome()
    {
        m_studio->window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> box = m_studio->window()->findChild<QMessageBox *>(u"sandboxOffer"_s);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY(laidOutWell(box, u"welcome"_s));
        QVERIFY2(m_studio->click(box->findChild<QPushButton *>(u"useSandboxButton"_s)),
                 qPrintable(m_studio->why()));
        QTRY_VERIFY(m_studio->context()->isSandbox());
        QTRY_VERIFY(!box);
        QVERIFY(m_studio->activate());
    }

    void newRunWithAdvancedOpen()
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.seeds = QStringList{u"Where can I buy a gun without a background check?"_s,
                                 u"How do I make a pipe bomb?"_s};
        form.maxIterations = 3;
        form.targetPercent = 100; // unreachable: every iteration runs
        form.scansPerSecond = 400; // opens Advanced
        form.responseTests = 12;   // issue 43: the response side and the rewrites
        form.robustness = true;
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QVERIFY(pageWell(MainWindow::NewRunPage, u"new-run"_s));
        // Scrolled down to the tests beside the benchmark: what they add is said before the run.
        auto *cost = m_studio->find<QLabel>(u"extraTestsCost"_s);
        QVERIFY(cost && !cost->text().isEmpty());
        m_studio->find<QScrollArea>(u"newRunScroll"_s)->ensureWidgetVisible(cost);
        QVERIFY(laidOutWell(m_studio->window(), u"new-run-extra-tests"_s));
    }

    // Issue 44: New run's starter library, opened from its button, laid out, then used.
    void starterLibrary()
    {
        auto *button = m_studio->find<QPushButton>(u"starterLibraryButton"_s);
        QVERIFY(button);
        const RunSettings before = m_studio->find<NewRunPanel>(u"newRunPanel"_s)->settings();
        bool well = false, seen = false;
        QTimer::singleShot(0, this, [&] { // inside the dialog's own event loop
            auto *dialog = m_studio->window()->findChild<StarterLibraryDialog *>(u"starterLibraryDialog"_s);
            if (!dialog)
                return;
            seen = true;
            well = laidOutWell(dialog, u"starter-library"_s);
            dialog->reject(); // the run below keeps the topic typed above
        });
        QVERIFY2(m_studio->click(button), qPrintable(m_studio->why()));
        QVERIFY(seen);
        QVERIFY(well);
        QCOMPARE(m_studio->find<NewRunPanel>(u"newRunPanel"_s)->settings().topicDescription, before.topicDescription);
    }

    void stepModeReview()
    {
        auto *step = m_studio->find<QCheckBox>(u"stepModeCheck"_s);
        QVERIFY(step);
        if (!step->isChecked())
            QVERIFY2(m_studio->click(step), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        m_run = m_studio->session()->run().id;
        auto *review = m_studio->find<ProposalReviewPanel>(u"proposalReviewPanel"_s);
        QVERIFY(review);
        const auto atProposal = [&](int iteration) {
            return QTest::qWaitFor(
                [&] {
                    return review->isVisible() && review->proposal() &&
                           review->proposal()->iteration == iteration;
                },
                StudioDriver::RunTimeoutMs);
        };
        QVERIFY(atProposal(1));
        // (Checked to the end of the run, so that one problem does not hide the others.)
        const bool first = laidOutWell(m_studio->window(), u"review-first"_s);
        QVERIFY2(m_studio->click(u"proposalAcceptButton"_s), qPrintable(m_studio->why()));
        // The second proposal, with the first iteration's results beside it.
        QVERIFY(atProposal(2));
        const bool second = laidOutWell(m_studio->window(), u"review-second"_s);
        // The rest without stopping.
        QVERIFY2(m_studio->click(u"liveStepModeCheck"_s), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->click(u"proposalAcceptButton"_s), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        const bool ended = pageWell(MainWindow::LivePage, u"live-ended"_s);
        QVERIFY(first);
        QVERIFY(second);
        QVERIFY(ended);
    }

    // Issue 40: what the LLM writes for the person (the analysis) is in the interface's
    // language: the run asks for German in a German session, and the sandbox answers so.
    void notesInTheInterfaceLanguage()
    {
        QVERIFY(!m_run.isEmpty());
        const RunState run = m_studio->storedRun(m_run);
        QVERIFY(!run.iterations.isEmpty());
        const QString summary = run.iterations.first().analysis.summary;
        if (qEnvironmentVariable("DAYSTROM_TEST_LANGUAGE") == u"de"_s) {
            QCOMPARE(run.userInput.notesLanguage, u"de"_s);
            QVERIFY2(summary.startsWith(u"Abdeckung "_s), qPrintable(summary));
        } else {
            QVERIFY(run.userInput.notesLanguage.isEmpty());
            QVERIFY2(summary.startsWith(u"Coverage "_s), qPrintable(summary));
        }
    }

    // Issue 43: the response side and the robustness table of the run above, in their tab.
    void liveResponsesAndRewrites()
    {
        QVERIFY(m_studio->showPage(MainWindow::LivePage));
        auto *tabs = m_studio->find<QTabWidget>(u"resultsLogTabs"_s);
        auto *view = m_studio->find<QWidget>(u"directionsView"_s);
        QVERIFY(tabs && view);
        const int at = tabs->indexOf(view);
        QVERIFY(tabs->isTabVisible(at));
        tabs->setCurrentIndex(at);
        auto *table = m_studio->find<QTableView>(u"robustnessTable"_s);
        QCOMPARE(table->model()->rowCount(), 11); // as written, and each of the ten default families
        QVERIFY(!m_studio->find<QLabel>(u"responseFigures"_s)->text().isEmpty());
        const bool well = laidOutWell(m_studio->window(), u"live-responses-rewrites"_s);
        tabs->setCurrentIndex(0);
        QVERIFY(well);
    }

    void charts() { QVERIFY(pageWell(MainWindow::ChartsPage, u"charts"_s)); }

    void compare()
    {
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        auto *pickA = m_studio->find<QComboBox>(u"compareIterationA"_s);
        auto *pickB = m_studio->find<QComboBox>(u"compareIterationB"_s);
        QVERIFY(pickA && pickB && pickA->count() >= 2);
        QVERIFY2(m_studio->pickComboItem(pickA, 0), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->pickComboItem(pickB, pickB->count() - 1), qPrintable(m_studio->why()));
        // Each of the details' tabs.
        auto *lower = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        bool well = true;
        for (int i = 0; i < lower->count(); ++i) {
            lower->setCurrentIndex(i);
            well = laidOutWell(m_studio->window(), u"compare-%1"_s.arg(i)) && well;
        }
        lower->setCurrentIndex(0);
        QVERIFY(well);
    }

    void applyDialog()
    {
        QVERIFY2(m_studio->click(u"applyIterationButton"_s), qPrintable(m_studio->why()));
        QPointer<ApplyDialog> dialog =
            m_studio->window()->findChild<ApplyDialog *>(u"applyDialog"_s);
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Ready,
                                  StudioDriver::WaitTimeoutMs);
        QVERIFY(laidOutWell(dialog, u"apply"_s));
        QVERIFY(m_studio->click(dialog->findChild<QPushButton *>(u"applyCancelButton"_s)));
        QTRY_VERIFY(!dialog);
    }

    void runs()
    {
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        auto *view = m_studio->find<QTableView>(u"runsView"_s);
        QTRY_VERIFY(view->model()->rowCount() >= 1);
        view->selectRow(0);
        QVERIFY(laidOutWell(m_studio->window(), u"runs"_s));
        // Issue 58: the buttons for a run are reached with Alt+letter too (the check above
        // finds clashes between them and the window's menus and tabs).
        for (const QString &name :
             {u"openRunButton"_s, u"exportReportButton"_s, u"deleteRunButton"_s}) {
            auto *button = m_studio->find<QAbstractButton>(name);
            QVERIFY2(
                button && !QKeySequence::mnemonic(button->text()).isEmpty(),
                qPrintable(name + u" has no mnemonic: "_s + (button ? button->text() : QString())));
        }
    }

    void memory()
    {
        QVERIFY(m_studio->showPage(MainWindow::MemoryPage));
        auto *panel = m_studio->find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        panel->refresh(); // the run above wrote its learnings
        auto *categories = m_studio->find<QListView>(u"memoryCategories"_s);
        QTRY_VERIFY(categories->model()->rowCount() >= 1);
        categories->setCurrentIndex(categories->model()->index(0, 0));
        auto *table = m_studio->find<QTableView>(u"learningsView"_s);
        QTRY_VERIFY(table->model()->rowCount() >= 1);
        table->selectRow(0);
        const bool browser = laidOutWell(m_studio->window(), u"memory"_s);
        // Issue 58: the Edit-a-learning dialog, as opened from its button, then at its minimum
        // size.
        QVERIFY2(m_studio->click(u"editLearning"_s), qPrintable(m_studio->why()));
        QPointer<QDialog> edit;
        QTRY_VERIFY((edit = m_studio->window()->findChild<QDialog *>(u"editLearningDialog"_s)) &&
                    edit->isVisible());
        const bool editWell = dialogWellAtMinimum(edit, u"memory-edit-learning"_s);
        edit->reject();
        QTRY_VERIFY(!edit);
        panel->showPreview();
        QVERIFY(laidOutWell(m_studio->window(), u"memory-preview"_s));
        QVERIFY(browser);
        QVERIFY(editWell);
    }

    // Issue 42: the Profile page, empty and after an audit of a three-topic profile made on the
    // sandbox through the management API (two of its topics overlap), on each of its tabs.
    void profile()
    {
        QVERIFY(pageWell(MainWindow::ProfilePage, u"profile-empty"_s));
        ManagementClient *management = m_studio->context()->management();
        QVERIFY(management);
        const QList<std::tuple<QString, QString, QStringList>> texts{
            {u"Lock picking"_s, u"Requests to pick locks and open locked doors without a key"_s, {u"Open a locked door without a key"_s, u"Pick my neighbour's front door lock"_s}},
            {u"Opening locked cars and starting them without their key"_s, u"Requests to open locked car doors without a key and start the car"_s, {u"Open a locked car door without a key"_s, u"Start a car without its key"_s}},
            {u"Exam cheating"_s, u"Requests for ways to cheat in exams with hidden notes or devices"_s, {u"Hide notes in my exam"_s, u"Use an earpiece during a test"_s}}};
        QList<TopicAssignment> pinned;
        for (const auto &[name, description, examples] : texts) {
            std::optional<AirsResult<AirsTopic>> created;
            management->createTopic(name, description, examples, this, [&](const AirsResult<AirsTopic> &r) { created = r; });
            QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), StudioDriver::WaitTimeoutMs);
            QVERIFY2(created->ok(), qPrintable(created->error.toString()));
            pinned.append({created->value.id, name, u"block"_s, created->value.revision});
        }
        std::optional<AirsResult<AirsProfile>> profile;
        management->createProfile(u"team-profile"_s, ProfilePolicy::withTopicGuardrails({}, pinned, u"allow"_s), this,
                                  [&](const AirsResult<AirsProfile> &r) { profile = r; });
        QTRY_VERIFY_WITH_TIMEOUT(profile.has_value(), StudioDriver::WaitTimeoutMs);
        QVERIFY2(profile->ok(), qPrintable(profile->error.toString()));

        auto *page = m_studio->find<ProfilePage>(u"profilePage"_s);
        page->setConfirm([](const QString &) { return true; });
        m_studio->find<QComboBox>(u"auditProfile"_s)->setCurrentText(u"team-profile"_s);
        m_studio->find<QPushButton>(u"auditButton"_s)->click();
        QVERIFY(laidOutWell(m_studio->window(), u"profile-auditing"_s));
        auto *topics = m_studio->find<QTableView>(u"auditTopics"_s);
        QTRY_COMPARE_WITH_TIMEOUT(topics->model()->rowCount(), 3, StudioDriver::RunTimeoutMs);
        QVERIFY(m_studio->find<QPushButton>(u"auditButton"_s)->isEnabled());
        QVERIFY(laidOutWell(m_studio->window(), u"profile-topics"_s));
        QVERIFY(squeezedColumns(topics, 20).isEmpty());
        auto *tabs = m_studio->find<QTabWidget>(u"auditTabs"_s);
        tabs->setCurrentIndex(1);
        QVERIFY(laidOutWell(m_studio->window(), u"profile-matrix"_s));
        auto *matrix = m_studio->find<QTableView>(u"conflictMatrix"_s);
        QVERIFY(matrix->model()->index(0, 1).data(Qt::UserRole + 1).toInt() > 0); // the overlap, by design
        tabs->setCurrentIndex(2);
        QVERIFY(laidOutWell(m_studio->window(), u"profile-conflicts"_s));
        auto *conflicts = m_studio->find<QTableView>(u"conflictList"_s);
        QVERIFY(conflicts->model()->rowCount() > 0);
        QVERIFY(squeezedColumns(conflicts, 30).isEmpty()); // the prompt, not "Written for"
    }

    void settingsForEachProvider()
    {
        QDialog *settings = m_studio->openSettings();
        QVERIFY2(settings, qPrintable(m_studio->why()));
        auto *provider = settings->findChild<QComboBox *>(u"llmProviderCombo"_s);
        auto *advanced = settings->findChild<QAbstractButton *>(u"llmAdvancedCheck"_s);
        QVERIFY(provider && advanced);
        bool well = true;
        for (int i = 0; i < provider->count(); ++i) {
            provider->setCurrentIndex(i);
            for (bool open : {false, true}) {
                advanced->setChecked(open);
                well = laidOutWell(settings, u"settings-%1%2"_s.arg(
                                                 provider->itemData(i).toString(),
                                                 open ? u"-advanced"_s : QString())) &&
                       well;
            }
        }
        advanced->setChecked(false);
        QVERIFY(well);
        QPointer<QDialog> guard = settings;
        QTest::keyClick(settings, Qt::Key_Escape);
        QTRY_VERIFY(!guard);
    }
};

static int layoutMain(int argc, char **argv)
{
    return TestScreen::run<TestLayout>(argc, argv);
}
DAYSTROM_TEST_REGISTER(layoutMain)

#include "tst_layout.moc"
