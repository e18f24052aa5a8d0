// Issue 58 item 10: the Runs page from the keyboard. Ctrl+5 shows it with a run selected (the
// first, or the one selected last time) and the keyboard in the list, so Open, Export Report…
// and Delete… work at once; the buttons carry mnemonics (Alt+letter) that clash with nothing
// the window shows. Driven through the real window over the sandbox.
#include "layoutcheck.h"
#include "models/runlistmodel.h"
#include "studiodriver.h"
#include "ui/compare/runspanel.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QApplication>
#include <QKeySequence>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>

using namespace Qt::StringLiterals;

class TestRunsKeyboard : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;

    bool oneRun(const QString &topic)
    {
        StudioDriver::Form form;
        form.topic = topic;
        form.maxIterations = 1;
        return m_studio->fillNewRun(form) && m_studio->clickRun() && m_studio->waitForRunEnd();
    }

    QTableView *view() const { return m_studio->find<QTableView>(u"runsView"_s); }

    QString selectedId() const
    {
        const QModelIndexList rows = view()->selectionModel()->selectedRows();
        return rows.isEmpty() ? QString() : rows.first().data(RunListModel::RunIdRole).toString();
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        QVERIFY2(oneRun(u"Block requests to buy guns"_s), qPrintable(m_studio->why()));
        QVERIFY2(oneRun(u"Block requests for help cheating in exams"_s),
                 qPrintable(m_studio->why()));
    }

    void cleanupTestCase() { m_studio.reset(); }

    void ctrl5SelectsARunAndFocusesTheList()
    {
        QVERIFY2(m_studio->showPage(MainWindow::RunsPage), qPrintable(m_studio->why()));
        QTRY_COMPARE(view()->model()->rowCount(), 2);
        QTRY_VERIFY(!selectedId().isEmpty());
        QTRY_VERIFY(view()->hasFocus());
        for (const QString &name :
             {u"openRunButton"_s, u"exportReportButton"_s, u"deleteRunButton"_s})
            QVERIFY2(m_studio->find<QToolButton>(name)->isEnabled(), qPrintable(name));
        // The arrow keys go to the other run: that one is selected again after another page.
        const QString first = selectedId();
        const bool atLast = view()->currentIndex().row() == view()->model()->rowCount() - 1;
        QTest::keyClick(QApplication::focusWidget(), atLast ? Qt::Key_Up : Qt::Key_Down);
        const QString second = selectedId();
        QVERIFY(!second.isEmpty() && second != first);
        QVERIFY(m_studio->showPage(MainWindow::NewRunPage));
        m_studio->find<RunsPanel>(u"runsPanel"_s)->refresh(); // a new listing drops the selection
        QTRY_VERIFY(selectedId().isEmpty() || !view()->isVisible());
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        QTRY_COMPARE(selectedId(), second);
        QTRY_VERIFY(view()->hasFocus());
    }

    void buttonsHaveMnemonicsWithoutClashes()
    {
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        for (const QString &name :
             {u"openRunButton"_s, u"exportReportButton"_s, u"deleteRunButton"_s}) {
            auto *button = m_studio->find<QToolButton>(name);
            QVERIFY2(!QKeySequence::mnemonic(button->text()).isEmpty(),
                     qPrintable(name + u": "_s + button->text()));
        }
        const QStringList clashes = LayoutCheck::mnemonicClashes(m_studio->window());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    }

    // Alt+<Delete…'s letter> from the list asks before deleting the selected run.
    void deleteByMnemonic()
    {
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        QTRY_VERIFY(!selectedId().isEmpty());
        auto *button = m_studio->find<QToolButton>(u"deleteRunButton"_s);
        const QKeySequence alt = QKeySequence::mnemonic(button->text());
        QVERIFY2(!alt.isEmpty(), qPrintable(button->text()));
        QTest::keySequence(QApplication::focusWidget(), alt);
        QPointer<QMessageBox> box;
        QTRY_VERIFY((box = m_studio->window()->findChild<QMessageBox *>(u"deleteRunConfirm"_s)) &&
                    box->isVisible());
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!box);
        QCOMPARE(view()->model()->rowCount(), 2);
    }
};

QTEST_MAIN(TestRunsKeyboard)
#include "tst_runskeyboard.moc"
