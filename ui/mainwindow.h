#pragma once

#include <QMainWindow>

class QLabel;
class QTableView;
class RunListModel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    explicit MainWindow(const QString &runsDirectory, QWidget *parent = nullptr);
    ~MainWindow() override;

    RunListModel *runsModel() const { return m_runs; }

private:
    void createActions();
    void updateStatus();

    RunListModel *m_runs = nullptr;
    QTableView *m_runsView = nullptr;
    QLabel *m_status = nullptr;
};
