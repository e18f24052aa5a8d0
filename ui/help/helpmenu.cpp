#include "helpmenu.h"

#include "ui/widgets/helpanchor.h"

#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QMenu>
#include <QShortcut>

using namespace Qt::StringLiterals;

HelpMenu::HelpMenu(QMenu *menu, QWidget *window)
    : QObject(window)
    , m_window(window)
{
    // F1 is a shortcut of its own, not the menu item's: chosen from the menu, Getting started
    // opens at its top wherever the focus was; pressed in a field, F1 explains that field. The
    // menu shows the key after a tab, as it would a shortcut's.
    const QString f1 = QKeySequence(Qt::Key_F1).toString(QKeySequence::NativeText);
    auto *start = new QAction(tr("&Getting started") + u'\t' + f1, this);
    start->setObjectName(u"gettingStartedAction"_s);
    connect(start, &QAction::triggered, this, [this] { open(HelpWindow::GettingStarted); });
    auto *figures = new QAction(tr("&What the figures mean"), this);
    figures->setObjectName(u"figuresHelpAction"_s);
    connect(figures, &QAction::triggered, this, [this] { open(HelpWindow::Figures); });
    QAction *before = menu->actions().value(0);
    menu->insertActions(before, {start, figures});
    if (before)
        menu->insertSeparator(before);

    auto *f1Key = new QShortcut(QKeySequence(Qt::Key_F1), window);
    f1Key->setObjectName(u"helpShortcut"_s);
    f1Key->setContext(Qt::WindowShortcut);
    connect(f1Key, &QShortcut::activated, this, [this] { helpFor(QApplication::focusWidget()); });
}

void HelpMenu::helpFor(const QWidget *focus)
{
    const QString anchor =
        focus && m_window->isAncestorOf(focus) ? HelpAnchor::of(focus) : QString();
    if (!anchor.isEmpty()) {
        // The page that explains it (today the New run page's fields).
        for (HelpWindow::Page page :
             {HelpWindow::NewRunFields, HelpWindow::Figures, HelpWindow::GettingStarted}) {
            if (HelpWindow::pageHtml(page).contains(u"<a name=\""_s + anchor + u'"')) {
                open(page, anchor);
                return;
            }
        }
    }
    open(HelpWindow::GettingStarted);
}

void HelpMenu::open(HelpWindow::Page page, const QString &anchor)
{
    if (!m_help)
        m_help = new HelpWindow(m_window);
    m_help->showPage(page, anchor);
}
