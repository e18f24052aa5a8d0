#include "directionsview.h"

#include "domain/iterationresult.h"
#include "domain/robustness.h"
#include "reports/displayformat.h"
#include "models/live/robustnesstablemodel.h"
#include "ui/widgets/wrappinglabel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

DirectionsView::DirectionsView(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_responses(new QLabel(this))
    , m_robustnessCaption(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new RobustnessTableModel(this))
{
    setObjectName(u"directionsView"_s);
    m_heading->setObjectName(u"directionsHeading"_s);
    m_responses->setObjectName(u"responseFigures"_s);
    m_robustnessCaption->setObjectName(u"robustnessCaption"_s);
    for (QLabel *label : {m_heading, m_responses, m_robustnessCaption}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        makeWrappingLabel(label);
    }
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_table->setObjectName(u"robustnessTable"_s);
    m_table->setAccessibleName(tr("Coverage kept under each rewrite"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6); // as the results' rows
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RobustnessTableModel::FamilyColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(m_table->fontMetrics().averageCharWidth() * 6);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_heading);
    layout->addWidget(m_responses);
    layout->addSpacing(6);
    layout->addWidget(m_robustnessCaption);
    layout->addWidget(m_table, 1);
}

QString DirectionsView::responsesText() const
{
    return m_responses->text();
}

void DirectionsView::show(const IterationResult *it, const RunSettings &settings, bool live)
{
    if (!it) {
        m_heading->setText(tr("The figures appear when the first iteration is recorded."));
        m_responses->clear();
        m_responses->hide();
        m_robustnessCaption->hide();
        m_table->hide();
        m_model->setRows({});
        return;
    }
    m_heading->setText(live ? tr("Iteration %1, the last one recorded").arg(it->iteration) : tr("Iteration %1").arg(it->iteration));

    m_responses->setVisible(settings.responseTests > 0);
    if (it->responses) {
        const EfficacyMetrics &m = it->responses->metrics;
        const MetricIntervals i = MetricIntervals::of(m);
        QString text = tr("Responses, %n prompt and response pair(s) judged on what AIRS says of the response: coverage %1, "
                          "TPR %2, TNR %3 (95 % intervals).",
                          nullptr, int(it->responses->results.size()))
                           .arg(DisplayFormat::withInterval(m.coverage, i.coverage),
                                DisplayFormat::withInterval(m.truePositiveRate, i.truePositiveRate),
                                DisplayFormat::withInterval(m.trueNegativeRate, i.trueNegativeRate));
        if (m.notScanned > 0)
            text += u' ' + tr("%n pair(s) AIRS gave no verdict for are left out.", nullptr, m.notScanned);
        text += u' '
            + (settings.decideOnBothDirections
                   ? tr("The run decides on the weaker of the prompt and the response side.")
                   : tr("The run decides on the prompt side; these figures are shown beside it."));
        m_responses->setText(text);
    } else {
        m_responses->setText(tr("Responses: this iteration has no response tests."));
    }

    const bool robustness = !settings.robustnessFamilies.isEmpty();
    m_robustnessCaption->setVisible(robustness);
    m_table->setVisible(robustness);
    if (!robustness)
        return m_model->setRows({});
    const QList<Robustness::Row> rows = Robustness::table(*it, settings.robustnessFamilies);
    m_robustnessCaption->setText(
        it->robustness.isEmpty()
            ? tr("Rewrites: this iteration has none.")
            : tr("Coverage kept under each rewrite of %n benchmark prompt(s), against the same prompts as written. "
                 "Never part of the decision.",
                 nullptr, rows.first().metrics.total()));
    // Why a row counts fewer prompts than the as-written one (issue 56).
    if (const QStringList short_ = DisplayFormat::robustnessShortfalls(rows); !short_.isEmpty() && !it->robustness.isEmpty())
        m_robustnessCaption->setText(m_robustnessCaption->text() + u' ' + short_.join(u' '));
    m_model->setRows(it->robustness.isEmpty() ? QList<Robustness::Row>{} : rows);
}
