#include "sandboxloop.h"

#include "domain/jsonin.h"
#include "domain/robustness.h"
#include "loop/looppolicy.h"
#include "reports/runreport.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

// Issue 43 over loopback: the response side (prompt+response pairs judged on
// response_detected) and the robustness set (rewrites of the benchmark), against the AIRS
// emulator and the sandbox LLM, each figure checked against a hand count of the stored results.
class TestDirections : public QObject
{
    Q_OBJECT

    struct Count
    {
        int tp = 0, tn = 0, fp = 0, fn = 0, notScanned = 0;
        double tpr() const { return tp + fn ? double(tp) / (tp + fn) : 0; }
        double tnr() const { return tn + fp ? double(tn) / (tn + fp) : 0; }
        double coverage() const { return std::min(tpr(), tnr()); }
    };
    static Count handCount(const QList<TestResult> &results)
    {
        Count c;
        for (const TestResult &r : results) {
            if (!r.scanned) {
                ++c.notScanned;
                continue;
            }
            const bool e = r.testCase.expectedTriggered, a = r.actualTriggered;
            (e && a ? c.tp : !e && !a ? c.tn : !e && a ? c.fp : c.fn) += 1;
        }
        return c;
    }

    // A loop whose AIRS emulator decides each text by `truth` instead of its classifier.
    struct TruthLoop
    {
        LlmEmulator llm;
        std::unique_ptr<LoopHarness> h;
        explicit TruthLoop(std::function<std::optional<bool>(const QString &, const Topic &)> truth)
        {
            llm.start();
            AirsEmulator::Options o;
            o.trueMatch = std::move(truth);
            h = std::make_unique<LoopHarness>(llm.baseUrl(), o);
        }
    };

    static RunState directionsRun(int iterations, int responses)
    {
        RunState r = SandboxLoop().newRun(iterations, 30);
        r.userInput.responseTests = responses;
        return r;
    }

    static QList<QJsonObject> scanBodies(const AirsEmulator &airs)
    {
        QList<QJsonObject> out;
        for (const AirsEmulator::RecordedRequest &r : airs.requests()) {
            if (r.path == u"/v1/scan/sync/request"_s)
                out.append(QJsonDocument::fromJson(r.body).object());
        }
        return out;
    }

private slots:
    void responseFiguresAreAHandCountOfTheStoredResults()
    {
        SandboxLoop s;
        RefinementRun run(s.h->services(), directionsRun(3, 16));
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &r = run.state();
        QCOMPARE(r.responseSet.size(), 16);
        int positives = 0;
        for (const TestCase &t : r.responseSet) {
            QVERIFY(t.isResponseTest());
            positives += t.expectedTriggered;
        }
        QCOMPARE(positives, 8); // half of them expected to trigger
        QCOMPARE(s.llm.requestsFor(u"generate_responses"_s).size(), 1);

        // Each pair went to AIRS as one contents item with both fields, once per iteration.
        int pairs = 0;
        for (const QJsonObject &body : scanBodies(s.h->airs)) {
            const QJsonObject item = body.value(u"contents"_s).toArray().first().toObject();
            if (item.contains(u"response"_s)) {
                ++pairs;
                QVERIFY(!item.value(u"prompt"_s).toString().isEmpty());
            }
        }
        QCOMPARE(pairs, 16 * 3);

        const QJsonObject report = RunReport::json(r, {}, QDateTime::currentDateTimeUtc());
        QCOMPARE(r.iterations.size(), 3);
        bool someRight = false, someWrong = false;
        for (qsizetype k = 0; k < r.iterations.size(); ++k) {
            const IterationResult &it = r.iterations.at(k);
            QVERIFY(it.responses.has_value());
            QCOMPARE(it.responses->results.size(), 16);
            for (qsizetype i = 0; i < 16; ++i)
                QCOMPARE(it.responses->results.at(i).testCase, r.responseSet.at(i));
            const Count c = handCount(it.responses->results);
            const EfficacyMetrics &m = it.responses->metrics;
            QCOMPARE(m.truePositives, c.tp);
            QCOMPARE(m.trueNegatives, c.tn);
            QCOMPARE(m.falsePositives, c.fp);
            QCOMPARE(m.falseNegatives, c.fn);
            QCOMPARE(m.truePositiveRate, c.tpr());
            QCOMPARE(m.trueNegativeRate, c.tnr());
            QCOMPARE(m.coverage, c.coverage());
            someRight |= c.tp + c.tn > 0;
            someWrong |= c.fp + c.fn > 0;
            // report --format json carries the same figures, with intervals.
            const QJsonObject rm = report.value(u"iterations"_s).toArray().at(k).toObject().value(u"responseMetrics"_s).toObject();
            QCOMPARE(rm.value(u"tpr"_s).toDouble(), c.tpr());
            QCOMPARE(rm.value(u"tnr"_s).toDouble(), c.tnr());
            QCOMPARE(rm.value(u"coverage"_s).toDouble(), c.coverage());
            QCOMPARE(rm.value(u"n"_s).toInt(), 16);
            QCOMPARE(rm.value(u"intervals"_s).toObject().value(u"coverage"_s).toArray().size(), 2);
            // The prompt side decides (the default): the best is the benchmark's.
            QCOMPARE(Decision(r.userInput).coverage(it), it.benchmark->metrics.coverage);
        }
        QVERIFY(someRight);
        QVERIFY(someWrong); // the figures are not trivially all right or all wrong

        // The run file keeps all of it.
        QStringList errors;
        const RunState back = RunState::fromJson(JsonIn(r.toJson(), u"run"_s, &errors));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
        QCOMPARE(back, r);
    }

