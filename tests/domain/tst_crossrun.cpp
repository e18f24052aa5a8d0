// Issue 61: candidates from several runs on one shared benchmark. The leaderboard's figures
// against a count made here from the stored verdicts, the ranking and the paired verdict on
// candidates better by construction or within noise, and the shared-prompt helpers on their
// edge cases (labels that disagree, prompts not scanned, duplicates by dedupKey).
#include "domain/crossrun.h"
#include "domain/testcomposition.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace CrossRun;

namespace {

TestResult verdict(const QString &prompt, bool positive, bool triggered, bool scanned = true)
{
    TestResult r;
    r.testCase = TestCase{prompt, positive, u"direct"_s, TestSource::Benchmark, {}};
    if (!scanned)
        return TestResult::unscanned(r.testCase, u"timeout"_s);
    r.actualTriggered = triggered;
    r.correct = positive == triggered;
    return r;
}

// `positives` + `negatives` prompts "pos i" / "neg i"; `wrongPositives` of the positives (the
// first ones) not caught, `wrongNegatives` of the negatives blocked.
QList<TestResult> verdicts(int positives, int negatives, int wrongPositives, int wrongNegatives)
{
    QList<TestResult> out;
    for (int i = 0; i < positives; ++i)
        out.append(verdict(u"pos %1"_s.arg(i), true, i >= wrongPositives));
    for (int i = 0; i < negatives; ++i)
        out.append(verdict(u"neg %1"_s.arg(i), false, i < wrongNegatives));
    return out;
}

Candidate candidate(const QString &runId, int iteration, const QList<TestResult> &own,
                    const QString &description = u"Discussions of weather forecasts"_s)
{
    Candidate c;
    c.runId = runId;
    c.iteration = iteration;
    c.label = labelOf(runId, iteration);
    c.topic = Topic{u"Weather"_s, description, {u"Will it rain tomorrow?"_s}};
    c.ownBenchmark = own;
    return c;
}

SharedBenchmark shared(const QList<TestCase> &prompts)
{
    SharedBenchmark b;
    b.prompts = prompts;
    return b;
}

IterationResult iterationWith(int number, const QList<TestResult> &benchmark, const QString &description)
{
    IterationResult it;
    it.iteration = number;
    it.topic = Topic{u"Weather"_s, description, {}};
    it.benchmark = BenchmarkScore::compute(benchmark);
    it.metrics = it.benchmark->metrics;
    return it;
}

RunState runWith(const QString &id, const QList<IterationResult> &iterations)
{
    RunState run;
    run.id = id;
    run.userInput.profileName = u"prod"_s;
    run.iterations = iterations;
    return run;
}

const Row *rowOf(const Leaderboard &board, const QString &label)
{
    for (const Row &row : board.rows) {
        if (row.candidate.label == label)
            return &row;
    }
    return nullptr;
}

} // namespace

