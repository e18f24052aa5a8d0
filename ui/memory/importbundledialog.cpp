#include "importbundledialog.h"

#include "domain/nanoid.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
int countOf(const MemoryBundles::Plan &plan, MemoryBundles::Item::Kind kind, bool antiPattern)
{
    return int(std::count_if(plan.items.cbegin(), plan.items.cend(), [&](const auto &i) {
        return i.kind == kind && i.antiPattern == antiPattern;
    }));
}
} // namespace

ImportBundleDialog::ImportBundleDialog(const QString &file, const MemoryBundle &bundle,
                                       const MemoryBundles::Plan &plan, QWidget *parent)
    : QDialog(parent)
    , m_summary(new QLabel(this))
    , m_items(new QTreeWidget(this))
{
    using Item = MemoryBundles::Item;
    setObjectName(u"importBundleDialog"_s);
    setWindowTitle(tr("Import memory bundle"));
    const QString exported =
        bundle.exportedAt.isValid()
            ? QLocale().toString(bundle.exportedAt.toLocalTime(), QLocale::ShortFormat)
            : tr("an unknown date");
    const int skipped = plan.count(Item::Skip);
    m_summary->setObjectName(u"importSummary"_s);
    m_summary->setWordWrap(true);
    const auto learnings = [](int n) {
        return n == 1 ? tr("1 learning") : tr("%1 learnings").arg(n);
    };
    const auto antiPatterns = [](int n) {
        return n == 1 ? tr("1 anti-pattern") : tr("%1 anti-patterns").arg(n);
    };
    m_summary->setText(
        tr("%1 holds %2 and %3 in %4 categories, exported %5.")
            .arg(QFileInfo(file).fileName(), learnings(bundle.learningCount()),
                 antiPatterns(bundle.antiPatternCount()))
            .arg(bundle.categories.size())
            .arg(exported) +
        u"\n"_s +
        tr("The import will add %1 and %2, corroborate %3 and skip %4. Ctrl+Z undoes it.")
            .arg(learnings(countOf(plan, Item::Add, false)),
                 antiPatterns(countOf(plan, Item::Add, true)),
                 learnings(plan.count(Item::Corroborate)),
                 skipped == 1 ? tr("1 item") : tr("%1 items").arg(skipped)));

    m_items->setObjectName(u"importItems"_s);
    m_items->setAccessibleName(tr("What the import does"));
    m_items->setRootIsDecorated(false);
    m_items->setUniformRowHeights(true);
    m_items->setHeaderLabels({tr("Action"), tr("Category"), tr("Item"), tr("Note")});
    for (const Item &i : plan.items) {
        QString action, note;
        switch (i.kind) {
        case Item::Add:
            action = tr("add");
            break;
        case Item::Corroborate:
            action = tr("corroborate");
            note = tr("seen again: %1").arg(NanoId::shortId(i.targetId));
            break;
        case Item::Skip:
            action = tr("skip");
            note = i.reason == "already listed"_L1 ? tr("already listed") : i.reason;
            break;
        }
        const QString text = i.antiPattern ? tr("Anti-pattern: %1").arg(i.text) : i.text;
        auto *row = new QTreeWidgetItem(m_items, {action, i.category, text, note});
        row->setToolTip(2, text);
        row->setToolTip(3, note);
    }
    m_items->header()->resizeSection(0, 90);
    m_items->header()->resizeSection(1, 230);
    m_items->header()->resizeSection(2, 360);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->setObjectName(u"importButtons"_s);
    QPushButton *import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    import->setObjectName(u"importConfirm"_s);
    import->setEnabled(plan.changesAnything());
    import->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_items, 1);
    layout->addWidget(buttons);
    resize(860, 480);
}

QString ImportBundleDialog::summary() const
{
    return m_summary->text();
}
