// MemoryBrowserPanel: the curation steps behind its buttons (the layout is in
// memorybrowserpanel.cpp).
#include "addlearningdialog.h"
#include "memorybrowserpanel.h"
#include "models/memory/learningtablemodel.h"
#include "reports/displayformat.h"
#include "models/memory/memoryundo.h"

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
    m_edit->setEnabled(l);
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

QString MemoryBrowserPanel::curate(const QString &text,
                                   const std::function<MemoryCurator::Result()> &step,
                                   const std::function<QString(const MemoryCurator::Result &)> &done)
{
    MemoryCurator::Result r;
    const QString error = m_undo->perform(text, {currentCategory()}, [&] {
        r = step();
        return r.error;
    });
    if (!error.isEmpty())
        r.error = error;
    return afterStep(r, r.ok() ? done(r) : QString());
}

QString MemoryBrowserPanel::confirmCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    const QString category = currentCategory();
    return curate(
        tr("Confirm learning"), [&] { return MemoryCurator(m_store).confirm(category, id); },
        [](const MemoryCurator::Result &r) {
            return tr("Confirmed: confidence now %1.")
                .arg(DisplayFormat::number(r.learning->confidenceValue(), 2));
        });
}

QString MemoryBrowserPanel::rejectCurrent()
{
    const QString id = currentLearningId();
    const Learning *before = m_learnings->memory().learning(id);
    if (!before)
        return tr("Select a learning first.");
    const bool wasAntiPattern = before->isAntiPattern();
    const QString category = currentCategory();
    return curate(
        tr("Reject learning"), [&] { return MemoryCurator(m_store).reject(category, id); },
        [wasAntiPattern](const MemoryCurator::Result &r) {
            if (!wasAntiPattern && r.learning->isAntiPattern())
                return tr("Rejected below %1: the learning is now an anti-pattern: “%2”")
                    .arg(DisplayFormat::number(Learning::InvertBelow, 2),
                         shortened(r.learning->insight));
            return tr("Rejected: confidence now %1.")
                .arg(DisplayFormat::number(r.learning->confidenceValue(), 2));
        });
}

QString MemoryBrowserPanel::approveCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    const QString category = currentCategory();
    return curate(
        tr("Approve learning"), [&] { return MemoryCurator(m_store).approve(category, id); },
        [](const MemoryCurator::Result &) {
            return tr("Approved: the learning is active and will be injected.");
        });
}

QString MemoryBrowserPanel::deleteCurrent()
{
    const QString id = currentLearningId();
    if (id.isEmpty())
        return tr("Select a learning first.");
    const QString category = currentCategory();
    return curate(
        tr("Delete learning"), [&] { return MemoryCurator(m_store).remove(category, id); },
        [](const MemoryCurator::Result &) { return tr("Deleted. Ctrl+Z brings it back."); });
}

QString MemoryBrowserPanel::addLearning(const NewLearning &learning)
{
    const QString category = currentCategory();
    if (category.isEmpty())
        return tr("Select a category first.");
    QString id;
    const QString error = curate(
        tr("Add learning"), [&] { return MemoryCurator(m_store).add(category, learning); },
        [&id](const MemoryCurator::Result &r) {
            id = r.learning->id;
            return tr("Added.");
        });
    if (error.isEmpty())
        selectLearning(id);
    return error;
}

QString MemoryBrowserPanel::mergeLearnings(const QString &keepId, const QString &mergedId)
{
    const QString category = currentCategory();
    const QString error = curate(
        tr("Merge learnings"),
        [&] { return MemoryCurator(m_store).merge(category, keepId, mergedId); },
        [](const MemoryCurator::Result &r) {
            return tr("Merged: seen %1× now.").arg(r.learning->corroborations + 1);
        });
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

void MemoryBrowserPanel::promptEdit()
{
    const Learning *l = m_learnings->memory().learning(currentLearningId());
    if (!l)
        return;
    auto *dialog = new AddLearningDialog(currentCategory(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setLearning(*l);
    const Learning before = *l;
    connect(dialog, &QDialog::accepted, this, [this, dialog, before] {
        const NewLearning edited = dialog->learning();
        LearningPatch patch;
        if (edited.insight != before.insight)
            patch.insight = edited.insight;
        if (edited.strategy != before.strategy)
            patch.strategy = edited.strategy;
        if (edited.outcome != before.outcome)
            patch.outcome = edited.outcome;
        if (edited.changeType != before.changeType)
            patch.changeType = edited.changeType;
        if (edited.tags != before.tags)
            patch.tags = edited.tags;
        if (patch.insight || patch.strategy || patch.outcome || patch.changeType || patch.tags)
            m_learnings->edit(before.id, patch);
    });
    dialog->open();
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
        tr("Keep “%1” and merge “%2” into it? Their seen counts add up (Ctrl+Z undoes it).")
            .arg(shortened(a->insight), shortened(b->insight)));
    if (answer == QMessageBox::Yes)
        mergeLearnings(keep, merged);
}
