#pragma once

#include "models/session/crossruncomparison.h"

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;

// The plan of a cross-run comparison (issue 61), before anything is scanned: how many prompts
// the runs' benchmarks share and, when too few, the choice of another benchmark (one run's, the
// union, or a labelled CSV file); what it costs (topics to scan × prompts); Start. While it
// scans: the step and a progress bar with Cancel; a cancelled comparison offers Resume.
class CrossRunPlanBox final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrossRunPlanBox)
public:
    enum class Stage { Planning, Ready, Scanning, Cancelling, Cancelled, Done };

    explicit CrossRunPlanBox(QWidget *parent = nullptr);
    ~CrossRunPlanBox() override;

    void setPlan(const CrossRunComparison::Plan &plan);
    void setStage(Stage stage, const QString &note = {});
    Stage stage() const { return m_stage; }
    void setProgress(const QString &step, int done, int total);
    void setResumable(bool resumable); // whether Resume can pick the cancelled comparison up

    // The benchmark the person chose: nothing = the common prompts.
    std::optional<CrossRun::Source> source() const;
    QString sourceDetail() const;

    static QString costText(const CrossRunComparison::Plan &plan);

signals:
    void sourceChanged(); // re-plan with source() and sourceDetail()
    void startRequested();
    void cancelRequested();
    void resumeRequested();

private:
    void updateChoice();
    void chooseCsv();

    Stage m_stage = Stage::Planning;
    bool m_resumable = false;
    bool m_offerChoice = false;
    bool m_commonEnough = true;
    QLabel *m_summary = nullptr;
    QWidget *m_choice = nullptr;
    QButtonGroup *m_group = nullptr;
    QRadioButton *m_common = nullptr;
    QRadioButton *m_oneRun = nullptr;
    QRadioButton *m_union = nullptr;
    QRadioButton *m_csv = nullptr;
    QComboBox *m_run = nullptr;
    QLineEdit *m_csvPath = nullptr;
    QPushButton *m_browse = nullptr;
    QLabel *m_cost = nullptr;
    QLabel *m_step = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_resume = nullptr;
};
