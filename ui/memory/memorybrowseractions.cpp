// MemoryBrowserPanel: the curation steps behind its buttons (the layout is in
// memorybrowserpanel.cpp).
#include "addlearningdialog.h"
#include "memorybrowserpanel.h"
#include "models/memory/deletelearningcommand.h"
#include "models/memory/learningtablemodel.h"

#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {
QString shortened(const QString &text)
{
    return text.size() > 80 ? text.left(79) + u'…' : text;
}
} // namespace

void MemoryBrowserPanel::report(const QString &message, bool error)
{
    m_status->setText(message);
    m_status->setStyleSheet(error ? u"color: palette(highlighted-text); background: #b3261e;"_s
                                  : QString());
    m_status->setAccessibleDescription(message);
}

QString MemoryBrowserPanel::statusText() const
{
    return m_status->text();
}

void MemoryBrowserPanel::updateButtons()
{
    const QString id = currentLearningId();
    const Learning *l = m_learnings->memory().learning(id);
    m_confirm->setEnabled(l);
    m_reject->setEnabled(l);
    m_approve->setEnabled(l && l->isPending());
    m_delete->setEnabled(l);
    m_add->setEnabled(!currentCategory().isEmpty());
    m_merge->setEnabled(selectedLearningIds().size() == 2);
}

QString MemoryBrowserPanel::afterStep(const MemoryCurator::Result &result, const QString &done)
{
    if (!result.ok()) {
        report(result.error, true);
        return result.error;
    }
    report(done);
    refresh();
    emit memoryChanged();
    return {};
}

QString MemoryBrowserPanel::confirmCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    const MemoryCurator::Result r = MemoryCurator(m_store).confirm(currentCategory(), id);
    return afterStep(r, r.learning ? tr("Confirmed: confidence now %1.")
                                         .arg(QString::number(r.learning->confidenceValue(), 'f', 2))
                                   : QString());
}

QString MemoryBrowserPanel::rejectCurrent()
{
    const QString id = currentLearningId();
    const Learning *before = m_learnings->memory().learning(id);
    if (!before)
        return tr("Select a learning first.");
    const bool wasAntiPattern = before->isAntiPattern();
    const MemoryCurator::Result r = MemoryCurator(m_store).reject(currentCategory(), id);
    QString done;
    if (r.learning && !wasAntiPattern && r.learning->isAntiPattern())
        done = tr("Rejected below %1: the learning is now an anti-pattern: “%2”")
                   .arg(QString::number(Learning::InvertBelow, 'f', 2),
                        shortened(r.learning->insight));
    else if (r.learning)
        done = tr("Rejected: confidence now %1.")
                   .arg(QString::number(r.learning->confidenceValue(), 'f', 2));
    return afterStep(r, done);
}

QString MemoryBrowserPanel::approveCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    return afterStep(MemoryCurator(m_store).approve(currentCategory(), id),
                     tr("Approved: the learning is active and will be injected."));
}

QString MemoryBrowserPanel::deleteCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    auto *command = new DeleteLearningCommand(m_store, currentCategory(), id);
    m_undo->push(command); // runs redo(); an obsolete (failed) command is deleted by the stack
    if (m_undo->count() == 0 || m_undo->command(m_undo->index() - 1) != command) {
        const QString error = tr("Could not delete the learning %1.").arg(id);
        report(error, true);
        refresh();
        return error;
    }
    report(tr("Deleted. Ctrl+Z brings it back."));
    return {};
}

QString MemoryBrowserPanel::addLearning(const NewLearning &learning)
{
    const QString category = currentCategory();
    if (category.isEmpty())
        return tr("Select a category first.");
    const MemoryCurator::Result r = MemoryCurator(m_store).add(category, learning);
    const QString error = afterStep(r, tr("Added."));
    if (error.isEmpty() && r.learning)
        selectLearning(r.learning->id);
    return error;
}

QString MemoryBrowserPanel::mergeLearnings(const QString &keepId, const QString &mergedId)
{
    const MemoryCurator::Result r =
        MemoryCurator(m_store).merge(currentCategory(), keepId, mergedId);
    const QString error =
        afterStep(r, r.learning ? tr("Merged: seen %1× now.").arg(r.learning->corroborations + 1)
                                : QString());
    if (error.isEmpty())
        selectLearning(keepId);
    return error;
}

void MemoryBrowserPanel::promptAdd()
{
    AddLearningDialog dialog(currentCategory(), this);
    if (dialog.exec() == QDialog::Accepted)
        addLearning(dialog.learning());
}

void MemoryBrowserPanel::promptMerge()
{
    const QStringList ids = selectedLearningIds();
    if (ids.size() != 2)
        return;
    const QString keep = ids.contains(currentLearningId()) ? currentLearningId() : ids.first();
    const QString merged = ids.at(ids.at(0) == keep ? 1 : 0);
    const Learning *a = m_learnings->memory().learning(keep);
    const Learning *b = m_learnings->memory().learning(merged);
    if (!a || !b)
        return;
    const auto answer = QMessageBox::question(
        this, tr("Merge learnings"),
        tr("Keep “%1” and merge “%2” into it? Their seen counts add up; this cannot be undone.")
            .arg(shortened(a->insight), shortened(b->insight)));
    if (answer == QMessageBox::Yes)
        mergeLearnings(keep, merged);
}
