#pragma once

#include <QList>
#include <QWidget>

class QLabel;

// The steps of one iteration, generate → (review) → apply → test → evaluate → analyze → improve,
// with the active one highlighted and the ones before it marked done. Review, where a run in
// step mode waits for the person, is shown only in step mode (or while it is active). Colours
// come from the palette.
class StepStrip final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepStrip)
public:
    enum Step { Generate, Review, Apply, Test, Evaluate, Analyze, Improve, StepCount };

    explicit StepStrip(QWidget *parent = nullptr);
    ~StepStrip() override;

    // Maps a RunSession step name ("generate", "scan", "record", …) to a Step; -1 for steps
    // outside the strip ("load-memory", "finish", unknown names).
    static int stepFor(const QString &sessionStep);
    static QString stepName(int step);

    void setSessionStep(const QString &sessionStep);
    void setActiveStep(int step); // -1: none
    int activeStep() const { return m_active; }
    // "Iteration 2 of 5": `iteration` 0 = none, `of` the run's maximum (0: unknown).
    void setIteration(int iteration, int of = 0);
    QLabel *iterationLabel() const { return m_iteration; }
    void setReviewShown(bool shown);  // step mode: the run stops for a review after generate
    bool isReviewShown() const { return m_reviewShown; }
    QLabel *stepLabel(int step) const { return m_labels.value(step); }

    // Short of room (a long language, a small screen), the arrows between the steps go first.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool arrowsShown() const { return !m_compact; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Everything (palette, font or style changed), or only the steps whose state changed.
    enum class Restyle { All, Changed };
    void restyle(Restyle what = Restyle::All);
    // Fixes each step label at the size of its widest look (bold while active, "✓ " when done),
    // so that the step moving on repaints the strip without re-laying out the window.
    void fixLabelSizes();
    void updateReviewVisibility();
    int arrowRoom() const; // the width the arrows take, with their spacing

    QLabel *m_iteration = nullptr;
    QList<QLabel *> m_labels;
    QList<QLabel *> m_arrows;
    int m_active = -1;
    QList<int> m_shownStates; // per step as last styled: pending, active, done
    bool m_reviewShown = false;
    bool m_compact = false; // the arrows hidden for want of room
    bool m_restyling = false;
};