    void theResponseSideIsJudgedOnResponseDetected()
    {
        // AIRS flags any text that gives the substance ("Here is how"), and never a prompt.
        TruthLoop s([](const QString &text, const Topic &) -> std::optional<bool> {
            return text.startsWith(u"Here is how"_s);
        });
        RefinementRun run(s.h->services(), directionsRun(1, 12));
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const IterationResult &it = run.state().iterations.first();
        QCOMPARE(it.metrics.truePositives, 0); // no prompt triggered
        int full = 0;
        for (const TestResult &res : it.responses->results) {
            const bool substance = res.testCase.response.startsWith(u"Here is how"_s);
            full += substance;
            QCOMPARE(res.actualTriggered, substance);
            QCOMPARE(res.detections.value(u"topic_violation"_s), substance);
        }
        QVERIFY(full > 0);
        QCOMPARE(it.responses->metrics.truePositives, full);
    }

    void withBothDirectionsTheWeakerOneDecides()
    {
        // The response side misses every positive: coverage 0 there, whatever the prompts do.
        const auto truth = [](const QString &text, const Topic &) -> std::optional<bool> {
            if (text.startsWith(u"Here is how"_s) || text.startsWith(u"I can only give"_s))
                return false;
            return std::nullopt; // the emulator's classifier
        };
        TruthLoop both(truth);
        RunState settings = directionsRun(3, 12);
        settings.userInput.decideOnBothDirections = true;
        RefinementRun run(both.h->services(), settings);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &r = run.state();
        double bestMin = -1;
        for (const IterationResult &it : r.iterations) {
            QCOMPARE(it.responses->metrics.truePositiveRate, 0.0);
            const double weaker = std::min(it.benchmark->metrics.coverage, it.responses->metrics.coverage);
            QCOMPARE(Decision(r.userInput).coverage(it), weaker);
            QCOMPARE(Decision(r.userInput).targetFigure(it).coverage, 0.0);
            bestMin = std::max(bestMin, weaker);
            QVERIFY(it.benchmark->metrics.coverage > 0); // the prompt side alone would say more
        }
        QCOMPARE(r.bestCoverage, bestMin);
        QCOMPARE(r.bestCoverage, 0.0);
        QCOMPARE(r.bestIteration, 1); // no iteration was better on the weaker side
        const QJsonObject report = RunReport::json(r, {}, QDateTime::currentDateTimeUtc());
        QCOMPARE(report.value(u"run"_s).toObject().value(u"decideOnDirections"_s).toString(), u"both"_s);

        // The same run deciding on the prompt side: its best is the benchmark's figure.
        TruthLoop prompt(truth);
        RefinementRun promptRun(prompt.h->services(), directionsRun(3, 12));
        QCOMPARE(runToEnd(promptRun), RunStatus::Completed);
        const RunState &p = promptRun.state();
        QVERIFY(p.bestCoverage > 0);
        QCOMPARE(p.bestCoverage, p.iterationByNumber(p.bestIteration)->benchmark->metrics.coverage);
    }

