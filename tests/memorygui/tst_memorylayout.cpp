#include "../compare/comparefixture.h"
#include "models/memory/learningtablemodel.h"
#include "runs/runstore.h"
#include "studiodriver.h"
#include "testhome.h"
#include "translations/translations.h"
#include "ui/compare/comparepanel.h"
#include "ui/memory/memorybrowserpanel.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QDir>
#include <QHeaderView>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QScrollBar>
#include <QTableView>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

// The Memory, Runs and Compare pages in the real main window on a small screen, the way the
// issue tried them: 1024×700, and 1400×900 with QT_SCALE_FACTOR=1.5 (a second ctest entry sets
// it; a third runs in German). The window is sized to the screen in logical pixels; each page
// must then show what matters without clipping it. Screenshots go to DAYSTROM_SCREENSHOTS.
class TestMemoryLayout : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    static inline QRect s_screen; // the screen, in the window's logical coordinates

    static bool scaled() { return qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() > 1.25; }
    static bool german() { return qEnvironmentVariable("DAYSTROM_TEST_LANGUAGE") == u"de"_s; }
    // The physical screen the issue used for this variant.
    static QSize physicalScreen() { return scaled() ? QSize(1400, 900) : QSize(1024, 700); }
    static QString variant()
    {
        return (german() ? u"de-"_s : QString()) + (scaled() ? u"scale1.5"_s : u"1024x700"_s);
    }

    QMainWindow *window() const { return m_studio->window(); }

    // `w` is shown whole: on the screen and not clipped by any ancestor.
    static bool fullyVisible(QWidget *w, QString *why)
    {
        if (!w || !w->isVisible()) {
            *why = w ? w->objectName() + u" is hidden"_s : u"missing widget"_s;
            return false;
        }
        const QRect inWindow(w->mapTo(w->window(), QPoint(0, 0)), w->size());
        if (!s_screen.contains(inWindow)) {
            *why = u"%1 at %2,%3 %4×%5 is off the screen"_s.arg(w->objectName())
                       .arg(inWindow.x())
                       .arg(inWindow.y())
                       .arg(inWindow.width())
                       .arg(inWindow.height());
            return false;
        }
        if (w->visibleRegion().boundingRect() != w->rect()) {
            *why = w->objectName() + u" is clipped by its parent"_s;
            return false;
        }
        return true;
    }

