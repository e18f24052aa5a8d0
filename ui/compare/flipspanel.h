#pragma once

#include "models/compare/iterationcomparison.h"

#include <QWidget>

class QButtonGroup;
class QTableView;
class TestFlipModel;

// The tests of two iterations that changed outcome ("flipsView"), with filter buttons:
// flips (fixed + broken), fixed, broken, only in A or B, all.
class FlipsPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlipsPanel)
public:
    explicit FlipsPanel(QWidget *parent = nullptr);

    void setComparison(const IterationComparison &comparison);
    TestFlipModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateButtons();

    TestFlipModel *m_model;
    QButtonGroup *m_filters;
    QTableView *m_view;
};
