#pragma once

#include "domain/runstate.h"

#include <QCoreApplication>
#include <QImage>

// A self-contained HTML report of one run (behaviour reference §5.3): header, cards, topic
// description, the efficacy chart (embedded as a base64 PNG), the trends table, one card per
// iteration, and the per-test results of the chosen iteration. Every piece of text from the
// run is escaped. Pure function of its inputs: safe to call on a worker thread.
class HtmlReport final
{
    Q_DECLARE_TR_FUNCTIONS(HtmlReport)
public:
    struct Options
    {
        int testsOfIteration = 0; // whose per-test results to list: 0 = the best (else last)
        bool includeTests = true;
    };

    // `chart` is rendered by the caller (EfficacyChartImage or a chart view); a null image
    // leaves the chart out.
    static QString html(const RunState &run, const QImage &chart, const Options &options,
                        const QDateTime &generatedAt);
    static QByteArray pngDataUrl(const QImage &image); // "data:image/png;base64,…"
    static QString escaped(const QString &text);       // & < > " (and ' for attributes)
};
