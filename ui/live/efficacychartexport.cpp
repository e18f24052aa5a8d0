// EfficacyChartView's export: PNG and SVG at a chosen size, and the file dialog that asks
// where.
#include "efficacychartview.h"

#include "chartlegend.h"

#include "models/runsession.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QStandardPaths>
#include <QSvgGenerator>

using namespace Qt::StringLiterals;

QSize EfficacyChartView::exportSize(QSize requested) const
{
    if (requested.isValid() && !requested.isEmpty())
        return requested;
    return m_view->size().expandedTo(QSize(960, 540));
}

void EfficacyChartView::render(QPainter *painter, QSize size)
{
    // Lay the chart out at the export size less the legend's rows, draw it and the legend
    // under it, and put the chart back as it was.
    const QRectF old = m_chart->geometry();
    painter->fillRect(QRectF(QPointF(0, 0), size), palette().color(QPalette::Window));
    const int legendHeight = qMin(m_legend->heightForWidth(size.width()), size.height() / 2);
    const QRectF plot(QPointF(0, 0), QSizeF(size.width(), size.height() - legendHeight));
    m_chart->setTitle(m_title->text());
    m_chart->setGeometry(plot);
    m_chart->layout()->activate();
    m_chart->scene()->render(painter, plot, m_chart->geometry());
    m_chart->setTitle({});
    m_chart->setGeometry(old);
    m_chart->layout()->activate();
    painter->setFont(m_legend->font());
    m_legend->paintEntries(painter, QRectF(0, plot.bottom(), size.width(), legendHeight),
                           palette().color(QPalette::WindowText));
}

bool EfficacyChartView::exportPng(const QString &path, QSize requested)
{
    flush();
    const QSize size = exportSize(requested);
    constexpr qreal scale = 2; // crisp on high-density screens and in documents
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    render(&painter, size);
    painter.end();
    return image.save(path, "PNG");
}

bool EfficacyChartView::exportSvg(const QString &path, QSize requested)
{
    flush();
    const QSize size = exportSize(requested);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_title->text());
    generator.setDescription(tr("Efficacy by iteration, exported from Daystrom Studio"));
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    render(&painter, size);
    if (!painter.end())
        return false;
    return QFileInfo(path).size() > 0;
}

void EfficacyChartView::chooseExportPng()
{
    chooseExportFile(ExportFormat::Png);
}

void EfficacyChartView::chooseExportSvg()
{
    chooseExportFile(ExportFormat::Svg);
}

void EfficacyChartView::chooseExportFile(ExportFormat format)
{
    const bool png = format == ExportFormat::Png;
    auto *dialog =
        new QFileDialog(this, png ? tr("Export Chart as PNG") : tr("Export Chart as SVG"));
    dialog->setObjectName(u"exportChartDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    dialog->setOption(QFileDialog::DontUseNativeDialog, !m_nativeDialogs);
    dialog->setNameFilter(png ? tr("PNG images (*.png)") : tr("SVG drawings (*.svg)"));
    dialog->setDefaultSuffix(png ? u"png"_s : u"svg"_s);
    QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    dialog->setDirectory(dir);
    QString name = u"efficacy"_s;
    if (m_model && m_model->session() && m_model->session()->hasRun())
        name += u'-' + m_model->session()->run().id;
    dialog->selectFile(name + (png ? u".png"_s : u".svg"_s));
    connect(dialog, &QFileDialog::fileSelected, this, [this, png](const QString &path) {
        finishExport(path, png ? exportPng(path) : exportSvg(path));
    });
    dialog->open();
}

void EfficacyChartView::finishExport(const QString &path, bool ok)
{
    emit exported(path, ok);
    if (ok)
        return;
    auto *box = new QMessageBox(
        QMessageBox::Warning, tr("Export Failed"),
        tr("The chart could not be written to %1.").arg(QDir::toNativeSeparators(path)),
        QMessageBox::Ok, this);
    box->setObjectName(u"exportChartError"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}
