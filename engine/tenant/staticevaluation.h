#pragma once

#include "airs/airssettings.h"
#include "domain/iterationresult.h"
#include "domain/runsettings.h"

#include <QObject>
#include <QPointer>

class ScanBatch;

// Scores what a profile enforces now against labelled prompts, without calling the LLM:
// every prompt is scanned, and the results give the same metrics as a loop iteration.
class StaticEvaluation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StaticEvaluation)
public:
    struct Options
    {
        QString profileName;
        Intent intent = Intent::Block;
        int concurrency = 5;
        double ratePerSecond = 0;
    };

    StaticEvaluation(AirsSettings airs, Options options, QObject *parent = nullptr);
    void start(const QList<TestCase> &tests);
    void cancel();

signals:
    void progress(int completed, int total);
    void finished(const QList<TestResult> &results, const EfficacyMetrics &metrics);
    void failed(const QString &error);

private:
    AirsSettings m_airs;
    Options m_options;
    QPointer<ScanBatch> m_batch;
};
