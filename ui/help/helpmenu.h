#pragma once

#include <QObject>
#include <QPointer>

#include "helpwindow.h"

class QAction;
class QMenu;
class QWidget;

// The Help menu's pages and F1 (issue 60): Help ▸ Getting started, Help ▸ What the figures
// mean, and F1 in `window`, which opens the explanation of the field that has the focus (its
// HelpAnchor) or, anywhere else, Getting started. The help window is made on first use and kept.
class HelpMenu final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpMenu)
public:
    // Adds its actions to `menu` (before what the menu holds already) and F1 to `window`.
    HelpMenu(QMenu *menu, QWidget *window);

    // What F1 does with the focus in `focus` (nullptr: none).
    void helpFor(const QWidget *focus);
    void open(HelpWindow::Page page, const QString &anchor = {});
    HelpWindow *helpWindow() const { return m_help; } // nullptr until first opened

private:
    QWidget *m_window;
    QPointer<HelpWindow> m_help;
};
