#include "metricdeltatable.h"

#include "ui/widgets/diffstyle.h"
#include "reports/displayformat.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>

using namespace Qt::StringLiterals;

namespace {
constexpr int MetricCount = 7;
}

MetricDeltaTable::MetricDeltaTable(QWidget *parent)
    : QTableWidget(MetricCount, ColumnCount, parent)
{
    setObjectName(u"metricDeltas"_s);
    setAccessibleName(tr("Metric changes"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::TabFocus);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setHorizontalHeaderLabels({tr("A"), tr("B"), tr("Change")});
    QStringList rows;
    for (int i = 0; i < MetricCount; ++i)
        rows.append(metricName(MetricDelta::Metric(i)));
    setVerticalHeaderLabels(rows);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int r = 0; r < MetricCount; ++r) {
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(r, c, item);
        }
    }
}

QString MetricDeltaTable::metricName(MetricDelta::Metric metric)
{
    switch (metric) {
    case MetricDelta::Metric::Coverage:
        return tr("Coverage");
    case MetricDelta::Metric::TruePositiveRate:
        return tr("TPR");
    case MetricDelta::Metric::TrueNegativeRate:
        return tr("TNR");
    case MetricDelta::Metric::Accuracy:
        return tr("Accuracy");
    case MetricDelta::Metric::F1:
        return tr("F1");
    case MetricDelta::Metric::FalsePositives:
        return tr("False positives");
    case MetricDelta::Metric::FalseNegatives:
        return tr("False negatives");
    case MetricDelta::Metric::ResponseCoverage: // not rows: the panel's summary line says them
    case MetricDelta::Metric::ResponseTruePositiveRate:
    case MetricDelta::Metric::ResponseTrueNegativeRate:
        break;
    }
    return {};
}

QString MetricDeltaTable::value(const MetricDelta &d, double v)
{
    return d.isCount() ? DisplayFormat::number(qint64(qRound(v))) : DisplayFormat::percent(v);
}

QString MetricDeltaTable::change(const MetricDelta &d)
{
    const QString arrow = d.delta > 0 ? u"▲ "_s : u"▼ "_s;
    if (d.isCount()) {
        const int n = qRound(d.delta);
        if (n == 0)
            return tr("no change");
        return arrow + (n > 0 ? u"+"_s : u"−"_s) + DisplayFormat::number(qint64(std::abs(n)));
    }
    if (std::abs(d.delta * 100.0) < 0.05)
        return tr("no change");
    return arrow + DisplayFormat::signedPoints(d.delta);
}

void MetricDeltaTable::setComparison(const IterationComparison &comparison)
{
    m_deltas = comparison.metrics();
    // Benchmarks of different versions: the figures are on the prompts both were asked.
    const bool versions = comparison.benchmarkVersionsDiffer();
    if (versions)
        setHorizontalHeaderLabels({tr("A (#%1, v%2)").arg(comparison.iterationA()).arg(comparison.benchmarkVersionA()),
                                   tr("B (#%1, v%2)").arg(comparison.iterationB()).arg(comparison.benchmarkVersionB()),
                                   tr("Change")});
    else
        setHorizontalHeaderLabels({tr("A (#%1)").arg(comparison.iterationA()),
                                   tr("B (#%1)").arg(comparison.iterationB()), tr("Change")});
    const QString shared = versions ? tr("On the %n benchmark prompt(s) both versions hold.", nullptr,
                                         comparison.benchmarkPromptsCompared())
                                    : QString();
    // The rates' 95 % intervals, for benchmark figures (older runs show just their figures).
    const auto interval = [&comparison](const EfficacyMetrics &m, MetricDelta::Metric metric) -> QString {
        if (!comparison.metricsOnBenchmark())
            return {};
        const MetricIntervals i = MetricIntervals::of(m);
        std::optional<ProportionStats::Interval> x;
        switch (metric) {
        case MetricDelta::Metric::Coverage:
            x = i.coverage;
            break;
        case MetricDelta::Metric::TruePositiveRate:
            x = i.truePositiveRate;
            break;
        case MetricDelta::Metric::TrueNegativeRate:
            x = i.trueNegativeRate;
            break;
        case MetricDelta::Metric::Accuracy:
            x = i.accuracy;
            break;
        default:
            break;
        }
        return x ? tr("95 % interval: %1 to %2").arg(DisplayFormat::percent(x->low), DisplayFormat::percent(x->high)) : QString();
    };
    for (int r = 0; r < m_deltas.size() && r < MetricCount; ++r) {
        const MetricDelta &d = m_deltas.at(r);
        item(r, AColumn)->setText(value(d, d.a));
        item(r, BColumn)->setText(value(d, d.b));
        const auto tip = [&shared](const QString &text) {
            return shared.isEmpty() || text.isEmpty() ? QString(shared + text) : QString(shared + u'\n' + text);
        };
        item(r, AColumn)->setToolTip(tip(interval(comparison.metricsA(), d.metric)));
        item(r, BColumn)->setToolTip(tip(interval(comparison.metricsB(), d.metric)));
        item(r, ChangeColumn)->setText(change(d));
        const QString verdict = d.direction == MetricDelta::Direction::Better  ? tr("better")
                                : d.direction == MetricDelta::Direction::Worse ? tr("worse")
                                                                               : tr("unchanged");
        item(r, ChangeColumn)
            ->setData(Qt::AccessibleTextRole, tr("%1, %2").arg(change(d), verdict));
        item(r, ChangeColumn)->setToolTip(verdict);
    }
    recolor();
    updateGeometry(); // the size hint follows the texts: the panel makes room for them
}

QSize MetricDeltaTable::sizeHint() const
{
    int width = verticalHeader()->sizeHint().width() + 2 * frameWidth();
    for (int c = 0; c < columnCount(); ++c)
        width += qMax(sizeHintForColumn(c), horizontalHeader()->sectionSizeHint(c)) + 8;
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int r = 0; r < rowCount(); ++r)
        height += qMax(verticalHeader()->sectionSizeHint(r), sizeHintForRow(r));
    return {width, height};
}

QSize MetricDeltaTable::minimumSizeHint() const
{
    // Every column and every row: seven short rows are the comparison; the page gives its
    // details (topic, flips, grid) tabs of their own so that these fit.
    return sizeHint();
}

void MetricDeltaTable::clearComparison()
{
    m_deltas.clear();
    setHorizontalHeaderLabels({tr("A"), tr("B"), tr("Change")});
    for (int r = 0; r < MetricCount; ++r) {
        for (int c = 0; c < ColumnCount; ++c)
            item(r, c)->setText(QString());
    }
}

void MetricDeltaTable::recolor()
{
    const DiffStyle style = DiffStyle::from(palette());
    for (int r = 0; r < m_deltas.size() && r < MetricCount; ++r) {
        QTableWidgetItem *cell = item(r, ChangeColumn);
        switch (m_deltas.at(r).direction) {
        case MetricDelta::Direction::Better:
            cell->setForeground(style.better);
            break;
        case MetricDelta::Direction::Worse:
            cell->setForeground(style.worse);
            break;
        case MetricDelta::Direction::Same:
            cell->setForeground(style.muted);
            break;
        }
    }
}

void MetricDeltaTable::changeEvent(QEvent *event)
{
    QTableWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        recolor();
}
