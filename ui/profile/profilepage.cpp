#include "profilepage.h"

#include "reports/displayformat.h"
#include "models/profile/auditmodels.h"
#include "models/session/profileauditcontroller.h"
#include "models/studiocontext.h"
#include "ui/widgets/wrappinglabel.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
QTableView *table(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    return view;
}
} // namespace

ProfilePage::ProfilePage(StudioContext *context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_controller(new ProfileAuditController({[context] { return context->auditsHome(); },
                                               [context](QString *error) { return context->runEnvironment(error); }},
                                              this))
    , m_profile(new QComboBox(this))
    , m_audit(new QPushButton(tr("Au&dit…"), this))
    , m_cancel(new QPushButton(tr("Cancel audit"), this))
    , m_export(new QPushButton(tr("E&xport HTML…"), this))
    , m_progress(new QProgressBar(this))
    , m_step(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_topicsModel(new AuditTopicsModel(this))
    , m_matrixModel(new ConflictMatrixModel(this))
    , m_conflictsModel(new ConflictListModel(this))
    , m_topics(table(m_topicsModel, u"auditTopics"_s, this))
    , m_matrix(table(m_matrixModel, u"conflictMatrix"_s, this))
    , m_conflicts(table(m_conflictsModel, u"conflictList"_s, this))
{
    setObjectName(u"profilePage"_s);
    m_profile->setObjectName(u"auditProfile"_s);
    m_profile->setEditable(true);
    m_profile->setMinimumContentsLength(18);
    m_audit->setObjectName(u"auditButton"_s);
    m_audit->setToolTip(tr("Scan every custom topic of the profile together, in a scratch copy of it "
                           "(the cost is shown before it starts)"));
    m_cancel->setObjectName(u"cancelAuditButton"_s);
    m_export->setObjectName(u"exportAuditButton"_s);
    m_progress->setObjectName(u"auditProgress"_s);
    m_step->setObjectName(u"auditStep"_s);
    m_step->setTextFormat(Qt::PlainText);
    m_summary->setObjectName(u"auditSummary"_s);
    m_summary->setTextFormat(Qt::PlainText);
    makeWrappingLabel(m_summary);
    makeWrappingLabel(m_step);
    m_tabs->setObjectName(u"auditTabs"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_topics, tr("&Topics"));
    m_tabs->addTab(m_matrix, tr("Conflict matr&ix"));
    m_tabs->addTab(m_conflicts, tr("Conflict&s"));
    m_topics->verticalHeader()->hide();
    m_conflicts->verticalHeader()->hide();
    m_topics->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_topics->horizontalHeader()->setSectionResizeMode(AuditTopicsModel::TopicColumn, QHeaderView::Stretch);
    // The prompt takes the width; the topics' names and the label are as wide as their text, up
    // to a limit (sizeConflictColumns), cut with "…" and whole in the tooltip.
    m_conflicts->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_conflicts->horizontalHeader()->setSectionResizeMode(ConflictListModel::PromptColumn, QHeaderView::Stretch);
    m_conflicts->horizontalHeader()->setMinimumSectionSize(m_conflicts->fontMetrics().averageCharWidth() * 8);
    m_conflicts->setTextElideMode(Qt::ElideRight);
    m_matrix->setSelectionBehavior(QAbstractItemView::SelectItems);

    auto *label = new QLabel(tr("Profil&e:"), this);
    label->setBuddy(m_profile);
    auto *top = new QHBoxLayout;
    top->addWidget(label);
    top->addWidget(m_profile, 1);
    top->addWidget(m_audit);
    top->addWidget(m_export);
    auto *busy = new QHBoxLayout;
    busy->addWidget(m_progress, 1);
    busy->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_step);
    layout->addLayout(busy);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);
    setBusy(false);
    setStep({});
    show(std::nullopt);

    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this, tr("Audit the profile"), question, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    connect(m_audit, &QPushButton::clicked, this, &ProfilePage::audit);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        setStep(tr("Cancelling: removing the scratch copy of the profile…"));
        m_controller->cancel();
    });
    connect(m_export, &QPushButton::clicked, this, &ProfilePage::exportHtml);
    connect(m_profile, &QComboBox::currentTextChanged, this, &ProfilePage::showLatest);
    connect(m_controller, &ProfileAuditController::planned, this, &ProfilePage::onPlanned);
    connect(m_controller, &ProfileAuditController::failed, this, [this](const QString &error) {
        setBusy(false);
        setStep(tr("The audit could not start: %1").arg(error));
    });
    connect(m_controller, &ProfileAuditController::progress, this, [this](const QString &what, int done, int total) {
        setStep(what);
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    });
    connect(m_controller, &ProfileAuditController::finished, this, &ProfilePage::onFinished);
    connect(m_controller, &ProfileAuditController::latestLoaded, this,
            [this](const QString &profile, const std::optional<AuditState> &audit) {
                if (profile == m_profile->currentText().trimmed()) // not one typed over since
                    show(audit);
            });
    connect(context, &StudioContext::sandboxChanged, this, &ProfilePage::showLatest);
}

void ProfilePage::setProfiles(const QStringList &profiles, const QString &defaultProfile)
{
    const QString current = m_profile->currentText().isEmpty() ? defaultProfile : m_profile->currentText();
    const QSignalBlocker block(m_profile);
    m_profile->clear();
    m_profile->addItems(profiles);
    m_profile->setCurrentText(current);
    showLatest();
}

