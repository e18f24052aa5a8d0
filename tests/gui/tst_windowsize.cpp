// Issue 17: the window fits the screen it opens on. Run on a small virtual screen: the
// offscreen platform with a configured screen (DAYSTROM_TEST_SCREEN, default 1024x700; the
// CTest entries add QT_SCALE_FACTOR=1.5 on 1400x900, and German), the window's default size,
// a saved geometry from a larger screen, the welcome and the New run form all stay inside the
// available area, and the form is not cut at the right.
#include "studiodriver.h"
#include "testscreen.h"
#include "ui/windowfit.h"
#include "ui/windowsettings.h"

#include "testmain.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>

using namespace Qt::StringLiterals;

class TestWindowSize : public QObject
{
    Q_OBJECT

    static QRect available(const QWidget *w) { return w->screen()->availableGeometry(); }

    static QString describe(const QRect &r)
    {
        return u"%1,%2 %3x%4"_s.arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
    }

    // In view: inside the window, and the window inside the screen.
    static bool shownWhole(const QWidget *w)
    {
        const QWidget *window = w->window();
        const QRect inWindow(w->mapTo(window, QPoint(0, 0)), w->size());
        return w->isVisible() && window->rect().contains(inWindow);
    }

private slots:
    void init()
    {
        WindowSettings().setGeometry({});
        WindowSettings().setWelcomeDismissed(false);
    }

    void theScreenIsSmall()
    {
        QScreen *screen = QGuiApplication::primaryScreen();
        const QSize device = screen->geometry().size() * screen->devicePixelRatio();
        const QStringList wanted =
            qEnvironmentVariable("DAYSTROM_TEST_SCREEN", u"1024x700"_s).split(u'x');
        // (At a scale factor the device-independent size is rounded.)
        QVERIFY2(qAbs(device.width() - wanted.at(0).toInt()) <= 2,
                 qPrintable(QString::number(device.width())));
        QVERIFY2(qAbs(device.height() - wanted.at(1).toInt()) <= 2,
                 qPrintable(QString::number(device.height())));
        qInfo("screen %s, available %s (device-independent), scale %.2f",
              qPrintable(describe(screen->geometry())),
              qPrintable(describe(screen->availableGeometry())), screen->devicePixelRatio());
    }

    void theDefaultWindowFits()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        MainWindow *window = studio.window();
        const QRect area = available(window);
        QVERIFY2(area.contains(window->frameGeometry()),
                 qPrintable(describe(window->frameGeometry()) + u" in "_s + describe(area)));
        QVERIFY(window->width() <= WindowFit::Preferred.width());
        QVERIFY(window->width() >= qMin(WindowFit::Preferred.width(), int(area.width() * 0.8)));
        QVERIFY(window->minimumWidth() <= area.width() && window->minimumHeight() <= area.height());
        QVERIFY2(window->minimumSizeHint().width() <= area.width(),
                 qPrintable(QString::number(window->minimumSizeHint().width())));
        QVERIFY2(window->minimumSizeHint().height() <= area.height(),
                 qPrintable(QString::number(window->minimumSizeHint().height())));

        // The sandbox's banner takes room, but the window stays within the screen.
        studio.find<QAction>(u"sandboxAction"_s)->trigger();
        QVERIFY(studio.context()->isSandbox());
        QTRY_VERIFY(studio.find<QWidget>(u"sandboxBanner"_s)->isVisible());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QTRY_VERIFY2(area.contains(window->frameGeometry()),
                     qPrintable(describe(window->frameGeometry()) + u" in "_s + describe(area)));
        QVERIFY(shownWhole(studio.find<QWidget>(u"leaveSandboxButton"_s)));

        // New run: Run and the topic in view, the form not wider than its page.
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        QVERIFY(shownWhole(studio.find<QPushButton>(u"runButton"_s)));
        QVERIFY(shownWhole(studio.find<QWidget>(u"topicDescription"_s)));
        auto *scroll = studio.find<QScrollArea>(u"newRunScroll"_s);
        QVERIFY(scroll);
        QVERIFY2(
            scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
            qPrintable(u"form needs %1, has %2"_s.arg(scroll->widget()->minimumSizeHint().width())
                           .arg(scroll->viewport()->width())));
        if (StudioDriver::screenshotsWanted())
            QVERIFY(StudioDriver::screenshot(window, u"small-screen-new-run.png"_s));
    }

    void aGeometrySavedOnALargerScreenIsFitted()
    {
        {
            // Saved where the window was 1800×1170 (a 1400×900 screen at 1.5 had shown that).
            StudioDriver before;
            QVERIFY2(before.start(false), qPrintable(before.why()));
            before.window()->setMinimumSize(0, 0);
            before.window()->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
            before.window()->setGeometry(300, 200, 1800, 1170);
            QTRY_COMPARE(before.window()->size(), QSize(1800, 1170));
            before.window()->close();
            QVERIFY(!WindowSettings().geometry().isEmpty());
        }
        StudioDriver after;
        QVERIFY2(after.start(false), qPrintable(after.why()));
        const QRect area = available(after.window());
        QVERIFY2(
            area.contains(after.window()->frameGeometry()),
            qPrintable(describe(after.window()->frameGeometry()) + u" in "_s + describe(area)));
    }

    void aGeometryThatFitsIsKept()
    {
        QRect kept;
        {
            StudioDriver before;
            QVERIFY2(before.start(false), qPrintable(before.why()));
            const QRect area = available(before.window());
            kept = QRect(area.topLeft() + QPoint(20, 30),
                         before.window()->minimumSize() + QSize(10, 10));
            before.window()->setGeometry(kept);
            QTRY_COMPARE(before.window()->geometry(), kept);
            before.window()->close();
        }
        StudioDriver after;
        QVERIFY2(after.start(false), qPrintable(after.why()));
        QCOMPARE(after.window()->size(), kept.size());
        QVERIFY(available(after.window()).contains(after.window()->frameGeometry()));
    }

    void theWelcomeFits()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        studio.window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> box = studio.window()->findChild<QMessageBox *>(u"sandboxOffer"_s);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        const QRect area = available(box);
        QVERIFY2(area.contains(box->frameGeometry()),
                 qPrintable(describe(box->frameGeometry()) + u" in "_s + describe(area)));
        for (auto *button : box->findChildren<QPushButton *>())
            QVERIFY2(shownWhole(button), qPrintable(button->text()));
        if (StudioDriver::screenshotsWanted())
            QVERIFY(StudioDriver::screenshot(box, u"small-screen-welcome.png"_s));
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!box);
    }
};

static int windowSizeMain(int argc, char **argv)
{
    return TestScreen::run<TestWindowSize>(argc, argv);
}
DAYSTROM_TEST_REGISTER(windowSizeMain)

#include "tst_windowsize.moc"
