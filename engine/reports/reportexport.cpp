#include "reportexport.h"

#include "domain/jsonfile.h"
#include "htmlreport.h"
#include "runreport.h"
#include "terraformexport.h"

#include <QDir>
#include <QSaveFile>

using namespace Qt::StringLiterals;

ReportExport::Format ReportExport::formatForPath(const QString &path)
{
    if (path.endsWith(u".json"_s, Qt::CaseInsensitive))
        return Format::Json;
    if (path.endsWith(u".csv"_s, Qt::CaseInsensitive))
        return Format::Csv;
    if (path.endsWith(u".tf"_s, Qt::CaseInsensitive))
        return Format::Terraform;
    return Format::Html;
}

QString ReportExport::defaultFileName(const QString &runId, Format format)
{
    switch (format) {
    case Format::Json:
        return runId + u"-report.json"_s;
    case Format::Csv:
        return runId + u"-tests.csv"_s;
    case Format::Terraform:
        return runId + u"-topic.tf"_s;
    case Format::Html:
        break;
    }
    return runId + u"-report.html"_s;
}

QByteArray ReportExport::json(const RunState &run, const QDateTime &generatedAt)
{
    RunReport::Options options;
    options.includeTests = true;
    return JsonFile::toIndentedJson(RunReport::json(run, options, generatedAt));
}

QByteArray ReportExport::html(const RunState &run, const QByteArray &chartPng,
                              const QDateTime &generatedAt)
{
    return HtmlReport::html(run, chartPng, HtmlReport::Options{}, generatedAt).toUtf8();
}

QByteArray ReportExport::csv(const RunState &run, QString *error)
{
    const IterationResult *chosen = RunReport::chosenIteration(run, 0, nullptr);
    if (!chosen) {
        *error = tr("Run %1 has no recorded iteration yet, so it has no test results to export.")
                     .arg(run.id);
        return {};
    }
    return RunReport::testsCsv(*chosen).toUtf8();
}

QByteArray ReportExport::terraform(const RunState &run, const QDateTime &generatedAt, QString *error)
{
    const IterationResult *chosen = RunReport::chosenIteration(run, 0, nullptr);
    if (!chosen) {
        *error = tr("Run %1 has no recorded iteration yet, so it has no topic to export.").arg(run.id);
        return {};
    }
    return TerraformExport::write(run, *chosen, generatedAt).toUtf8();
}

QString ReportExport::exportTo(const RunState &run, const QByteArray &chartPng, Format format,
                               const QString &path, const QDateTime &generatedAt)
{
    switch (format) {
    case Format::Json:
        return writeAtomically(path, json(run, generatedAt));
    case Format::Csv: {
        QString error;
        const QByteArray data = csv(run, &error);
        return error.isEmpty() ? writeAtomically(path, data) : error;
    }
    case Format::Terraform: {
        QString error;
        const QByteArray data = terraform(run, generatedAt, &error);
        return error.isEmpty() ? writeAtomically(path, data) : error;
    }
    case Format::Html:
        break;
    }
    return writeAtomically(path, html(run, chartPng, generatedAt));
}

QString ReportExport::writeAtomically(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    if (file.write(data) != data.size()) {
        const QString error = file.errorString();
        file.cancelWriting();
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), error);
    }
    if (!file.commit())
        return tr("Cannot save %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}
