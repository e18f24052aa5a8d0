#include "flipspanel.h"

#include "ui/widgets/diffstyle.h"
#include "ui/widgets/onelinedelegate.h"
#include "models/compare/testflipmodel.h"

#include <QBoxLayout>
#include <QButtonGroup>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>

using namespace Qt::StringLiterals;

FlipsPanel::FlipsPanel(QWidget *parent)
    : QWidget(parent) // a tab of its own: the tab names it
    , m_model(new TestFlipModel(this))
    , m_filters(new QButtonGroup(this))
    , m_view(new QTableView(this))
{
    setObjectName(u"flipsPanel"_s);
    m_filters->setExclusive(true);
    auto *filterRow = new QHBoxLayout;
    const QList<QPair<TestFlipModel::Filter, QString>> filters{
        {TestFlipModel::Filter::Flips, u"flipsFilterFlips"_s},
        {TestFlipModel::Filter::Fixed, u"flipsFilterFixed"_s},
        {TestFlipModel::Filter::Broken, u"flipsFilterBroken"_s},
        {TestFlipModel::Filter::OneSide, u"flipsFilterOneSide"_s},
        {TestFlipModel::Filter::All, u"flipsFilterAll"_s}};
    for (const auto &[filter, name] : filters) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setCheckable(true);
        button->setAutoRaise(true);
        m_filters->addButton(button, int(filter));
        filterRow->addWidget(button);
    }
    filterRow->addStretch(1);
    m_filters->button(int(TestFlipModel::Filter::Flips))->setChecked(true);
    connect(m_filters, &QButtonGroup::idClicked, this,
            [this](int id) { m_model->setFilter(TestFlipModel::Filter(id)); });

    m_view->setObjectName(u"flipsView"_s);
    m_view->setAccessibleName(tr("Tests that changed between A and B"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setItemDelegate(new OneLineDelegate(m_view)); // cells drawn from a cache
    m_view->verticalHeader()->hide();
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(TestFlipModel::PromptColumn, QHeaderView::Stretch);
    // One line per test, as the other tables; three of them in sight however short the window
    // (the Compare page scrolls instead, issue 58).
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setMinimumHeight(qMax(header->sizeHint().height(), m_view->fontMetrics().height() + 8) + 3 * m_view->verticalHeader()->defaultSectionSize() +
                             2 * m_view->frameWidth() + m_view->horizontalScrollBar()->sizeHint().height());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(filterRow);
    layout->addWidget(m_view);
    updateButtons();
}

void FlipsPanel::setComparison(const IterationComparison &comparison)
{
    m_model->setComparison(comparison);
    updateButtons();
}

void FlipsPanel::updateButtons()
{
    using F = TestFlipModel::Filter;
    const QList<QPair<F, QString>> labels{{F::Flips, tr("Flips (%1)")},
                                          {F::Fixed, tr("Fixed (%1)")},
                                          {F::Broken, tr("Broken (%1)")},
                                          {F::OneSide, tr("Only in A or B (%1)")},
                                          {F::All, tr("All tests (%1)")}};
    for (const auto &[filter, label] : labels) {
        QAbstractButton *button = m_filters->button(int(filter));
        button->setText(label.arg(m_model->count(filter)));
        button->setAccessibleName(button->text());
    }
    const DiffStyle style = DiffStyle::from(palette());
    m_model->setColors(style.better, style.worse);
}

void FlipsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateButtons();
}
