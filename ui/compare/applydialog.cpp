#include "applydialog.h"


#include "models/session/productioncheck.h"
#include "ui/widgets/diffstyle.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

ApplyDialog::ApplyDialog(ManagementClient *client, const QString &runsDirectory, const RunState &run,
                         int iteration, QWidget *parent)
    : QDialog(parent)
    , m_controller(new ApplyController(client, runsDirectory, this))
    , m_run(run)
    , m_iteration(iteration)
    , m_impactCheck(new ImpactCheck(client, this))
{
    setObjectName(u"applyDialog"_s);
    setAccessibleName(tr("Apply a topic to AIRS"));
    setWindowTitle(tr("Apply Iteration %1 to AIRS").arg(iteration));
    setWindowModality(Qt::WindowModal);
    resize(680, 560);

    m_title = new QLabel(this);
    m_title->setObjectName(u"applyTitle"_s);
    m_title->setWordWrap(true);
    m_title->setText(tr("<b>Apply the topic of iteration %1</b> of run %2 to its production profile "
                        "<b>%3</b>. The run itself only ever tested on its own copy.")
                         .arg(QString::number(iteration), run.id.toHtmlEscaped(),
                              (run.tenant ? run.tenant->productionProfile : run.userInput.profileName).toHtmlEscaped()));
    m_status = new QLabel(this);
    m_status->setObjectName(u"applyStatus"_s);
    m_status->setWordWrap(true);
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(u"applyPreview"_s);
    m_preview->setAccessibleName(tr("What will change in AIRS"));
    m_preview->setOpenLinks(false);
    m_result = new QLabel(this);
    m_result->setObjectName(u"applyResult"_s);
    m_result->setAccessibleName(tr("Result"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_result->hide();
    // A check box does not wrap: the explanation is a label above it, the box says what it does.
    m_changeActionNote = new QLabel(this);
    m_changeActionNote->setObjectName(u"applyChangeActionNote"_s);
    m_changeActionNote->setWordWrap(true);
    m_changeActionNote->hide();
    m_changeAction = new QCheckBox(this);
    m_changeAction->setObjectName(u"applyChangeActionCheck"_s);
    m_changeAction->setAccessibleName(tr("Also change the profile's action for unmatched prompts"));
    m_changeAction->hide();
    connect(m_changeAction, &QCheckBox::toggled, this, [this](bool on) {
        m_controller->setActionChangeConsented(on);
        updateState();
    });

    auto *buttons = new QDialogButtonBox(this);
    m_reload = buttons->addButton(tr("&Reload from AIRS"), QDialogButtonBox::ResetRole);
    m_reload->setObjectName(u"applyReloadButton"_s);
    m_reload->setAccessibleName(tr("Reload the topic and the profile from AIRS"));
    m_revert = buttons->addButton(tr("&Revert last apply"), QDialogButtonBox::ActionRole);
    m_revert->setObjectName(u"applyRevertButton"_s);
    m_revert->setAccessibleName(tr("Revert the run's last apply"));
    m_revert->setToolTip(tr("Put the profile's topic guardrails back exactly as they were before the run's last "
                            "apply, give updated topics their earlier text and delete the topics it created"));
    m_close = buttons->addButton(QDialogButtonBox::Cancel);
    m_close->setObjectName(u"applyCancelButton"_s);
    m_close->setAccessibleName(tr("Cancel"));
    m_impact = buttons->addButton(tr("Check &impact"), QDialogButtonBox::ActionRole);
    m_impact->setObjectName(u"applyImpactButton"_s);
    m_impact->setToolTip(tr("Before applying: scan the prompts of the profile's latest audit against a scratch copy "
                            "of production with this change in place, and see which of its topics it would hurt"));
    m_impact->hide();
    m_impactView = new QLabel(this);
    m_impactView->setObjectName(u"applyImpactView"_s);
    m_impactView->setWordWrap(true);
    m_impactView->setTextFormat(Qt::RichText);
    m_impactView->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_impactView->hide();
    connect(m_impact, &QPushButton::clicked, this, &ApplyDialog::checkImpact);
    m_confirm = buttons->addButton(tr("&Apply to AIRS"), QDialogButtonBox::AcceptRole);
    m_confirm->setObjectName(u"applyConfirmButton"_s);
    m_confirm->setAccessibleName(tr("Apply to AIRS"));
    m_confirm->setDefault(false);
    m_confirm->setAutoDefault(false);
    // AcceptRole would close the dialog: the outcome must stay visible, so wire it by hand.
    disconnect(buttons, &QDialogButtonBox::accepted, this, nullptr);
    connect(m_confirm, &QPushButton::clicked, m_controller, &ApplyController::apply);
    connect(m_revert, &QPushButton::clicked, this, &ApplyDialog::confirmRevert);
    connect(m_controller, &ApplyController::revertConflicts, this, &ApplyDialog::askToOverwrite);
    connect(m_close, &QPushButton::clicked, this, &ApplyDialog::reject);
    connect(m_reload, &QPushButton::clicked, this,
            [this] { m_controller->prepare(m_run, m_iteration); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_status);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_result);
    layout->addWidget(m_impactView);
    layout->addWidget(m_changeActionNote);
    layout->addWidget(m_changeAction);
    layout->addWidget(buttons);

    connect(m_controller, &ApplyController::stateChanged, this, &ApplyDialog::updateState);
    connect(m_controller, &ApplyController::progress, m_status, &QLabel::setText);
    connect(m_controller, &ApplyController::prepared, this, &ApplyDialog::showPlan);
    connect(m_controller, &ApplyController::prepared, this, &ApplyDialog::findAudit); // the plan names the profile
    connect(m_impactCheck, &ImpactCheck::auditFound, this, &ApplyDialog::updateState);
    connect(m_impactCheck, &ImpactCheck::finished, this, [this](const ApplyImpact::Result &result) {
        updateState();
        showImpact(result); // its status line after the state's
    });
    connect(m_controller, &ApplyController::applied, this, [this] {
        m_appliedHere = true;
        emit applied();
    });
    connect(m_controller, &ApplyController::failed, this, [this] {
        if (m_controller->state() == ApplyController::State::HalfApplied)
            m_appliedHere = true; // part of it is on AIRS: a revert takes that back
    });
    connect(m_controller, &ApplyController::reverted, this, &ApplyDialog::reverted);
    m_controller->prepare(run, iteration);
    updateState();
}

ApplyDialog::~ApplyDialog() = default;

void ApplyDialog::reject()
{
    if (m_controller->state() == ApplyController::State::Applying
        || m_controller->state() == ApplyController::State::Reverting)
        return; // never leave a half-written change unreported
    m_controller->cancel();
    m_impactCheck->abandon(parentWidget()); // a running check cleans up after itself there
    QDialog::reject();
}

void ApplyDialog::updateState()
{
    using S = ApplyController::State;
    const S state = m_controller->state();
    const bool done = state == S::Applied || state == S::HalfApplied || state == S::Reverted;
    const DiffStyle style = DiffStyle::from(palette());
    const TopicApplier::Plan &plan = m_controller->plan();
    // A change of the action for unmatched prompts is agreed to on its own, never implied by Apply.
    const bool asksAction = state == S::Ready && plan.changesAction();
    if (asksAction) {
        const bool toAllow = plan.actionAfter() == "allow"_L1;
        m_changeActionNote->setText(
            toAllow ? tr("Applying this also changes the profile's action for prompts that match none of its topics "
                         "from block to allow: everything that matches no topic will pass.")
                    : tr("Applying this also changes the profile's action for prompts that match none of its topics "
                         "from allow to block: only prompts on an allow topic will pass."));
        m_changeAction->setText(toAllow ? tr("Change the &action from block to allow")
                                        : tr("Change the &action from allow to block"));
    }
    m_changeActionNote->setVisible(asksAction);
    m_changeAction->setVisible(asksAction);
    m_confirm->setEnabled(state == S::Ready && !plan.changesNothing()
                          && (!plan.changesAction() || m_changeAction->isChecked()));
    m_confirm->setVisible(!done);
    m_revert->setVisible(m_controller->canRevert() || state == S::Reverting);
    m_revert->setEnabled(m_controller->canRevert());
    const bool staleAfterRevert = state == S::Reverted && !m_appliedHere;
    m_reload->setEnabled(state == S::Ready || state == S::Failed || staleAfterRevert);
    m_reload->setVisible(!done || staleAfterRevert);
    m_close->setEnabled(!m_controller->isBusy());
    m_impact->setVisible(state == S::Ready && !plan.changesNothing() && m_impactCheck->audit().has_value());
    m_impact->setEnabled(!m_impactCheck->isRunning());
    m_close->setText(done ? tr("&Close") : tr("&Cancel"));
    if (state == S::Ready) {
        m_status->setText(m_controller->plan().changesNothing()
                              ? tr("The profile already has exactly this topic: there is nothing to apply.")
                              : tr("Check the changes below, then apply."));
    }
    QString color;
    if (state == S::Applied) {
        color = style.better.name();
        m_status->setText(tr("Done: the change below was written to AIRS. Revert takes it back."));
    } else if (state == S::Reverted) {
        color = style.better.name();
        m_status->setText(tr("Reverted: the profile is as it was before the apply."));
    } else if (state == S::Failed || state == S::HalfApplied) {
        color = style.worse.name();
        m_status->setText(state == S::Failed ? tr("That did not work.") : tr("Only part of the change was applied: see below."));
    }
    if (!color.isEmpty()) {
        m_result->setText(u"<span style=\"color:%1\"><b>%2</b></span>"_s.arg(color, m_controller->message().toHtmlEscaped()));
        m_result->show();
    } else {
        m_result->hide();
    }
    // The preview says what will change, what changed or what was taken back.
    if (!m_controller->plan().topics.isEmpty() && state != S::Preparing && state != S::Idle
        && shownStage() != m_shownStage)
        return showPlan(); // renders, then comes back here
    if (state == S::Failed && m_controller->plan().topics.isEmpty())
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("Nothing can be applied: the reason is below.").toHtmlEscaped()));
    if (state == S::Preparing) {
        m_shownStage = -1;
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("Reading the topics and the profile from AIRS…").toHtmlEscaped()));
    }
}

