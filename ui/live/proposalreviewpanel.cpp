#include "proposalreviewpanel.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "domain/worddiff.h"
#include "models/runsession.h"
#include "models/studiocontext.h"
#include "ui/widgets/diffstyle.h"

#include <QApplication>
#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStyle>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
// A topic as the panel compares it: what the fields would hold.
Topic normalized(const Topic &topic)
{
    Topic out;
    out.name = topic.name;
    out.description = topic.description.trimmed();
    for (const QString &example : topic.examples) {
        if (!example.trimmed().isEmpty())
            out.examples.append(example.trimmed());
    }
    return out;
}

template<typename W> W *named(W *widget, const QString &objectName, const QString &accessibleName)
{
    widget->setObjectName(objectName);
    widget->setAccessibleName(accessibleName);
    return widget;
}
} // namespace

ProposalReviewPanel::ProposalReviewPanel(RunSession *session, StudioContext *context,
                                         QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_context(context)
{
    setObjectName(u"proposalReviewPanel"_s);
    setAccessibleName(tr("Proposal to review"));

    // The title says which proposal it is (the iteration, generated, improved or simplified).
    m_box = new QGroupBox(tr("Proposal to review"), this);
    m_box->setObjectName(u"proposalBox"_s);

    // Left: the current topic and the proposal as one word diff (it follows the edits).
    m_diff = named(new QTextBrowser(m_box), u"proposalDiffView"_s,
                   tr("The current topic and the proposal, word by word"));
    m_diff->setOpenLinks(false);
    m_diff->setTabChangesFocus(true);
    m_diff->setToolTip(
        tr("Struck through: only in the current topic. Underlined: new in the proposal."));

    auto *sides = new QSplitter(Qt::Horizontal, m_box);
    sides->setObjectName(u"proposalSplitter"_s);
    sides->setChildrenCollapsible(false);
    sides->addWidget(m_diff);
    sides->addWidget(createEditor());
    sides->setSizes({2000, 3000}); // 2:3, scaled to the width it gets

    m_hint = named(new QLineEdit(m_box), u"proposalHintEdit"_s, tr("Hint for the next proposal"));
    m_hint->setPlaceholderText(
        tr("Optional hint for another proposal, e.g. also cover buying ammunition"));
    m_hint->setClearButtonEnabled(true);
    m_retry = named(new QPushButton(tr("Another proposal…"), m_box), u"proposalRetryButton"_s,
                    tr("Ask for another proposal"));
    m_retry->setToolTip(tr("Send this proposal back: the LLM writes another one, with your hint"));
    m_reset = named(new QPushButton(tr("Undo edits"), m_box), u"proposalResetButton"_s,
                    tr("Undo your edits"));
    m_accept = named(new QPushButton(tr("Accept"), m_box), u"proposalAcceptButton"_s,
                     tr("Accept the proposal"));
    m_accept->setToolTip(tr("Deploy this topic, as shown, and test it (Ctrl+Return)"));
    m_accept->setIcon(style()->standardIcon(QStyle::SP_DialogApplyButton));
    // As wide as its longer text, so the row does not move when an edit changes it.
    m_accept->setText(tr("Accept edited"));
    m_accept->setMinimumWidth(m_accept->sizeHint().width());
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_hint, 1);
    buttons->addWidget(m_retry);
    buttons->addSpacing(12);
    buttons->addWidget(m_reset);
    buttons->addWidget(m_accept);

    auto *boxLayout = new QVBoxLayout(m_box);
    boxLayout->setSpacing(4);
    boxLayout->addWidget(sides, 1);
    boxLayout->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_box);

    // Tab goes through the fields, then the decision, then the diff (to select and copy).
    QWidget *previous = m_description;
    for (const ExampleRow &row : std::as_const(m_examples)) {
        setTabOrder(previous, row.edit);
        setTabOrder(row.edit, row.keep);
        previous = row.keep;
    }
    for (QWidget *next : {static_cast<QWidget *>(m_hint), static_cast<QWidget *>(m_retry),
                          static_cast<QWidget *>(m_reset), static_cast<QWidget *>(m_accept),
                          static_cast<QWidget *>(m_diff)}) {
        setTabOrder(previous, next);
        previous = next;
    }

    for (const QKeySequence &keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, &ProposalReviewPanel::accept);
    }
    connect(m_accept, &QPushButton::clicked, this, &ProposalReviewPanel::accept);
    connect(m_retry, &QPushButton::clicked, this, &ProposalReviewPanel::requestAnother);
    connect(m_hint, &QLineEdit::returnPressed, this, &ProposalReviewPanel::requestAnother);
    connect(m_reset, &QPushButton::clicked, this, [this] {
        if (m_shown)
            load(*m_shown);
    });

    connect(session, &RunSession::reset, this, &ProposalReviewPanel::refresh);
    connect(session, &RunSession::liveChanged, this, &ProposalReviewPanel::refresh);
    connect(session, &RunSession::stepChanged, this, &ProposalReviewPanel::refresh);
    connect(session, &RunSession::proposalReady, this, &ProposalReviewPanel::refresh);
    connect(session, &RunSession::proposalDecided, this, &ProposalReviewPanel::refresh);
    connect(session, &RunSession::keptExamplesChanged, this, &ProposalReviewPanel::updateKeepBoxes);
    if (context)
        connect(context, &StudioContext::runActiveChanged, this, &ProposalReviewPanel::refresh);
    refresh();
}

