#include "applydialog.h"

#include "diffstyle.h"
#include "models/compare/iterationcomparison.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

ApplyDialog::ApplyDialog(ManagementClient *client, const QString &runsDirectory, const RunState &run,
                         int iteration, QWidget *parent)
    : QDialog(parent)
    , m_controller(new ApplyController(client, runsDirectory, this))
    , m_run(run)
    , m_iteration(iteration)
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
    m_confirm = buttons->addButton(tr("&Apply to AIRS"), QDialogButtonBox::AcceptRole);
    m_confirm->setObjectName(u"applyConfirmButton"_s);
    m_confirm->setAccessibleName(tr("Apply to AIRS"));
    m_confirm->setDefault(false);
    m_confirm->setAutoDefault(false);
    // AcceptRole would close the dialog: the outcome must stay visible, so wire it by hand.
    disconnect(buttons, &QDialogButtonBox::accepted, this, nullptr);
    connect(m_confirm, &QPushButton::clicked, m_controller, &ApplyController::apply);
    connect(m_revert, &QPushButton::clicked, m_controller, &ApplyController::revert);
    connect(m_close, &QPushButton::clicked, this, &ApplyDialog::reject);
    connect(m_reload, &QPushButton::clicked, this,
            [this] { m_controller->prepare(m_run, m_iteration); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_status);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_result);
    layout->addWidget(buttons);

    connect(m_controller, &ApplyController::stateChanged, this, &ApplyDialog::updateState);
    connect(m_controller, &ApplyController::progress, m_status, &QLabel::setText);
    connect(m_controller, &ApplyController::prepared, this, &ApplyDialog::showPlan);
    connect(m_controller, &ApplyController::applied, this, &ApplyDialog::applied);
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
    QDialog::reject();
}

void ApplyDialog::updateState()
{
    using S = ApplyController::State;
    const S state = m_controller->state();
    const bool done = state == S::Applied || state == S::HalfApplied || state == S::Reverted;
    const DiffStyle style = DiffStyle::from(palette());
    m_confirm->setEnabled(state == S::Ready && !m_controller->plan().changesNothing());
    m_confirm->setVisible(!done);
    m_revert->setVisible(m_controller->canRevert() || state == S::Reverting);
    m_revert->setEnabled(m_controller->canRevert());
    m_reload->setEnabled(state == S::Ready || state == S::Failed);
    m_reload->setVisible(!done);
    m_close->setEnabled(!m_controller->isBusy());
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
    if (state == S::Failed && m_controller->plan().topics.isEmpty())
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("Nothing can be applied: the reason is below.").toHtmlEscaped()));
    if (state == S::Preparing)
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("Reading the topics and the profile from AIRS…").toHtmlEscaped()));
}

QString ApplyDialog::profileHtml() const
{
    const TopicApplier::Plan &p = m_controller->plan();
    const QString profile = p.profileName.toHtmlEscaped();
    QString html = u"<h3>%1</h3>"_s.arg(tr("Security profile %1").arg(profile));
    if (!p.profileChanges)
        return html + u"<p>%1</p>"_s.arg(tr("Profile <b>%1</b> already pins these topics at their latest revisions.").arg(profile));
    html += u"<p>%1</p><ul>"_s.arg(tr("Profile <b>%1</b> will pin, at their latest revisions, with guardrail action "
                                      "<b>%2</b> (%3 intent):")
                                       .arg(profile, guardrailActionFor(p.intent), intentName(p.intent)));
    for (const TopicApplier::Item &i : p.topics)
        html += u"<li>%1</li>"_s.arg(tr("%1 bucket: <b>%2</b>").arg(i.action, i.topic.name.toHtmlEscaped()));
    html += u"</ul><p>%1</p>"_s.arg(tr("Every other topic on the profile, and every other setting, is kept.").toHtmlEscaped());
    return html;
}

void ApplyDialog::showPlan()
{
    const TopicApplier::Plan &p = m_controller->plan();
    const DiffStyle style = DiffStyle::from(palette());
    auto heading = [&style](const QString &text) {
        return u"<p style=\"color:%1; margin-bottom:2px\">%2</p>"_s.arg(style.muted.name(), text.toHtmlEscaped());
    };
    QString html;
    for (const TopicApplier::Item &item : p.topics) {
        using C = TopicApplier::Item::Change;
        const Topic now{item.existing.name, item.existing.description, item.existing.examples};
        const Topic &next = item.topic;
        html += u"<h3>%1</h3>"_s.arg(tr("Topic \"%1\"").arg(next.name).toHtmlEscaped());
        if (item.change == C::Same) {
            html += u"<p>%1</p>"_s.arg(tr("AIRS already has exactly this text (revision %1): unchanged.")
                                           .arg(item.existing.revision).toHtmlEscaped());
            continue;
        }
        html += u"<p>%1</p>"_s.arg(item.change == C::Create
                                       ? tr("There is no topic of this name in AIRS: it will be created.").toHtmlEscaped()
                                       : tr("AIRS now has revision %1 of this topic. Struck-through text is in AIRS now "
                                            "and will be replaced; highlighted text will be written.")
                                             .arg(item.existing.revision).toHtmlEscaped());
        html += heading(now.description == next.description ? tr("Description (unchanged)") : tr("Description"));
        html += u"<p style=\"white-space:pre-wrap; margin-top:0\">%1</p>"_s.arg(
            style.html(WordDiff::diff(now.description, next.description)));
        html += heading(tr("Examples"));
        QStringList added, removed, kept;
        IterationComparison::diffExamples(now.examples, next.examples, &added, &removed, &kept);
        html += u"<ul style=\"margin-top:0\">"_s;
        for (const QString &e : std::as_const(removed))
            html += u"<li>%1 %2</li>"_s.arg(tr("removed:").toHtmlEscaped(), style.removedHtml(e));
        for (const QString &e : std::as_const(added))
            html += u"<li>%1 %2</li>"_s.arg(tr("added:").toHtmlEscaped(), style.addedHtml(e));
        for (const QString &e : std::as_const(kept))
            html += u"<li>%1</li>"_s.arg(e.toHtmlEscaped());
        html += u"</ul>"_s;
    }
    html += profileHtml();
    m_preview->setHtml(html);
    updateState();
}
