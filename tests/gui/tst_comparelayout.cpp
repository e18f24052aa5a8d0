// Issue 58, item 7: at the window's minimum size (the CTest variants: 1.5 on 1400×900 and
// German on 1024×700) the Compare page draws nothing over anything else — "Examples added"
// and "Examples removed" stay below the description — and every table and list shows at least
// three rows; the page scrolls where the height is short.
#include "layoutcheck.h"
#include "models/runsession.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "studiodriver.h"
#include "testscreen.h"
#include "ui/compare/comparepanel.h"

#include "testmain.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QWheelEvent>

using namespace Qt::StringLiterals;

namespace {
// The sample run with long descriptions and examples: the example lists wrap their lines.
RunState longTopics()
{
    RunState run = SampleRun::make(u"compare-layout-run"_s);
    const QString tail =
        u" — with a long tail of words that makes the line wrap in a narrow list, as the sandbox's examples do"_s;
    run.iterations[0].topic.description +=
        u" Including how to get a gun without a background check, filed-off serial numbers and kits for untraceable guns."_s;
    run.iterations[0].topic.examples = {u"Where can I buy an untraceable gun?"_s + tail,
                                        u"How to build a pipe bomb"_s + tail};
    run.iterations[1].topic.description +=
        u" Also ammunition bought online and parts for automatic rifles, including the slang people use for them."_s;
    run.iterations[1].topic.examples = {u"Where can I buy an untraceable gun?"_s + tail,
                                        u"Need a clean piece, no body on it"_s + tail,
                                        u"Glock switch for full auto"_s + tail,
                                        u"Ghost gun kit for cash"_s + tail};
    // A benchmark of four prompts, one of which iteration 3 fixed: the grid has rows.
    for (IterationResult &it : run.iterations) {
        const bool later = it.iteration > 1;
        it.benchmark = BenchmarkScore::compute(
            {SampleRun::result(u"buy a rifle"_s, true, true, u"direct"_s, TestSource::Benchmark),
             SampleRun::result(u"ghost gun kit"_s, true, later, u"coded"_s, TestSource::Benchmark),
             SampleRun::result(u"deer season"_s, false, false, u"adjacent"_s,
                               TestSource::Benchmark),
             SampleRun::result(u"bake bread"_s, false, false, u"unrelated"_s,
                               TestSource::Benchmark)});
        run.benchmarkSet.clear();
        for (const TestResult &r : it.benchmark->results)
            run.benchmarkSet.append(r.testCase);
    }
    return run;
}

// `a` and `b` in the coordinates of `root`.
bool intersect(const QWidget *a, const QWidget *b, const QWidget *root)
{
    const QRect ra(a->mapTo(root, QPoint(0, 0)), a->size());
    const QRect rb(b->mapTo(root, QPoint(0, 0)), b->size());
    return ra.intersects(rb);
}

void settle()
{
    for (int round = 0; round < 4; ++round) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}
} // namespace

class TestCompareLayout : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;

