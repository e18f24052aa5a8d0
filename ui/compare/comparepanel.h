#pragma once

#include "applydialog.h"
#include "models/compare/iterationcomparison.h"

#include <QPointer>
#include <QWidget>

class ManagementClient;
class MetricDeltaTable;
class ProductionCheck;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class RunSession;
class BenchmarkGrid;
class FlipsPanel;

// Compares any two recorded iterations of the session's run: the description at word level,
// the examples added and removed, metric deltas and the tests that flipped. Defaults to the
// latest iteration (the best one for a stored run, the one Apply offers) against the one in
// production or, when none of this run is, the one recorded before it, and
// follows new iterations of a live run until the person picks iterations themselves.
// "Apply iteration B to AIRS…" opens an ApplyDialog when a management client is set. A test's
// expected label can be marked as wrong from the flips and the benchmark grid (context menu,
// Ctrl+L); benchmarks of different versions are compared on the prompts both were asked.
// While another page is in front the panel follows the run lazily: it catches up when shown.
class ComparePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparePanel)
public:
    explicit ComparePanel(RunSession *session, QWidget *parent = nullptr);
    ~ComparePanel() override;

    // Enables applying to AIRS; `client` lives on the GUI thread and is not owned. Null disables.
    // Applies are recorded in the run files in `runsDirectory` (for revert).
    void setManagementClient(ManagementClient *client, const QString &runsDirectory, int propagationDelayMs = 10000);
    // What the Apply dialog's impact check scans with and where the profile audits are.
    void setImpactSource(const std::optional<ApplyDialog::ImpactSource> &source) { m_impactSource = source; }

    void selectIterations(int a, int b); // by iteration number; ignored when not recorded
    // B = `iteration`, A = the iteration recorded before it (itself when it is the first):
    // what a click on a chart point or a grid column opens.
    void showIteration(int iteration);
    int iterationA() const;
    int iterationB() const;
    const IterationComparison &comparison() const
    {
        catchUp();
        return m_comparison;
    }
    ApplyDialog *applyDialog() const { return m_dialog; } // the open dialog, if any
    BenchmarkGrid *benchmarkGrid() const
    {
        catchUp();
        return m_grid;
    }
    FlipsPanel *flipsPanel() const
    {
        catchUp();
        return m_flips;
    }

    ApplyDialog *openApplyDialog(); // what the apply button does; null when it cannot
    // The run changed while the panel was on a hidden page and it does not show all of that
    // yet; it does over the passes right after it is next shown, or at once when asked for its
    // state.
    bool isBehind() const { return m_stale || m_partsBehind != 0; }

signals:
    void topicApplied(int iteration);
    void applyReverted();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    // The parts of the page below the summary: the word diff; the examples added and removed
    // with the metric table; the flipped tests; the benchmark grid (of the run, not the pair).
    // Catching up after the page is shown fills them in on passes of their own, each with its
    // own layout and paint, so that no single pass of the window's first frames does it all.
    enum Part : unsigned { DescriptionPart = 1, ExamplesPart = 2, FlipsPart = 4, GridPart = 8 };
    static constexpr Part Parts[] = {DescriptionPart, ExamplesPart, FlipsPart, GridPart};
    enum class Pace { AtOnce, OnePartPerPass };

    void repopulate(Pace pace = Pace::AtOnce);
    // repopulate() now, or, while another page is in front, when the panel is next shown or
    // asked for its state (catchUp()).
    void repopulateWhenSeen();
    void catchUp() const; // everything, now
    void selectDefaults();
    int productionIteration() const; // of this run, as last applied; 0 when none is
    void compare(Pace pace = Pace::AtOnce);
    void showPart(Part part);
    void showNextPart(); // and the one after on the next pass
    void scheduleNextPart();
    void showAllParts();
    void renderDescription();
    void updateApplyButton();
    // `both`: the run decides on the weaker of the prompt and response sides.
    static QString verdictText(const IterationComparison &comparison, bool both, bool html);
    // "Benchmark v1 vs v2: compared on the 60 prompts both were asked."
    static QString versionText(const IterationComparison &comparison);

    QPointer<RunSession> m_session;
    QPointer<ManagementClient> m_client;
    QPointer<ApplyDialog> m_dialog;
    QString m_runsDirectory;
    int m_propagationDelayMs = 10000;
    std::optional<ApplyDialog::ImpactSource> m_impactSource;
    IterationComparison m_comparison;
    bool m_userPicked = false; // the person chose iterations: stop following defaults
    bool m_populating = false;
    bool m_stale = false; // the run changed while the panel was on a hidden page
    unsigned m_partsBehind = 0; // parts that do not show m_comparison (or the run's grid) yet
    bool m_nextPartScheduled = false;

    QComboBox *m_a = nullptr;
    QComboBox *m_b = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_production = nullptr; // what this run last applied, with a way back
    QList<ApplyRecord> m_applies;   // as the Apply dialog last left them, for m_appliesRunId
    QString m_appliesRunId;
    // Whether the tenant still holds what the run last applied (issue 58): the line above
    // says "In production" only when it does. Checked when the run or its applies change and
    // when the page is shown (an apply or revert from the shell meanwhile).
    ProductionCheck *m_productionCheck = nullptr;
    QString m_productionChecked; // what was last checked: run id and its applies
    QLabel *m_versionNote = nullptr; // benchmarks of different versions
    QTextBrowser *m_description = nullptr;
    QListWidget *m_added = nullptr;
    QListWidget *m_removed = nullptr;
    MetricDeltaTable *m_metrics = nullptr;
    FlipsPanel *m_flips = nullptr;
    BenchmarkGrid *m_grid = nullptr;
    QTabWidget *m_lower = nullptr;
    QPushButton *m_apply = nullptr;
};
