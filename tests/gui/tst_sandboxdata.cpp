// Issue 13, item 6: in the desktop app the sandbox's runs and learnings live apart from real
// ones. Switching to the sandbox re-points the Runs and Memory pages at the sandbox's own home
// and says so; a sandbox run leaves the real memory and runs untouched, byte for byte.
#include "dirtree.h"
#include "models/runsession.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "studiodriver.h"
#include "testhome.h"
#include "ui/compare/runspanel.h"
#include "ui/memory/memorybrowserpanel.h"

#include "testmain.h"

#include <QAction>
#include <QDirIterator>
#include <QLabel>
#include <QListView>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestSandboxData : public QObject
{
    Q_OBJECT

    static QString home() { return qEnvironmentVariable("DAYSTROM_HOME"); }
    static QString realRuns() { return home() + u"/runs"_s; }
    static QString realMemory() { return home() + u"/memory"_s; }
    static QString sandboxRuns() { return home() + u"/sandbox/runs"_s; }
    static QString sandboxMemory() { return home() + u"/sandbox/memory"_s; }

    static QMap<QString, QByteArray> tree(const QString &dir) { return dirTree(dir); }

    static int rows(const StudioDriver &studio, const QString &viewName)
    {
        auto *view = studio.find<QAbstractItemView>(viewName);
        return view && view->model() ? view->model()->rowCount() : -1;
    }

private slots:
    // Real data: three categories of learnings, as the original tool left them, and one run.
    void initTestCase()
    {
        QVERIFY(home().startsWith(TestHome::path()));
        QVERIFY(QDir().mkpath(realMemory()));
        const QString data = QStringLiteral(DAYSTROM_TEST_DATA) + u"/memory/original/"_s;
        const QStringList files = QDir(data).entryList({u"*.json"_s}, QDir::Files);
        QCOMPARE(files.size(), 3);
        for (const QString &f : files) {
            QVERIFY(QFile::copy(data + f, realMemory() + u'/' + f));
            QFile::setPermissions(realMemory() + u'/' + f,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        QCOMPARE(RunStore(realRuns()).save(SampleRun::make()), QString());
    }

    void switchingToTheSandboxShowsItsOwnData()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        StudioContext *context = studio.context();
        QCOMPARE(context->runsDirectory(), realRuns());
        QCOMPARE(context->memoryDirectory(), realMemory());
        QTRY_COMPARE(rows(studio, u"runsView"_s), 1);
        QTRY_COMPARE(rows(studio, u"memoryCategories"_s), 3);
        auto *banner = studio.find<QLabel>(u"sandboxDataBanner"_s);
        QVERIFY(banner);
        QVERIFY(!banner->isVisible());
        QCOMPARE(studio.tabs()->tabText(MainWindow::RunsPage), u"R&uns"_s);
        QCOMPARE(studio.tabs()->tabText(MainWindow::MemoryPage), u"&Memory"_s);
        QPointer<RunsPanel> realRunsPanel = studio.find<RunsPanel>(u"runsPanel"_s);
        QPointer<MemoryBrowserPanel> realMemoryPanel =
            studio.find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        QVERIFY(realRunsPanel && realMemoryPanel);
        QCOMPARE(realMemoryPanel->store().directory(), realMemory());
        QVERIFY(studio.showPage(MainWindow::MemoryPage));

        // File ▸ Use the sandbox.
        studio.find<QAction>(u"sandboxAction"_s)->trigger();
        QVERIFY(context->isSandbox());
        QCOMPARE(context->runsDirectory(), sandboxRuns());
        QCOMPARE(context->memoryDirectory(), sandboxMemory());
        // The pages of the real data are gone, not merely hidden; new ones show the sandbox's.
        QVERIFY(!realRunsPanel);
        QVERIFY(!realMemoryPanel);
        QCOMPARE(studio.window()->findChildren<RunsPanel *>().size(), 1);
        QCOMPARE(studio.window()->findChildren<MemoryBrowserPanel *>().size(), 1);
        auto *memoryPanel = studio.find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        QCOMPARE(memoryPanel->store().directory(), sandboxMemory());
        QCOMPARE(studio.tabs()->widget(MainWindow::RunsPage),
                 studio.find<RunsPanel>(u"runsPanel"_s));
        QCOMPARE(studio.tabs()->widget(MainWindow::MemoryPage), memoryPanel);
        QCOMPARE(studio.tabs()->currentIndex(), int(MainWindow::MemoryPage)); // the page stays
        QTRY_COMPARE(rows(studio, u"runsView"_s), 0);
        QTRY_COMPARE(rows(studio, u"memoryCategories"_s), 0);
        // ... and say that this is sandbox data.
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().startsWith(u"Sandbox data"_s), qPrintable(banner->text()));
        QVERIFY2(banner->toolTip().contains(QDir::toNativeSeparators(home() + u"/sandbox"_s)),
                 qPrintable(banner->toolTip()));
        QCOMPARE(studio.tabs()->tabText(MainWindow::RunsPage), u"R&uns (sandbox)"_s);
        QCOMPARE(studio.tabs()->tabText(MainWindow::MemoryPage), u"&Memory (sandbox)"_s);
        QVERIFY(studio.window()->windowTitle().contains(u"Sandbox"_s));
        // The page shortcuts still reach the new pages.
        QVERIFY2(studio.showPage(MainWindow::RunsPage), qPrintable(studio.why()));
        QCOMPARE(studio.tabs()->currentWidget()->objectName(), u"runsPanel"_s);
    }

    // The acceptance: a sandbox run leaves the real memory directory (and runs) untouched.
    void aSandboxRunLeavesTheRealDataUntouched()
    {
        const QMap<QString, QByteArray> memoryBefore = tree(realMemory());
        const QMap<QString, QByteArray> runsBefore = tree(realRuns());
        QCOMPARE(memoryBefore.size(), 3);
        QVERIFY(!runsBefore.isEmpty());

        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        // A topic of the same category as a real learnings file: it must not be read or changed.
        form.topic = u"Block the use of weapons"_s;
        form.maxIterations = 2;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        const QString id = studio.session()->run().id;
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        QCOMPARE(studio.storedRun(id).status, RunStatus::Completed);

        QCOMPARE(tree(realMemory()), memoryBefore);
        QCOMPARE(tree(realRuns()), runsBefore);
        QVERIFY(RunStore(sandboxRuns()).exists(id));
        QVERIFY(QFile::exists(sandboxMemory() + u"/block-use-weapons.json"_s));
        // The pages show the sandbox's run and learnings.
        QTRY_COMPARE(rows(studio, u"runsView"_s), 1);
        studio.find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s)->refresh();
        QTRY_COMPARE(rows(studio, u"memoryCategories"_s), 1);
    }
};

QTEST_MAIN(TestSandboxData)
#include "tst_sandboxdata.moc"
