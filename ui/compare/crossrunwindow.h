#pragma once

#include "applydialog.h"
#include "crossrunplanbox.h"

#include <QDateTime>
#include <QDialog>
#include <QFutureWatcher>
#include <QHash>
#include <QPointer>

#include <functional>

class CrossRunChart;
class CrossRunTexts;
class LeaderboardModel;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTreeView;

// Runs ▸ Compare runs… (issue 61): which of several runs designed the best topic, on one shared
// benchmark. First the plan (CrossRunPlanBox: the shared prompts or another benchmark, the
// cost, Start); then, once every topic has verdicts on those prompts (stored, or scanned by
// CrossRunComparison in scratch profiles, cancellable and resumable), the leaderboard (sortable,
// each row's separating prompts expandable) beside the runs' own iteration curves, and the
// topics side by side as word diffs against the leader's. Apply… opens the Compare page's Apply
// dialog, with its impact check, for the selected candidate. A window of its own; Esc closes it
// (cancelling a scan first, which removes its scratch profile), and it remembers its geometry.
class CrossRunWindow final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrossRunWindow)
public:
    struct Setup
    {
        QString runsDirectory;
        QString comparisonsHome; // where CrossRunComparison keeps its state (empty: no Resume across sessions)
        // Builds the controller that scans (the app's tenant and settings); null: nothing can be
        // scanned here, only stored verdicts compared.
        std::function<CrossRunComparison *(QObject *parent)> makeComparison;
        ManagementClient *management = nullptr; // for Apply; null: Apply is off
        std::optional<ApplyDialog::ImpactSource> impact;
        int propagationDelayMs = 10000;
        QHash<QString, QDateTime> runDates; // when each run was last updated, for the leaderboard
        std::function<QByteArray()> loadGeometry;
        std::function<void(const QByteArray &)> saveGeometry;
    };

    CrossRunWindow(Setup setup, const QStringList &labels, QWidget *parent = nullptr);
    ~CrossRunWindow() override;

    CrossRunPlanBox *planBox() const { return m_planBox; }
    LeaderboardModel *leaderboard() const { return m_model; }
    QTreeView *leaderboardView() const { return m_view; }
    CrossRunChart *chart() const { return m_chart; }
    CrossRunTexts *texts() const { return m_texts; }
    ApplyDialog *applyDialog() const { return m_applyDialog; }
    const CrossRunComparison::Plan &plan() const { return m_plan; }

    void openApplyDialog(); // for the selected candidate (the leader when none is selected)

public slots:
    void reject() override;

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void replan();
    void showPlan(const CrossRunComparison::Plan &plan);
    void start();
    void resume();
    void cancelScan();
    CrossRunComparison *comparison();
    void finished(const CrossRun::Leaderboard &board, const QString &error,
                  const QString &cleanupProblems);
    void showLeaderboard(const CrossRun::Leaderboard &board);
    void showStored(); // the leaderboard from stored verdicts, when nothing needs scanning
    int selectedCandidate() const;
    void updateApply();
    void applyColors();
    void rememberGeometry();

    Setup m_setup;
    QStringList m_labels;
    CrossRunComparison::Plan m_plan;
    QFutureWatcher<CrossRunComparison::Plan> m_planWatcher;
    bool m_replanAgain = false;
    QPointer<CrossRunComparison> m_comparison;
    QString m_comparisonId;
    bool m_closing = false;

    CrossRunPlanBox *m_planBox = nullptr;
    LeaderboardModel *m_model = nullptr;
    QSortFilterProxyModel *m_sorted = nullptr;
    QTreeView *m_view = nullptr;
    CrossRunChart *m_chart = nullptr;
    CrossRunTexts *m_texts = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_apply = nullptr;
    QPointer<ApplyDialog> m_applyDialog;
};
