#pragma once

#include <QWidget>

// True when `widget` sits on a page of a shown window that is not the page shown (another tab
// is in front). Views that re-render on every iteration defer that work while this holds and
// catch up in their showEvent(): work for a page nobody sees costs the shown page its frames.
// A widget whose window was never shown (a test's, an export's) renders at once as before.
inline bool onHiddenPage(const QWidget *widget)
{
    return !widget->isVisible() && widget->window()->isVisible();
}
