// New run's "Start from the library…" (issue 44): the dialog lists every starter topic, shows
// the chosen one, and "Use this topic" fills the form's request, intent and seed examples;
// Cancel changes nothing.
#include "ui/newrun/newrunpanel.h"
#include "ui/newrun/starterlibrarydialog.h"

#include "testmain.h"

#include <QComboBox>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>

using namespace Qt::StringLiterals;

class TestStarterLibraryDialog : public QObject
{
    Q_OBJECT

private slots:
    void listsAndShowsEveryEntry()
    {
        StarterLibraryDialog dialog;
        const QList<StarterTopic> entries = StarterLibrary::all();
        auto *list = dialog.findChild<QListWidget *>(u"starterTopics"_s);
        QCOMPARE(list->count(), entries.size());
        list->setCurrentRow(2);
        QCOMPARE(dialog.chosen()->key, entries.at(2).key);
        QVERIFY(dialog.findChild<QTextBrowser *>(u"starterTopicDetails"_s)->toPlainText().contains(entries.at(2).topic.description));
    }

    void useFillsTheFormAndCancelDoesNot()
    {
        NewRunPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *topic = panel.findChild<QPlainTextEdit *>(u"topicDescription"_s);
        topic->setPlainText(u"my own words"_s);
        const auto openAnd = [&](const std::function<void(StarterLibraryDialog *)> &act) {
            QTimer::singleShot(0, &panel, [&] {
                if (auto *dialog = panel.findChild<StarterLibraryDialog *>(u"starterLibraryDialog"_s))
                    act(dialog);
            });
            QTest::mouseClick(panel.findChild<QPushButton *>(u"starterLibraryButton"_s), Qt::LeftButton);
        };
        openAnd([](StarterLibraryDialog *d) { d->reject(); });
        QCOMPARE(topic->toPlainText(), u"my own words"_s);

        const StarterTopic helpdesk = *StarterLibrary::find(u"it-helpdesk-only"_s);
        openAnd([&](StarterLibraryDialog *d) {
            auto *list = d->findChild<QListWidget *>(u"starterTopics"_s);
            list->setCurrentRow(int(StarterLibrary::all().indexOf(helpdesk)));
            QTest::mouseClick(d->findChild<QPushButton *>(u"useStarterTopicButton"_s), Qt::LeftButton);
        });
        const RunSettings s = panel.settings();
        QCOMPARE(s.topicDescription, helpdesk.topic.description);
        QCOMPARE(s.intent, Intent::Allow);
        QCOMPARE(s.seedExamples, helpdesk.topic.examples);
    }
};

QTEST_MAIN(TestStarterLibraryDialog)
#include "tst_starterlibrarydialog.moc"