ApplyPlanHtml::Stage ApplyDialog::stage() const
{
    switch (m_controller->state()) {
    case ApplyController::State::Applied:
        return ApplyPlanHtml::Stage::Applied;
    case ApplyController::State::Reverted:
        // A revert of an apply made here takes this plan back; one of an earlier apply does not.
        return m_appliedHere ? ApplyPlanHtml::Stage::Reverted : ApplyPlanHtml::Stage::Planned;
    case ApplyController::State::HalfApplied:
        return ApplyPlanHtml::Stage::Partial;
    default:
        return ApplyPlanHtml::Stage::Planned;
    }
}

int ApplyDialog::shownStage() const
{
    constexpr int Stale = 100; // the plan was read before an earlier apply was reverted
    return m_controller->state() == ApplyController::State::Reverted && !m_appliedHere ? Stale : int(stage());
}

void ApplyDialog::showPlan()
{
    m_shownStage = shownStage();
    if (m_controller->state() == ApplyController::State::Reverted && !m_appliedHere) {
        // An earlier apply was taken back: what AIRS has now is not what the plan read.
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("The run's last apply was reverted. Reload from AIRS to see what "
                                                 "applying iteration %1 would change now.")
                                                  .arg(m_iteration)
                                                  .toHtmlEscaped()));
        return updateState();
    }
    m_preview->setHtml(ApplyPlanHtml::render(m_controller->plan(), stage(), DiffStyle::from(palette()).colours()));
    updateState();
}