ProposalReviewPanel::~ProposalReviewPanel() = default;

QWidget *ProposalReviewPanel::createEditor()
{
    auto *editor = new QWidget;
    m_editor = editor;
    editor->setObjectName(u"proposalEditor"_s);
    auto *grid = new QGridLayout(editor);
    grid->setContentsMargins(0, 0, 4, 0);
    grid->setVerticalSpacing(4);
    grid->setColumnStretch(1, 1);
    const auto counter = [editor](const QString &objectName, const QString &accessibleName) {
        auto *label = named(new QLabel(editor), objectName, accessibleName);
        label->setAlignment(Qt::AlignRight | Qt::AlignTop);
        // Room for "250/250 bytes" so the fields do not move as the figures change.
        label->setMinimumWidth(
            label->fontMetrics().horizontalAdvance(tr("%1/%2 bytes").arg(888).arg(888)));
        return label;
    };

    m_name = named(new QLineEdit(editor), u"proposalNameEdit"_s, tr("Topic name (locked)"));
    m_name->setReadOnly(true);
    QPalette locked = m_name->palette(); // drawn as read-only, not as a field to type in
    locked.setColor(QPalette::Base, locked.color(QPalette::Window));
    m_name->setPalette(locked);
    m_name->setFocusPolicy(Qt::ClickFocus);
    m_name->setToolTip(tr("The name is locked: every proposal of the run is deployed under it"));
    auto *nameLabel = new QLabel(tr("Name (locked):"), editor);
    nameLabel->setBuddy(m_name);
    grid->addWidget(nameLabel, 0, 0);
    grid->addWidget(m_name, 0, 1, 1, 3);

    m_description =
        named(new QPlainTextEdit(editor), u"proposalDescriptionEdit"_s, tr("Description"));
    m_description->setTabChangesFocus(true);
    const int line = m_description->fontMetrics().lineSpacing();
    const int margins =
        2 * (m_description->frameWidth() + int(m_description->document()->documentMargin()));
    m_description->setFixedHeight(4 * line + margins + 4); // 250 bytes, at the usual widths
    m_descriptionBytes = counter(u"proposalDescriptionBytes"_s, tr("Description size"));
    auto *descriptionLabel = new QLabel(tr("Description:"), editor);
    descriptionLabel->setBuddy(m_description);
    grid->addWidget(descriptionLabel, 1, 0, Qt::AlignTop);
    grid->addWidget(m_description, 1, 1);
    grid->addWidget(m_descriptionBytes, 1, 2, 1, 2);
    connect(m_description, &QPlainTextEdit::textChanged, this, &ProposalReviewPanel::updateChecks);

    for (int i = 0; i < ExampleRows; ++i) {
        const QString n = QString::number(i + 1);
        ExampleRow row;
        row.edit =
            named(new QLineEdit(editor), u"proposalExampleEdit"_s + n, tr("Example %1").arg(i + 1));
        row.edit->setPlaceholderText(tr("Example %1: leave empty for none").arg(i + 1));
        row.bytes = counter(u"proposalExampleBytes"_s + n, tr("Example %1 size").arg(i + 1));
        row.keep = named(new QCheckBox(tr("Keep"), editor), u"proposalKeepCheck"_s + n,
                         tr("Keep example %1").arg(i + 1));
        row.keep->setToolTip(
            tr("Every later proposal keeps this example, as far as the AIRS limits allow"));
        if (i == 0) {
            auto *examplesLabel = new QLabel(tr("Examples:"), editor);
            examplesLabel->setBuddy(row.edit);
            grid->addWidget(examplesLabel, 2, 0);
        }
        grid->addWidget(row.edit, 2 + i, 1);
        grid->addWidget(row.bytes, 2 + i, 2, Qt::AlignVCenter);
        grid->addWidget(row.keep, 2 + i, 3);
        connect(row.edit, &QLineEdit::textChanged, this, &ProposalReviewPanel::updateChecks);
        connect(row.keep, &QCheckBox::clicked, this, &ProposalReviewPanel::syncKeptExamples);
        m_examples.append(row);
    }

    int next = 2 + ExampleRows;
    m_problem =
        named(new QLabel(editor), u"proposalProblem"_s, tr("Why the topic cannot be accepted"));
    m_problem->setWordWrap(true);
    m_combined = named(new QLabel(editor), u"proposalCombinedBytes"_s, tr("Topic size"));
    m_combined->setAlignment(Qt::AlignRight | Qt::AlignTop);
    auto *totals = new QHBoxLayout;
    totals->addWidget(m_problem, 1);
    totals->addWidget(m_combined);
    grid->addLayout(totals, next++, 0, 1, 4);
    m_notes = named(new QLabel(editor), u"proposalNotes"_s, tr("Notes on the proposal"));
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_notes, next++, 0, 1, 4);
    grid->setRowStretch(next, 1);

    // The editor scrolls when the Live page is short; its width follows the splitter.
    auto *scroll = new QScrollArea;
    m_editorScroll = scroll;
    scroll->setObjectName(u"proposalEditorScroll"_s);
    scroll->setWidget(editor);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