class TestCrossRun : public QObject
{
    Q_OBJECT

private slots:
    // Three runs whose benchmarks overlap in part (other orders, other spellings of a prompt,
    // a prompt labelled differently in one run, extra prompts). The leaderboard's figures equal
    // a count made here from the run files' stored verdicts, by another route: for each prompt
    // of the shared list, find it by text in each run's stored benchmark and count.
    void figuresEqualAHandCountFromStoredVerdicts()
    {
        QList<TestResult> a, b, c;
        for (int i = 0; i < 30; ++i) {
            const bool positive = i % 2 == 0;
            const QString prompt = u"Prompt number %1"_s.arg(i);
            a.append(verdict(prompt, positive, positive ? i % 5 != 0 : i % 7 == 0));
            // run b spells it in capitals with spaces around, and has it in reverse order
            b.prepend(verdict(u"  PROMPT NUMBER %1 "_s.arg(i), positive, positive ? i % 3 != 0 : false));
            c.append(verdict(prompt, positive, positive ? true : i % 3 == 1));
        }
        a.append(verdict(u"only in a"_s, true, true));
        b.append(verdict(u"only in b"_s, false, false));
        // prompt 4 is a positive in a and c, a negative in b: out of the common prompts
        for (TestResult &r : b) {
            if (dedupKey(r.testCase.prompt) == "prompt number 4"_L1) {
                r.testCase.expectedTriggered = false;
                r.correct = !r.actualTriggered;
            }
        }
        const QList<RunState> runs = {runWith(u"runA"_s, {iterationWith(1, a, u"weather"_s)}),
                                      runWith(u"runB"_s, {iterationWith(3, b, u"forecasts"_s)}),
                                      runWith(u"runC"_s, {iterationWith(2, c, u"rain"_s)})};
        QList<Candidate> candidates;
        for (const RunState &run : runs) {
            QString error;
            const std::optional<Candidate> cand = candidateOf(run, 0, &error);
            QVERIFY2(cand, qPrintable(error));
            candidates.append(*cand);
        }
        const QList<TestCase> prompts = commonPrompts(candidates);
        QCOMPARE(prompts.size(), 29);
        QVERIFY(enough(prompts));
        QList<QList<TestResult>> results;
        for (const Candidate &cand : std::as_const(candidates)) {
            const auto stored = storedVerdicts(cand, prompts);
            QVERIFY(stored);
            results.append(*stored);
        }
        const Leaderboard board = Leaderboard::build(candidates, results, shared(prompts), RunSettings{});
        QCOMPARE(board.rows.size(), 3);

        for (const RunState &run : runs) {
            int tp = 0, fn = 0, tn = 0, fp = 0;
            for (const TestCase &p : prompts) {
                int found = 0;
                for (const TestResult &r : run.iterations.first().benchmark->results) {
                    if (r.testCase.prompt.trimmed().compare(p.prompt.trimmed(), Qt::CaseInsensitive) != 0)
                        continue;
                    ++found;
                    if (p.expectedTriggered)
                        (r.actualTriggered ? tp : fn) += 1;
                    else
                        (r.actualTriggered ? fp : tn) += 1;
                }
                QCOMPARE(found, 1);
            }
            const Row *row = rowOf(board, labelOf(run.id, run.iterations.first().iteration));
            QVERIFY(row);
            QCOMPARE(row->metrics.truePositives, tp);
            QCOMPARE(row->metrics.falseNegatives, fn);
            QCOMPARE(row->metrics.trueNegatives, tn);
            QCOMPARE(row->metrics.falsePositives, fp);
            QCOMPARE(row->metrics.truePositiveRate, double(tp) / (tp + fn));
            QCOMPARE(row->metrics.trueNegativeRate, double(tn) / (tn + fp));
            QCOMPARE(row->metrics.coverage, std::min(double(tp) / (tp + fn), double(tn) / (tn + fp)));
            QVERIFY(row->intervals.coverage);
            QVERIFY(row->intervals.coverage->low <= row->metrics.coverage);
            QVERIFY(row->intervals.coverage->high >= row->metrics.coverage);
        }
        // sorted by coverage, the leader first
        for (qsizetype i = 1; i < board.rows.size(); ++i)
            QVERIFY(board.rows.at(i - 1).metrics.coverage >= board.rows.at(i).metrics.coverage);
        QVERIFY(board.rows.first().leader);
        QVERIFY(!board.rows.at(1).leader);
    }