private slots:
    void initTestCase()
    {
        if (german())
            QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
        // The fixture memory, and one stored run to open.
        const QString memory = m_studio->context()->memoryDirectory();
        QVERIFY(QDir().mkpath(memory));
        const QString data = QStringLiteral(DAYSTROM_TEST_DATA) + u"/memory/"_s;
        for (const QString &f :
             {u"original/allow-medical-questions.json"_s, u"original/block-use-weapons.json"_s,
              u"original/discussions-violence-weapons.json"_s,
              u"injector/block-violence-weapons.json"_s}) {
            const QString to = memory + u'/' + f.section(u'/', 1);
            QVERIFY(QFile::copy(data + f, to));
            QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        QVERIFY(
            RunStore(m_studio->context()->runsDirectory()).save(CompareFixture::make()).isEmpty());
        // The window as large as the screen, in logical pixels.
        const qreal ratio = window()->devicePixelRatioF();
        QCOMPARE(ratio > 1.25, scaled());
        const QSize logical = (QSizeF(physicalScreen()) / ratio).toSize();
        s_screen = QRect(QPoint(0, 0), logical);
        window()->resize(logical);
        QTest::qWait(0);
        if (window()->size() != logical) // another page's minimum; this test checks its own pages
            qWarning("the window is %dx%d, not the %dx%d asked for", window()->width(),
                     window()->height(), logical.width(), logical.height());
    }

    void cleanupTestCase()
    {
        m_studio.reset();
        if (german())
            Translations::uninstall();
    }

    void memoryPageShowsEverythingThatMatters()
    {
        QVERIFY(m_studio->showPage(MainWindow::MemoryPage));
        auto *panel = m_studio->find<MemoryBrowserPanel>(u"memoryBrowserPanel"_s);
        QVERIFY(panel);
        QTRY_VERIFY(panel->isVisible());
        panel->refresh();
        QVERIFY(panel->selectCategory(u"block-use-weapons"_s));
        // The page asks for no more room than the window gives it.
        QVERIFY2(panel->minimumSizeHint().width() <= panel->width() &&
                     panel->minimumSizeHint().height() <= panel->height(),
                 qPrintable(u"minimum %1×%2, has %3×%4"_s.arg(panel->minimumSizeHint().width())
                                .arg(panel->minimumSizeHint().height())
                                .arg(panel->width())
                                .arg(panel->height())));

        auto *table = m_studio->find<QTableView>(u"learningsView"_s);
        QVERIFY(table);
        QTRY_VERIFY(table->model()->rowCount() > 0);
        QHeaderView *header = table->horizontalHeader();
        const int viewport = table->viewport()->width();
        // The insight (elided, whole in its tooltip) and the confidence are both in view.
        for (int column :
             {int(LearningTableModel::InsightColumn), int(LearningTableModel::ConfidenceColumn)}) {
            const int x = header->sectionViewportPosition(column);
            QVERIFY2(x >= 0 && x + header->sectionSize(column) <= viewport,
                     qPrintable(u"column %1 at %2+%3 of %4"_s.arg(column)
                                    .arg(x)
                                    .arg(header->sectionSize(column))
                                    .arg(viewport)));
        }
        QVERIFY(header->sectionSize(LearningTableModel::InsightColumn) >=
                table->fontMetrics().averageCharWidth() * 20);
        const int confidence = header->sectionSize(LearningTableModel::ConfidenceColumn);
        const QString title = table->model()
                                  ->headerData(LearningTableModel::ConfidenceColumn, Qt::Horizontal)
                                  .toString();
        QVERIFY2(confidence >= header->fontMetrics().horizontalAdvance(title),
                 "the Confidence header is cut");
        QVERIFY(!table->model()
                     ->index(0, LearningTableModel::InsightColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .isEmpty());

        QString why;
        for (const QString &name :
             {u"memorySearch"_s, u"memoryCategories"_s, u"exportMemory"_s, u"importMemory"_s,
              u"confirmLearning"_s, u"rejectLearning"_s, u"approveLearning"_s, u"deleteLearning"_s,
              u"addLearning"_s, u"mergeLearnings"_s, u"undoButton"_s, u"redoButton"_s,
              u"learningsView"_s, u"antiPatternsView"_s, u"bestKnownView"_s, u"useAsSeed"_s,
              u"memoryStatus"_s}) {
            QWidget *w = panel->findChild<QWidget *>(name);
            QVERIFY2(fullyVisible(w, &why), qPrintable(why));
            if (auto *button = qobject_cast<QAbstractButton *>(w)) // its whole label shows
                QVERIFY2(button->width() >= button->minimumSizeHint().width(), qPrintable(name));
        }
        // Lists and texts keep a usable size.
        QVERIFY(m_studio->find<QListView>(u"memoryCategories"_s)->height() >=
                table->fontMetrics().height() * 4);
        QVERIFY(table->viewport()->height() >= table->verticalHeader()->defaultSectionSize() * 3);
        QVERIFY(m_studio->find<QTextBrowser>(u"bestKnownView"_s)->viewport()->height() >=
                table->fontMetrics().height() * 3);
        QVERIFY(StudioDriver::screenshot(window(), u"memory-%1.png"_s.arg(variant())));
    }

    void runsAndComparePagesFit()
    {
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        auto *runs = m_studio->find<QTableView>(u"runsView"_s);
        QVERIFY(runs);
        QTest::mouseClick(m_studio->find<QAbstractButton>(u"refreshRunsButton"_s), Qt::LeftButton);
        QTRY_COMPARE(runs->model()->rowCount(), 1);
        QString why;
        for (const QString &name :
             {u"runsFilter"_s, u"openRunButton"_s, u"resumeRunButton"_s, u"exportReportButton"_s,
              u"deleteRunButton"_s, u"refreshRunsButton"_s}) {
            QVERIFY2(fullyVisible(m_studio->find<QWidget>(name), &why), qPrintable(why));
        }
        // Status, best coverage, iterations, updated and the topic's name are in view.
        QHeaderView *header = runs->horizontalHeader();
        for (int visual = 0; visual < 5; ++visual) {
            const int column = header->logicalIndex(visual);
            const int x = header->sectionViewportPosition(column);
            QVERIFY2(x >= 0 && x + header->sectionSize(column) <= runs->viewport()->width(),
                     qPrintable(QString::number(column)));
        }
        runs->selectRow(0);
        QVERIFY(StudioDriver::screenshot(window(), u"runs-%1.png"_s.arg(variant())));

        QTest::mouseClick(m_studio->find<QAbstractButton>(u"openRunButton"_s), Qt::LeftButton);
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        auto *compare = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QTRY_COMPARE(compare->iterationB(), 4);
        for (const QString &name :
             {u"compareIterationA"_s, u"compareIterationB"_s, u"swapIterationsButton"_s,
              u"applyIterationButton"_s, u"metricDeltas"_s, u"descriptionDiff"_s}) {
            QVERIFY2(fullyVisible(compare->findChild<QWidget *>(name), &why), qPrintable(why));
        }
        // Every metric can be seen: all rows in view, or a scroll bar to reach them.
        auto *metrics = compare->findChild<QTableView *>(u"metricDeltas"_s);
        int rows = 0;
        for (int r = 0; r < metrics->model()->rowCount(); ++r)
            rows += metrics->rowHeight(r);
        QVERIFY(metrics->viewport()->height() >= rows || metrics->verticalScrollBar()->isVisible());
        QVERIFY(StudioDriver::screenshot(window(), u"compare-%1.png"_s.arg(variant())));
    }
};

QTEST_MAIN(TestMemoryLayout)
#include "tst_memorylayout.moc"
