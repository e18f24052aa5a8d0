#pragma once

#include "domain/crossrun.h"

#include <QWidget>

class QHBoxLayout;
class QTextBrowser;

// The compared topics side by side (issue 61), in the leaderboard's order: the leader's as it
// is, every other one's name, description and examples as a word diff against the leader's
// (the diff rendering Compare uses: DiffStyle). Scrolls sideways when they do not fit.
class CrossRunTexts final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrossRunTexts)
public:
    explicit CrossRunTexts(QWidget *parent = nullptr);
    ~CrossRunTexts() override;

    // The leader first.
    void setCandidates(const QList<CrossRun::Candidate> &candidates);
    QList<QTextBrowser *> columns() const { return m_columns; }
    // The column of the leaderboard's row `rank` (0 = the leader) comes into sight.
    void showColumn(int rank);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    QString html(int rank) const;

    QList<CrossRun::Candidate> m_candidates;
    QList<QTextBrowser *> m_columns;
    QHBoxLayout *m_row = nullptr;
    class QScrollArea *m_scroll = nullptr;
};