void ApplyDialog::confirmRevert()
{
    // A revert writes to production and deletes topics there: say what, and ask (issue 40).
    const ApplyRecord *last = ProductionCheck::lastApplied(m_controller->run());
    if (!last || !m_controller->canRevert())
        return;
    QStringList what;
    if (last->policyBefore)
        what.append(tr("The topic guardrails of profile “%1” go back to what they were before the apply.")
                        .arg(last->profileName));
    QStringList updated, created;
    for (const ApplyRecord::UpdatedTopic &t : last->updatedTopics)
        updated.append(t.before.name);
    for (const CreatedObject &t : last->createdTopics)
        created.append(t.name);
    if (!updated.isEmpty())
        what.append(tr("These topics get their earlier text back: %1.").arg(updated.join(u", "_s)));
    if (!created.isEmpty())
        what.append(tr("These topics are deleted from AIRS: %1.").arg(created.join(u", "_s)));
    auto *box = new QMessageBox(QMessageBox::Question, tr("Revert the last apply?"),
                                tr("Revert the apply of iteration %1 to the production profile “%2”?")
                                    .arg(last->iteration)
                                    .arg(last->profileName),
                                QMessageBox::Cancel, this);
    box->setObjectName(u"revertConfirmBox"_s);
    box->setInformativeText(what.join(u'\n'));
    QPushButton *revert = box->addButton(tr("&Revert"), QMessageBox::DestructiveRole);
    revert->setObjectName(u"revertConfirmButton"_s);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, revert](QAbstractButton *clicked) {
        if (clicked == revert)
            m_controller->revert();
    });
    box->open();
}

