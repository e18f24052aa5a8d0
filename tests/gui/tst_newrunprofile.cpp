// The New run form's profile section: the production profile's topics the run copies (each
// can be left out, and the form refuses a copy over the 20-topic limit), and running in
// place, with its warning.
#include "ui/newrun/newrunpanel.h"
#include "ui/newrun/profiletopicsfield.h"

#include "testmain.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QDir>
#include <QTemporaryDir>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

using namespace Qt::StringLiterals;

class TestNewRunProfile : public QObject
{
    Q_OBJECT

    static QStringList topics(int n)
    {
        QStringList names;
        for (int i = 1; i <= n; ++i)
            names.append(u"Topic %1"_s.arg(i));
        return names;
    }

private slots:
    void overTheLimitUntilOneIsLeftOut()
    {
        NewRunPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.findChild<QPlainTextEdit *>(u"topicDescription"_s)->setPlainText(u"Block weapons"_s);
        panel.setProfiles({u"crowded"_s, u"lab"_s});
        panel.setProfileTopics({{u"crowded"_s, topics(19)}, {u"lab"_s, {u"Customer records"_s}}});
        auto *profile = panel.findChild<QComboBox *>(u"profileCombo"_s);
        auto *list = panel.findChild<QListWidget *>(u"profileTopicsList"_s);
        auto *field = panel.findChild<ProfileTopicsField *>(u"profileTopicsField"_s);

        profile->setCurrentText(u"lab"_s);
        QVERIFY(field->isVisible());
        QCOMPARE(list->count(), 1);
        QVERIFY(panel.validationError().isEmpty());

        profile->setCurrentText(u"crowded"_s); // 19 + the run's topic and companion = 21
        QCOMPARE(list->count(), 19);
        QVERIFY2(panel.validationError().contains(u"more than 20"_s), qPrintable(panel.validationError()));
        QVERIFY(panel.findChild<QLabel *>(u"profileTopicsSummary"_s)->text().contains(u"leave out at least 1"_s));

        // Unchecking one, by keyboard, fits.
        list->setFocus();
        list->setCurrentRow(6);
        QTest::keyClick(list, Qt::Key_Space);
        QCOMPARE(list->item(6)->checkState(), Qt::Unchecked);
        QVERIFY2(panel.validationError().isEmpty(), qPrintable(panel.validationError()));
        QCOMPARE(panel.settings().leaveOut, QStringList{u"Topic 7"_s});

        // Allow intent adds one topic, not two: all 19 fit.
        list->item(6)->setCheckState(Qt::Checked);
        panel.findChild<QComboBox *>(u"intentCombo"_s)->setCurrentIndex(1);
        QVERIFY(panel.validationError().isEmpty());

        // A copied form keeps what was left out.
        RunSettings s = panel.settings();
        s.leaveOut = {u"Topic 3"_s};
        panel.setSettings(s);
        QCOMPARE(panel.settings().leaveOut, QStringList{u"Topic 3"_s});
    }

    // Issue 38: the intent does not fit the profile's action for unmatched prompts (a block
    // topic on an allow list, an allow topic on a block list): the form says what follows.
    void warnsWhenTheIntentDoesNotFitTheAction()
    {
        NewRunPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setProfiles({u"allowlist"_s, u"blocklist"_s, u"empty"_s});
        panel.setProfileActions({{u"allowlist"_s, u"block"_s}, {u"blocklist"_s, u"allow"_s}});
        auto *profile = panel.findChild<QComboBox *>(u"profileCombo"_s);
        auto *intent = panel.findChild<QComboBox *>(u"intentCombo"_s);
        auto *warning = panel.findChild<QLabel *>(u"actionFitWarning"_s);
        QVERIFY(profile && intent && warning);
        intent->setCurrentIndex(0); // block
        profile->setCurrentText(u"allowlist"_s);
        QVERIFY(warning->isVisible());
        QVERIFY2(warning->text().contains(u"allowlist blocks every prompt that matches none of its topics"_s)
                     && warning->text().contains(u"Apply asks before it changes that"_s),
                 qPrintable(warning->text()));
        profile->setCurrentText(u"blocklist"_s);
        QVERIFY(!warning->isVisible());
        intent->setCurrentIndex(1); // allow
        QVERIFY(warning->isVisible());
        QVERIFY(warning->text().contains(u"an allow topic works the other way round"_s, Qt::CaseInsensitive));
        profile->setCurrentText(u"empty"_s); // pins no topic: no list to turn around
        QVERIFY(!warning->isVisible());
    }

