#pragma once

#include <QTabWidget>

// The main window's pages. Each page lays itself out in the space the window gives it (the
// long ones scroll), so the window's height never depends on the width: a QTabWidget would
// say it does as soon as one page holds a word-wrapped label, and every layout of the window
// (each page flip among them) would then measure the wrapped text of all six pages, shown or
// not, several times over: QStackedLayout asks every page, and nothing caches the answer.
class PageTabs final : public QTabWidget
{
    Q_OBJECT
public:
    using QTabWidget::QTabWidget;
    bool hasHeightForWidth() const override { return false; }
};
