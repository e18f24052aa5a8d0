#pragma once

#include <QWidget>

// Live views change texts many times a second (a count, a rate). A widget whose minimum and
// maximum sizes are equal does not pass updateGeometry() on to its parent, so its new text
// repaints it and nothing else; any other widget's new text re-lays out the whole window, word-
// wrapped labels of every page included. pinSize() fixes `widget` at its size hint, never
// narrower than it was pinned before (`slack` pixels wider when it grows, so that a count
// gaining a digit does not re-lay out the window each time): call it after changing the text.
inline void pinSize(QWidget *widget, int slack = 0)
{
    const QSize hint = widget->sizeHint();
    const bool pinned = widget->minimumWidth() == widget->maximumWidth() &&
                        widget->minimumHeight() == widget->maximumHeight();
    const int width = pinned && widget->minimumWidth() >= hint.width() ? widget->minimumWidth()
                                                                       : hint.width() + slack;
    const int height = pinned ? qMax(widget->minimumHeight(), hint.height()) : hint.height();
    widget->setFixedSize(width, height);
}
