#include "benchmarkgrid.h"

#include "models/compare/benchmarkgridmodel.h"
#include "ui/widgets/onelinedelegate.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>

using namespace Qt::StringLiterals;

BenchmarkGrid::BenchmarkGrid(QWidget *parent)
    : QWidget(parent)
    , m_model(new BenchmarkGridModel(this))
    , m_filter(new BenchmarkGridFilter(this))
    , m_search(new QLineEdit(this))
    , m_onlyFlips(new QCheckBox(tr("Onl&y prompts that flip"), this))
    , m_summary(new QLabel(this))
    , m_view(new QTableView(this))
{
    setObjectName(u"benchmarkGrid"_s);
    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(Qt::UserRole);
    m_search->setObjectName(u"benchmarkGridSearch"_s);
    m_search->setPlaceholderText(tr("Search the benchmark prompts"));
    m_search->setClearButtonEnabled(true);
    m_onlyFlips->setObjectName(u"benchmarkGridOnlyFlips"_s);
    m_summary->setObjectName(u"benchmarkGridSummary"_s);
    m_summary->setWordWrap(true);
    m_view->setObjectName(u"benchmarkGridView"_s);
    m_view->setAccessibleName(tr("Benchmark prompts by iteration"));
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setItemDelegate(new OneLineDelegate(m_view)); // cells drawn from a cache
    m_view->horizontalHeader()->setSectionsClickable(true);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // Three prompts in sight however short the window (the Compare page scrolls instead, issue 58).
    m_view->setMinimumHeight(qMax(m_view->horizontalHeader()->sizeHint().height(), m_view->fontMetrics().height() + 8) + 3 * m_view->verticalHeader()->defaultSectionSize() +
                             2 * m_view->frameWidth() + m_view->horizontalScrollBar()->sizeHint().height());

    connect(m_search, &QLineEdit::textChanged, m_filter, &BenchmarkGridFilter::setSearch);
    connect(m_search, &QLineEdit::textChanged, this, &BenchmarkGrid::updateSummary);
    connect(m_onlyFlips, &QCheckBox::toggled, m_filter, &BenchmarkGridFilter::setOnlyFlips);
    connect(m_onlyFlips, &QCheckBox::toggled, this, &BenchmarkGrid::updateSummary);
    connect(m_view->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        if (const int iteration = m_model->iterationAt(column))
            return emit iterationActivated(iteration);
        // The text columns sort; a second click reverses.
        const bool same = m_filter->sortColumn() == column;
        const Qt::SortOrder order = same && m_filter->sortOrder() == Qt::AscendingOrder ? Qt::DescendingOrder
                                                                                       : Qt::AscendingOrder;
        m_filter->setSortRole(column == BenchmarkGridModel::PromptColumn ? Qt::DisplayRole : Qt::UserRole);
        m_filter->sort(column, order);
        m_view->horizontalHeader()->setSortIndicatorShown(true);
        m_view->horizontalHeader()->setSortIndicator(column, order);
    });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 1);
    bar->addWidget(m_onlyFlips);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    updateSummary();
}

void BenchmarkGrid::setRun(const RunState &run)
{
    m_model->setRun(run);
    m_view->horizontalHeader()->setSectionResizeMode(BenchmarkGridModel::PromptColumn, QHeaderView::Stretch);
    for (int c = BenchmarkGridModel::ExpectedColumn; c < m_model->columnCount(); ++c)
        m_view->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    updateSummary();
}

void BenchmarkGrid::updateSummary()
{
    if (m_model->rowCount() == 0) {
        m_summary->setText(tr("This run has no held-out benchmark (runs made before it existed, or started with "
                              "--benchmark 0), so there is no prompt-by-iteration grid."));
        return;
    }
    int flips = 0;
    for (int r = 0; r < m_model->rowCount(); ++r)
        flips += m_model->rowFlips(r);
    QString text = tr("%1 held-out prompts × %2 iterations; %3 of them flip between iterations. Showing %4. "
                      "✓ correct, ✗ wrong. Click an iteration's header to compare it with the one before.")
                       .arg(m_model->rowCount())
                       .arg(m_model->iterations().size())
                       .arg(flips)
                       .arg(m_filter->rowCount());
    if (m_model->versionCount() > 1)
        text += u' '
                + tr("Your additions made %1 benchmark versions; each column says which one it was scored on, and "
                     "· marks a prompt added after it.")
                      .arg(m_model->versionCount());
    m_summary->setText(text);
}
