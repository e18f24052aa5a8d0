// The run report's figures for the extra tests (issue 56): the response side's coverage is
// null, not 0, when a class has no prompt.
#include "domain/iterationresult.h"
#include "domain/runstate.h"
#include "runs/runreport.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
TestCase test(const QString &prompt, bool positive)
{
    TestCase t;
    t.prompt = prompt;
    t.expectedTriggered = positive;
    t.category = positive ? u"direct"_s : u"benign"_s;
    t.source = TestSource::Benchmark;
    return t;
}

TestResult result(const TestCase &t, bool triggered, bool scanned = true)
{
    if (!scanned)
        return TestResult::unscanned(t, u"timeout"_s);
    TestResult r;
    r.testCase = t;
    r.actualTriggered = triggered;
    r.correct = t.expectedTriggered == triggered;
    return r;
}
} // namespace

class TestRunReport final : public QObject
{
    Q_OBJECT

private slots:
    // Issue 56: the response side's coverage is null, like its TPR or TNR, when one of its
    // classes has no prompt (min(TPR, TNR) has no value then), as the robustness rows say.
    void responseCoverageIsNullWithAnEmptyClass()
    {
        const QList<TestCase> pairs{test(u"q0"_s, true), test(u"q1"_s, true)};
        IterationResult it;
        it.iteration = 1;
        it.responses = BenchmarkScore::compute({result(pairs[0], true), result(pairs[1], true)});
        RunState run;
        run.id = u"r"_s;
        run.userInput.responseTests = 2;
        run.iterations = {it};
        QJsonObject rm = RunReport::json(run, {}, QDateTime::currentDateTimeUtc())
                             .value(u"iterations"_s).toArray().first().toObject().value(u"responseMetrics"_s).toObject();
        QCOMPARE(rm.value(u"tpr"_s), QJsonValue(1.0));
        QVERIFY(rm.value(u"tnr"_s).isNull());
        QVERIFY2(rm.value(u"coverage"_s).isNull(), qPrintable(QString::number(rm.value(u"coverage"_s).toDouble())));
        QCOMPARE(rm.value(u"n"_s).toInt(), 2);
        // With both classes: a number.
        run.iterations.first().responses = BenchmarkScore::compute({result(pairs[0], true), result(test(u"q2"_s, false), true)});
        rm = RunReport::json(run, {}, QDateTime::currentDateTimeUtc())
                 .value(u"iterations"_s).toArray().first().toObject().value(u"responseMetrics"_s).toObject();
        QCOMPARE(rm.value(u"coverage"_s), QJsonValue(0.0));
        QCOMPARE(rm.value(u"tnr"_s), QJsonValue(0.0));
    }
};

QTEST_GUILESS_MAIN(TestRunReport)
#include "tst_runreport.moc"
