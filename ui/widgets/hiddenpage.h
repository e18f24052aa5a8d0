#pragma once

#include <QTimer>
#include <QWidget>

// True when `widget` sits on a page of a shown window that is not the page shown (another tab
// is in front). Views that re-render on every iteration defer that work while this holds and
// catch up when shown: work for a page nobody sees costs the shown page its frames. A widget
// whose window was never shown (a test's, an export's) renders at once as before.
inline bool onHiddenPage(const QWidget *widget)
{
    return !widget->isVisible() && widget->window()->isVisible();
}

// Runs `catchUp` once the page just shown has had its first frame: the page appears as it was
// and is brought up to date right after, instead of in the same stretch of GUI-thread work as
// its paint. Qt posts the paint as an event and handles posted events (input among them) before
// timers, so a short timer lets them all go first.
template <typename Fn>
void catchUpAfterFirstFrame(QObject *context, Fn &&catchUp)
{
    QTimer::singleShot(2, Qt::PreciseTimer, context, std::forward<Fn>(catchUp));
}
