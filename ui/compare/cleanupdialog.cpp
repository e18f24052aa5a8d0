#include "cleanupdialog.h"

#include "models/session/tenantcleanup.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

CleanupDialog::CleanupDialog(ManagementClient *client, const QString &runsDirectory, const QString &auditsHome,
                             QWidget *parent)
    : QDialog(parent)
    , m_cleanup(new TenantCleanup(client, runsDirectory, auditsHome, this))
    , m_status(new QLabel(this))
    , m_list(new QPlainTextEdit(this))
{
    setObjectName(u"cleanupDialog"_s);
    setWindowTitle(tr("Clean Up AIRS"));
    setAccessibleName(tr("Clean up what stopped runs left on AIRS"));
    setWindowModality(Qt::WindowModal);
    resize(640, 420);
    m_status->setObjectName(u"cleanupStatus"_s);
    m_status->setWordWrap(true);
    m_list->setObjectName(u"cleanupList"_s);
    m_list->setAccessibleName(tr("What will be deleted"));
    m_list->setReadOnly(true);
    m_list->setLineWrapMode(QPlainTextEdit::WidgetWidth);

    auto *buttons = new QDialogButtonBox(this);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(u"cleanupCloseButton"_s);
    m_delete = buttons->addButton(tr("&Delete these"), QDialogButtonBox::DestructiveRole);
    m_delete->setObjectName(u"cleanupDeleteButton"_s);
    m_delete->setAutoDefault(false);
    connect(m_close, &QPushButton::clicked, this, &CleanupDialog::reject);
    connect(m_delete, &QPushButton::clicked, this, [this] {
        m_delete->setEnabled(false);
        m_close->setEnabled(false);
        m_status->setText(tr("Deleting…"));
        m_cleanup->clean();
    });
    connect(m_cleanup, &TenantCleanup::progress, this, [this](const QString &line) { m_list->appendPlainText(line); });
    connect(m_cleanup, &TenantCleanup::finished, this, &CleanupDialog::showFinished);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    m_cleanup->scan();
    showFound();
}

CleanupDialog::~CleanupDialog() = default;

void CleanupDialog::reject()
{
    if (m_cleanup->isBusy())
        return; // the run files must say what is left
    QDialog::reject();
}

void CleanupDialog::showFound()
{
    const QStringList plan = m_cleanup->plan();
    QStringList text = plan;
    for (const QString &note : m_cleanup->found().notes)
        text.append(tr("Passed over: %1").arg(note));
    m_list->setPlainText(text.join(u'\n'));
    m_delete->setVisible(!plan.isEmpty());
    m_delete->setEnabled(!plan.isEmpty());
    m_status->setText(plan.isEmpty()
                          ? tr("No stopped run, audit or impact check has anything left on AIRS.")
                          : tr("Stopped runs, audits or impact checks left these on AIRS (killed, or AIRS refused "
                               "their clean-up). Nothing is deleted until you choose Delete."));
}

void CleanupDialog::showFinished()
{
    m_close->setEnabled(true);
    m_delete->setVisible(false);
    for (const QString &p : m_cleanup->problems())
        m_list->appendPlainText(tr("Not done: %1").arg(p));
    m_status->setText(m_cleanup->remaining() == 0
                          ? tr("Done: nothing the runs created is left on AIRS.")
                          : tr("%n run(s) still have objects on AIRS: see the reasons below, then try again.", nullptr,
                               m_cleanup->remaining()));
}
