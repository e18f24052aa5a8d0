// The run report's figures for the extra tests (issue 56): the response side's coverage is
// null, not 0, when a class has no prompt, and a robustness row with fewer prompts than the
// as-written row says why (not rewritten, not scanned), in the JSON and in the text.
#include "domain/iterationresult.h"
#include "domain/robustness.h"
#include "domain/runstate.h"
#include "reports/runreport.h"

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
    // Issue 56: a family row with fewer prompts than the as-written row says why: the prompts
    // the family wrote nothing for, and the rewrites AIRS gave no verdict for. n, those two and
    // nothing else make up the as-written prompts.
    void aShorterRowSaysWhy()
    {
        QList<TestCase> benchmark;
        QList<TestResult> scored;
        for (int i = 0; i < 6; ++i) {
            benchmark.append(test(u"prompt %1"_s.arg(i), i < 3));
            scored.append(result(benchmark.last(), i < 3));
        }
        IterationResult it;
        it.benchmark = BenchmarkScore::compute(scored);
        const auto rewrite = [&](int of, const QString &family, bool scanned = true) {
            TestCase t = benchmark.at(of);
            t.prompt += u" ("_s + family + u')';
            t.rewrite = family;
            t.rewriteOf = of;
            return result(t, of < 3, scanned);
        };
        for (int i = 0; i < 6; ++i) {
            it.robustness.append(rewrite(i, u"paraphrase"_s, i != 4)); // one without a verdict
            if (i != 1 && i != 5)
                it.robustness.append(rewrite(i, u"typos"_s)); // two a typo leaves as they were
        }
        const QStringList families{u"typos"_s, u"paraphrase"_s, u"translation-ja"_s};
        const QList<Robustness::Row> rows = Robustness::table(it, families);
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows[0].metrics.total(), 6);
        QCOMPARE(rows[1].metrics.total(), 4);
        QCOMPARE(rows[1].notRewritten, 2);
        QCOMPARE(rows[2].metrics.total(), 5);
        QCOMPARE(rows[2].notRewritten, 0);
        QCOMPARE(rows[2].metrics.notScanned, 1);
        QCOMPARE(rows[3].notRewritten, 6); // nothing was written for it
        for (const Robustness::Row &row : rows) // each row accounts for every prompt as written
            QCOMPARE(row.metrics.total() + row.metrics.notScanned + row.notRewritten, 6);

        RunState run;
        run.id = u"r"_s;
        run.userInput.robustnessFamilies = families;
        it.iteration = 1;
        run.iterations = {it};
        const QJsonArray json = RunReport::json(run, {}, QDateTime::currentDateTimeUtc())
                                    .value(u"iterations"_s).toArray().first().toObject().value(u"robustness"_s).toArray();
        QCOMPARE(json.size(), 4);
        const QJsonObject typos = json.at(1).toObject();
        QCOMPARE(typos.value(u"n"_s).toInt(), 4);
        QCOMPARE(typos.value(u"notRewritten"_s).toInt(), 2);
        QVERIFY2(typos.value(u"notRewrittenReason"_s).toString().contains(u"changed nothing"_s),
                 qPrintable(typos.value(u"notRewrittenReason"_s).toString()));
        QCOMPARE(json.at(2).toObject().value(u"notRewritten"_s).toInt(), 0);
        QVERIFY(!json.at(2).toObject().contains(u"notRewrittenReason"_s));
        QCOMPARE(json.at(2).toObject().value(u"notScanned"_s).toInt(), 1);
        QVERIFY2(json.at(3).toObject().value(u"notRewrittenReason"_s).toString().contains(u"LLM"_s),
                 qPrintable(json.at(3).toObject().value(u"notRewrittenReason"_s).toString()));

        // The table as text: the rows as before, then a line for each shorter one.
        const QStringList lines = Robustness::tableLines(rows);
        const QString text = lines.join(u'\n');
        QVERIFY2(text.contains(u"typos: 2 of the 6 prompts not rewritten"_s), qPrintable(text));
        QVERIFY2(text.contains(u"paraphrase: 1 of the 6 prompts not scanned"_s), qPrintable(text));
        QVERIFY2(text.contains(u"translation-ja: 6 of the 6 prompts not rewritten"_s), qPrintable(text));
        QVERIFY(lines.at(1).startsWith(u"as-written "_s) && lines.at(4).startsWith(u"translation-ja "_s));
        QVERIFY2(RunReport::text(run, {}).contains(u"typos: 2 of the 6 prompts not rewritten"_s), qPrintable(RunReport::text(run, {})));
    }

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
