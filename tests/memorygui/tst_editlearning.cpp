// Issue 58 item 8: the "Edit a learning" dialog. Its keyboard mnemonics are one letter each in
// English and in German (Strategy and Save shared Alt+S); its fields open at the start of long
// texts, not scrolled to their end; "Change type" says in words what an iteration changed
// instead of the stored keys; and at its minimum size nothing is clipped or drawn over.
#include "layoutcheck.h"
#include "models/memory/learningtablemodel.h"
#include "translations/translations.h"
#include "ui/memory/addlearningdialog.h"

#include "testmain.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>

using namespace Qt::StringLiterals;

class TestEditLearning : public QObject
{
    Q_OBJECT

    static Learning longLearning()
    {
        Learning l;
        l.id = u"V1StGXR8_Z5jdHi6B-myT"_s;
        l.runId = u"run-1"_s;
        l.insight =
            QStringList(20, u"Naming the act and the object together keeps the topic narrow."_s)
                .join(u' ');
        l.strategy = u"Start the description with the verb of the request, then the object, then "
                     u"what is left out, "
                     u"and keep every example a full sentence a user would type"_s;
        l.outcome = u"improved"_s;
        l.changeType = u"examples-only"_s;
        l.tags = {u"weapons"_s,        u"verbs"_s,    u"narrow-descriptions"_s,
                  u"full-sentences"_s, u"examples"_s, u"scope"_s};
        return l;
    }

private slots:
    void cleanupTestCase()
    {
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void mnemonicsAndLayout_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << u"en"_s;
        QTest::newRow("German") << u"de"_s;
    }

    void mnemonicsAndLayout()
    {
        QFETCH(QString, language);
        Translations::install(language == u"en"_s ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                  : QLocale(language));
        for (bool editing : {false, true}) {
            AddLearningDialog dialog(u"weapons"_s);
            if (editing)
                dialog.setLearning(longLearning());
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.resize(dialog.minimumSizeHint());
            for (int round = 0; round < 3; ++round) {
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                QCoreApplication::processEvents();
            }
            const QStringList problems =
                LayoutCheck::mnemonicClashes(&dialog) + LayoutCheck::problems(&dialog);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
            if (editing) { // in the language asked for; the Save button has a letter of its own
                QCOMPARE(dialog.windowTitle(),
                         language == u"de"_s ? u"Erkenntnis bearbeiten"_s : u"Edit a learning"_s);
                const QString save =
                    dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->text();
                QVERIFY2(!QKeySequence::mnemonic(save).isEmpty(), qPrintable(save));
            }
        }
    }

    void fieldsOpenAtTheirStart()
    {
        AddLearningDialog dialog(u"weapons"_s);
        dialog.setLearning(longLearning());
        dialog.resize(dialog.minimumSizeHint());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *strategy = dialog.findChild<QLineEdit *>(u"newStrategy"_s);
        auto *tags = dialog.findChild<QLineEdit *>(u"newTags"_s);
        auto *insight = dialog.findChild<QPlainTextEdit *>(u"newInsight"_s);
        QVERIFY(strategy && tags && insight);
        // The text is longer than the field: its start is what shows.
        QVERIFY(strategy->fontMetrics().horizontalAdvance(strategy->text()) > strategy->width());
        QCOMPARE(strategy->cursorPosition(), 0);
        QVERIFY(strategy->inputMethodQuery(Qt::ImCursorRectangle).toRect().left() <
                strategy->width() / 4);
        QVERIFY(tags->fontMetrics().horizontalAdvance(tags->text()) > tags->width());
        QCOMPARE(tags->cursorPosition(), 0);
        QVERIFY(tags->inputMethodQuery(Qt::ImCursorRectangle).toRect().left() < tags->width() / 4);
        QCOMPARE(insight->textCursor().position(), 0);
        QCOMPARE(insight->verticalScrollBar()->value(), 0);
        // What the person edits is still the whole text.
        QCOMPARE(dialog.learning().strategy, longLearning().strategy);
        QCOMPARE(dialog.learning().tags, longLearning().tags);
    }

    void changeTypeInWords()
    {
        AddLearningDialog dialog(u"weapons"_s);
        dialog.setLearning(longLearning());
        auto *type = dialog.findChild<QComboBox *>(u"newChangeType"_s);
        QVERIFY(type);
        QCOMPARE(type->count(), 4);
        const QStringList keys{u"initial"_s, u"description-only"_s, u"examples-only"_s, u"both"_s};
        for (int i = 0; i < type->count(); ++i) {
            QVERIFY2(!keys.contains(type->itemText(i)), qPrintable(type->itemText(i)));
            QVERIFY(!type->itemText(i).contains(u'-'));
            QVERIFY(keys.contains(type->itemData(i).toString())); // what is stored stays the key
        }
        QCOMPARE(type->currentData().toString(), u"examples-only"_s);
        QCOMPARE(type->currentText(), LearningTableModel::changeTypeText(u"examples-only"_s)); // German after the mnemonic check
        QCOMPARE(dialog.learning().changeType, u"examples-only"_s);
    }
};

QTEST_MAIN(TestEditLearning)
#include "tst_editlearning.moc"
