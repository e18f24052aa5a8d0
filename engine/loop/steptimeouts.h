#pragma once

#include <QHash>
#include <QScxmlCppDataModel>
#include <QScxmlEvent>

// The data model of refinement.scxml: how long each waiting step may take. A step arms its
// timeout on entry (`<send id="stepTimeout" delayexpr="delay(Step::…)">`) and cancels it on
// exit; when one fires, the chart runs timedOut() on its way to the failed state.
class StepTimeouts final : public QScxmlCppDataModel
{
    Q_OBJECT
    Q_SCXML_DATAMODEL
public:
    enum class Step { LoadMemory, Prepare, Benchmark, Generate, Apply, Scan, Analyze, Recover, Finish };
    Q_ENUM(Step)

    explicit StepTimeouts(QObject *parent = nullptr);

    // 0 or less: the step waits as long as it takes.
    void setTimeout(Step step, int ms) { m_ms.insert(step, ms); }
    int timeout(Step step) const { return m_ms.value(step, 0); }
    // The step's name as stepChanged() and messages give it ("load-memory").
    static QString name(Step step);

    // For the chart: arms `step`'s timeout, as an SCXML delay ("900000ms").
    QString delay(Step step);
    void timedOut();

signals:
    void stepTimedOut(StepTimeouts::Step step, int ms);

private:
    QHash<Step, int> m_ms;
    Step m_armed = Step::LoadMemory; // the step whose timeout is pending (one at a time)
};
