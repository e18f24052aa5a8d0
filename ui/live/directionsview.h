#pragma once

#include <QWidget>

class QLabel;
class QTableView;
class RobustnessTableModel;
struct IterationResult;
struct RunSettings;

// The Live page's "Responses & rewrites" tab (issue 43): for the iteration shown, the response
// side's figures (prompt+response pairs judged on what AIRS says of the response) with their
// intervals, and the robustness table (coverage kept under each rewrite of the benchmark's
// sample). Neither decides anything unless the run decides on both directions; the tab says so.
class DirectionsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DirectionsView)
public:
    explicit DirectionsView(QWidget *parent = nullptr);

    // `it`: the iteration to show (null: none recorded yet); `live`: it is the last recorded
    // while a later one runs.
    void show(const IterationResult *it, const RunSettings &settings, bool live);
    RobustnessTableModel *robustnessModel() const { return m_model; }
    QString responsesText() const;

private:
    QLabel *m_heading = nullptr;
    QLabel *m_responses = nullptr;
    QLabel *m_robustnessCaption = nullptr;
    QTableView *m_table = nullptr;
    RobustnessTableModel *m_model = nullptr;
};
