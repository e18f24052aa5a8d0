// LiveRunPanel's results table (liverunpanel.cpp has the rest of the page): the filter
// buttons with their counts, the search, the columns and their widths.
#include "liverunpanel.h"

#include "reports/displayformat.h"
#include "models/live/resultstablemodel.h"
#include "models/runsession.h"
#include "models/studiocontext.h"
#include "ui/widgets/labelcorrectionmenu.h"
#include "ui/widgets/onelinedelegate.h"

#include <QAction>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

QWidget *LiveRunPanel::createResultsArea()
{
    // A tab of its own (the event log is the other): the tab names it.
    auto *box = new QWidget(this);
    box->setObjectName(u"resultsArea"_s);
    auto *filters = new QHBoxLayout;
    m_filters = new QButtonGroup(this);
    m_filters->setExclusive(true);
    addFilterButton(filters, u"filterAll"_s, ResultsFilterProxy::Filter::All)->setChecked(true);
    addFilterButton(filters, u"filterFalsePositives"_s, ResultsFilterProxy::Filter::FalsePositives);
    addFilterButton(filters, u"filterFalseNegatives"_s, ResultsFilterProxy::Filter::FalseNegatives);
    addFilterButton(filters, u"filterRegressions"_s, ResultsFilterProxy::Filter::Regressions);
    connect(m_filters, &QButtonGroup::idClicked, this,
            [this](int id) { m_proxy->setFilter(ResultsFilterProxy::Filter(id)); });

    m_search = new QLineEdit(box);
    m_search->setObjectName(u"resultsSearch"_s);
    m_search->setAccessibleName(tr("Search results"));
    m_search->setPlaceholderText(tr("Search prompts and categories"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 18);
    connect(m_search, &QLineEdit::textChanged, m_proxy, &ResultsFilterProxy::setSearchText);
    filters->addSpacing(12);
    filters->addWidget(m_search, 1);

    m_resultsView = new QTableView(box);
    m_resultsView->setObjectName(u"resultsView"_s);
    m_resultsView->setAccessibleName(tr("Test results"));
    m_resultsView->setModel(m_proxy);
    m_resultsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_resultsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_resultsView->setAlternatingRowColors(true);
    m_resultsView->setWordWrap(false);
    m_resultsView->setTextElideMode(Qt::ElideRight);
    m_resultsView->setItemDelegate(new OneLineDelegate(m_resultsView)); // cells drawn from a cache
    // Always there: a scroll bar that appears as an iteration's results fill the view narrows
    // the viewport, and every column is fitted again in the middle of the stream.
    m_resultsView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    QHeaderView *rowsHeader = m_resultsView->verticalHeader();
    rowsHeader->setSectionResizeMode(QHeaderView::Fixed); // no per-row measuring while streaming
    rowsHeader->setDefaultSectionSize(fontMetrics().height() + 6);
    rowsHeader->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // Room for four digits from the start: the header does not appear (and the columns shift)
    // when the first row of an iteration arrives.
    rowsHeader->setMinimumWidth(rowsHeader->fontMetrics().horizontalAdvance(u"8888"_s) + 8);
    rowsHeader->setToolTip(tr("The test's position in the suite"));
    QHeaderView *columns = m_resultsView->horizontalHeader();
    columns->setSectionResizeMode(QHeaderView::Interactive);
    columns->setSectionResizeMode(ResultsTableModel::PromptColumn, QHeaderView::Stretch);
    columns->setTextElideMode(Qt::ElideRight);
    // The other columns are measured once from sample texts (no per-row measuring while results
    // stream in), and give up room to the prompt on a narrow window (fitColumns).
    const QFontMetrics fm = columns->fontMetrics();
    const auto natural = [&](int column, std::initializer_list<QString> samples) {
        int width = fm.horizontalAdvance(
            m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString());
        for (const QString &s : samples)
            width = qMax(width, fm.horizontalAdvance(s));
        return width + 3 * fm.averageCharWidth() + 8;
    };
    m_naturalWidths = QList<int>(ResultsTableModel::ColumnCount, 0);
    m_naturalWidths[ResultsTableModel::ExpectedColumn] = natural(ResultsTableModel::ExpectedColumn, {DisplayFormat::triggered(true), DisplayFormat::triggered(false)});
    m_naturalWidths[ResultsTableModel::ActualColumn] = natural(ResultsTableModel::ActualColumn, {DisplayFormat::triggered(true), DisplayFormat::triggered(false)});
    m_naturalWidths[ResultsTableModel::CorrectColumn] = natural(ResultsTableModel::CorrectColumn, {u"✓ "_s + DisplayFormat::outcome(true), u"✗ "_s + DisplayFormat::outcome(false)});
    m_naturalWidths[ResultsTableModel::CategoryColumn] = natural(ResultsTableModel::CategoryColumn, {QString(12, u'n')});
    m_naturalWidths[ResultsTableModel::SourceColumn] = natural(ResultsTableModel::SourceColumn, {tr("regression"), tr("carried-fp")});
    m_naturalWidths[ResultsTableModel::ActionColumn] = natural(ResultsTableModel::ActionColumn, {u"block"_s});
    // The scan action is informational: shown from the header's menu.
    m_resultsView->setColumnHidden(ResultsTableModel::ActionColumn, true);
    addColumnMenu();
    m_resultsView->viewport()->installEventFilter(this);
    fitColumns();
    columns->setSortIndicator(-1, Qt::AscendingOrder); // suite order (#) until a header is clicked
    columns->setSortIndicatorClearable(true);
    m_resultsView->setSortingEnabled(true);
    if (m_context) // right-click or Ctrl+L: mark a test's expected label as wrong
        LabelCorrectionMenu::install(m_resultsView, m_context, ResultsTableModel::PromptRole, ResultsTableModel::ExpectedRole);

    // Follow the stream like a log while the view is scrolled to the end.
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        const QScrollBar *bar = m_resultsView->verticalScrollBar();
        m_stickToBottom = bar->value() == bar->maximum();
    });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_stickToBottom && m_model->isFollowingLive() && m_proxy->sortColumn() < 0)
            m_resultsView->scrollToBottom();
    });

    // Three rows of results in sight whatever else the page shows (a proposal to review).
    m_resultsView->setMinimumHeight(m_resultsView->horizontalHeader()->sizeHint().height() +
                                    3 * rowsHeader->defaultSectionSize() +
                                    2 * m_resultsView->frameWidth() + 2);

    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(filters);
    layout->addWidget(m_resultsView, 1);
    return box;
}

