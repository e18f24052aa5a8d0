#pragma once

#include "reports/diffhtml.h"

#include <QColor>
#include <QPalette>

// Colours for diffs and deltas, derived from a palette so they read in light and dark themes:
// backgrounds are the palette's base tinted towards green or red; foregrounds are a green or
// red whose lightness is chosen against the base.
struct DiffStyle
{
    QColor text;
    QColor addedBackground;
    QColor removedBackground;
    QColor removedText;
    QColor better;
    QColor worse;
    QColor muted;

    static DiffStyle from(const QPalette &palette);
    static QColor mix(const QColor &a, const QColor &b, qreal amount); // amount of b, 0..1

    // As CSS colour names, for the reports (ApplyPlanHtml) and DiffHtml.
    DiffColours colours() const;
    // Rich text for a QTextBrowser (DiffHtml in these colours): added words highlighted, removed
    // words struck through, whitespace kept. Text is escaped.
    QString html(const QList<DiffSpan> &spans) const;
    QString addedHtml(const QString &words) const;
    QString removedHtml(const QString &words) const;
};