QSize ProposalReviewPanel::sizeHint() const
{
    QSize hint = QWidget::sizeHint();
    const int editor = m_editor->sizeHint().height() + 2 * m_editorScroll->frameWidth();
    hint.rheight() += qMax(0, editor - m_editorScroll->sizeHint().height());
    return hint;
}

bool ProposalReviewPanel::isWaiting() const
{
    return m_session && m_context && m_context->isSessionLive() && m_session->pendingProposal() &&
           m_session->step() == "review"_L1;
}

void ProposalReviewPanel::refresh()
{
    const bool wasShown = m_shown.has_value();
    if (!isWaiting()) {
        m_shown.reset();
        m_sent = false;
        if (wasShown)
            emit shownChanged(false);
        return;
    }
    const PendingProposal &p = *m_session->pendingProposal();
    if (m_shown && m_shown->iteration == p.iteration && m_shown->kind == p.kind && isEdited()) {
        // The same proposal again (kept examples put back into it): the person's edits stay.
        m_shown = p;
        m_notes->setText(p.notes.join(u'\n'));
        m_notes->setVisible(!p.notes.isEmpty());
        updateChecks();
    } else if (!m_shown || *m_shown != p) {
        if (!m_shown)
            m_hint->clear();
        load(p);
    }
    // Where it is shown (a tab of the Live page) is its page's business.
    if (!wasShown)
        emit shownChanged(true);
}

