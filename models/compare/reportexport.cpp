#include "reportexport.h"

#include "domain/jsonfile.h"
#include "htmlreport.h"
#include "runs/runreport.h"

#include <QDir>
#include <QSaveFile>

using namespace Qt::StringLiterals;

ReportExport::Format ReportExport::formatForPath(const QString &path)
{
    return path.endsWith(u".json"_s, Qt::CaseInsensitive) ? Format::Json : Format::Html;
}

QString ReportExport::defaultFileName(const QString &runId, Format format)
{
    return runId + (format == Format::Json ? u"-report.json"_s : u"-report.html"_s);
}

QByteArray ReportExport::json(const RunState &run, const QDateTime &generatedAt)
{
    RunReport::Options options;
    options.includeTests = true;
    return JsonFile::toIndentedJson(RunReport::json(run, options, generatedAt));
}

QByteArray ReportExport::html(const RunState &run, const QImage &chart,
                              const QDateTime &generatedAt)
{
    return HtmlReport::html(run, chart, HtmlReport::Options{}, generatedAt).toUtf8();
}

QString ReportExport::exportTo(const RunState &run, const QImage &chart, Format format,
                               const QString &path, const QDateTime &generatedAt)
{
    return writeAtomically(path, format == Format::Json ? json(run, generatedAt)
                                                        : html(run, chart, generatedAt));
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
