#pragma once

#include "domain/runsteering.h"

#include <QList>
#include <QPointer>
#include <QWidget>

#include <optional>

class QCheckBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTextBrowser;
class RunSession;
class StudioContext;

// Step mode's decision point in the Live page, shown only while the live run waits for one:
// the proposal beside the current topic as a word diff; its description and examples
// editable within the AIRS limits (a byte counter per field and for the whole topic, the name
// locked); a Keep check box per example (every later proposal keeps it); the app's notes on
// the proposal; Accept (Ctrl+Return) and "Another proposal…" with a hint for the LLM.
// Decisions go to the StudioContext; everything shown comes from the RunSession.
class ProposalReviewPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProposalReviewPanel)
public:
    static constexpr int ExampleRows = 5; // TopicLimits::MaxExamples; blank rows are left out

    // `context` may be null (a session shown without a run to steer): the panel stays hidden.
    ProposalReviewPanel(RunSession *session, StudioContext *context, QWidget *parent = nullptr);
    ~ProposalReviewPanel() override;

    const std::optional<PendingProposal> &proposal() const { return m_shown; }
    // The topic as the fields hold it now: trimmed, blank example rows left out, name locked.
    Topic editedTopic() const;
    bool isEdited() const; // the fields differ from the proposal
    bool canAccept() const;

    void accept();         // deploys the proposal, or the edited topic when it was edited
    void requestAnother(); // asks first when the person edited the proposal
    void sendRetry(); // sends it back, with the hint

    // As tall as the editor needs without scrolling (it scrolls only when the page is short).
    QSize sizeHint() const override;

    bool isShown() const { return m_shown.has_value(); } // a proposal waits for the person

signals:
    void shownChanged(bool shown); // the page shows the panel, or takes it away

private:
    struct ExampleRow
    {
        QLineEdit *edit = nullptr;
        QLabel *bytes = nullptr;
        QCheckBox *keep = nullptr;
    };

    QWidget *createEditor();
    bool isWaiting() const;
    void refresh(); // shown or hidden, and which proposal, from the session
    void load(const PendingProposal &proposal);
    void updateKeepBoxes();
    void updateChecks(); // counters, problems, buttons and the diff
    void updateDiff(const Topic &edited);
    void setCounter(QLabel *label, qsizetype bytes, qsizetype limit);
    QStringList keptExamples() const; // the session's list as the Keep boxes change it
    void syncKeptExamples();
    void send(const ProposalDecision &decision);

    QPointer<RunSession> m_session;
    QPointer<StudioContext> m_context;
    std::optional<PendingProposal> m_shown;
    QGroupBox *m_box = nullptr;
    QTextBrowser *m_diff = nullptr;
    QWidget *m_editor = nullptr;
    QScrollArea *m_editorScroll = nullptr;
    QLineEdit *m_name = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QLabel *m_descriptionBytes = nullptr;
    QList<ExampleRow> m_examples;
    QLabel *m_combined = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_notes = nullptr;
    QLineEdit *m_hint = nullptr;
    QPushButton *m_retry = nullptr;
    QPushButton *m_reset = nullptr;
    QPushButton *m_accept = nullptr;
    bool m_sent = false; // a decision is on its way: no second one
    // Another proposal was asked for (issue 40): the next one says it is new, with which hint,
    // and takes the focus back if the panel had it (so Ctrl+Return works again).
    std::optional<QString> m_retryHint;
    bool m_refocus = false;
    bool m_refocusAfterQuestion = false; // "Discard edits and ask" was chosen in the question
};