    // 40 positives and 40 negatives: one topic right on all, the other misses 15 positives.
    // Given in the worse-first order, the better one is ranked first and called better; the
    // other is worse; the 15 prompts separate them; the diff is against the leader's text.
    void aTrulyBetterCandidateLeadsWithBetter()
    {
        const Candidate worse = candidate(u"runW"_s, 2, verdicts(40, 40, 15, 0), u"Talk about rain"_s);
        const Candidate better = candidate(u"runB"_s, 5, verdicts(40, 40, 0, 0), u"Talk about rain and snow"_s);
        const QList<TestCase> prompts = commonPrompts({worse, better});
        QCOMPARE(prompts.size(), 80);
        const Leaderboard board = Leaderboard::build({worse, better}, {*storedVerdicts(worse, prompts),
                                                                        *storedVerdicts(better, prompts)},
                                                     shared(prompts), RunSettings{});
        QCOMPARE(board.rows.at(0).candidate.label, u"runB:5"_s);
        QVERIFY(board.rows.at(0).leader);
        QVERIFY(board.rows.at(0).verdict);
        QCOMPARE(board.rows.at(0).verdict->word(), u"better"_s);
        QCOMPARE(board.rows.at(1).candidate.label, u"runW:2"_s);
        QCOMPARE(board.rows.at(1).verdict->word(), u"worse"_s);
        QCOMPARE(board.rows.at(1).separating.size(), 15);
        QCOMPARE(board.rows.at(0).separating.size(), 15);
        QVERIFY(board.rows.at(1).paired);
        QCOMPARE(board.rows.at(1).paired->positives.broken, 15);
        QCOMPARE(board.rows.at(1).diffAgainstLeader, u"Talk about rain[- and snow-]"_s);
        QVERIFY(board.rows.at(0).diffAgainstLeader.isEmpty());

        const QJsonObject json = board.toJson();
        const QJsonArray rows = json.value(u"candidates"_s).toArray();
        QCOMPARE(rows.size(), 2);
        const QJsonObject first = rows.at(0).toObject();
        QCOMPARE(first.value(u"run"_s).toString(), u"runB"_s);
        QCOMPARE(first.value(u"iteration"_s).toInt(), 5);
        QCOMPARE(first.value(u"verdictAgainstLeader"_s).toString(), u"better"_s);
        QVERIFY(first.value(u"metrics"_s).isObject());
        QVERIFY(first.value(u"intervals"_s).toObject().contains(u"coverage"_s));
        QCOMPARE(rows.at(1).toObject().value(u"verdictAgainstLeader"_s).toString(), u"worse"_s);
        QCOMPARE(json.value(u"benchmark"_s).toObject().value(u"source"_s).toString(), u"common"_s);
        QCOMPARE(json.value(u"benchmark"_s).toObject().value(u"prompts"_s).toInt(), 80);
    }

    // One or two prompts apart is within noise, both ways; identical verdicts are "equal".
    void withinNoiseBothWays_data()
    {
        QTest::addColumn<int>("wrong");
        QTest::addColumn<QString>("word");
        QTest::newRow("one prompt") << 1 << u"within-noise"_s;
        QTest::newRow("two prompts") << 2 << u"within-noise"_s;
        QTest::newRow("none") << 0 << u"equal"_s;
    }
    void withinNoiseBothWays()
    {
        QFETCH(int, wrong);
        QFETCH(QString, word);
        const Candidate a = candidate(u"runA"_s, 1, verdicts(40, 40, 0, 0));
        const Candidate b = candidate(u"runB"_s, 1, verdicts(40, 40, wrong, 0));
        const QList<TestCase> prompts = commonPrompts({b, a});
        const Leaderboard board = Leaderboard::build({b, a}, {*storedVerdicts(b, prompts), *storedVerdicts(a, prompts)},
                                                     shared(prompts), RunSettings{});
        // ties keep the given order; otherwise the higher coverage leads
        QCOMPARE(board.rows.at(0).candidate.runId, wrong ? u"runA"_s : u"runB"_s);
        QCOMPARE(board.rows.at(0).verdict->word(), word);
        QCOMPARE(board.rows.at(1).verdict->word(), word);
        QCOMPARE(board.rows.at(1).separating.size(), wrong);
    }

    void oneCandidateHasNoVerdict()
    {
        const Candidate a = candidate(u"runA"_s, 1, verdicts(10, 10, 0, 0));
        const QList<TestCase> prompts = commonPrompts({a});
        const Leaderboard board = Leaderboard::build({a}, {*storedVerdicts(a, prompts)}, shared(prompts), RunSettings{});
        QCOMPARE(board.rows.size(), 1);
        QVERIFY(board.rows.first().leader);
        QVERIFY(!board.rows.first().verdict);
        QVERIFY(board.toJson().value(u"candidates"_s).toArray().at(0).toObject().value(u"verdictAgainstLeader"_s).isNull());
    }

