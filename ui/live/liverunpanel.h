#pragma once

#include "models/live/resultsfilterproxy.h"
#include "models/live/scanrate.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class DirectionsView;
struct IterationResult;
struct RunSettings;
class EfficacyChartView;
class ErrorBanner;
class ProposalReviewPanel;
class QTabWidget;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QLabel;
class QPushButton;
class QTableView;
class ResultsTableModel;
class RunSession;
class StepStrip;
class StudioContext;
class TopicView;
class UsageStrip;

// The live view of a run: the current iteration's step strip and scan progress, its results
// as they arrive (filterable and searchable), the topic being tested, the event log and an
// error banner. Everything follows the RunSession; the panel never talks to the engine. In step
// mode it shows the proposal waiting for a decision (ProposalReviewPanel), and a switch turns
// step mode on and off for the live run (through the StudioContext that owns the session).
class LiveRunPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveRunPanel)
public:
    static constexpr int MaxLogLines = 5000;
    static constexpr int ProgressIntervalMs = 16; // the progress bar repaints at most ~60 Hz
    // The filter buttons' counts change at most 4 times a second while results stream: a new
    // count is a new button text, and that re-lays out the whole window.
    static constexpr int FilterCountIntervalMs = 250;

    // `context`: where steering goes (step mode, proposals, labels, added prompts); null shows a
    // run without steering (the controls stay disabled).
    LiveRunPanel(RunSession *session, StudioContext *context, QWidget *parent = nullptr);
    ~LiveRunPanel() override;

    RunSession *session() const { return m_session; }
    ResultsTableModel *resultsModel() const { return m_model; }
    ResultsFilterProxy *resultsProxy() const { return m_proxy; }

    // Shows a recorded iteration's results and topic (e.g. when a chart point is clicked);
    // false when the run has no such iteration. followLive() returns to the running one.
    bool showIteration(int iteration);
    void followLive();
    void setFilter(ResultsFilterProxy::Filter filter);

    // A point clicked on `chart` shows that iteration here (the iteration chooser) and asks for
    // it on Compare (compareIterationRequested).
    void followChart(EfficacyChartView *chart);
    // The columns of the results table fit the width: the prompt keeps at least this many
    // average characters while the other columns can still give up room.
    static constexpr int MinPromptChars = 34;
    // The scans an iteration's scan step made (what the bar counted while it ran).
    static int scansOf(const IterationResult &it, const RunSettings &settings);

signals:
    void compareIterationRequested(int iteration);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *createResultsArea();
    QPushButton *addFilterButton(QLayout *layout, const QString &objectName,
                                 ResultsFilterProxy::Filter filter);
    void onReset();
    void showProgress(); // the bar: the scan under way, or the results shown of a run not live
    void setProgress(int completed, int total);
    void updateRate();
    void updateIterationLabel();
    void fitColumns();
    void addColumnMenu();
    void updateFilterLabels();
    void updateIterationChoices();
    static QString waitingText(const QString &step); // the bar's text while no scan runs
    void updateTopic();
    void updateStepMode();
    void updateDirections(); // the Responses & rewrites tab: shown for runs that have them

    QPointer<RunSession> m_session;
    QPointer<StudioContext> m_context; // steering; null when there is none
    ResultsTableModel *m_model = nullptr;
    bool m_reviewShowsPrevious = false; // a waiting proposal: the last recorded results are shown
    ResultsFilterProxy *m_proxy = nullptr;
    ErrorBanner *m_errorBanner = nullptr;
    StepStrip *m_steps = nullptr;
    QComboBox *m_iterationChoice = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_rateLabel = nullptr; // scans per second and the time left, in the scan step
    UsageStrip *m_usage = nullptr; // what the run used; its scans follow the bar's
    ScanRate m_rate;
    QElapsedTimer m_clock;
    QList<int> m_naturalWidths; // per column: what it asks for at full width
    QButtonGroup *m_filters = nullptr;
    QLineEdit *m_search = nullptr;
    QTableView *m_resultsView = nullptr;
    TopicView *m_topic = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QTabWidget *m_lowerTabs = nullptr; // the results and the event log
    DirectionsView *m_directions = nullptr;
    bool m_logShown = false;   // the event log's tab is the current one
    bool m_logFollows = true;  // it was at its newest line when last seen
    QCheckBox *m_stepMode = nullptr;
    ProposalReviewPanel *m_review = nullptr;
    QTimer m_progressTimer;
    QTimer m_filterCountTimer; // running: the counts were just shown
    bool m_filterCountsPending = false;
    bool m_stickToBottom = false;
};
