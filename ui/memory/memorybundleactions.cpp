// MemoryBrowserPanel: team bundles, Export… and Import… (the layout is in
// memorybrowserpanel.cpp).
#include "importbundledialog.h"
#include "memorybrowserpanel.h"
#include "models/memory/memoryundo.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

QString MemoryBrowserPanel::exportBundle(const QString &file, const QStringList &categories)
{
    const MemoryBundles::Exported e = MemoryBundles::collect(m_store, categories);
    QString error = e.error;
    if (error.isEmpty())
        error = e.bundle.writeFile(file);
    if (!error.isEmpty()) {
        report(tr("Nothing was exported: %1").arg(error), true);
        return error;
    }
    QString done = tr("Exported %1 learnings and %2 anti-patterns to %3.")
                       .arg(e.bundle.learningCount())
                       .arg(e.bundle.antiPatternCount())
                       .arg(QDir::toNativeSeparators(file));
    if (!e.skipped.isEmpty())
        done += u' ' + tr("Left out (unreadable): %1").arg(e.skipped.join(u"; "_s));
    report(done);
    return {};
}

QString MemoryBrowserPanel::importBundle(const QString &file)
{
    const MemoryBundle::Read read = MemoryBundle::readFile(file);
    if (!read.ok()) {
        const QString error =
            tr("The bundle was refused, nothing was imported: %1").arg(read.error);
        report(error, true);
        return error;
    }
    const MemoryBundle &bundle = *read.bundle;
    ImportBundleDialog dialog(file, bundle, MemoryBundles::plan(m_store, bundle), this);
    if (dialog.exec() != QDialog::Accepted) {
        report(tr("Import cancelled: nothing was written."));
        return {};
    }
    QStringList categories;
    for (const MemoryBundle::Category &c : bundle.categories)
        categories.append(c.key);
    MemoryBundles::Plan done;
    const QString error =
        m_undo->perform(tr("Import %1").arg(QFileInfo(file).fileName()), categories, [&] {
            done = MemoryBundles::apply(m_store, bundle);
            return done.errors.join(u'\n');
        });
    refresh();
    emit memoryChanged();
    if (!error.isEmpty()) {
        report(tr("The import stopped: %1").arg(error), true);
        return error;
    }
    using Item = MemoryBundles::Item;
    report(tr("Imported: %1 added, %2 corroborated, %3 skipped. Ctrl+Z undoes it.")
               .arg(done.count(Item::Add))
               .arg(done.count(Item::Corroborate))
               .arg(done.count(Item::Skip)));
    return {};
}

// Where the app's exports start (as the Runs and Profile pages' do): Documents, or the home
// when there is none.
static QString exportFolder()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QDir(documents).exists() ? documents : QDir::homePath();
}

void MemoryBrowserPanel::promptExport(bool all)
{
    const QString category = currentCategory();
    if (!all && category.isEmpty())
        return;
    const QString name = all ? u"memory-bundle.json"_s : category + u".bundle.json"_s;
    const QString file = QFileDialog::getSaveFileName(
        this, all ? tr("Export all categories") : tr("Export %1").arg(category),
        QDir(exportFolder()).filePath(name), tr("Memory bundles (*.json)"));
    if (!file.isEmpty())
        exportBundle(file, all ? QStringList() : QStringList{category});
}

void MemoryBrowserPanel::promptImport()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Import a memory bundle"), exportFolder(), tr("Memory bundles (*.json)"));
    if (!file.isEmpty())
        importBundle(file);
}
