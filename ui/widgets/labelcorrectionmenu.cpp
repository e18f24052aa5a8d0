#include "labelcorrectionmenu.h"

#include "models/runsession.h"
#include "models/studiocontext.h"

#include <QAbstractItemView>
#include <QAction>
#include <QMenu>
#include <QMessageBox>

using namespace Qt::StringLiterals;

namespace {
QString labelText(bool expectedTriggered)
{
    return expectedTriggered ? LabelCorrectionMenu::tr("should trigger")
                             : LabelCorrectionMenu::tr("should not trigger");
}
} // namespace

LabelCorrectionMenu *LabelCorrectionMenu::install(QAbstractItemView *view, StudioContext *context,
                                                  int promptRole, int expectedRole)
{
    Q_ASSERT(view);
    return new LabelCorrectionMenu(view, context, promptRole, expectedRole);
}

LabelCorrectionMenu::LabelCorrectionMenu(QAbstractItemView *view, StudioContext *context,
                                         int promptRole, int expectedRole)
    : QObject(view)
    , m_view(view)
    , m_context(context)
    , m_promptRole(promptRole)
    , m_expectedRole(expectedRole)
    , m_toggle(new QAction(tr("Mark or undo a corrected label"), view))
{
    setObjectName(u"labelCorrectionMenu"_s);
    m_toggle->setObjectName(u"toggleLabelCorrectionAction"_s);
    m_toggle->setShortcut(QKeySequence(tr("Ctrl+L")));
    m_toggle->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_toggle, &QAction::triggered, this, &LabelCorrectionMenu::toggleCurrent);
    view->addAction(m_toggle);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, &LabelCorrectionMenu::showMenu);
}

bool LabelCorrectionMenu::isCorrected(const QString &prompt) const
{
    return m_context && m_context->session()->run().steering.correctionFor(prompt);
}

QMenu *LabelCorrectionMenu::createMenu(const QModelIndex &index)
{
    auto *menu = new QMenu(m_view);
    menu->setObjectName(u"labelCorrectionPopup"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const QString prompt = index.data(m_promptRole).toString();
    const bool usable = m_context && m_context->session()->hasRun() && !prompt.isEmpty();
    const bool corrected = usable && isCorrected(prompt);
    const bool label = index.data(m_expectedRole).toBool(); // the label in force now
    const QString key = u'\t' + QKeySequence(tr("Ctrl+L")).toString(QKeySequence::NativeText);

    // Each action says what the label becomes.
    QAction *mark = menu->addAction(
        usable && !corrected ? tr("Mark expected label as wrong: it %1").arg(labelText(!label))
                             : tr("Mark expected label as wrong"));
    mark->setObjectName(u"markLabelWrongAction"_s);
    mark->setEnabled(usable && !corrected);
    QAction *undo =
        menu->addAction(corrected ? tr("Undo label correction: back to %1").arg(labelText(!label))
                                  : tr("Undo label correction"));
    undo->setObjectName(u"undoLabelCorrectionAction"_s);
    undo->setEnabled(corrected);
    (corrected ? undo : mark)->setText((corrected ? undo : mark)->text() + key);
    const QString why =
        !m_context || !m_context->session()->hasRun() ? tr("Open a run to correct its labels.")
        : prompt.isEmpty()                            ? tr("Pick a test first.")
        : corrected ? tr("You corrected this label; undo to restore the original one.")
                    : tr("The metrics of every iteration that scanned this prompt are recomputed.");
    mark->setStatusTip(why);
    undo->setStatusTip(why);
    menu->setToolTipsVisible(true);
    mark->setToolTip(why);
    undo->setToolTip(why);
    // The row's label is the one marked wrong: it becomes what the action says, whatever label
    // other iterations gave the prompt.
    connect(mark, &QAction::triggered, this, [this, prompt, label] { apply(prompt, false, label); });
    connect(undo, &QAction::triggered, this, [this, prompt] { apply(prompt, true); });
    return menu;
}

void LabelCorrectionMenu::showMenu(const QPoint &pos)
{
    if (!m_view)
        return;
    const QModelIndex index = m_view->indexAt(pos);
    if (index.isValid())
        m_view->setCurrentIndex(index);
    createMenu(index)->popup(m_view->viewport()->mapToGlobal(pos));
}

void LabelCorrectionMenu::toggleCurrent()
{
    if (!m_view || !m_context)
        return;
    const QModelIndex current = m_view->currentIndex();
    const QString prompt = current.data(m_promptRole).toString();
    if (prompt.isEmpty() || !m_context->session()->hasRun())
        return;
    const bool corrected = isCorrected(prompt);
    apply(prompt, corrected, corrected ? std::nullopt : std::optional(current.data(m_expectedRole).toBool()));
}

void LabelCorrectionMenu::apply(const QString &prompt, bool undo, std::optional<bool> wrong)
{
    if (!m_context)
        return;
    const QString error = m_context->correctLabel(prompt, undo, wrong);
    if (error.isEmpty() || !m_view)
        return;
    if (m_error)
        m_error->close();
    m_error = new QMessageBox(QMessageBox::Warning,
                              undo ? tr("The correction cannot be undone")
                                   : tr("The label cannot be corrected"),
                              error, QMessageBox::Ok, m_view);
    m_error->setObjectName(u"labelCorrectionError"_s);
    m_error->setAttribute(Qt::WA_DeleteOnClose);
    m_error->open();
}
