// Issue 60: help in the app. Help ▸ Getting started and Help ▸ What the figures mean open the
// help window at their page (by the menu's mnemonics); F1 with the focus in a New run field opens
// that field's section, F1 elsewhere Getting started; every field of the New run page has a
// section; Esc closes the window; a link opens the other page; in German the help is German.
#include "studiodriver.h"
#include "translations/translations.h"
#include "ui/help/helpwindow.h"
#include "ui/help/newrunfieldspage.h"
#include "ui/widgets/helpanchor.h"

#include "testmain.h"

#include <QAbstractSpinBox>
#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QGroupBox>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>

#include <optional>

using namespace Qt::StringLiterals;

namespace {
// The layout rectangle of the block that holds `anchor`, in document coordinates.
std::optional<QRectF> anchorRect(const QTextBrowser *browser, const QString &anchor)
{
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            if (it.fragment().charFormat().anchorNames().contains(anchor))
                return browser->document()->documentLayout()->blockBoundingRect(block);
        }
    }
    return std::nullopt;
}

// Empty when the section `anchor` is what the view shows at its top (or, for a section near the
// end, the view is scrolled as far as it goes and the section is in view); else why not.
QString sectionAtTop(const QTextBrowser *browser, const QString &anchor)
{
    const std::optional<QRectF> rect = anchorRect(browser, anchor);
    if (!rect)
        return u"the page shown has no section %1"_s.arg(anchor);
    const QScrollBar *bar = browser->verticalScrollBar();
    const int top = bar->value(), height = browser->viewport()->height();
    if (rect->top() < top - 1 || rect->bottom() > top + height)
        return u"section %1 (at %2) is out of view (%3 to %4)"_s.arg(anchor)
            .arg(rect->top())
            .arg(top)
            .arg(top + height);
    if (qAbs(rect->top() - top) > rect->height() && top != bar->maximum())
        return u"section %1 (at %2) is in view but not at its top (%3)"_s.arg(anchor)
            .arg(rect->top())
            .arg(top);
    return {};
}
} // namespace

