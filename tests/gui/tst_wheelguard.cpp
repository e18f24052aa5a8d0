#include "studiodriver.h"
#include "ui/widgets/wheelguard.h"

#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QWheelEvent>

using namespace Qt::StringLiterals;

// Issue 40, item 1: scrolling a form with the mouse wheel over a combo box or a spin box that
// does not have focus changes no value and scrolls the form (before, Intent went from Block to
// Allow and the target from 90 % to 65 % unnoticed). With focus the wheel still steps it.
class TestWheelGuard : public QObject
{
    Q_OBJECT

    // What a person sees of a combo or spin box.
    static QString valueOf(QWidget *w)
    {
        if (auto *c = qobject_cast<QComboBox *>(w))
            return QString::number(c->currentIndex()) + u':' + c->currentText();
        if (auto *s = qobject_cast<QAbstractSpinBox *>(w))
            return s->text();
        return {};
    }

    // One notch of the wheel, down, over the middle of `w`.
    static void wheel(QWidget *w)
    {
        const QPointF at(w->width() / 2.0, w->height() / 2.0);
        QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(w, &e);
    }

    // Every combo and spin box under `root`: the wheel over it, unfocused, leaves its value and
    // moves `scroll`'s form down. Returns how many were tried.
    static int checkAll(QWidget *root, QScrollArea *scroll)
    {
        int tried = 0;
        for (QWidget *w : WheelGuard::guardedIn(root)) {
            if (!w->isEnabled() || !scroll->isAncestorOf(w))
                continue;
            if (QWidget *focused = QApplication::focusWidget())
                focused->clearFocus(); // nothing of the form has focus
            if (w->hasFocus())
                continue;
            QScrollBar *bar = scroll->verticalScrollBar();
            bar->setValue(0);
            const QString before = valueOf(w);
            wheel(w);
            ++tried;
            if (valueOf(w) != before)
                qWarning("%s changed from %s to %s", qPrintable(w->objectName()), qPrintable(before), qPrintable(valueOf(w)));
            if (valueOf(w) != before || bar->value() == 0)
                return -tried; // a failure: the caller names it
        }
        return tried;
    }

private slots:
    void newRunFormScrollsInsteadOfChangingSettings()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        studio.window()->resize(1024, 500); // short enough that the form scrolls
        auto *advanced = studio.find<QGroupBox>(u"advancedGroup"_s);
        QVERIFY(advanced);
        advanced->setChecked(true);
        auto *scroll = studio.find<QScrollArea>(u"newRunScroll"_s);
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        auto *form = scroll->widget();
        const int tried = checkAll(form, scroll);
        QVERIFY2(tried >= 10, qPrintable(u"%1 combo or spin boxes tried (negative: the last one failed)"_s.arg(tried)));

        // With focus the wheel still steps the value.
        auto *target = studio.find<QDoubleSpinBox>(u"targetCoverageSpin"_s);
        QVERIFY(target);
        target->setFocus();
        QTRY_VERIFY(target->hasFocus());
        const double before = target->value();
        wheel(target);
        QVERIFY(target->value() != before);
    }

    void settingsPagesScrollInsteadOfChangingSettings()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        studio.find<QAction>(u"settingsAction"_s)->trigger();
        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = studio.window()->findChild<QDialog *>(u"settingsDialog"_s)) && dialog->isVisible());
        QTRY_VERIFY(dialog->findChild<QWidget *>(u"llmPage"_s)->isEnabled());
        dialog->resize(700, 300); // short enough that each page scrolls
        auto *tabs = dialog->findChild<QTabWidget *>();
        QVERIFY(tabs);
        int tried = 0;
        for (int i = 0; i < tabs->count(); ++i) { // each page as a person opens it
            tabs->setCurrentIndex(i);
            auto *scroll = qobject_cast<QScrollArea *>(tabs->widget(i));
            if (!scroll || !scroll->widget())
                continue;
            if (!QTest::qWaitFor([scroll] { return scroll->isVisible() && scroll->verticalScrollBar()->maximum() > 0; }, 1000))
                continue; // the page fits: nothing to scroll

            const int n = checkAll(scroll->widget(), scroll);
            QVERIFY2(n >= 0, qPrintable(u"%1: a combo or spin box took the wheel"_s.arg(scroll->objectName())));
            tried += n;
        }
        QVERIFY2(tried >= 3, qPrintable(u"%1 combo or spin boxes tried"_s.arg(tried)));
        dialog->reject();
    }
};

QTEST_MAIN(TestWheelGuard)
#include "tst_wheelguard.moc"
