#include "categorydetailswidget.h"

#include "reports/displayformat.h"
#include "memorystore/memorycurator.h"
#include "models/memory/memoryundo.h"

#include <QAction>
#include <QApplication>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QListWidget>
#include <QPushButton>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

CategoryDetailsWidget::CategoryDetailsWidget(const MemoryStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
{
    auto *antiBox = new QGroupBox(tr("Anti-patterns"), this);
    m_antiPatterns = new QListWidget(antiBox);
    m_antiPatterns->setObjectName(u"antiPatternsView"_s);
    m_antiPatterns->setAccessibleName(tr("Anti-patterns"));
    m_antiPatterns->setEditTriggers(QAbstractItemView::DoubleClicked |
                                    QAbstractItemView::EditKeyPressed);
    m_antiPatterns->setWordWrap(true);
    m_add = new QPushButton(tr("Add…", "an anti-pattern; Alt+D is the learning's Add"), antiBox);
    m_add->setObjectName(u"addAntiPattern"_s);
    m_remove = new QPushButton(tr("Remove"), antiBox);
    m_remove->setObjectName(u"removeAntiPattern"_s);
    auto *del = new QAction(tr("Remove anti-pattern"), m_antiPatterns);
    del->setShortcut(QKeySequence::Delete);
    del->setShortcutContext(Qt::WidgetShortcut);
    m_antiPatterns->addAction(del);
    auto *antiButtons = new QHBoxLayout;
    antiButtons->addWidget(m_add);
    antiButtons->addWidget(m_remove);
    antiButtons->addStretch();
    auto *antiLayout = new QVBoxLayout(antiBox);
    antiLayout->addWidget(m_antiPatterns);
    antiLayout->addLayout(antiButtons);

    auto *bestBox = new QGroupBox(tr("Best-known topic"), this);
    m_best = new QTextBrowser(bestBox);
    m_best->setObjectName(u"bestKnownView"_s);
    m_best->setAccessibleName(tr("Best-known topic"));
    m_seed = new QPushButton(tr("Use as &seed for a new run"), bestBox);
    m_seed->setObjectName(u"useAsSeed"_s);
    auto *bestLayout = new QVBoxLayout(bestBox);
    bestLayout->addWidget(m_best);
    bestLayout->addWidget(m_seed, 0, Qt::AlignLeft);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(antiBox, 1);
    layout->addWidget(bestBox, 1);

    connect(m_antiPatterns, &QListWidget::itemChanged, this, &CategoryDetailsWidget::onItemChanged);
    connect(m_antiPatterns, &QListWidget::currentRowChanged, this,
            [this](int row) { m_remove->setEnabled(isListRow(row)); });
    connect(m_add, &QPushButton::clicked, this, &CategoryDetailsWidget::promptAdd);
    connect(m_remove, &QPushButton::clicked, this, &CategoryDetailsWidget::removeCurrent);
    connect(del, &QAction::triggered, this, &CategoryDetailsWidget::removeCurrent);
    connect(m_seed, &QPushButton::clicked, this, [this] {
        if (m_memory.bestKnown)
            emit seedRequested(m_memory.bestKnown->topic.description,
                               m_memory.bestKnown->topic.examples);
    });
    setCategory(QString(), {});
}

void CategoryDetailsWidget::setCategory(const QString &category, const CategoryMemory &memory)
{
    const int row = m_antiPatterns->currentRow();
    m_category = category;
    m_memory = memory;
    {
        const QSignalBlocker block(m_antiPatterns);
        // Keep an open editor: a refresh while someone types must not throw the text away.
        const QWidget *focus = QApplication::focusWidget();
        if (!focus || !m_antiPatterns->viewport()->isAncestorOf(focus)) {
            m_antiPatterns->clear();
            for (const QString &a : memory.antiPatterns) {
                auto *item = new QListWidgetItem(a, m_antiPatterns);
                item->setFlags(item->flags() | Qt::ItemIsEditable);
            }
            for (const Learning &l : memory.learnings) {
                if (!l.isAntiPattern())
                    continue;
                auto *item = new QListWidgetItem(l.insight, m_antiPatterns);
                item->setData(LearningIdRole, l.id);
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
                item->setToolTip(tr("A learning rejected until it turned into an anti-pattern "
                                    "(%1). Edit or delete it in the learnings table.")
                                     .arg(l.id));
            }
            m_antiPatterns->setCurrentRow(std::min(row, m_antiPatterns->count() - 1));
        }
    }
    m_add->setEnabled(!category.isEmpty());
    m_remove->setEnabled(isListRow(m_antiPatterns->currentRow()));

    m_seed->setEnabled(memory.bestKnown.has_value());
    if (!memory.bestKnown) {
        m_best->setHtml(u"<p><i>"_s + tr("No best-known topic yet.").toHtmlEscaped() +
                        u"</i></p>"_s);
        return;
    }
    const BestKnown &b = *memory.bestKnown;
    const EfficacyMetrics e = b.efficacy();
    QString html = u"<p><b>"_s + b.topic.name.toHtmlEscaped() + u"</b><br>"_s +
                   b.topic.description.toHtmlEscaped() + u"</p>"_s;
    if (!b.topic.examples.isEmpty()) {
        html += u"<ul>"_s;
        for (const QString &ex : b.topic.examples)
            html += u"<li>"_s + ex.toHtmlEscaped() + u"</li>"_s;
        html += u"</ul>"_s;
    }
    html += u"<table cellspacing=\"4\">"_s;
    const auto row2 = [&html](const QString &label, const QString &value) {
        html += u"<tr><td>"_s + label.toHtmlEscaped() + u"</td><td><b>"_s +
                value.toHtmlEscaped() + u"</b></td></tr>"_s;
    };
    row2(tr("Coverage"), DisplayFormat::percent(e.coverage));
    row2(tr("TPR"), DisplayFormat::percent(e.truePositiveRate));
    row2(tr("TNR"), DisplayFormat::percent(e.trueNegativeRate));
    row2(tr("Accuracy"), DisplayFormat::percent(e.accuracy));
    row2(tr("F1"), DisplayFormat::percent(e.f1Score));
    row2(tr("Run"), tr("%1, iteration %2").arg(b.runId).arg(b.iteration));
    html += u"</table>"_s;
    m_best->setHtml(html);
}

QString CategoryDetailsWidget::done(const QString &error)
{
    if (error.isEmpty())
        emit changed();
    else
        emit failed(error);
    return error;
}

QString CategoryDetailsWidget::run(const QString &text, const std::function<QString()> &step)
{
    return done(m_undo ? m_undo->perform(text, {m_category}, step) : step());
}

QString CategoryDetailsWidget::addAntiPattern(const QString &text)
{
    if (text.trimmed().isEmpty())
        return done(tr("An anti-pattern cannot be empty."));
    return run(tr("Add anti-pattern"), [&] {
        return MemoryCurator(m_store).addAntiPattern(m_category, text.trimmed());
    });
}

QString CategoryDetailsWidget::editAntiPattern(int index, const QString &text)
{
    if (text.trimmed().isEmpty())
        return done(tr("An anti-pattern cannot be empty."));
    return run(tr("Edit anti-pattern"), [&] {
        return MemoryCurator(m_store).editAntiPattern(m_category, index, text.trimmed());
    });
}

QString CategoryDetailsWidget::removeAntiPattern(int index)
{
    return run(tr("Remove anti-pattern"),
               [&] { return MemoryCurator(m_store).removeAntiPattern(m_category, index); });
}

void CategoryDetailsWidget::onItemChanged(QListWidgetItem *item)
{
    const int index = m_antiPatterns->row(item);
    if (isListRow(index) && item->text() != m_memory.antiPatterns.at(index))
        editAntiPattern(index, item->text());
}

void CategoryDetailsWidget::promptAdd()
{
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Add anti-pattern"),
                                               tr("What to avoid in %1:").arg(m_category),
                                               QLineEdit::Normal, QString(), &ok);
    if (ok && !text.trimmed().isEmpty())
        addAntiPattern(text);
}

void CategoryDetailsWidget::removeCurrent()
{
    const int row = m_antiPatterns->currentRow();
    if (isListRow(row))
        removeAntiPattern(row);
}
