// Issue 58 item 5: the New run form's target coverage follows the intent. Allow starts at 65 %
// (allow lists rarely reach 90 %), Block at 90 %; each intent keeps the value it had, so
// Block → Allow → Block gives Block's target back (its default or the one set for it), and a
// target changed with the intent is said under the field until the person sets one.
#include "ui/newrun/newrunpanel.h"

#include "testmain.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>

using namespace Qt::StringLiterals;

class TestNewRunTarget : public QObject
{
    Q_OBJECT

    struct Form
    {
        NewRunPanel panel;
        QComboBox *intent = nullptr;
        QDoubleSpinBox *target = nullptr;
        QLabel *note = nullptr;
    };

    static void setUp(Form &f)
    {
        f.panel.resize(900, 700);
        f.panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        f.intent = f.panel.findChild<QComboBox *>(u"intentCombo"_s);
        f.target = f.panel.findChild<QDoubleSpinBox *>(u"targetCoverageSpin"_s);
        f.note = f.panel.findChild<QLabel *>(u"targetCoverageNote"_s);
        QVERIFY(f.intent && f.target);
        QCOMPARE(f.target->value(), 90.0);
    }

    // As a person picks an intent: the keyboard on the focused combo box.
    static void pick(Form &f, int index)
    {
        f.intent->setFocus();
        while (f.intent->currentIndex() < index)
            QTest::keyClick(f.intent, Qt::Key_Down);
        while (f.intent->currentIndex() > index)
            QTest::keyClick(f.intent, Qt::Key_Up);
    }

    // Types a target into the spin box, as a person does.
    static void typeTarget(Form &f, const QString &text)
    {
        f.target->setFocus();
        f.target->selectAll();
        QTest::keyClicks(f.target, text);
        QTest::keyClick(f.target, Qt::Key_Tab);
    }

private slots:
    void blockAllowBlockRestoresBlocksDefault()
    {
        Form f;
        setUp(f);
        pick(f, 1); // Allow
        QCOMPARE(f.target->value(), 65.0);
        QVERIFY(f.note && f.note->isVisible());
        QVERIFY2(f.note->text().contains(u"65"_s), qPrintable(f.note->text()));
        pick(f, 0); // Block again: its default, not Allow's 65 %
        QCOMPARE(f.target->value(), 90.0);
        QVERIFY(f.note->isVisible()); // said again: 65 → 90
        QVERIFY2(f.note->text().contains(u"90"_s), qPrintable(f.note->text()));
        QCOMPARE(f.panel.settings().targetCoverage, 0.9);
    }

    void eachIntentKeepsTheTargetSetForIt()
    {
        Form f;
        setUp(f);
        typeTarget(f, u"80"_s);
        QCOMPARE(f.target->value(), 80.0);
        QVERIFY(!f.note->isVisible());
        pick(f, 1);
        QCOMPARE(f.target->value(), 65.0);
        typeTarget(f, u"70"_s);
        QVERIFY(!f.note->isVisible()); // the person's own value needs no note
        pick(f, 0);
        QCOMPARE(f.target->value(), 80.0); // what was set for Block
        QVERIFY(f.note->isVisible());
        pick(f, 1);
        QCOMPARE(f.target->value(), 70.0); // and for Allow
        QCOMPARE(f.panel.settings().intent, Intent::Allow);
        QCOMPARE(f.panel.settings().targetCoverage, 0.7);
    }

    // Loading a run's settings (Use as seed, copy a run) takes its target as it is, for its
    // intent, without a note; the other intent keeps its own.
    void loadedSettingsKeepTheirTarget()
    {
        Form f;
        setUp(f);
        RunSettings s = f.panel.settings();
        s.intent = Intent::Allow;
        s.targetCoverage = 0.9;
        f.panel.setSettings(s);
        QCOMPARE(f.target->value(), 90.0);
        QVERIFY(!f.note->isVisible());
        pick(f, 0);
        QCOMPARE(f.target->value(), 90.0);
        pick(f, 1);
        QCOMPARE(f.target->value(), 90.0); // the loaded Allow target, not 65 %
    }
};

QTEST_MAIN(TestNewRunTarget)
#include "tst_newruntarget.moc"