void ApplyDialog::askToOverwrite(const QStringList &conflicts)
{
    // Three-way: a colleague changed what the apply wrote. Say where, and ask.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Production changed since the apply"),
                                tr("Someone changed the profile or its topics since this apply. Reverting now "
                                   "would undo their change too:"),
                                QMessageBox::Cancel, this);
    box->setObjectName(u"revertConflictsBox"_s);
    box->setInformativeText(conflicts.join(u'\n'));
    QPushButton *overwrite = box->addButton(tr("Revert &anyway"), QMessageBox::DestructiveRole);
    overwrite->setObjectName(u"revertAnywayButton"_s);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, overwrite](QAbstractButton *clicked) {
        if (clicked == overwrite)
            m_controller->revert(true);
    });
    box->open();
}

void ApplyDialog::setImpactSource(const ImpactSource &source)
{
    m_impactCheck->setSource(source);
    findAudit();
}

void ApplyDialog::findAudit()
{
    const QString profile = m_controller->state() == ApplyController::State::Ready
                                ? m_controller->plan().profileName
                                : (m_run.tenant ? m_run.tenant->productionProfile : m_run.userInput.profileName);
    m_impactCheck->findAudit(profile);
}

void ApplyDialog::checkImpact()
{
    const std::optional<AuditState> &audit = m_impactCheck->audit();
    if (!audit || m_impactCheck->isRunning() || m_controller->state() != ApplyController::State::Ready)
        return;
    if (const QString error = m_impactCheck->start(m_controller->plan()); !error.isEmpty()) {
        m_status->setText(tr("The impact could not be measured: %1").arg(error));
        return;
    }
    m_status->setText(tr("Measuring what this does to the profile's other topics, on the prompts of its audit of %1…")
                          .arg(QLocale().toString(audit->updatedAt.toLocalTime(), QLocale::ShortFormat)));
    updateState();
}

void ApplyDialog::showImpact(const ApplyImpact::Result &result)
{
    const DiffStyle style = DiffStyle::from(palette());
    if (!result.error.isEmpty()) {
        m_status->setText(tr("The impact could not be measured: %1").arg(result.error));
        return;
    }
    QString html = u"<table cellspacing=\"0\" cellpadding=\"3\"><tr><th align=\"left\">%1</th><th>%2</th><th>%3</th></tr>"_s.arg(
        tr("Topic"), tr("Its positives"), tr("Its negatives"));
    const auto cell = [](const ApplyImpact::Class &c) {
        return tr("%1 fixed, %2 broken of %3 (p = %4)").arg(c.fixed).arg(c.broken).arg(c.prompts).arg(c.pValue, 0, 'f', 3);
    };
    int hurt = 0;
    QStringList caught;
    for (const ApplyImpact::TopicImpact &t : result.topics) {
        const QString name = t.topic.isEmpty() ? tr("(general harmless prompts)") : t.topic.toHtmlEscaped();
        const QString color = t.hurt() ? u" style=\"color:%1\""_s.arg(style.worse.name()) : QString();
        html += u"<tr%1><td>%2%3</td><td>%4</td><td>%5</td></tr>"_s.arg(
            color, name, t.hurt() ? u" — "_s + tr("hurt") : QString(), t.topic.isEmpty() ? u"–"_s : cell(t.positives),
            cell(t.negatives));
        hurt += t.hurt();
        for (const QString &p : t.newlyCaught)
            caught.append(u"<li>%1 <i>(%2)</i></li>"_s.arg(p.toHtmlEscaped(), name));
    }
    html += u"</table>"_s;
    if (!caught.isEmpty())
        html += u"<p>%1</p><ul>%2</ul>"_s.arg(tr("The profile would newly act on:"), caught.join(QString()));
    m_impactView->setText(html);
    m_impactView->show();
    m_status->setText(hurt == 0 ? tr("No topic of the profile loses a prompt it gets right now.")
                                : tr("%n topic(s) of the profile would get prompts wrong that they get right now.", nullptr, hurt));
}