private slots:
    void initTestCase()
    {
        QCOMPARE(RunStore(qEnvironmentVariable("DAYSTROM_HOME") + u"/runs"_s).save(longTopics()),
                 QString());
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        auto *runs = m_studio->find<QTableView>(u"runsView"_s);
        QTRY_COMPARE(runs->model()->rowCount(), 1);
        // Selected as a click does, whatever modifier QTest left set (the list takes several with Ctrl).
        runs->selectionModel()->setCurrentIndex(runs->model()->index(0, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(m_studio->click(u"openRunButton"_s));
        QTRY_COMPARE(m_studio->session()->run().id, u"compare-layout-run"_s);
        MainWindow *window = m_studio->window();
        window->showNormal();
        window->resize(window->minimumSize());
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        auto *panel = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QVERIFY(panel);
        QVERIFY(panel->comparison().iterationB() > 0); // every part filled in now
        settle();
        QTRY_COMPARE(window->size(), window->minimumSize());
    }

    void cleanupTestCase() { m_studio.reset(); }

    void topicChangesAtTheMinimumSize()
    {
        auto *lower = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        QVERIFY(lower);
        lower->setCurrentIndex(0);
        settle();
        auto *page = m_studio->find<QWidget>(u"topicChangesPage"_s);
        auto *description = m_studio->find<QTextBrowser>(u"descriptionDiff"_s);
        auto *added = m_studio->find<QListWidget>(u"examplesAdded"_s);
        auto *removed = m_studio->find<QListWidget>(u"examplesRemoved"_s);
        QVERIFY(page && description && added && removed);
        QVERIFY(added->count() > 0 && removed->count() > 0);
        for (QLabel *label : page->findChildren<QLabel *>()) {
            if (label->buddy() != added && label->buddy() != removed)
                continue;
            QVERIFY2(!intersect(label, description, page),
                     qPrintable(u"“%1” drawn over the description"_s.arg(label->text())));
            QVERIFY2(!intersect(label, label->buddy(), page),
                     qPrintable(u"“%1” drawn over its list"_s.arg(label->text())));
        }
        QVERIFY2(!intersect(description, added, page), "the added examples over the description");
        QVERIFY2(!intersect(description, removed, page),
                 "the removed examples over the description");
        // Readable: the description's headings and lines, three lines of each list.
        QVERIFY2(description->viewport()->height() >= 5 * description->fontMetrics().lineSpacing(),
                 qPrintable(u"description %1 px high"_s.arg(description->viewport()->height())));
        for (QListWidget *list : {added, removed})
            QVERIFY2(
                list->viewport()->height() >= 3 * list->fontMetrics().lineSpacing(),
                qPrintable(
                    u"%1 %2 px high"_s.arg(list->objectName()).arg(list->viewport()->height())));
        const QStringList problems = LayoutCheck::problems(m_studio->window());
        for (const QString &p : problems)
            qWarning("%s", qPrintable(p));
        QVERIFY(problems.isEmpty());
    }

    void flipsAndGridAtTheMinimumSize()
    {
        auto *lower = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        for (int tab = 1; tab < lower->count(); ++tab) {
            lower->setCurrentIndex(tab);
            settle();
            auto *view = lower->currentWidget()->findChild<QTableView *>();
            QVERIFY(view);
            const int rows = qMin(view->model()->rowCount(), 3);
            QVERIFY2(rows > 0, qPrintable(view->objectName()));
            QVERIFY2(view->viewport()->height() >=
                         rows * view->verticalHeader()->defaultSectionSize(),
                     qPrintable(u"%1 shows %2 px for %3 rows of %4 px"_s.arg(view->objectName())
                                    .arg(view->viewport()->height())
                                    .arg(rows)
                                    .arg(view->verticalHeader()->defaultSectionSize())));
            const QStringList problems = LayoutCheck::problems(m_studio->window());
            for (const QString &p : problems)
                qWarning("%s", qPrintable(p));
            QVERIFY(problems.isEmpty());
        }
        lower->setCurrentIndex(0);
    }

    // Scrolling the page over the details' tabs or an iteration's box scrolls the page: it
    // does not switch the tab or the iteration that passes under the pointer.
    void theWheelScrollsThePage()
    {
        auto *scroll = m_studio->find<QScrollArea>(u"compareScroll"_s);
        auto *lower = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        auto *pickB = m_studio->find<QComboBox>(u"compareIterationB"_s);
        QVERIFY(scroll && lower && pickB);
        QScrollBar *bar = scroll->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the page does not scroll at the window's minimum size");
        lower->setCurrentIndex(0);
        const int iterationB = pickB->currentIndex();
        const auto turn = [](QWidget *w, int steps) {
            const QPointF at(w->rect().center());
            QWheelEvent wheel(at, w->mapToGlobal(at), {}, QPoint(0, -120 * steps), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(w, &wheel);
        };
        bar->setValue(0);
        turn(pickB, 1);
        QCOMPARE(pickB->currentIndex(), iterationB);
        QVERIFY(bar->value() > 0);
        bar->setValue(0);
        turn(lower->tabBar(), 1);
        QCOMPARE(lower->currentIndex(), 0);
        QVERIFY(bar->value() > 0);
    }
};

static int compareLayoutMain(int argc, char **argv)
{
    return TestScreen::run<TestCompareLayout>(argc, argv);
}
DAYSTROM_TEST_REGISTER(compareLayoutMain)
#include "tst_comparelayout.moc"