    void inPlaceWarns()
    {
        NewRunPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *inPlace = panel.findChild<QCheckBox *>(u"inPlaceCheck"_s);
        auto *warning = panel.findChild<QLabel *>(u"inPlaceWarning"_s);
        QVERIFY(!inPlace->isChecked());
        QVERIFY(!warning->isVisible());
        QVERIFY(!panel.settings().inPlace);
        inPlace->click();
        QVERIFY(warning->isVisible());
        QVERIFY(warning->text().contains(u"real traffic"_s));
        // What a pause does in place (issue 37): production is put back, resume deploys again.
        QVERIFY(warning->text().contains(u"is paused"_s));
        QVERIFY(warning->text().contains(u"resuming deploys"_s));
        QVERIFY(panel.settings().inPlace);
    }

    void benchmarkSettings()
    {
        NewRunPanel panel;
        QCOMPARE(panel.settings().benchmarkSize, 60); // on by default
        QVERIFY(!panel.settings().decideOnWorkingSuite);
        QCOMPARE(panel.settings().scanRepeats, 1);
        panel.findChild<QSpinBox *>(u"benchmarkSizeSpin"_s)->setValue(0);
        panel.findChild<QComboBox *>(u"decideOnCombo"_s)->setCurrentIndex(1);
        panel.findChild<QSpinBox *>(u"scanRepeatsSpin"_s)->setValue(3);
        const RunSettings s = panel.settings();
        QCOMPARE(s.benchmarkSize, 0);
        QVERIFY(s.decideOnWorkingSuite);
        QCOMPARE(s.scanRepeats, 3);
        NewRunPanel copy;
        copy.setSettings(s);
        QCOMPARE(copy.settings().benchmarkSize, 0);
        QVERIFY(copy.settings().decideOnWorkingSuite);
        QCOMPARE(copy.settings().scanRepeats, 3);
    }

    void benchmarkFromCsv()
    {
        NewRunPanel panel;
        panel.findChild<QGroupBox *>(u"advancedGroup"_s)->setChecked(true); // its buttons work when open
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString dir = temp.path();
        const auto write = [&dir](const QString &name, const QByteArray &content) {
            QFile f(dir + u'/' + name);
            return f.open(QIODevice::WriteOnly) && f.write(content) == content.size() ? f.fileName() : QString();
        };
        const QString good = write(u"bench.csv"_s, "prompt,expected\nbuy a gun,true\nbake bread,false\nbuild a bomb,true\n");
        const QString oneSided = write(u"positives.csv"_s, "prompt,expected\nbuy a gun,true\n");
        const QString broken = write(u"broken.csv"_s, "prompt,expected\n\"unterminated,true\n");
        auto *summary = panel.findChild<QLabel *>(u"benchmarkSummary"_s);
        QVERIFY(summary->text().contains(u"writes 60 prompts"_s));
        QCOMPARE(panel.loadBenchmarkFile(good), QString());
        QCOMPARE(panel.settings().benchmarkTests.size(), 3);
        QCOMPARE(panel.settings().benchmarkTests.first().source, TestSource::Benchmark);
        QVERIFY2(summary->text().contains(u"from bench.csv"_s), qPrintable(summary->text()));
        QVERIFY(!panel.findChild<QSpinBox *>(u"benchmarkSizeSpin"_s)->isEnabled());
        // Files it cannot use are named, and the set stays.
        QVERIFY(panel.loadBenchmarkFile(oneSided).contains(u"positives.csv"_s));
        QVERIFY(!panel.loadBenchmarkFile(broken).isEmpty());
        QVERIFY(!panel.loadBenchmarkFile(dir + u"/missing.csv"_s).isEmpty());
        QCOMPARE(panel.settings().benchmarkTests.size(), 3);
        QVERIFY(summary->text().contains(u"Benchmark unchanged"_s));
        panel.findChild<QPushButton *>(u"benchmarkGeneratedButton"_s)->click();
        QVERIFY(panel.settings().benchmarkTests.isEmpty());
        QVERIFY(panel.findChild<QSpinBox *>(u"benchmarkSizeSpin"_s)->isEnabled());
    }

    void aProfileWithoutTopicsShowsNoList()
    {
        NewRunPanel panel;
        panel.show();
        panel.setProfiles({u"empty"_s});
        panel.setProfileTopics({});
        panel.findChild<QComboBox *>(u"profileCombo"_s)->setCurrentText(u"empty"_s);
        QVERIFY(!panel.findChild<ProfileTopicsField *>(u"profileTopicsField"_s)->isVisible());
    }
};

QTEST_MAIN(TestNewRunProfile)
#include "tst_newrunprofile.moc"
