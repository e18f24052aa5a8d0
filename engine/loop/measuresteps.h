#pragma once

#include "runcontext.h"

#include <QObject>
#include <QPointer>

class ScanBatch;

// Measuring an iteration (scan, evaluate, analyze in refinement.scxml): the working suite and
// the benchmark (and the response tests and rewrites) scanned in one batch, the figures, and the
// analysis of the working suite's errors. With overlapped steps the analysis is asked for as soon
// as the working suite is scanned (it needs nothing of the benchmark), while the benchmark is
// still being scanned; its event still follows evaluate:complete.
class MeasureSteps final : public QObject
{
    Q_DISABLE_COPY_MOVE(MeasureSteps)
public:
    explicit MeasureSteps(RunContext &ctx, QObject *parent = nullptr);

    void enterScan();
    void enterScanning(); // the benchmark set is written: the batch starts
    void enterEvaluate();
    void enterAnalyze();
    // A label was corrected: an analysis asked early (with the old label) is asked again in the
    // analyze step, and the stale answer is dropped.
    void invalidateAnalysis();

private:
    void suiteScanned(); // every working-suite prompt has its verdict
    QString notScannedProblem(qsizetype working) const; // too many prompts not scanned
    bool askAnalysis(bool early = false);
    void analysisArrived();

    RunContext &m_ctx;
    QPointer<ScanBatch> m_scan;
    int m_analysisRound = 0; // an answer to an earlier round is stale
};
