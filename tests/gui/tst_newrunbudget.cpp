// The New run form's budget: a token budget and a cost budget in USD, typed by keyboard, reach
// RunSettings::maxTokens / maxCost (and the run the Run button asks for); a value that is not a
// positive, finite number is refused with the form's hint and a disabled Run button; empty is
// no budget; a run's budget shows again when its settings are loaded into the form.
#include "ui/newrun/newrunpanel.h"

#include "testmain.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

class TestNewRunBudget : public QObject
{
    Q_OBJECT

    struct Form
    {
        NewRunPanel panel;
        QLineEdit *tokens = nullptr;
        QLineEdit *cost = nullptr;
        QPushButton *run = nullptr;
        QLabel *hint = nullptr;
    };

    static void setUp(Form &f)
    {
        f.panel.resize(900, 700);
        f.panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        f.panel.findChild<QPlainTextEdit *>(u"topicDescription"_s)
            ->setPlainText(u"Block weapons"_s);
        f.panel.setProfiles({u"lab"_s});
        f.tokens = f.panel.findChild<QLineEdit *>(u"maxTokensEdit"_s);
        f.cost = f.panel.findChild<QLineEdit *>(u"maxCostEdit"_s);
        f.run = f.panel.findChild<QPushButton *>(u"runButton"_s);
        f.hint = f.panel.findChild<QLabel *>(u"newRunHint"_s);
        QVERIFY(f.tokens && f.cost && f.run && f.hint);
        QVERIFY(f.tokens->isVisibleTo(&f.panel) && f.cost->isVisibleTo(&f.panel));
        QVERIFY(f.run->isEnabled());
    }

    static void type(QLineEdit *edit, const QString &text)
    {
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClicks(edit, text);
        QCOMPARE(edit->text(), text);
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void noBudgetByDefault()
    {
        Form f;
        setUp(f);
        QVERIFY(!f.panel.settings().maxTokens);
        QVERIFY(!f.panel.settings().maxCost);
    }

    void typedBudgetReachesTheRun()
    {
        Form f;
        setUp(f);
        type(f.tokens, u"250000"_s);
        type(f.cost, u"2.50"_s);
        QVERIFY2(f.panel.validationError().isEmpty(), qPrintable(f.panel.validationError()));
        QCOMPARE(f.panel.settings().maxTokens, std::optional<qint64>(250000));
        QCOMPARE(f.panel.settings().maxCost, std::optional<double>(2.5));

        QSignalSpy requested(&f.panel, &NewRunPanel::runRequested);
        QTest::mouseClick(f.run, Qt::LeftButton);
        QCOMPARE(requested.size(), 1);
        const auto settings = requested.first().first().value<RunSettings>();
        QCOMPARE(settings.maxTokens, std::optional<qint64>(250000));
        QCOMPARE(settings.maxCost, std::optional<double>(2.5));

        // Emptied again: no budget.
        type(f.tokens, QString());
        QVERIFY(!f.panel.settings().maxTokens);
        QCOMPARE(f.panel.settings().maxCost, std::optional<double>(2.5));
    }

    void grouped_and_dollarSignAccepted()
    {
        Form f;
        setUp(f);
        type(f.tokens, u"1,000,000"_s);
        type(f.cost, u"$10"_s);
        QCOMPARE(f.panel.settings().maxTokens, std::optional<qint64>(1000000));
        QCOMPARE(f.panel.settings().maxCost, std::optional<double>(10.0));
    }

    void badValuesAreRefused_data()
    {
        QTest::addColumn<QString>("tokens");
        QTest::addColumn<QString>("cost");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative tokens") << u"-5"_s << QString() << u"token budget"_s;
        QTest::newRow("zero tokens") << u"0"_s << QString() << u"token budget"_s;
        QTest::newRow("fractional tokens") << u"1.5"_s << QString() << u"token budget"_s;
        QTest::newRow("words for tokens") << u"lots"_s << QString() << u"token budget"_s;
        QTest::newRow("zero cost") << QString() << u"0"_s << u"cost budget"_s;
        QTest::newRow("negative cost") << QString() << u"-1"_s << u"cost budget"_s;
        QTest::newRow("infinite cost") << QString() << u"inf"_s << u"cost budget"_s;
        QTest::newRow("not a number") << QString() << u"nan"_s << u"cost budget"_s;
        QTest::newRow("overflowing cost") << QString() << u"1e400"_s << u"cost budget"_s;
        QTest::newRow("words for cost") << QString() << u"two dollars"_s << u"cost budget"_s;
    }

    void badValuesAreRefused()
    {
        QFETCH(QString, tokens);
        QFETCH(QString, cost);
        QFETCH(QString, message);
        Form f;
        setUp(f);
        if (!tokens.isEmpty())
            type(f.tokens, tokens);
        if (!cost.isEmpty())
            type(f.cost, cost);
        QVERIFY2(f.panel.validationError().contains(message),
                 qPrintable(f.panel.validationError()));
        QVERIFY(!f.run->isEnabled());
        QVERIFY2(f.hint->text().contains(message), qPrintable(f.hint->text()));
        QSignalSpy requested(&f.panel, &NewRunPanel::runRequested);
        QTest::mouseClick(f.run, Qt::LeftButton);
        QCOMPARE(requested.size(), 0);
        QVERIFY(!f.panel.settings().maxTokens);
        QVERIFY(!f.panel.settings().maxCost);
        // Corrected, the run can start.
        type(tokens.isEmpty() ? f.cost : f.tokens, u"3"_s);
        QVERIFY(f.run->isEnabled());
        QVERIFY(f.hint->text().isEmpty());
    }

    void germanDecimalComma()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        Form f;
        setUp(f);
        type(f.cost, u"2,50"_s);
        QCOMPARE(f.panel.settings().maxCost, std::optional<double>(2.5));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void aRunsBudgetShowsAgain()
    {
        Form f;
        setUp(f);
        RunSettings s = f.panel.settings();
        s.maxTokens = 40000;
        s.maxCost = 1.25;
        f.panel.setSettings(s);
        QCOMPARE(f.tokens->text(), u"40000"_s);
        QCOMPARE(f.cost->text(), u"1.25"_s);
        QCOMPARE(f.panel.settings().maxTokens, s.maxTokens);
        QCOMPARE(f.panel.settings().maxCost, s.maxCost);
        s.maxTokens.reset();
        s.maxCost.reset();
        f.panel.setSettings(s);
        QVERIFY(f.tokens->text().isEmpty() && f.cost->text().isEmpty());
    }

    void keyboardReachesTheBudget()
    {
        Form f;
        setUp(f);
        // Alt+B (the label's mnemonic) puts the cursor in the token budget; Tab goes on to the
        // cost.
        f.panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&f.panel));
        QTest::keyClick(&f.panel, Qt::Key_B, Qt::AltModifier);
        QTRY_VERIFY(f.tokens->hasFocus());
        QTest::keyClick(f.tokens, Qt::Key_Tab);
        QTRY_VERIFY(f.cost->hasFocus());
    }
};

QTEST_MAIN(TestNewRunBudget)
#include "tst_newrunbudget.moc"
