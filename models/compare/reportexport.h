#pragma once

#include "domain/runstate.h"

#include <QCoreApplication>
#include <QImage>

// Writing a run's report to disk: HTML (HtmlReport) or JSON (RunReport::json with the
// per-test results), each written atomically with QSaveFile. Safe on a worker thread.
class ReportExport final
{
    Q_DECLARE_TR_FUNCTIONS(ReportExport)
public:
    enum class Format { Html, Json };

    static Format formatForPath(const QString &path); // *.json -> Json, anything else Html
    static QString defaultFileName(const QString &runId, Format format); // <id>-report.html|json

    static QByteArray json(const RunState &run, const QDateTime &generatedAt);
    static QByteArray html(const RunState &run, const QImage &chart, const QDateTime &generatedAt);

    // Writes `run`'s report in `format` to `path`; returns an error message, or empty.
    static QString exportTo(const RunState &run, const QImage &chart, Format format,
                            const QString &path, const QDateTime &generatedAt);
    static QString writeAtomically(const QString &path, const QByteArray &data);
};