    // A prompt AIRS gave no verdict for in a freshly scanned candidate is out of its figures
    // and of the paired counts against the leader.
    void aPromptNotScannedIsInNoFigure()
    {
        const Candidate a = candidate(u"runA"_s, 1, verdicts(20, 20, 0, 0));
        const Candidate b = candidate(u"runB"_s, 1, verdicts(20, 20, 0, 0));
        const QList<TestCase> prompts = commonPrompts({a, b});
        QList<TestResult> scanned = *storedVerdicts(b, prompts);
        scanned[0] = TestResult::unscanned(prompts.at(0), u"timeout"_s);
        const Leaderboard board = Leaderboard::build({a, b}, {*storedVerdicts(a, prompts), scanned}, shared(prompts), RunSettings{});
        const Row *row = rowOf(board, u"runB:1"_s);
        QCOMPARE(row->metrics.truePositives, 19);
        QCOMPARE(row->metrics.notScanned, 1);
        QCOMPARE(row->paired->shared, 39);
        QCOMPARE(row->paired->notScanned, 1);
    }

    void parseLabel_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("run");
        QTest::addColumn<int>("iteration");
        QTest::newRow("run") << u"V1StGXR8_Z5jdHi6B-myT"_s << true << u"V1StGXR8_Z5jdHi6B-myT"_s << 0;
        QTest::newRow("run:iteration") << u"abc:7"_s << true << u"abc"_s << 7;
        QTest::newRow("large") << u"abc:123456789"_s << true << u"abc"_s << 123456789;
        QTest::newRow("too large") << u"abc:1234567890"_s << false << QString() << 0;
        QTest::newRow("zero") << u"abc:0"_s << false << QString() << 0;
        QTest::newRow("leading zero") << u"abc:07"_s << false << QString() << 0;
        QTest::newRow("sign") << u"abc:+7"_s << false << QString() << 0;
        QTest::newRow("negative") << u"abc:-7"_s << false << QString() << 0;
        QTest::newRow("empty iteration") << u"abc:"_s << false << QString() << 0;
        QTest::newRow("two colons") << u"abc:1:2"_s << false << QString() << 0;
        QTest::newRow("empty") << QString() << false << QString() << 0;
        QTest::newRow("only colon") << u":3"_s << false << QString() << 0;
        QTest::newRow("slash") << u"../etc:3"_s << false << QString() << 0;
        QTest::newRow("space") << u"abc :3"_s << false << QString() << 0;
        QTest::newRow("trailing space") << u"abc:3 "_s << false << QString() << 0;
        QTest::newRow("arabic digits") << u"abc:\u0663"_s << false << QString() << 0;
        QTest::newRow("too long id") << QString(65, u'a') << false << QString() << 0;
    }
    void parseLabel()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, run);
        QFETCH(int, iteration);
        QString gotRun = u"untouched"_s;
        int gotIteration = -1;
        QCOMPARE(CrossRun::parseLabel(text, &gotRun, &gotIteration), ok);
        if (!ok) {
            QCOMPARE(gotRun, u"untouched"_s);
            QCOMPARE(gotIteration, -1);
            return;
        }
        QCOMPARE(gotRun, run);
        QCOMPARE(gotIteration, iteration);
        QCOMPARE(labelOf(gotRun, gotIteration), text);
    }

    void sourceChoices_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("detail");
        QTest::newRow("common") << u"common"_s << true << u"common"_s << QString();
        QTest::newRow("union") << u"union"_s << true << u"union"_s << QString();
        QTest::newRow("run") << u"run:abc"_s << true << u"run"_s << u"abc"_s;
        QTest::newRow("csv") << u"csv:/tmp/x y.csv"_s << true << u"csv"_s << u"/tmp/x y.csv"_s;
        QTest::newRow("run without id") << u"run:"_s << false << QString() << QString();
        QTest::newRow("run bad id") << u"run:a/b"_s << false << QString() << QString();
        QTest::newRow("csv without file") << u"csv: "_s << false << QString() << QString();
        QTest::newRow("other") << u"best"_s << false << QString() << QString();
        QTest::newRow("capitals") << u"Common"_s << false << QString() << QString();
    }
    void sourceChoices()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, source);
        QFETCH(QString, detail);
        Source s = Source::Common;
        QString d = u"untouched"_s;
        QCOMPARE(parseSourceChoice(text, &s, &d), ok);
        if (!ok) {
            QCOMPARE(d, u"untouched"_s);
            return;
        }
        QCOMPARE(sourceName(s), source);
        QCOMPARE(sourceFromName(source), std::optional<Source>(s));
        QCOMPARE(d, detail);
        QCOMPARE(sourceChoice(s, d), text);
    }

    // Labels that disagree between runs, or inside one run's benchmark, leave the prompt out;
    // spellings that dedupKey takes for one prompt are one prompt, in the first candidate's order.
    void commonPromptsOnEdgeCases()
    {
        const Candidate a = candidate(u"a"_s, 1,
                                      {verdict(u"Same"_s, true, true), verdict(u"Relabelled"_s, true, true),
                                       verdict(u"twice"_s, false, false), verdict(u"  TWICE"_s, false, false),
                                       verdict(u"conflicted"_s, true, true), verdict(u"Conflicted"_s, false, true),
                                       verdict(u"unscanned here"_s, false, false, false), verdict(u"only a"_s, true, true),
                                       verdict(u"last"_s, false, true)});
        const Candidate b = candidate(u"b"_s, 1,
                                      {verdict(u"last"_s, false, false), verdict(u"relabelled"_s, false, false),
                                       verdict(u"TWICE "_s, false, true), verdict(u"same"_s, true, false),
                                       verdict(u"conflicted"_s, true, true), verdict(u"unscanned here"_s, false, true),
                                       verdict(u"only b"_s, false, false)});
        const QList<TestCase> common = commonPrompts({a, b});
        QStringList texts;
        for (const TestCase &t : common)
            texts.append(t.prompt);
        QCOMPARE(texts, (QStringList{u"Same"_s, u"twice"_s, u"unscanned here"_s, u"last"_s}));
        QCOMPARE(commonPrompts({b, a}).size(), 4);
        QCOMPARE(commonPrompts({a, b, candidate(u"c"_s, 1, {})}).size(), 0);
        QVERIFY(commonPrompts({}).isEmpty());

        // a is not scanned on "unscanned here": its stored verdicts do not cover the prompts
        QVERIFY(!storedVerdicts(a, common));
        const auto fromB = storedVerdicts(b, common);
        QVERIFY(fromB);
        QCOMPARE(fromB->size(), 4);
        QCOMPARE(fromB->at(0).testCase.prompt, u"Same"_s); // the shared prompt's text, in its order
        QCOMPARE(fromB->at(0).correct, false);
        QCOMPARE(fromB->at(1).correct, false); // "TWICE " triggered on a negative
        QCOMPARE(fromB->at(3).correct, true);
        // a prompt missing from the candidate's benchmark
        QVERIFY(!storedVerdicts(b, {TestCase{u"only a"_s, true, {}, TestSource::Benchmark, {}}}));
        QVERIFY(storedVerdicts(b, {}));
    }

    // The union: first seen wins (its label, its text); a stored verdict is counted against the
    // shared label, so a prompt labelled otherwise in its own run is judged on the union's label.
    void unionPromptsAndRelabelling()
    {
        const Candidate a = candidate(u"a"_s, 1, {verdict(u"one"_s, true, true), verdict(u"two"_s, false, false)});
        const Candidate b = candidate(u"b"_s, 1, {verdict(u"TWO"_s, true, false), verdict(u"three"_s, false, false),
                                                 verdict(u"three "_s, false, true)});
        const QList<TestCase> all = unionPrompts({a, b});
        QCOMPARE(all.size(), 3);
        QCOMPARE(all.at(1).prompt, u"two"_s);
        QCOMPARE(all.at(1).expectedTriggered, false);
        QCOMPARE(all.at(2).prompt, u"three"_s);
        QVERIFY(!storedVerdicts(a, all)); // a never saw "three"
        const auto fromB = storedVerdicts(b, all.mid(1));
        QVERIFY(fromB);
        QCOMPARE(fromB->at(0).testCase.expectedTriggered, false);
        QCOMPARE(fromB->at(0).correct, true); // not triggered, a negative in the union
        QCOMPARE(fromB->at(1).correct, true); // the first spelling's verdict
    }

    void enoughNeedsSizeAndBothLabels_data()
    {
        QTest::addColumn<int>("positives");
        QTest::addColumn<int>("negatives");
        QTest::addColumn<bool>("enoughPrompts");
        QTest::newRow("20 balanced") << 10 << 10 << true;
        QTest::newRow("19") << 10 << 9 << false;
        QTest::newRow("5 positives") << 5 << 15 << true;
        QTest::newRow("4 positives") << 4 << 30 << false;
        QTest::newRow("4 negatives") << 30 << 4 << false;
        QTest::newRow("none") << 0 << 0 << false;
    }
    void enoughNeedsSizeAndBothLabels()
    {
        QFETCH(int, positives);
        QFETCH(int, negatives);
        QFETCH(bool, enoughPrompts);
        QList<TestCase> prompts;
        for (const TestResult &r : verdicts(positives, negatives, 0, 0))
            prompts.append(r.testCase);
        QCOMPARE(enough(prompts), enoughPrompts);
    }

    // The best iteration by the run's decision record, the named one, the last when none is
    // best; errors name the run; block intent carries the companion; unstable prompts are not
    // taken as stored verdicts; the curve is each benchmark iteration's coverage.
    void candidateOfARun()
    {
        RunState run = runWith(u"run1"_s, {iterationWith(1, verdicts(10, 10, 5, 0), u"first"_s),
                                            iterationWith(2, verdicts(10, 10, 0, 0), u"second"_s),
                                            iterationWith(4, verdicts(10, 10, 3, 0), u"fourth"_s)});
        run.iterations[1].benchmark = BenchmarkScore::compute(verdicts(10, 10, 0, 0), {0, 1});
        run.companionTopic = Topic{u"Allowed"_s, u"benign weather"_s, {}};
        DecisionRecord record;
        record.bestIteration = 2;
        run.decision = record;
        QString error;
        std::optional<Candidate> c = candidateOf(run, 0, &error);
        QVERIFY(c);
        QCOMPARE(c->iteration, 2);
        QCOMPARE(c->label, u"run1:2"_s);
        QCOMPARE(c->topic.description, u"second"_s);
        QCOMPARE(c->profileName, u"prod"_s);
        QVERIFY(c->companion);
        QCOMPARE(c->ownBenchmark.size(), 20);
        QVERIFY(!c->ownBenchmark.at(0).scanned);
        QVERIFY(!c->ownBenchmark.at(1).scanned);
        QVERIFY(c->ownBenchmark.at(2).scanned);
        QCOMPARE(c->curve.size(), 3);
        QCOMPARE(c->curve.at(0), (std::pair<int, double>{1, 0.5}));
        QCOMPARE(c->curve.at(2), (std::pair<int, double>{4, 0.7}));

        c = candidateOf(run, 4, &error);
        QVERIFY(c);
        QCOMPARE(c->topic.description, u"fourth"_s);

        QVERIFY(!candidateOf(run, 3, &error));
        QCOMPARE(error, u"run run1 has no iteration 3"_s);

        run.userInput.intent = Intent::Allow;
        QVERIFY(!candidateOf(run, 1, &error)->companion);

        record.bestIteration = 0;
        run.decision = record;
        QCOMPARE(candidateOf(run, 0, &error)->iteration, 4); // the last recorded

        run.iterations[0].benchmark.reset();
        QVERIFY(candidateOf(run, 1, &error)->ownBenchmark.isEmpty());

        QVERIFY(!candidateOf(runWith(u"empty"_s, {}), 0, &error));
        QCOMPARE(error, u"run empty has no recorded iteration"_s);
    }

    void sharedBenchmarkDescribed()
    {
        SharedBenchmark b;
        for (const TestResult &r : verdicts(25, 17, 0, 0))
            b.prompts.append(r.testCase);
        QCOMPARE(b.describe(), u"the 42 prompts every run's benchmark holds"_s);
        b.source = Source::Run;
        b.sourceDetail = u"abc"_s;
        QCOMPARE(b.describe(), u"run abc's benchmark (42 prompts)"_s);
        const QJsonObject o = b.toJson();
        QCOMPARE(o.value(u"source"_s).toString(), u"run"_s);
        QCOMPARE(o.value(u"detail"_s).toString(), u"abc"_s);
        QCOMPARE(o.value(u"prompts"_s).toInt(), 42);
        QCOMPARE(o.value(u"positives"_s).toInt(), 25);
        QCOMPARE(o.value(u"negatives"_s).toInt(), 17);
    }
};

QTEST_GUILESS_MAIN(TestCrossRun)
#include "tst_crossrun.moc"
