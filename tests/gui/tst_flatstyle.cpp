// FlatStyle (ui/flatstyle.h): the controls that repaint while a run streams paint without
// Qt's global thread pool, draw what they show (the fill where the progress is, the handle
// where the value is), and styles other than Fusion are left as they are. Then the whole Live
// page after a real sandbox run: nothing on it waits for the pool when it paints.
#include "poolhold.h"
#include "studiodriver.h"
#include "ui/flatstyle.h"

#include "testmain.h"

#include <QApplication>
#include <QGroupBox>
#include <QMainWindow>
#include <QPainter>
#include <QProgressBar>
#include <QScrollBar>
#include <QStyleFactory>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QToolBar>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

QImage rendered(QWidget *widget)
{
    QImage image(widget->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::magenta);
    widget->render(&image);
    return image;
}

bool needsPool(QWidget *widget)
{
    return paintNeedsPool([widget] { rendered(widget); });
}

} // namespace

class TestFlatStyle : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The detector itself: a tall translucent fill is one of those Qt 6.4 splits across the
        // pool. A Qt that fills in one thread leaves nothing to guard here.
        const bool translucentNeedsPool = paintNeedsPool([] {
            QImage image(600, 400, QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            painter.fillRect(image.rect(), QColor(0, 0, 255, 128));
        });
        if (!translucentNeedsPool)
            QSKIP("this Qt's raster engine does not hand fills to its thread pool");
        QVERIFY2(QStyleFactory::keys().contains(u"Fusion"_s), "Fusion is built into Qt Widgets");
        QApplication::setStyle(u"Fusion"_s);
        FlatStyle::install();
        QVERIFY(qobject_cast<FlatStyle *>(QApplication::style()));
        FlatStyle::install(); // a second time: still the one style
        QVERIFY(qobject_cast<FlatStyle *>(QApplication::style()));
        QVERIFY(!qobject_cast<FlatStyle *>(static_cast<FlatStyle *>(QApplication::style())->baseStyle()));
    }

    void controlsPaintWithoutThePool_data()
    {
        QTest::addColumn<std::shared_ptr<QWidget>>("widget");
        const auto bar = [](int value, int maximum, Qt::LayoutDirection direction = Qt::LeftToRight) {
            auto progress = std::make_shared<QProgressBar>();
            progress->setRange(0, maximum);
            progress->setValue(value);
            progress->setFormat(u"%v/%m scanned"_s);
            progress->setLayoutDirection(direction);
            progress->resize(700, 26);
            return std::static_pointer_cast<QWidget>(progress);
        };
        QTest::newRow("progress bar, waiting") << bar(0, 1);
        QTest::newRow("progress bar, 20 of 50") << bar(20, 50);
        QTest::newRow("progress bar, done") << bar(50, 50);
        QTest::newRow("progress bar, right to left") << bar(20, 50, Qt::RightToLeft);
        auto vertical = std::make_shared<QProgressBar>();
        vertical->setOrientation(Qt::Vertical);
        vertical->setRange(0, 10);
        vertical->setValue(7);
        vertical->resize(26, 400);
        QTest::newRow("progress bar, vertical") << std::static_pointer_cast<QWidget>(vertical);

        const auto scrollBar = [](Qt::Orientation orientation, int value) {
            auto bar = std::make_shared<QScrollBar>(orientation);
            bar->setRange(0, 1000);
            bar->setPageStep(100);
            bar->setValue(value);
            bar->resize(orientation == Qt::Vertical ? QSize(16, 500) : QSize(700, 16));
            return std::static_pointer_cast<QWidget>(bar);
        };
        QTest::newRow("vertical scroll bar, top") << scrollBar(Qt::Vertical, 0);
        QTest::newRow("vertical scroll bar, middle") << scrollBar(Qt::Vertical, 500);
        QTest::newRow("horizontal scroll bar") << scrollBar(Qt::Horizontal, 300);

        auto tabs = std::make_shared<QTabWidget>();
        tabs->addTab(new QWidget, u"Live run"_s);
        tabs->addTab(new QWidget, u"Charts"_s);
        tabs->resize(700, 500);
        QTest::newRow("tab widget") << std::static_pointer_cast<QWidget>(tabs);

        auto box = std::make_shared<QGroupBox>(u"Topic"_s);
        box->resize(400, 400);
        QTest::newRow("group box") << std::static_pointer_cast<QWidget>(box);
        auto checkable = std::make_shared<QGroupBox>(u"Advanced"_s);
        checkable->setCheckable(true);
        checkable->resize(400, 300);
        QTest::newRow("checkable group box") << std::static_pointer_cast<QWidget>(checkable);

        auto window = std::make_shared<QMainWindow>();
        QToolBar *toolBar = window->addToolBar(u"Run"_s);
        toolBar->addAction(u"Run"_s);
        toolBar->addAction(u"Pause"_s);
        window->setCentralWidget(new QWidget);
        window->resize(900, 500);
        QTest::newRow("main window with a tool bar") << std::static_pointer_cast<QWidget>(window);
    }

    void controlsPaintWithoutThePool()
    {
        QFETCH(std::shared_ptr<QWidget>, widget);
        QVERIFY2(!needsPool(widget.get()), "the paint waited for Qt's thread pool");
    }

    // Under plain Fusion the same progress bar does wait for the pool: the reason the style
    // exists, and a check that the row above would notice.
    void fusionProgressBarNeedsThePool()
    {
        std::unique_ptr<QStyle> fusion(QStyleFactory::create(u"Fusion"_s));
        QProgressBar bar;
        bar.setStyle(fusion.get());
        bar.setRange(0, 50);
        bar.setValue(20);
        bar.resize(700, 26);
        QVERIFY(needsPool(&bar));
    }

    void progressFillFollowsTheValue_data()
    {
        QTest::addColumn<Qt::LayoutDirection>("direction");
        QTest::addColumn<bool>("inverted");
        QTest::addColumn<bool>("filledAtStart"); // the fill starts at the left edge
        QTest::newRow("left to right") << Qt::LeftToRight << false << true;
        QTest::newRow("right to left") << Qt::RightToLeft << false << false;
        QTest::newRow("inverted") << Qt::LeftToRight << true << false;
    }

    void progressFillFollowsTheValue()
    {
        QFETCH(Qt::LayoutDirection, direction);
        QFETCH(bool, inverted);
        QFETCH(bool, filledAtStart);
        QProgressBar bar;
        bar.setTextVisible(false);
        bar.setLayoutDirection(direction);
        bar.setInvertedAppearance(inverted);
        bar.setRange(0, 100);
        bar.setValue(30);
        bar.resize(400, 24);
        const QRgb highlight = bar.palette().color(QPalette::Highlight).rgba();
        const QImage image = rendered(&bar);
        const int y = bar.height() / 2;
        const QRgb left = image.pixel(60, y);   // within the first 30 %
        const QRgb right = image.pixel(340, y); // within the last 70 %
        QCOMPARE(left == highlight, filledAtStart);
        QCOMPARE(right == highlight, !filledAtStart);

        bar.setValue(0); // nothing done: no fill anywhere
        const QImage empty = rendered(&bar);
        for (int x = 4; x < bar.width() - 4; x += 20)
            QVERIFY2(empty.pixel(x, y) != highlight, qPrintable(u"filled at x=%1"_s.arg(x)));
    }

    void scrollBarHandleFollowsTheValue()
    {
        QScrollBar bar(Qt::Vertical);
        bar.setRange(0, 1000);
        bar.setPageStep(100);
        bar.resize(16, 500);
        QStyleOptionSlider option;
        option.initFrom(&bar);
        option.orientation = Qt::Vertical;
        option.minimum = 0;
        option.maximum = 1000;
        option.pageStep = 100;
        option.sliderPosition = option.sliderValue = 0;
        const QRect atTop = bar.style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, &bar);
        QVERIFY(atTop.height() > 8);
        const QPoint inHandle = atTop.center();
        const QImage top = rendered(&bar);
        bar.setValue(1000); // the handle moves to the bottom: where it was is groove now
        const QImage bottom = rendered(&bar);
        QVERIFY(top.pixelColor(inHandle) != bottom.pixelColor(inHandle));
        QCOMPARE(bottom.pixelColor(inHandle.x(), bar.height() - 1 - inHandle.y()), top.pixelColor(inHandle));
        QVERIFY(top.pixelColor(inHandle) != QColor(Qt::magenta)); // painted, not left blank
    }

    void groupBoxFrameIsDrawn()
    {
        QGroupBox box(u"Topic"_s);
        box.resize(300, 200);
        const QImage image = rendered(&box);
        const QRgb mid = box.palette().color(QPalette::Mid).rgba();
        QCOMPARE(image.pixel(0, 120), mid);
        QCOMPARE(image.pixel(299, 120), mid);
        QCOMPARE(image.pixel(150, 199), mid);
        QVERIFY(image.pixel(150, 120) != mid); // an outline, not a filled box
    }

    // Over another style FlatStyle draws nothing of its own.
    void otherStylesAreLeftAlone()
    {
        std::unique_ptr<QStyle> windows(QStyleFactory::create(u"Windows"_s));
        if (!windows)
            QSKIP("no Windows style in this Qt");
        FlatStyle flatOverWindows(u"Windows"_s);
        const auto paint = [](QStyle *style) {
            QProgressBar bar;
            bar.setStyle(style);
            bar.setRange(0, 50);
            bar.setValue(20);
            bar.resize(300, 24);
            return rendered(&bar);
        };
        QCOMPARE(paint(&flatOverWindows), paint(windows.get()));
    }

    // The pages a person watches during a run, after a real sandbox run: the Live page
    // (progress bar, results table with its scroll bars, topic, event log, step strip), the
    // chart, the comparison; the tool bar and the tab frame around each.
    void pagesAfterARunPaintWithoutThePool()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        form.topic = u"Block requests to buy or build guns"_s;
        form.maxIterations = 2;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        QVERIFY(qobject_cast<FlatStyle *>(studio.window()->style()));
        const QList<std::pair<MainWindow::Page, const char *>> pages{
            {MainWindow::LivePage, "Live"}, {MainWindow::ChartsPage, "Charts"}, {MainWindow::ComparePage, "Compare"}};
        for (const auto &[page, name] : pages) {
            QVERIFY2(studio.showPage(page), qPrintable(studio.why()));
            QVERIFY2(!needsPool(studio.window()),
                     qPrintable(u"painting the %1 page waited for Qt's thread pool"_s.arg(QLatin1StringView(name))));
        }
    }
};

QTEST_MAIN(TestFlatStyle)
#include "tst_flatstyle.moc"
