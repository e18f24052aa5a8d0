#pragma once

#include "domain/worddiff.h"

#include <QString>

// A word diff as rich text (for a QTextBrowser, or a report): added words highlighted, removed
// words struck through, whitespace kept, text escaped. The colours are CSS colour names
// ("#1a7f37"), chosen by the caller (DiffStyle derives them from a palette), so the reports
// need no Qt GUI.
struct DiffColours
{
    QString text;
    QString addedBackground;
    QString removedBackground;
    QString removedText;
    QString worse; // a change for the worse, a warning
    QString muted; // headings and notes
};

namespace DiffHtml {
QString html(const QList<DiffSpan> &spans, const DiffColours &colours);
QString added(const QString &words, const DiffColours &colours);
QString removed(const QString &words, const DiffColours &colours);
} // namespace DiffHtml
