// RunsPanel's report export: the file dialog and the writing, off the GUI thread.
#include "runspanel.h"

#include "models/session/backgroundpriority.h"
#include "models/compare/efficacychartimage.h"
#include "models/session/runfiles.h"
#include "reports/reportexport.h"

#include <QDir>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

void RunsPanel::chooseExportFile()
{
    const QString id = selectedRunId();
    if (id.isEmpty())
        return;
    // The folder used last, else Documents, else the home (a Documents folder that does not
    // exist would open the dialog in the working directory); the Profile page's export too.
    if (m_lastExportDir.isEmpty() || !QDir(m_lastExportDir).exists()) {
        m_lastExportDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        if (m_lastExportDir.isEmpty() || !QDir(m_lastExportDir).exists())
            m_lastExportDir = QDir::homePath();
    }
    auto *dialog = new QFileDialog(this, tr("Export Report"), m_lastExportDir);
    dialog->setObjectName(u"exportReportDialog"_s);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    const QString html = tr("HTML report (*.html)");
    const QString json = tr("JSON report (*.json)");
    const QString csv = tr("Test results as CSV (*.csv)");
    const QString terraform = tr("Topic as Terraform (*.tf)");
    dialog->setNameFilters({html, json, csv, terraform});
    dialog->setDefaultSuffix(u"html"_s);
    dialog->selectFile(ReportExport::defaultFileName(id, ReportExport::Format::Html));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::filterSelected, dialog,
            [dialog, json, csv, terraform, id](const QString &filter) {
                const ReportExport::Format format = filter == json        ? ReportExport::Format::Json
                                                    : filter == csv       ? ReportExport::Format::Csv
                                                    : filter == terraform ? ReportExport::Format::Terraform
                                                                          : ReportExport::Format::Html;
                const QString name = ReportExport::defaultFileName(id, format);
                dialog->setDefaultSuffix(QFileInfo(name).suffix());
                dialog->selectFile(name);
            });
    connect(dialog, &QFileDialog::fileSelected, this, [this, id](const QString &path) {
        m_lastExportDir = QFileInfo(path).absolutePath();
        exportReport(id, path);
    });
    dialog->open();
}

void RunsPanel::exportReport(const QString &runId, const QString &path)
{
    showMessage(tr("Exporting the report of run %1…").arg(runId));
    const QString dir = m_dir;
    RunFiles::loadInBackground(dir, runId, this, [this, path](const RunStore::Loaded &loaded) {
        if (!loaded.ok()) {
            showMessage(loaded.error, true);
            emit exportFailed(loaded.error);
            return;
        }
        const ReportExport::Format format = ReportExport::formatForPath(path);
        QImage chart;
        if (format == ReportExport::Format::Html)
            chart = m_renderer ? m_renderer(loaded.run) : EfficacyChartImage::render(loaded.run);
        auto *writing = new QFutureWatcher<QString>(this);
        connect(writing, &QFutureWatcher<QString>::finished, this, [this, writing, path] {
            writing->deleteLater();
            const QString error = writing->result();
            if (!error.isEmpty()) {
                showMessage(error, true);
                emit exportFailed(error);
                return;
            }
            showMessage(tr("Report saved to %1").arg(QDir::toNativeSeparators(path)));
            emit reportExported(path);
        });
        writing->setFuture(BackgroundPriority::run([run = loaded.run, chart, format, path] {
            // The PNG is encoded here, off the GUI thread; the report takes its bytes.
            return ReportExport::exportTo(run, EfficacyChartImage::png(chart), format, path,
                                          QDateTime::currentDateTimeUtc());
        }));
    });
}
