#pragma once

#include "domain/runstate.h"

#include <QByteArray>
#include <QCoreApplication>

// Writing a run's report to disk: HTML (HtmlReport), JSON (RunReport::json with the
// per-test results), CSV (the best iteration's test results in the original's --save-tests
// format) or Terraform (the best iteration's topic, TerraformExport), each written
// atomically with QSaveFile. Safe on a worker thread.
class ReportExport final
{
    Q_DECLARE_TR_FUNCTIONS(ReportExport)
public:
    enum class Format { Html, Json, Csv, Terraform };

    // *.json -> Json, *.csv -> Csv, *.tf -> Terraform, anything else Html.
    static Format formatForPath(const QString &path);
    // <id>-report.html, <id>-report.json, <id>-tests.csv or <id>-topic.tf.
    static QString defaultFileName(const QString &runId, Format format);

    static QByteArray json(const RunState &run, const QDateTime &generatedAt);
    // `chartPng`: the efficacy chart as PNG bytes (HtmlReport::html); empty leaves it out.
    static QByteArray html(const RunState &run, const QByteArray &chartPng, const QDateTime &generatedAt);
    // The best iteration's tests (the last recorded without a best); null with `error` set
    // when the run has no iteration yet.
    static QByteArray csv(const RunState &run, QString *error);
    // The best iteration's topic (and companion) as Terraform; null with `error` set when the
    // run has no iteration yet.
    static QByteArray terraform(const RunState &run, const QDateTime &generatedAt, QString *error);

    // Writes `run`'s report in `format` to `path`; returns an error message, or empty.
    static QString exportTo(const RunState &run, const QByteArray &chartPng, Format format,
                            const QString &path, const QDateTime &generatedAt);
    static QString writeAtomically(const QString &path, const QByteArray &data);
};
