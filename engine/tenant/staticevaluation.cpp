#include "staticevaluation.h"

#include "airs/scanbatch.h"

using namespace Qt::StringLiterals;

StaticEvaluation::StaticEvaluation(AirsSettings airs, Options options, QObject *parent)
    : QObject(parent)
    , m_airs(std::move(airs))
    , m_options(std::move(options))
{
}

void StaticEvaluation::start(const QList<TestCase> &tests)
{
    auto *batch = new ScanBatch(m_airs, {m_options.profileName, u"daystrom-eval"_s, m_options.intent,
                                         m_options.concurrency, m_options.ratePerSecond}, this);
    m_batch = batch;
    connect(batch, &ScanBatch::scanned, this, [this](int, const ScanVerdict &, int completed, int total) {
        emit progress(completed, total);
    });
    connect(batch, &ScanBatch::finished, this, [this, tests, batch](const QList<ScanVerdict> &verdicts) {
        batch->deleteLater();
        QList<TestResult> results;
        for (qsizetype i = 0; i < tests.size(); ++i) {
            TestResult r;
            r.testCase = tests.at(i);
            r.actualTriggered = verdicts.at(i).triggered;
            r.scanAction = verdicts.at(i).action;
            r.scanId = verdicts.at(i).scanId;
            r.reportId = verdicts.at(i).reportId;
            r.scanCategory = verdicts.at(i).category;
            r.detections = verdicts.at(i).detections;
            r.correct = r.testCase.expectedTriggered == r.actualTriggered;
            results.append(r);
        }
        emit finished(results, EfficacyMetrics::compute(results));
    });
    connect(batch, &ScanBatch::failed, this, [this, batch](const AirsError &e) {
        batch->deleteLater();
        emit failed(e.toString());
    });
    QStringList prompts;
    for (const TestCase &t : tests)
        prompts.append(t.prompt);
    batch->start(prompts);
}

void StaticEvaluation::cancel()
{
    if (m_batch)
        m_batch->cancel();
}