QPushButton *LiveRunPanel::addFilterButton(QLayout *layout, const QString &objectName,
                                           ResultsFilterProxy::Filter filter)
{
    auto *button = new QPushButton(this);
    button->setObjectName(objectName);
    button->setCheckable(true);
    switch (filter) {
    case ResultsFilterProxy::Filter::All:
        button->setAccessibleName(tr("Show all results"));
        break;
    case ResultsFilterProxy::Filter::FalsePositives:
        button->setAccessibleName(tr("Show false positives"));
        button->setToolTip(tr("Prompts the guardrail fired on but should have let through"));
        break;
    case ResultsFilterProxy::Filter::FalseNegatives:
        button->setAccessibleName(tr("Show false negatives"));
        button->setToolTip(tr("Prompts the guardrail should have caught but missed"));
        break;
    case ResultsFilterProxy::Filter::Regressions:
        button->setAccessibleName(tr("Show regressions"));
        button->setToolTip(
            tr("Regression checks that an earlier iteration passed and this one fails"));
        break;
    }
    m_filters->addButton(button, int(filter));
    layout->addWidget(button);
    return button;
}

void LiveRunPanel::setFilter(ResultsFilterProxy::Filter filter)
{
    if (QAbstractButton *button = m_filters->button(int(filter)))
        button->setChecked(true);
    m_proxy->setFilter(filter);
}

