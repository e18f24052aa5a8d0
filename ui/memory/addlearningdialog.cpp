#include "addlearningdialog.h"
#include "models/memory/learningtablemodel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QPushButton>
#include <QKeyEvent>
#include <QKeySequence>

using namespace Qt::StringLiterals;

AddLearningDialog::AddLearningDialog(const QString &category, QWidget *parent)
    : QDialog(parent)
    , m_insight(new QPlainTextEdit(this))
    , m_strategy(new QLineEdit(this))
    , m_outcome(new QComboBox(this))
    , m_changeType(new QComboBox(this))
    , m_tags(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"addLearningDialog"_s);
    setWindowTitle(tr("Add a learning to %1").arg(category));
    m_insight->setObjectName(u"newInsight"_s);
    m_insight->setTabChangesFocus(true);
    m_insight->setPlaceholderText(tr("What works, or what does not, for this category"));
    // Room for an insight of several sentences, wrapped as it is read.
    m_insight->setMinimumSize(m_insight->fontMetrics().averageCharWidth() * 60,
                              m_insight->fontMetrics().lineSpacing() * 6);
    m_strategy->setObjectName(u"newStrategy"_s);
    m_outcome->setObjectName(u"newOutcome"_s);
    for (const QString &key : {u"improved"_s, u"degraded"_s, u"neutral"_s})
        m_outcome->addItem(LearningTableModel::outcomeText(key), key);
    m_changeType->setObjectName(u"newChangeType"_s);
    // What the iteration changed, in words; the stored key stays the data (and the tooltip).
    for (const QString &key : {u"initial"_s, u"description-only"_s, u"examples-only"_s, u"both"_s})
        m_changeType->addItem(LearningTableModel::changeTypeText(key), key);
    m_tags->setObjectName(u"newTags"_s);
    m_tags->setPlaceholderText(tr("comma, separated"));

    auto *form = new QFormLayout(this);
    m_source = new QLabel(tr("Source: person"), this);
    form->addRow(m_source);
    form->addRow(tr("&Insight:"), m_insight);
    form->addRow(tr("St&rategy:"), m_strategy); // Alt+S is Save
    form->addRow(tr("&Outcome:"), m_outcome);
    form->addRow(tr("&Change type:"), m_changeType);
    form->addRow(tr("&Tags:"), m_tags);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_insight, &QPlainTextEdit::textChanged, this, &AddLearningDialog::validate);
    // Return makes a new line in the insight: Ctrl+Return saves (the text field would take
    // the keys before a shortcut sees them, so they are caught on their way to it).
    m_insight->installEventFilter(this);
    m_buttons->button(QDialogButtonBox::Ok)->setToolTip(
        QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText));
    validate();
}

void AddLearningDialog::setLearning(const Learning &learning)
{
    setObjectName(u"editLearningDialog"_s);
    setWindowTitle(tr("Edit a learning"));
    m_source->setText(tr("Source: %1").arg(learning.source.value_or(tr("run %1").arg(learning.runId))));
    m_insight->setPlainText(learning.insight);
    m_strategy->setText(learning.strategy);
    m_strategy->setCursorPosition(0); // long texts open at their start, not scrolled to the end
    if (const int i = m_outcome->findData(learning.outcome); i >= 0)
        m_outcome->setCurrentIndex(i);
    if (const int i = m_changeType->findData(learning.changeType); i >= 0)
        m_changeType->setCurrentIndex(i);
    m_tags->setText(learning.tags.join(u", "_s));
    m_tags->setCursorPosition(0);
    m_insight->moveCursor(QTextCursor::Start);
    m_insight->ensureCursorVisible();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Save"));
}

bool AddLearningDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_insight && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            key->modifiers().testFlag(Qt::ControlModifier)) {
            if (m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
                accept();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void AddLearningDialog::validate()
{
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(!m_insight->toPlainText().trimmed().isEmpty());
}

NewLearning AddLearningDialog::learning() const
{
    NewLearning l;
    l.insight = m_insight->toPlainText().trimmed();
    l.strategy = m_strategy->text().trimmed();
    l.outcome = m_outcome->currentData().toString();
    l.changeType = m_changeType->currentData().toString();
    for (const QString &t : m_tags->text().split(u',', Qt::SkipEmptyParts)) {
        if (!t.trimmed().isEmpty())
            l.tags.append(t.trimmed());
    }
    return l;
}
