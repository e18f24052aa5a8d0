#pragma once

#include <QWidget>

class BenchmarkGridFilter;
class BenchmarkGridModel;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;
class RunSession;
struct RunState;

// The prompt × iteration grid of the run's held-out benchmark, with a search and "only the
// prompts that flip". Clicking an iteration's column header opens it in Compare; clicking the
// prompt or expected header sorts.
class BenchmarkGrid final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BenchmarkGrid)
public:
    explicit BenchmarkGrid(QWidget *parent = nullptr);

    void setRun(const RunState &run);
    BenchmarkGridModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

signals:
    void iterationActivated(int iteration);

private:
    void updateSummary();

    BenchmarkGridModel *m_model;
    BenchmarkGridFilter *m_filter;
    QLineEdit *m_search;
    QCheckBox *m_onlyFlips;
    QLabel *m_summary;
    QTableView *m_view;
};