void ProposalReviewPanel::load(const PendingProposal &p)
{
    m_shown = p;
    switch (p.kind) {
    case ProposalKind::Generate:
        m_box->setTitle(
            tr("Iteration %1: the first topic is proposed. The run waits for your decision.")
                .arg(p.iteration));
        break;
    case ProposalKind::Improve:
        m_box->setTitle(
            tr("Iteration %1: an improved topic is proposed. The run waits for your decision.")
                .arg(p.iteration));
        break;
    case ProposalKind::Simplify:
        m_box->setTitle(
            tr("Iteration %1: a simplified topic is proposed. The run waits for your decision.")
                .arg(p.iteration));
        break;
    }
    m_name->setText(p.proposal.name);
    m_name->setCursorPosition(0);
    {
        const QSignalBlocker blocker(m_description);
        m_description->setPlainText(p.proposal.description);
    }
    for (int i = 0; i < m_examples.size(); ++i) {
        const QSignalBlocker blocker(m_examples.at(i).edit);
        m_examples.at(i).edit->setText(p.proposal.examples.value(i));
        m_examples.at(i).edit->setCursorPosition(0);
    }
    QStringList notes = p.notes;
    if (const std::optional<QString> hint = std::exchange(m_retryHint, std::nullopt)) // the one asked for
        notes.prepend(hint->isEmpty() ? tr("A new proposal, as you asked.")
                                      : tr("A new proposal, written with your hint: “%1”.").arg(*hint));
    m_notes->setText(notes.join(u'\n'));
    m_notes->setVisible(!notes.isEmpty());
    updateKeepBoxes(); // and the checks
    m_diff->verticalScrollBar()->setValue(0);
    if (std::exchange(m_refocus, false))
        m_description->setFocus(); // Ctrl+Return accepts again
}

void ProposalReviewPanel::updateKeepBoxes()
{
    const QStringList kept = m_session ? m_session->run().steering.keptExamples : QStringList();
    for (const ExampleRow &row : std::as_const(m_examples))
        row.keep->setChecked(kept.contains(row.edit->text().trimmed()));
    updateChecks();
}

Topic ProposalReviewPanel::editedTopic() const
{
    Topic t;
    t.name = m_shown ? m_shown->proposal.name : QString();
    t.description = m_description->toPlainText();
    for (const ExampleRow &row : m_examples)
        t.examples.append(row.edit->text());
    return normalized(t);
}

bool ProposalReviewPanel::isEdited() const
{
    return m_shown && editedTopic() != normalized(m_shown->proposal);
}

bool ProposalReviewPanel::canAccept() const
{
    return m_shown && !m_sent && TopicLimits::validate(editedTopic()).isEmpty();
}

void ProposalReviewPanel::setCounter(QLabel *label, qsizetype bytes, qsizetype limit)
{
    label->setText(tr("%1/%2 bytes").arg(bytes).arg(limit));
    QPalette p = palette();
    if (bytes > limit)
        p.setColor(QPalette::WindowText, DiffStyle::from(palette()).worse);
    label->setPalette(p);
    label->setAccessibleDescription(bytes > limit ? tr("over the limit") : QString());
}

