#pragma once

#include "domain/runstate.h"

#include <QByteArray>
#include <QCoreApplication>

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

    // `chartPng` is the chart as PNG bytes, rendered by the caller (models/compare's
    // EfficacyChartImage or a chart view), so the report needs no Qt GUI; empty bytes leave
    // the chart out.
    static QString html(const RunState &run, const QByteArray &chartPng, const Options &options,
                        const QDateTime &generatedAt);
    static QByteArray pngDataUrl(const QByteArray &png); // "data:image/png;base64,…"
    static QString escaped(const QString &text);         // & < > " (and ' for attributes)
    // The chart plots the held-out benchmark's figures: the run decides on them and some
    // iteration has them (as the app's chart and the report's cards show, issue 40).
    static bool chartOnBenchmark(const RunState &run);
};