class TestHelp : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;

    HelpWindow *help() const
    {
        return m_studio->window()->findChild<HelpWindow *>(u"helpWindow"_s);
    }
    QTextBrowser *browser() const
    {
        return help() ? help()->findChild<QTextBrowser *>(u"helpBrowser"_s) : nullptr;
    }
    bool helpShown() const
    {
        return help() && help()->isVisible() && QApplication::activeWindow() == help();
    }

    // Closes the help window with Esc, as a person does, and makes the main window active again.
    bool closeHelp()
    {
        if (help() && help()->isVisible()) {
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : help(),
                            Qt::Key_Escape);
            if (!QTest::qWaitFor([this] { return !help()->isVisible(); }))
                return false;
        }
        return m_studio->activate();
    }

    // Opens the Help menu with Alt+H and picks the entry whose mnemonic is `key`.
    bool chooseFromHelpMenu(Qt::Key key)
    {
        QTest::keyClick(m_studio->window(), Qt::Key_H, Qt::AltModifier);
        QMenu *menu = nullptr;
        if (!QTest::qWaitFor([&] {
                menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
                return menu && menu->isVisible();
            }))
            return false;
        QTest::keyClick(menu, key);
        return QTest::qWaitFor([this] { return helpShown(); });
    }

    QWidget *newRunField(const QString &name) const
    {
        QWidget *w = m_studio->window()->findChild<QWidget *>(name);
        // A field made of several widgets takes the focus in its first one.
        if (w && w->focusProxy())
            w = w->focusProxy();
        return w;
    }

    void openAdvanced()
    {
        auto *advanced = m_studio->find<QGroupBox>(u"advancedGroup"_s);
        QVERIFY(advanced);
        advanced->setChecked(true);
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
    }

    void cleanupTestCase()
    {
        m_studio.reset();
        Translations::uninstall();
    }

    void cleanup() { QVERIFY(closeHelp()); }

    void theHelpMenuHoldsBothPages()
    {
        QMenu *menu = nullptr;
        for (QAction *a : m_studio->window()->menuBar()->actions()) {
            if (a->text() == u"&Help"_s)
                menu = a->menu();
        }
        QVERIFY(menu);
        QStringList texts;
        for (const QAction *a : menu->actions()) {
            if (!a->isSeparator())
                texts << a->text();
        }
        QCOMPARE(texts, (QStringList{u"&Getting started\tF1"_s, u"&What the figures mean"_s,
                                     u"&About Daystrom Studio"_s}));
    }

    void gettingStartedOpensFromTheMenu()
    {
        QVERIFY(chooseFromHelpMenu(Qt::Key_G));
        QCOMPARE(help()->page(), HelpWindow::GettingStarted);
        QVERIFY(!help()->isModal());
        QCOMPARE(browser()->verticalScrollBar()->value(), 0);
        QVERIFY(browser()->toPlainText().startsWith(u"Getting started"_s));
        QCOMPARE(help()->findChild<QListWidget *>(u"helpPages"_s)->currentRow(),
                 int(HelpWindow::GettingStarted));
        // The main window stays usable beside it (not modal).
        QVERIFY(m_studio->activate());
        QVERIFY(help()->isVisible());
    }

    void theFiguresOpenFromTheMenu()
    {
        QVERIFY(chooseFromHelpMenu(Qt::Key_W));
        QCOMPARE(help()->page(), HelpWindow::Figures);
        const QString text = browser()->toPlainText();
        QVERIFY(text.startsWith(u"What the figures mean"_s));
        for (const QString &anchor :
             {u"coverage"_s, u"interval"_s, u"noise"_s, u"benign"_s, u"conflicts"_s})
            QVERIFY2(anchorRect(browser(), anchor), qPrintable(anchor));
        QVERIFY(text.contains(u"min(TPR, TNR)"_s));
        // The worked example is computed as the app computes intervals (README: [60.5 %, 85.6 %]).
        QVERIFY2(text.contains(u"[60.5% to 85.6%]"_s),
                 qPrintable(text.mid(text.indexOf(u"unbalanced"_s), 300)));
    }

    void f1InANewRunFieldOpensItsSection_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("anchor");
        QTest::addColumn<bool>("advanced");
        QTest::newRow("topic") << u"topicDescription"_s << u"field-topic"_s << false;
        QTest::newRow("intent") << u"intentCombo"_s << u"field-intent"_s << false;
        QTest::newRow("seeds") << u"seedExamples"_s << u"field-seeds"_s << false;
        QTest::newRow("profile") << u"profileCombo"_s << u"field-profile"_s << false;
        QTest::newRow("max iterations")
            << u"maxIterationsSpin"_s << u"field-max-iterations"_s << false;
        QTest::newRow("target") << u"targetCoverageSpin"_s << u"field-target"_s << false;
        QTest::newRow("cost budget") << u"maxCostEdit"_s << u"field-budget"_s << false;
        QTest::newRow("step mode") << u"stepModeCheck"_s << u"field-step-mode"_s << false;
        QTest::newRow("plateau band") << u"plateauBandSpin"_s << u"field-plateau"_s << true;
        QTest::newRow("benchmark") << u"benchmarkSizeSpin"_s << u"field-benchmark"_s << true;
        QTest::newRow("benchmark precision")
            << u"benchmarkWidthSpin"_s << u"field-benchmark"_s << true;
        QTest::newRow("decide on") << u"decideOnCombo"_s << u"field-decide-on"_s << true;
        QTest::newRow("response tests") << u"responseTestsSpin"_s << u"field-responses"_s << true;
        QTest::newRow("robustness") << u"robustnessCheck"_s << u"field-robustness"_s << true;
    }

    void f1InANewRunFieldOpensItsSection()
    {
        QFETCH(QString, field);
        QFETCH(QString, anchor);
        QFETCH(bool, advanced);
        QVERIFY(m_studio->showPage(MainWindow::NewRunPage));
        if (advanced)
            openAdvanced();
        QWidget *w = newRunField(field);
        QVERIFY2(w && w->isVisible(), qPrintable(field));
        w->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), w);
        QTest::keyClick(w, Qt::Key_F1);
        QTRY_VERIFY(helpShown());
        QCOMPARE(help()->page(), HelpWindow::NewRunFields);
        QTRY_VERIFY2(sectionAtTop(browser(), anchor).isEmpty(),
                     qPrintable(sectionAtTop(browser(), anchor)));
    }

    void f1ElsewhereOpensGettingStarted_data()
    {
        QTest::addColumn<QString>("widget");
        QTest::newRow("the page tabs") << u"mainTabs"_s;
        QTest::newRow("the Runs list") << u"runsView"_s;
    }

    void f1ElsewhereOpensGettingStarted()
    {
        QFETCH(QString, widget);
        // Opened at a field's section first: F1 elsewhere must not keep that place.
        QVERIFY(m_studio->showPage(MainWindow::NewRunPage));
        openAdvanced();
        QWidget *field = newRunField(u"robustnessCheck"_s);
        field->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), field);
        QTest::keyClick(field, Qt::Key_F1);
        QTRY_VERIFY(helpShown());
        QVERIFY(browser()->verticalScrollBar()->value() > 0);
        QVERIFY(closeHelp());

        if (widget == u"runsView"_s)
            QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        QWidget *w = widget == u"mainTabs"_s ? m_studio->tabs()->tabBar()
                                             : m_studio->window()->findChild<QWidget *>(widget);
        QVERIFY(w && w->isEnabled());
        w->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), w);
        QTest::keyClick(w, Qt::Key_F1);
        QTRY_VERIFY(helpShown());
        QCOMPARE(help()->page(), HelpWindow::GettingStarted);
        QTRY_COMPARE(browser()->verticalScrollBar()->value(), 0);
        QVERIFY(browser()->toPlainText().startsWith(u"Getting started"_s));
    }

    // A field added to the New run page without a section fails here: every control that takes
    // the focus by Tab (but the Run button) leads F1 to a section that the page holds, and
    // every section is some field's.
    void everyNewRunFieldHasASection()
    {
        QVERIFY(m_studio->showPage(MainWindow::NewRunPage));
        openAdvanced();
        auto *panel = m_studio->find<QWidget>(u"newRunPanel"_s);
        QVERIFY(panel);
        const QStringList anchors = NewRunFieldsPage::anchors();
        const QString html = HelpWindow::pageHtml(HelpWindow::NewRunFields);
        QStringList used, missing;
        for (QWidget *w : panel->findChildren<QWidget *>()) {
            // The form's scroll area is no field; the Run button has no section of its own.
            if (!w->isVisibleTo(panel) || !(w->focusPolicy() & Qt::TabFocus) ||
                w->objectName() == u"runButton"_s || qobject_cast<QScrollArea *>(w))
                continue;
            const QString anchor = HelpAnchor::of(w);
            if (anchor.isEmpty() || !anchors.contains(anchor))
                missing << (w->objectName().isEmpty()
                                ? QString::fromLatin1(w->metaObject()->className())
                                : w->objectName()) +
                               u" → "_s + anchor;
            used << anchor;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u", "_s)));
        for (const QString &anchor : anchors) {
            QVERIFY2(used.contains(anchor) || anchor == u"field-advanced"_s,
                     qPrintable(anchor + u" explains no field"_s));
            QVERIFY2(html.contains(u"<a name=\""_s + anchor + u'"'), qPrintable(anchor));
        }
    }

    void escapeClosesTheHelp()
    {
        QVERIFY(chooseFromHelpMenu(Qt::Key_W));
        QTest::keyClick(browser(), Qt::Key_Escape);
        QTRY_VERIFY(!help()->isVisible());
    }

    void aLinkOpensTheOtherPage()
    {
        QVERIFY(chooseFromHelpMenu(Qt::Key_G));
        emit browser()->anchorClicked(QUrl(u"help:figures#conflicts"_s));
        QCOMPARE(help()->page(), HelpWindow::Figures);
        QTRY_VERIFY2(sectionAtTop(browser(), u"conflicts"_s).isEmpty(),
                     qPrintable(sectionAtTop(browser(), u"conflicts"_s)));
        // The pages' list opens a page at its top.
        help()
            ->findChild<QListWidget *>(u"helpPages"_s)
            ->setCurrentRow(int(HelpWindow::NewRunFields));
        QCOMPARE(help()->page(), HelpWindow::NewRunFields);
        QTRY_COMPARE(browser()->verticalScrollBar()->value(), 0);
    }

    // Last: the window again, built with the German catalogue installed, as main() does.
    void germanHelpIsGerman()
    {
        m_studio.reset();
        Translations::uninstall();
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(false), qPrintable(m_studio->why()));
        QMenu *menu = nullptr;
        for (QAction *a : m_studio->window()->menuBar()->actions()) {
            if (a->text() == u"&Hilfe"_s)
                menu = a->menu();
        }
        QVERIFY(menu);
        QVERIFY(chooseFromHelpMenu(Qt::Key_E)); // &Erste Schritte
        QCOMPARE(help()->page(), HelpWindow::GettingStarted);
        QVERIFY2(browser()->toPlainText().startsWith(u"Erste Schritte"_s),
                 qPrintable(browser()->toPlainText().left(200)));
        QCOMPARE(help()->windowTitle(), u"Hilfe zu Daystrom Studio"_s);
        QVERIFY(closeHelp());
        QVERIFY(chooseFromHelpMenu(Qt::Key_W)); // &Was die Zahlen bedeuten
        QCOMPARE(help()->page(), HelpWindow::Figures);
        const QString text = browser()->toPlainText();
        QVERIFY2(text.startsWith(u"Was die Zahlen bedeuten"_s), qPrintable(text.left(200)));
        QVERIFY2(text.contains(u"Abdeckung"_s) && text.contains(u"im Rauschen"_s),
                 qPrintable(text));
        QVERIFY(closeHelp());
        // F1 in a field: its section, in German.
        QWidget *topic = newRunField(u"topicDescription"_s);
        topic->setFocus(Qt::TabFocusReason);
        QTest::keyClick(topic, Qt::Key_F1);
        QTRY_VERIFY(helpShown());
        QTRY_VERIFY2(sectionAtTop(browser(), u"field-topic"_s).isEmpty(),
                     qPrintable(sectionAtTop(browser(), u"field-topic"_s)));
        QVERIFY(browser()->toPlainText().contains(u"Thema"_s));
    }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