void ProposalReviewPanel::updateChecks()
{
    if (!m_shown)
        return;
    const Topic t = editedTopic();
    setCounter(m_descriptionBytes, Utf8::size(t.description), TopicLimits::DescriptionBytes);
    QList<int> rows; // the example rows that hold text, in the order editedTopic() lists them
    for (int i = 0; i < m_examples.size(); ++i) {
        const ExampleRow &row = m_examples.at(i);
        const QString text = row.edit->text().trimmed();
        setCounter(row.bytes, Utf8::size(text), TopicLimits::ExampleBytes);
        row.bytes->setVisible(!text.isEmpty());
        row.keep->setEnabled(!text.isEmpty() && !m_sent);
        if (!text.isEmpty())
            rows.append(i);
    }
    // What the AIRS limits refuse, as TopicLimits::validate finds it, in the person's words.
    QStringList problems;
    bool countOrTotalBroken = false;
    const QList<TopicLimits::Violation> violations = TopicLimits::validate(t);
    for (const TopicLimits::Violation &v : violations) {
        if (v.field == "description"_L1) {
            problems.append(t.description.isEmpty()
                                ? tr("The description is empty.")
                                : tr("The description is over %1 bytes.").arg(TopicLimits::DescriptionBytes));
        } else if (v.field.startsWith("examples["_L1)) {
            const int index = v.field.mid(9).chopped(1).toInt();
            problems.append(tr("Example %1 is over %2 bytes.")
                                .arg(rows.value(index, index) + 1)
                                .arg(TopicLimits::ExampleBytes));
        } else if (v.field == "examples"_L1) {
            countOrTotalBroken = true;
            problems.append(tr("A topic needs %1 to %2 examples.")
                                .arg(TopicLimits::MinExamples)
                                .arg(TopicLimits::MaxExamples));
        } else if (v.field == "topic"_L1) {
            countOrTotalBroken = true;
            problems.append(tr("Name, description and examples are over %1 bytes in all.")
                                .arg(TopicLimits::CombinedBytes));
        } else { // e.g. an over-long name from the LLM
            problems.append(TopicLimits::describe({v}));
        }
    }
    m_combined->setText(tr("Examples: %1 (%2 to %3) · in all %4/%5 bytes")
                            .arg(t.examples.size())
                            .arg(TopicLimits::MinExamples)
                            .arg(TopicLimits::MaxExamples)
                            .arg(TopicLimits::combinedBytes(t))
                            .arg(TopicLimits::CombinedBytes));
    QPalette combinedPalette = palette();
    if (countOrTotalBroken)
        combinedPalette.setColor(QPalette::WindowText, DiffStyle::from(palette()).worse);
    m_combined->setPalette(combinedPalette);

    m_problem->setText(problems.isEmpty() ? QString()
                                          : tr("Cannot accept: %1").arg(problems.join(u' ')));
    m_problem->setVisible(!problems.isEmpty());
    QPalette problemPalette = palette();
    problemPalette.setColor(QPalette::WindowText, DiffStyle::from(palette()).worse);
    m_problem->setPalette(problemPalette);

    const bool edited = isEdited();
    m_accept->setEnabled(canAccept());
    m_accept->setText(edited ? tr("Accept edited") : tr("Accept"));
    m_retry->setEnabled(!m_sent);
    m_hint->setEnabled(!m_sent);
    m_reset->setEnabled(edited && !m_sent);
    m_description->setReadOnly(m_sent);
    for (const ExampleRow &row : std::as_const(m_examples))
        row.edit->setReadOnly(m_sent);
    updateDiff(t);
}

void ProposalReviewPanel::updateDiff(const Topic &edited)
{
    const DiffStyle style = DiffStyle::from(m_diff->palette());
    const auto heading = [](const QString &text) -> QString {
        return u"<p><b>"_s + text.toHtmlEscaped() + u"</b></p>"_s;
    };
    QString html;
    const std::optional<Topic> &current = m_shown->current;
    const QString legend =
        current ? tr("Current topic → proposal: struck through is only in the current topic, "
                     "underlined is new.")
                : tr("The first proposal: there is no current topic to compare it with.");
    html += u"<p><small><i>"_s + legend.toHtmlEscaped() + u"</i></small></p>"_s;
    html += heading(tr("Name"));
    html += u"<p>"_s +
            (current ? style.html(WordDiff::diff(current->name, edited.name))
                     : edited.name.toHtmlEscaped()) +
            u"</p>"_s;
    html += heading(tr("Description"));
    html += u"<p>"_s +
            (current ? style.html(WordDiff::diff(current->description, edited.description))
                     : edited.description.toHtmlEscaped()) +
            u"</p>"_s;
    html += heading(tr("Examples"));
    html += u"<ul>"_s;
    for (const QString &example : edited.examples) {
        const bool isNew = current && !current->examples.contains(example);
        html +=
            u"<li>"_s + (isNew ? style.addedHtml(example) : example.toHtmlEscaped()) + u"</li>"_s;
    }
    if (current) {
        for (const QString &example : current->examples) {
            if (!edited.examples.contains(example))
                html += u"<li>"_s + style.removedHtml(example) + u"</li>"_s;
        }
    }
    html += u"</ul>"_s;
    const int scroll = m_diff->verticalScrollBar()->value();
    m_diff->setHtml(html);
    m_diff->verticalScrollBar()->setValue(scroll);
}