void ProfilePage::audit()
{
    const QString profile = m_profile->currentText().trimmed();
    if (profile.isEmpty()) {
        setStep(tr("Choose the profile to audit."));
        return;
    }
    setBusy(true);
    setStep(tr("Reading the topics of “%1”…").arg(profile));
    m_controller->prepare(profile);
}

void ProfilePage::onPlanned(const QString &profile, const ProfileAudit::Plan &plan, bool resumed)
{
    QString question = resumed ? tr("An unfinished audit of “%1” is resumed: what it finished is not scanned again.\n\n").arg(profile)
                               : QString();
    question += tr("The audit writes held-out prompts for %n topic(s) with the LLM, ", nullptr, plan.llmCalls);
    question += tr("and makes %n scan(s) against a scratch copy of the profile, which it removes afterwards. "
                   "Production is only read.", nullptr, plan.scans);
    if (plan.seconds > 0)
        question += tr("\n\nAt the configured rate that takes about %n second(s).", nullptr, qRound(plan.seconds));
    question += tr("\n\nStart the audit of %n topic(s)?", nullptr, plan.topics);
    if (!m_confirm(question)) {
        m_controller->cancel();
        setBusy(false);
        setStep(tr("Not started."));
        return;
    }
    m_controller->start();
}

void ProfilePage::onFinished(const AuditState &state)
{
    setBusy(false);
    switch (state.status) {
    case AuditState::Status::Completed:
        setStep(tr("Audit %1 finished.").arg(state.id));
        break;
    case AuditState::Status::Cancelled:
        setStep(tr("Audit cancelled; its scratch profile is removed. Audit again to resume it."));
        break;
    default:
        setStep(tr("The audit failed: %1. Audit again to resume it.").arg(state.error));
    }
    showLatest();
}

void ProfilePage::showLatest()
{
    const QString profile = m_profile->currentText().trimmed();
    if (profile.isEmpty())
        show(std::nullopt);
    else
        m_controller->loadLatest(profile);
}

void ProfilePage::show(const std::optional<AuditState> &state)
{
    m_shown = state;
    const AuditFigures figures = state ? state->figures() : AuditFigures{};
    m_topicsModel->setFigures(figures);
    m_matrixModel->setFigures(figures);
    m_conflictsModel->setFigures(figures);
    m_export->setEnabled(state.has_value() && !m_controller->isBusy());
    if (!state) {
        m_tabs->setTabText(2, tr("Conflict&s"));
        m_summary->setText(tr("No audit of this profile yet. An audit scans every custom topic of the profile "
                              "together, on held-out prompts of each, and shows each topic's figures, the share "
                              "of harmless prompts the profile acts on, and the prompts one topic wrote that "
                              "another caught."));
        return;
    }
    m_matrix->resizeColumnsToContents();
    sizeConflictColumns();
    const QString rate = DisplayFormat::withInterval(figures.benignFlagRate, figures.benignInterval);
    m_summary->setText(tr("Audit of %1: the profile acts on %2 of %n prompt(s) users should get through; ", nullptr,
                          figures.benignPrompts)
                           .arg(state->updatedAt.toLocalTime().toString(QLocale().dateTimeFormat(QLocale::ShortFormat)), rate)
                       + tr("%n conflict(s) between topics.", nullptr, int(figures.conflicts.size())));
    m_tabs->setTabText(2, tr("Conflict&s (%1)").arg(figures.conflicts.size()));
}

void ProfilePage::exportHtml()
{
    if (!m_shown)
        return;
    // Where the other exports start (the Runs page's report, the memory bundles): the folder
    // used last, else Documents, else the home; never the working directory.
    if (m_lastExportDir.isEmpty() || !QDir(m_lastExportDir).exists()) {
        m_lastExportDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        if (m_lastExportDir.isEmpty() || !QDir(m_lastExportDir).exists())
            m_lastExportDir = QDir::homePath();
    }
    auto *dialog = new QFileDialog(this, tr("Export the audit"), m_lastExportDir, tr("HTML pages (*.html)"));
    dialog->setObjectName(u"exportAuditDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    dialog->setDefaultSuffix(u"html"_s);
    dialog->selectFile(u"audit-%1.html"_s.arg(m_shown->profileName));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        m_lastExportDir = QFileInfo(path).absolutePath();
        writeHtml(path);
    });
    dialog->open();
}

void ProfilePage::writeHtml(const QString &path)
{
    if (!m_shown || path.isEmpty())
        return;
    if (const QString error = ProfileAuditController::exportHtml(*m_shown, path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Export the audit"), tr("Cannot write %1: %2").arg(path, error));
        return;
    }
    setStep(tr("Exported to %1").arg(path));
}

void ProfilePage::setStep(const QString &text)
{
    m_step->setText(text);
    m_step->setVisible(!text.isEmpty());
}

void ProfilePage::setBusy(bool busy)
{
    m_audit->setEnabled(!busy);
    m_profile->setEnabled(!busy);
    m_cancel->setVisible(busy);
    m_progress->setVisible(busy);
    if (busy)
        m_progress->setRange(0, 0);
    m_export->setEnabled(!busy && m_shown.has_value());
}

void ProfilePage::sizeConflictColumns()
{
    const int chars = m_conflicts->fontMetrics().averageCharWidth();
    for (int column : {int(ConflictListModel::WrittenForColumn), int(ConflictListModel::LabelColumn),
                       int(ConflictListModel::MatchedByColumn)}) {
        m_conflicts->resizeColumnToContents(column);
        m_conflicts->setColumnWidth(column, std::clamp(m_conflicts->columnWidth(column), chars * 8, chars * 24));
    }
}
