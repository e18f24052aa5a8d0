#include "applydialog.h"

#include "diffstyle.h"
#include "models/compare/iterationcomparison.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

ApplyDialog::ApplyDialog(ManagementClient *client, const RunState &run, int iteration,
                         QWidget *parent)
    : QDialog(parent)
    , m_controller(new ApplyController(client, this))
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
    m_title->setText(tr("<b>Apply the topic of iteration %1</b> of run %2 to AIRS.")
                         .arg(iteration)
                         .arg(run.id.toHtmlEscaped()));
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
    m_controller->prepare(run, iteration);
    updateState();
}

ApplyDialog::~ApplyDialog() = default;

void ApplyDialog::reject()
{
    if (m_controller->state() == ApplyController::State::Applying)
        return; // never leave a half-written change unreported
    m_controller->cancel();
    QDialog::reject();
}

void ApplyDialog::updateState()
{
    using S = ApplyController::State;
    const S state = m_controller->state();
    const DiffStyle style = DiffStyle::from(palette());
    m_confirm->setEnabled(state == S::Ready);
    m_confirm->setVisible(state != S::Applied && state != S::HalfApplied);
    m_reload->setEnabled(state == S::Ready || state == S::Failed);
    m_reload->setVisible(state != S::Applied && state != S::HalfApplied);
    m_close->setEnabled(state != S::Applying);
    m_close->setText(state == S::Applied || state == S::HalfApplied ? tr("&Close") : tr("&Cancel"));
    if (state == S::Ready) {
        m_status->setText(
            m_controller->plan().unchanged()
                ? tr("AIRS already has exactly this topic. Applying saves it again as a new "
                     "revision and re-pins the profile.")
                : tr("Check the changes below, then apply."));
    }
    QString color;
    if (state == S::Applied) {
        color = style.better.name();
        m_status->setText(
            tr("Done: the change below was written to AIRS and the profile re-pinned."));
    } else if (state == S::Failed || state == S::HalfApplied) {
        color = style.worse.name();
        m_status->setText(state == S::Failed
                              ? tr("Nothing was applied.")
                              : tr("Only part of the change was applied: see below."));
    }
    if (!color.isEmpty()) {
        m_result->setText(u"<span style=\"color:%1\"><b>%2</b></span>"_s.arg(
            color, m_controller->message().toHtmlEscaped()));
        m_result->show();
    } else {
        m_result->hide();
    }
    if (state == S::Failed && m_controller->plan().current.id.isEmpty())
        m_preview->setHtml(
            u"<p>%1</p>"_s.arg(tr("Nothing can be applied: the reason is below.").toHtmlEscaped()));
    if (state == S::Preparing)
        m_preview->setHtml(u"<p>%1</p>"_s.arg(tr("Reading the topic from AIRS…").toHtmlEscaped()));
}

QString ApplyDialog::profileHtml() const
{
    const ApplyPlan &p = m_controller->plan();
    const QString profile = p.profileName.toHtmlEscaped();
    QString html = u"<h3>%1</h3>"_s.arg(tr("Security profile").toHtmlEscaped());
    const QString now = p.pinnedRevision >= 0
                            ? tr("Profile <b>%1</b> now pins revision %2 of this topic.")
                                  .arg(profile, QString::number(p.pinnedRevision))
                            : tr("Profile <b>%1</b> does not pin this topic now.").arg(profile);
    html += u"<p>%1 %2</p>"_s.arg(
        now, tr("It will be re-pinned to the new revision, with guardrail action "
                "<b>%1</b> (%2 intent):")
                 .arg(p.guardrailAction(), intentName(p.intent)));
    html += u"<ul>"_s;
    const QString target = p.current.name.toHtmlEscaped();
    if (p.intent == Intent::Block) {
        if (p.companion)
            html += u"<li>%1</li>"_s.arg(tr("allow bucket: <b>%1</b> (companion, revision %2)")
                                             .arg(p.companion->name.toHtmlEscaped(),
                                                  QString::number(p.companion->revision)));
        else
            html += u"<li>%1</li>"_s.arg(
                tr("allow bucket: no companion topic recorded for this run").toHtmlEscaped());
        html += u"<li>%1</li>"_s.arg(tr("block bucket: <b>%1</b> (the new revision)").arg(target));
    } else {
        html += u"<li>%1</li>"_s.arg(tr("allow bucket: <b>%1</b> (the new revision)").arg(target));
    }
    html += u"</ul><p>%1</p>"_s.arg(tr("Other topics on the profile are kept.").toHtmlEscaped());
    return html;
}

void ApplyDialog::showPlan()
{
    const ApplyPlan &p = m_controller->plan();
    const DiffStyle style = DiffStyle::from(palette());
    auto heading = [&style](const QString &text) {
        return u"<p style=\"color:%1; margin-bottom:2px\">%2</p>"_s.arg(style.muted.name(),
                                                                        text.toHtmlEscaped());
    };
    QString html = u"<h3>%1</h3>"_s.arg(tr("Topic").toHtmlEscaped());
    html += u"<p>%1</p>"_s.arg(
        tr("AIRS now has revision %1 of topic %2. Struck-through text is in AIRS now "
           "and will be replaced; highlighted text will be written.")
            .arg(p.current.revision)
            .arg(p.topicId)
            .toHtmlEscaped());
    html += heading(p.current.name == p.proposed.name ? tr("Name (unchanged)") : tr("Name"));
    html += u"<p style=\"white-space:pre-wrap; margin-top:0\"><b>%1</b></p>"_s.arg(
        style.html(WordDiff::diff(p.current.name, p.proposed.name)));
    html += heading(p.current.description == p.proposed.description ? tr("Description (unchanged)")
                                                                    : tr("Description"));
    html += u"<p style=\"white-space:pre-wrap; margin-top:0\">%1</p>"_s.arg(
        style.html(WordDiff::diff(p.current.description, p.proposed.description)));
    html += heading(tr("Examples"));
    QStringList added, removed, kept;
    IterationComparison::diffExamples(p.current.examples, p.proposed.examples, &added, &removed,
                                      &kept);
    html += u"<ul style=\"margin-top:0\">"_s;
    for (const QString &e : std::as_const(removed))
        html += u"<li>%1 %2</li>"_s.arg(tr("removed:").toHtmlEscaped(), style.removedHtml(e));
    for (const QString &e : std::as_const(added))
        html += u"<li>%1 %2</li>"_s.arg(tr("added:").toHtmlEscaped(), style.addedHtml(e));
    for (const QString &e : std::as_const(kept))
        html += u"<li>%1</li>"_s.arg(e.toHtmlEscaped());
    html += u"</ul>"_s;
    html += profileHtml();
    m_preview->setHtml(html);
}