QStringList ProposalReviewPanel::keptExamples() const
{
    if (!m_session || !m_shown)
        return {};
    // The Keep boxes decide for the examples the panel shows (and showed, before an edit);
    // kept examples the proposal has no room for stay kept.
    QStringList shown;
    QStringList checked;
    for (const QString &example : m_shown->proposal.examples)
        shown.append(example.trimmed());
    for (const ExampleRow &row : m_examples) {
        const QString text = row.edit->text().trimmed();
        shown.append(text);
        if (row.keep->isChecked() && !text.isEmpty() && !checked.contains(text))
            checked.append(text);
    }
    QStringList kept;
    for (const QString &example : m_session->run().steering.keptExamples) {
        if (!shown.contains(example) || checked.contains(example))
            kept.append(example);
    }
    for (const QString &example : std::as_const(checked)) {
        if (!kept.contains(example))
            kept.append(example);
    }
    return kept;
}

void ProposalReviewPanel::syncKeptExamples()
{
    const QStringList kept = keptExamples();
    if (m_context && m_session && kept != m_session->run().steering.keptExamples)
        m_context->steer(SteeringRequest::keepExamples(kept));
}

void ProposalReviewPanel::accept()
{
    if (!canAccept())
        return;
    ProposalDecision decision;
    if (isEdited())
        decision.edited = editedTopic();
    send(decision);
}

void ProposalReviewPanel::requestAnother()
{
    if (!m_shown || m_sent)
        return;
    if (!isEdited())
        return sendRetry();
    // The person's edits would be lost with this proposal (issue 40): ask first.
    auto *box = new QMessageBox(QMessageBox::Question, tr("Discard your edits?"),
                                tr("You edited this proposal. Another proposal replaces it, and your edits are lost."),
                                QMessageBox::NoButton, this);
    box->setObjectName(u"discardEditsBox"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *discard = box->addButton(tr("&Discard edits and ask"), QMessageBox::DestructiveRole);
    discard->setObjectName(u"discardEditsButton"_s);
    QPushButton *keep = box->addButton(tr("&Keep editing"), QMessageBox::RejectRole);
    keep->setObjectName(u"keepEditingButton"_s);
    box->setDefaultButton(keep);
    connect(box, &QMessageBox::finished, this, [this, box, discard] {
        if (box->clickedButton() != discard)
            return;
        // The keyboard is in the question, not in the panel, when it closes: the next proposal
        // takes it back all the same, so Ctrl+Return works without a click (issue 58).
        m_refocusAfterQuestion = true;
        sendRetry();
    });
    box->open();
}

void ProposalReviewPanel::sendRetry()
{
    if (!m_shown || m_sent)
        return;
    ProposalDecision decision;
    decision.action = ProposalDecision::Action::Retry;
    decision.hint = m_hint->text().trimmed();
    m_retryHint = decision.hint;
    send(decision);
}

void ProposalReviewPanel::send(const ProposalDecision &decision)
{
    if (!m_context)
        return;
    syncKeptExamples(); // an edited kept example is kept as edited
    const QWidget *focused = QApplication::focusWidget();
    // The buttons go disabled, and focus leaves: the next proposal gives it back.
    m_refocus = std::exchange(m_refocusAfterQuestion, false) || (focused && isAncestorOf(focused));
    m_sent = true;
    updateChecks();
    m_context->steer(SteeringRequest::decide(decision));
}
