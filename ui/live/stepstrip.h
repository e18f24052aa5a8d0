#pragma once

#include <QList>
#include <QWidget>

class QLabel;

// The steps of one iteration, generate → apply → test → evaluate → analyze → improve, with the
// active one highlighted and the ones before it marked done. Colours come from the palette.
class StepStrip final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepStrip)
public:
    enum Step { Generate, Apply, Test, Evaluate, Analyze, Improve, StepCount };

    explicit StepStrip(QWidget *parent = nullptr);
    ~StepStrip() override;

    // Maps a RunSession step name ("generate", "scan", "record", …) to a Step; -1 for steps
    // outside the strip ("load-memory", "finish", unknown names).
    static int stepFor(const QString &sessionStep);
    static QString stepName(int step);

    void setSessionStep(const QString &sessionStep);
    void setActiveStep(int step); // -1: none
    int activeStep() const { return m_active; }
    void setIteration(int iteration); // 0: none
    QLabel *stepLabel(int step) const { return m_labels.value(step); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void restyle();

    QLabel *m_iteration = nullptr;
    QList<QLabel *> m_labels;
    QList<QLabel *> m_arrows;
    int m_active = -1;
    bool m_restyling = false;
};
