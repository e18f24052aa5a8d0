#pragma once

#include <QString>
#include <QVariant>
#include <QWidget>

// Which section of the in-app help explains a widget (issue 60): a page sets it on its fields,
// the help menu reads it when F1 is pressed. A widget without one takes its nearest ancestor's
// (a field's inner spin box or button takes the field's), up to its window.
namespace HelpAnchor {

inline constexpr char Property[] = "daystromHelpAnchor";

inline void set(QWidget *widget, const QString &anchor)
{
    widget->setProperty(Property, anchor);
}

// The anchor of `widget` or of its nearest ancestor in the same window; empty when none has one.
inline QString of(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (const QVariant anchor = w->property(Property); anchor.isValid())
            return anchor.toString();
        if (w->isWindow())
            break;
    }
    return {};
}

} // namespace HelpAnchor
