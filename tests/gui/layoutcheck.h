#pragma once

#include <QString>
#include <QStringList>

class QWidget;

// What a person would see wrong in a window as it is laid out now, found without looking:
//  - two visible sibling widgets drawn over each other (unless one is an overlay on purpose:
//    its "overlay" property is true, as the chart's empty-state note);
//  - a visible table, tree or list with data that shows fewer than three of its rows (or fewer
//    than all, when it has fewer);
//  - a visible button or label smaller than it needs to show its text (its size hint; for a
//    word-wrapping label, the height its width needs), or cut by its parent's edge;
//  - a visible pane squeezed to nothing (a collapsed splitter pane, an empty-height page).
// Each problem is one line naming the widget by its objectName path and text. Hidden widgets
// and other windows (popups, dialogs) are not looked at: check them with their own root.
namespace LayoutCheck {
QStringList problems(const QWidget *root);
QString describe(const QWidget *widget); // "Class 'objectName' “text”" and its named ancestors
// Two keyboard mnemonics (Alt+letter) for one letter among what `root` shows now: its menu
// bar's menus, the tabs of its visible tab bars, its visible buttons, group boxes and labels
// with a buddy. Alt+that letter then only moves the focus between them (Qt's ambiguous
// shortcut), or opens a menu, instead of doing what the control says. One line per letter,
// naming every holder.
QStringList mnemonicClashes(const QWidget *root);
} // namespace LayoutCheck