void LiveRunPanel::addColumnMenu()
{
    QHeaderView *columns = m_resultsView->horizontalHeader();
    columns->setContextMenuPolicy(Qt::ActionsContextMenu);
    for (int column = 0; column < ResultsTableModel::ColumnCount; ++column) {
        if (column == ResultsTableModel::PromptColumn)
            continue;
        auto *action = new QAction(m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString(), columns);
        action->setObjectName(u"showColumn%1"_s.arg(column));
        action->setCheckable(true);
        action->setChecked(!m_resultsView->isColumnHidden(column));
        connect(action, &QAction::toggled, this, [this, column](bool shown) {
            m_resultsView->setColumnHidden(column, !shown);
            fitColumns();
        });
        columns->addAction(action);
    }
}

void LiveRunPanel::fitColumns()
{
    // Every shown column at its natural width when that leaves the prompt its minimum; else
    // the category and the source give way first, then the others (each down to a few
    // characters, eliding with the whole text in the tooltip).
    QHeaderView *columns = m_resultsView->horizontalHeader();
    const QFontMetrics fm = columns->fontMetrics();
    const int minPrompt = MinPromptChars * fm.averageCharWidth();
    const int floor = 5 * fm.averageCharWidth();
    const int available = m_resultsView->viewport()->width();
    QList<int> widths(ResultsTableModel::ColumnCount, 0);
    int total = 0;
    for (int column = 0; column < ResultsTableModel::ColumnCount; ++column) {
        if (column == ResultsTableModel::PromptColumn || m_resultsView->isColumnHidden(column))
            continue;
        widths[column] = m_naturalWidths.value(column);
        total += widths[column];
    }
    // First down to their header's width, then down to a few characters.
    const auto shrink = [&](const QList<int> &which, bool keepHeader) {
        int share = 0;
        for (int column : which)
            share += widths[column];
        const int excess = total + minPrompt - available;
        if (excess <= 0 || share <= 0)
            return;
        const double factor = qMax(0.0, double(share - excess) / share);
        for (int column : which) {
            const int header = fm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString()) +
                               2 * fm.averageCharWidth();
            const int least = qMin(widths[column], keepHeader ? qMax(floor, header) : floor);
            const int width = qMax(least, int(widths[column] * factor));
            total -= widths[column] - width;
            widths[column] = width;
        }
    };
    const QList<int> all{ResultsTableModel::ExpectedColumn, ResultsTableModel::ActualColumn, ResultsTableModel::CorrectColumn,
                         ResultsTableModel::CategoryColumn, ResultsTableModel::SourceColumn, ResultsTableModel::ActionColumn};
    shrink({ResultsTableModel::CategoryColumn, ResultsTableModel::SourceColumn, ResultsTableModel::ActionColumn}, true);
    shrink(all, true);
    shrink(all, false);
    for (int column = 0; column < ResultsTableModel::ColumnCount; ++column) {
        if (widths[column] > 0)
            columns->resizeSection(column, widths[column]);
    }
}

void LiveRunPanel::updateFilterLabels()
{
    const ResultsTableModel::Counts c = m_model->counts();
    using Filter = ResultsFilterProxy::Filter;
    const auto label = [this](Filter filter, const QString &text, int count) {
        QAbstractButton *button = m_filters->button(int(filter));
        const QString shown = text.arg(count);
        if (button->text() == shown)
            return;
        button->setText(shown); // not pinned: a fixed size overlaps its neighbours in a narrow window
        button->setAccessibleDescription(tr("%n result(s)", nullptr, count));
    };
    if (c.notScanned > 0) // named, since no filter but All shows them
        label(Filter::All, tr("All (%1, %2 not scanned)").replace(u"%2"_s, QString::number(c.notScanned)), c.total);
    else
        label(Filter::All, tr("All (%1)"), c.total);
    label(Filter::FalsePositives, tr("False positives (%1)"), c.falsePositives);
    label(Filter::FalseNegatives, tr("False negatives (%1)"), c.falseNegatives);
    label(Filter::Regressions, tr("Regressions (%1)"), c.regressions);
}