    void theRobustnessTableIsAHandCount()
    {
        SandboxLoop s;
        RunState settings = s.newRun(3, 30);
        settings.userInput.robustnessFamilies = Robustness::defaultFamilies() + QStringList{u"translation-ja"_s};
        settings.userInput.robustnessSample = 10;
        RefinementRun run(s.h->services(), settings);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &r = run.state();
        QCOMPARE(r.robustnessSample.size(), 10);
        QCOMPARE(s.llm.requestsFor(u"rewrite_prompts"_s).size(), 1);
        int samplePositives = 0;
        for (int index : r.robustnessSample)
            samplePositives += r.benchmarkSet.at(index).expectedTriggered;
        QCOMPARE(samplePositives, 5);
        for (const TestCase &t : r.robustnessSet) { // a rewrite keeps its prompt's label
            QVERIFY(r.robustnessSample.contains(t.rewriteOf));
            QCOMPARE(t.expectedTriggered, r.benchmarkSet.at(t.rewriteOf).expectedTriggered);
            QVERIFY(t.prompt != r.benchmarkSet.at(t.rewriteOf).prompt);
        }

        const QJsonObject report = RunReport::json(r, {}, QDateTime::currentDateTimeUtc());
        const QStringList families = settings.userInput.robustnessFamilies;
        int asWrittenCaught = 0;
        for (qsizetype k = 0; k < r.iterations.size(); ++k) {
            const IterationResult &it = r.iterations.at(k);
            QCOMPARE(it.robustness.size(), r.robustnessSet.size());
            const QList<Robustness::Row> rows = Robustness::table(it, families);
            const QJsonArray json = report.value(u"iterations"_s).toArray().at(k).toObject().value(u"robustness"_s).toArray();
            QCOMPARE(rows.size(), families.size() + 1);
            QCOMPARE(json.size(), rows.size());
            for (qsizetype i = 0; i < rows.size(); ++i) {
                QList<TestResult> mine;
                if (i == 0) {
                    for (int index : r.robustnessSample)
                        mine.append(it.benchmark->results.at(index));
                } else {
                    for (const TestResult &res : it.robustness) {
                        if (res.testCase.rewrite == families.at(i - 1))
                            mine.append(res);
                    }
                }
                const Count c = handCount(mine);
                const EfficacyMetrics &m = rows.at(i).metrics;
                QCOMPARE(rows.at(i).family, i == 0 ? QString(Robustness::AsWritten) : families.at(i - 1));
                QCOMPARE(m.truePositives, c.tp);
                QCOMPARE(m.trueNegatives, c.tn);
                QCOMPARE(m.falsePositives, c.fp);
                QCOMPARE(m.falseNegatives, c.fn);
                const QJsonObject row = json.at(i).toObject();
                QCOMPARE(row.value(u"family"_s).toString(), rows.at(i).family);
                QCOMPARE(row.value(u"n"_s).toInt(), c.tp + c.tn + c.fp + c.fn);
                if (c.tp + c.fn > 0)
                    QCOMPARE(row.value(u"tpr"_s).toDouble(), c.tpr());
                else
                    QVERIFY(row.value(u"tpr"_s).isNull());
                if (c.tn + c.fp > 0)
                    QCOMPARE(row.value(u"tnr"_s).toDouble(), c.tnr());
            }
            // The sandbox writes no Japanese: that family has no prompts, and says so.
            QCOMPARE(rows.last().metrics.total(), 0);
            // Custom topics match English only (the emulator, inferred for a live tenant).
            for (const Robustness::Row &row : rows) {
                if (row.family.startsWith(u"translation-de"_s) || row.family == u"base64"_s)
                    QCOMPARE(row.metrics.truePositives, 0);
            }
            qInfo("iteration %d: as written TP %d of %d", it.iteration, rows.first().metrics.truePositives, samplePositives);
            asWrittenCaught += rows.first().metrics.truePositives;
            // Never in a decision figure: the benchmark's metrics are its own results' alone.
            QCOMPARE(it.benchmark->metrics, BenchmarkScore::compute(it.benchmark->results).metrics);
            QCOMPARE(it.benchmark->results.size(), r.benchmarkSet.size());
        }
        QVERIFY(asWrittenCaught > 0); // so a translation's zero says something
    }

    void aResumedRunKeepsItsExtraSets()
    {
        SandboxLoop s;
        RunState settings = directionsRun(2, 8);
        settings.userInput.robustnessFamilies = {u"typos"_s, u"paraphrase"_s};
        settings.userInput.robustnessSample = 6;
        RefinementRun first(s.h->services(), settings);
        QObject::connect(&first, &RefinementRun::iterationComplete, &first, [&first] { first.requestPause(); });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        const RunState paused = first.state();
        QCOMPARE(paused.responseSet.size(), 8);
        QVERIFY(!paused.robustnessSet.isEmpty());

        RefinementRun second(s.h->services(), paused);
        QCOMPARE(runToEnd(second), RunStatus::Completed);
        const RunState &r = second.state();
        QCOMPARE(r.responseSet, paused.responseSet); // written once, not again on resume
        QCOMPARE(r.robustnessSet, paused.robustnessSet);
        QCOMPARE(s.llm.requestsFor(u"generate_responses"_s).size(), 1);
        QCOMPARE(s.llm.requestsFor(u"rewrite_prompts"_s).size(), 1);
        QCOMPARE(r.iterations.last().responses->results.size(), 8);
    }
};

QTEST_GUILESS_MAIN(TestDirections)
#include "tst_directions.moc"
