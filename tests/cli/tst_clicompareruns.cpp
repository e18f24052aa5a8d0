// Issue 61: `daystrom compare RUN[:ITERATION] RUN[:ITERATION] …` run for real against run files
// written to a temporary DAYSTROM_HOME. Candidates whose stored verdicts cover the common
// prompts are ranked without AIRS (no credentials in the environment): the JSON's figures equal a
// count made here from the run files, the leader is the candidate better by construction, the
// text and HTML say which benchmark and escape the topics. Too few common prompts is a usage
// error naming the choices; a benchmark that needs scans states the cost and scans nothing
// without --yes; with --yes against the sandbox each candidate is scanned once and nothing is
// left on the tenant. Bad labels are one-line usage errors, and the old form (a run and two
// iteration numbers) answers as before.
#include "cliprocess.h"
#include "domain/crossrun.h"
#include "domain/pairedcomparison.h"
#include "models/session/sandboxhost.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

#include <csignal>

using namespace Qt::StringLiterals;

namespace {

const QString RunA = u"AAAAAAAAAAAAAAAAAAAA1"_s;
const QString RunB = u"BBBBBBBBBBBBBBBBBBBB2"_s;
const QString RunC = u"CCCCCCCCCCCCCCCCCCCC3"_s;

// `positives` + `negatives` benchmark prompts from `first` on ("prompt 7"), the first
// `wrongPositives` positives missed.
QList<TestResult> verdicts(int first, int positives, int negatives, int wrongPositives)
{
    QList<TestResult> out;
    for (int i = 0; i < positives; ++i)
        out.append(SampleRun::result(u"positive prompt %1"_s.arg(first + i), true, i >= wrongPositives, u"direct"_s,
                                     TestSource::Benchmark));
    for (int i = 0; i < negatives; ++i)
        out.append(SampleRun::result(u"negative prompt %1"_s.arg(first + i), false, false, u"benign"_s,
                                     TestSource::Benchmark));
    return out;
}

// A run whose iteration 1 and 2 carry the benchmark verdicts given; iteration 2 is its best.
RunState runWith(const QString &id, const QString &description, const QList<TestResult> &first,
                 const QList<TestResult> &second, const QString &profile = u"Production"_s)
{
    RunState run = SampleRun::make(id);
    run.userInput.profileName = profile;
    run.iterations = {run.iterations.first(), run.iterations.first()};
    run.iterations[0].iteration = 1;
    run.iterations[0].benchmark = BenchmarkScore::compute(first);
    run.iterations[1].iteration = 2;
    run.iterations[1].topic.description = description;
    run.iterations[1].benchmark = BenchmarkScore::compute(second);
    run.bestIteration = 2;
    DecisionRecord record;
    record.onBenchmark = true;
    record.bestIteration = 2;
    run.decision = record;
    run.benchmarkSet.clear();
    for (const TestResult &r : second)
        run.benchmarkSet.append(r.testCase);
    return run;
}

} // namespace

class TestCliCompareRuns : public QObject
{
    Q_OBJECT

    QString m_home;
    int m_homes = 0;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        e.remove(u"DAYSTROM_DECISION_ALPHA"_s);
        for (const QString &key : e.keys()) {
            if (key.startsWith(u"PANW_"_s))
                e.remove(key); // ranking on stored verdicts needs no tenant
        }
        return e;
    }
    CliProcess compare(const QStringList &args, int timeoutMs = 60000) const
    {
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), QStringList{u"compare"_s} + args, env(), timeoutMs);
    }
    void save(const RunState &run, const QString &dir = {})
    {
        QVERIFY(RunStore(dir.isEmpty() ? m_home + u"/runs"_s : dir).save(run).isEmpty());
    }
    static void verifyOneLineError(const CliProcess &r, int code)
    {
        QCOMPARE(r.code, code);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.err.startsWith(u"daystrom compare: "_s), qPrintable(r.err));
    }

private slots:
    void init()
    {
        m_home = TestHome::path() + u"/compareruns-%1"_s.arg(++m_homes);
        QVERIFY(QDir().mkpath(m_home));
    }

    // Three runs on the same 30 benchmark prompts (in other orders), each with 5 more of its own:
    // A right on all, B (named at its first iteration) misses 14 of 15 positives, C within noise
    // of A (misses 1).
    void ranksRunsOnTheirCommonPrompts()
    {
        QList<TestResult> a = verdicts(0, 15, 15, 0) + verdicts(100, 3, 2, 0);
        QList<TestResult> b = verdicts(0, 15, 15, 12) + verdicts(200, 3, 2, 0);
        QList<TestResult> c = verdicts(0, 15, 15, 1) + verdicts(300, 3, 2, 0);
        std::reverse(b.begin(), b.end());
        save(runWith(RunA, u"Requests to obtain <b>weapons</b> & explosives"_s, verdicts(0, 15, 15, 9), a));
        save(runWith(RunB, u"Requests to obtain weapons"_s, verdicts(0, 15, 15, 14), b));
        save(runWith(RunC, u"Requests to obtain weapons & bombs"_s, verdicts(0, 15, 15, 2), c));

        // B named at its first iteration: 9 of 15 positives missed there
        const CliProcess json = compare({RunB + u":1"_s, RunA, RunC + u":2"_s, u"--format"_s, u"json"_s});
        QVERIFY2(json.code == 0, qPrintable(json.err));
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"source"_s).toString(), u"common"_s);
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"prompts"_s).toInt(), 30);
        const QJsonArray rows = o.value(u"candidates"_s).toArray();
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.at(0).toObject().value(u"run"_s).toString(), RunA);
        QCOMPARE(rows.at(0).toObject().value(u"iteration"_s).toInt(), 2);
        QCOMPARE(rows.at(0).toObject().value(u"verdictAgainstLeader"_s).toString(), u"within-noise"_s);
        QCOMPARE(rows.at(1).toObject().value(u"run"_s).toString(), RunC);
        QCOMPARE(rows.at(1).toObject().value(u"verdictAgainstLeader"_s).toString(), u"within-noise"_s);
        QCOMPARE(rows.at(2).toObject().value(u"run"_s).toString(), RunB);
        QCOMPARE(rows.at(2).toObject().value(u"iteration"_s).toInt(), 1);
        QCOMPARE(rows.at(2).toObject().value(u"verdictAgainstLeader"_s).toString(), u"worse"_s);
        // the figures against a count from the run files
        for (const QJsonValue &v : rows) {
            const QJsonObject row = v.toObject();
            const RunStore::Loaded loaded = RunStore(m_home + u"/runs"_s).load(row.value(u"run"_s).toString());
            QVERIFY(loaded.ok());
            const IterationResult *it = loaded.run.iterationByNumber(row.value(u"iteration"_s).toInt());
            int tp = 0, fn = 0, tn = 0, fp = 0;
            for (const TestResult &r : it->benchmark->results) {
                if (r.testCase.prompt.mid(r.testCase.prompt.lastIndexOf(u' ') + 1).toInt() >= 100)
                    continue; // a prompt of its own run only
                if (r.testCase.expectedTriggered)
                    (r.actualTriggered ? tp : fn) += 1;
                else
                    (r.actualTriggered ? fp : tn) += 1;
            }
            const QJsonObject m = row.value(u"metrics"_s).toObject();
            QCOMPARE(m.value(u"truePositives"_s).toInt(), tp);
            QCOMPARE(m.value(u"falseNegatives"_s).toInt(), fn);
            QCOMPARE(m.value(u"trueNegatives"_s).toInt(), tn);
            QCOMPARE(m.value(u"falsePositives"_s).toInt(), fp);
            QCOMPARE(m.value(u"coverage"_s).toDouble(), std::min(double(tp) / (tp + fn), double(tn) / (tn + fp)));
            QCOMPARE(row.value(u"intervals"_s).toObject().value(u"coverage"_s).toArray().size(), 2);
        }
        QCOMPARE(rows.at(2).toObject().value(u"metrics"_s).toObject().value(u"falseNegatives"_s).toInt(), 14);

        const CliProcess text = compare({RunB + u":1"_s, RunA, RunC + u":2"_s});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(u"the 30 prompts every run's benchmark holds"_s), qPrintable(text.out));
        QVERIFY(text.out.contains(RunA + u":2"_s));
        QVERIFY(text.out.contains(u"worse than #1"_s));
        QVERIFY(text.out.contains(u"within noise of #2"_s)); // the leader against the runner-up
        QVERIFY2(text.out.contains(u"{+"_s) && text.out.contains(u"[-"_s), qPrintable(text.out)); // the word diff

        const CliProcess html = compare({RunB + u":1"_s, RunA, RunC + u":2"_s, u"--format"_s, u"html"_s});
        QCOMPARE(html.code, 0);
        QVERIFY(html.out.startsWith(u"<!DOCTYPE html>"_s));
        QVERIFY(html.out.contains(u"&lt;b&gt;weapons&lt;/b&gt; &amp; explosives"_s));
        QVERIFY(!html.out.contains(u"<b>weapons"_s));
        QVERIFY(html.out.contains(u"the 30 prompts every run&#x27;s benchmark holds"_s)
                || html.out.contains(u"the 30 prompts every run's benchmark holds"_s));
    }

    // A candidate better by construction leads with "better"; the other is "worse".
    void aTrulyBetterRunLeadsWithBetter()
    {
        save(runWith(RunA, u"broad"_s, verdicts(0, 20, 20, 0), verdicts(0, 20, 20, 0)));
        save(runWith(RunB, u"narrow"_s, verdicts(0, 20, 20, 12), verdicts(0, 20, 20, 12)));
        const CliProcess json = compare({RunB, RunA, u"--format"_s, u"json"_s});
        QVERIFY2(json.code == 0, qPrintable(json.err));
        const QJsonArray rows = QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"candidates"_s).toArray();
        QCOMPARE(rows.at(0).toObject().value(u"run"_s).toString(), RunA);
        QCOMPARE(rows.at(0).toObject().value(u"verdictAgainstLeader"_s).toString(), u"better"_s);
        QCOMPARE(rows.at(1).toObject().value(u"verdictAgainstLeader"_s).toString(), u"worse"_s);
        QCOMPARE(rows.at(1).toObject().value(u"separating"_s).toArray().size(), 12);
    }

    // Benchmarks that share 10 prompts: a usage error that says how many and names the
    // choices; the union needs scans: the cost is stated, nothing is scanned without --yes.
    void tooFewCommonPromptsNamesTheChoices()
    {
        save(runWith(RunA, u"a"_s, verdicts(0, 5, 5, 0), verdicts(0, 5, 5, 0) + verdicts(100, 10, 10, 0)));
        save(runWith(RunB, u"b"_s, verdicts(0, 5, 5, 0), verdicts(0, 5, 5, 2) + verdicts(200, 10, 10, 0)));
        const CliProcess r = compare({RunA, RunB});
        verifyOneLineError(r, 2);
        QVERIFY2(r.err.contains(u"share 10 prompts"_s), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"--benchmark union"_s) && r.err.contains(u"run:ID"_s) && r.err.contains(u"csv:FILE"_s),
                 qPrintable(r.err));

        const CliProcess costed = compare({RunA, RunB, u"--benchmark"_s, u"union"_s});
        QCOMPARE(costed.code, 5);
        QVERIFY(costed.out.isEmpty());
        QVERIFY2(costed.err.contains(u"2 candidate(s) to scan"_s) && costed.err.contains(u"on the 50 shared prompts: 100 scan(s)"_s),
                 qPrintable(costed.err));
        QVERIFY2(costed.err.contains(u"nothing scanned"_s), qPrintable(costed.err));
        QVERIFY(!QDir(m_home + u"/comparisons"_s).exists()
                || QDir(m_home + u"/comparisons"_s).entryList(QDir::Files).isEmpty());

        // forcing the common prompts: ranked on the 10 (no scan)
        const CliProcess forced = compare({RunA, RunB, u"--benchmark"_s, u"common"_s, u"--format"_s, u"json"_s});
        QVERIFY2(forced.code == 0, qPrintable(forced.err));
        QCOMPARE(QDocumentPrompts(forced.out), 10);
        QVERIFY2(forced.err.contains(u"share 10 prompts"_s), qPrintable(forced.err));
    }

    // A labelled CSV whose prompts the candidates' stored verdicts cover (other spellings, one
    // label the other way round): ranked without a scan, against the CSV's labels.
    void aCsvBenchmarkCoveredByStoredVerdicts()
    {
        save(runWith(RunA, u"a"_s, verdicts(0, 5, 5, 0), verdicts(0, 5, 5, 0)));
        save(runWith(RunB, u"b"_s, verdicts(0, 5, 5, 0), verdicts(0, 5, 5, 2)));
        const QString csv = m_home + u"/shared, prompts.csv"_s;
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("prompt,expected\n\"POSITIVE PROMPT 0\",true\npositive prompt 1,false\nnegative prompt 2,false\n");
        f.close();
        const CliProcess r = compare({RunA, RunB, u"--benchmark"_s, u"csv:"_s + csv, u"--format"_s, u"json"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"source"_s).toString(), u"csv"_s);
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"detail"_s).toString(), u"shared, prompts.csv"_s);
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"prompts"_s).toInt(), 3);
        const QJsonArray rows = o.value(u"candidates"_s).toArray();
        // A caught both positives, and "positive prompt 1" is a negative here: one false positive
        const QJsonObject a = rows.at(0).toObject().value(u"run"_s).toString() == RunA ? rows.at(0).toObject()
                                                                                        : rows.at(1).toObject();
        QCOMPARE(a.value(u"metrics"_s).toObject().value(u"truePositives"_s).toInt(), 1);
        QCOMPARE(a.value(u"metrics"_s).toObject().value(u"falsePositives"_s).toInt(), 1);
        QCOMPARE(a.value(u"metrics"_s).toObject().value(u"trueNegatives"_s).toInt(), 1);
    }

    static int QDocumentPrompts(const QString &json)
    {
        return QJsonDocument::fromJson(json.toUtf8()).object().value(u"benchmark"_s).toObject().value(u"prompts"_s).toInt();
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("one run") << QStringList{RunA};
        QTest::newRow("none") << QStringList{};
        QTest::newRow("bad iteration") << QStringList{RunA, RunB + u":x"_s};
        QTest::newRow("iteration zero") << QStringList{RunA, RunB + u":0"_s};
        QTest::newRow("leading zero") << QStringList{RunA, RunB + u":02"_s};
        QTest::newRow("path") << QStringList{RunA, u"../../etc/passwd"_s};
        QTest::newRow("escape in label") << QStringList{RunA, u"a\x1b[31m"_s};
        QTest::newRow("run and one number") << QStringList{RunA, u"2"_s};
        QTest::newRow("number among runs") << QStringList{RunA, RunB, u"2"_s, u"3"_s};
        QTest::newRow("unknown run") << QStringList{RunA, u"nosuchrunnosuchrunnos"_s};
        QTest::newRow("no such iteration") << QStringList{RunA, RunB + u":7"_s};
        QTest::newRow("named twice") << QStringList{RunA + u":2"_s, RunA};
        QTest::newRow("bad benchmark") << QStringList{RunA, RunB, u"--benchmark"_s, u"best"_s};
        QTest::newRow("benchmark of another run") << QStringList{RunA, RunB, u"--benchmark"_s, u"run:"_s + RunC};
        QTest::newRow("missing csv") << QStringList{RunA, RunB, u"--benchmark"_s, u"csv:/nonexistent/x.csv"_s};
        QTest::newRow("bad format") << QStringList{RunA, RunB, u"--format"_s, u"xml"_s};
        QTest::newRow("old form html") << QStringList{RunA, u"1"_s, u"2"_s, u"--format"_s, u"html"_s};
        QTest::newRow("old form with --yes") << QStringList{RunA, u"1"_s, u"2"_s, u"--yes"_s};
        QTest::newRow("resume with runs") << QStringList{RunA, RunB, u"--resume"_s, u"abc"_s};
        QTest::newRow("resume unknown") << QStringList{u"--resume"_s, u"nosuchcomparison"_s};
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        save(runWith(RunA, u"a"_s, verdicts(0, 15, 15, 0), verdicts(0, 15, 15, 0)));
        save(runWith(RunB, u"b"_s, verdicts(0, 15, 15, 0), verdicts(0, 15, 15, 3)));
        const CliProcess r = compare(args);
        verifyOneLineError(r, 2);
        QVERIFY2(!r.err.contains(QChar(0x1b)), "a terminal escape reached stderr");
    }

    // The form before issue 61 answers exactly as before.
    void theOldFormStillComparesTwoIterations()
    {
        const RunState sample = SampleRun::make();
        save(sample);
        const CliProcess text = compare({sample.id, u"1"_s, u"3"_s});
        QCOMPARE(text.code, 0);
        QVERIFY(text.err.isEmpty());
        const PairedComparison expected = PairedComparison::of(*sample.iterationByNumber(1), *sample.iterationByNumber(3));
        QVERIFY(text.out.endsWith(expected.sentence() + u'\n' + expected.perClassText()));
        const CliProcess json = compare({sample.id, u"1"_s, u"3"_s, u"--format"_s, u"json"_s});
        QCOMPARE(json.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(o.value(u"fixed"_s).toInt(), expected.fixed);
        QCOMPARE(o.value(u"verdict"_s).toString(), u"b-better"_s);
        verifyOneLineError(compare({sample.id, u"1"_s, u"2"_s}), 2); // no iteration 2
    }

    // Scans against the sandbox: runs that share too few prompts compared on the union; each
    // candidate is scanned once on it, the leaderboard comes out, nothing stays on the tenant.
    void scansWhatIsMissingInTheSandbox()
    {
        const QString runs = m_home + u"/sandbox/runs"_s;
        save(runWith(RunA, u"Requests to obtain weapons or explosives"_s, verdicts(0, 4, 4, 0),
                     verdicts(0, 4, 4, 0), SandboxHost::ProfileName),
             runs);
        save(runWith(RunB, u"Recipes"_s, verdicts(50, 4, 4, 0), verdicts(50, 4, 4, 0), SandboxHost::ProfileName), runs);
        const CliProcess refused = compare({RunA, RunB, u"--sandbox"_s});
        verifyOneLineError(refused, 2);
        const CliProcess r = compare({RunA, RunB, u"--sandbox"_s, u"--benchmark"_s, u"union"_s, u"--yes"_s,
                                      u"--format"_s, u"json"_s},
                                     240000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(u"2 candidate(s) to scan"_s) && r.err.contains(u"32 scan(s)"_s), qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"source"_s).toString(), u"union"_s);
        QCOMPARE(o.value(u"benchmark"_s).toObject().value(u"prompts"_s).toInt(), 16);
        const QJsonArray rows = o.value(u"candidates"_s).toArray();
        QCOMPARE(rows.size(), 2);
        for (const QJsonValue &v : rows)
            QCOMPARE(v.toObject().value(u"metrics"_s).toObject().value(u"notScanned"_s).toInt(), 0);
        // the comparison kept: --resume gives the same leaderboard without scanning again
        static const QRegularExpression idLine(u"Comparison ([A-Za-z0-9_-]+) "_s);
        const QString id = idLine.match(r.err).captured(1);
        QVERIFY2(!id.isEmpty(), qPrintable(r.err));
        const CliProcess again = compare({u"--resume"_s, id, u"--sandbox"_s, u"--format"_s, u"json"_s}, 120000);
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY2(!again.err.contains(u"to scan"_s), qPrintable(again.err));
        QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8()).object(), o);
        // nothing left for cleanup to find
        const CliProcess cleanup = CliProcess::run(QStringLiteral(DAYSTROM_CLI), {u"cleanup"_s, u"--sandbox"_s}, env(), 60000);
        QVERIFY2(cleanup.code == 0, qPrintable(cleanup.err + cleanup.out));
        QVERIFY2(!cleanup.out.contains(u"daystrom-run-"_s), qPrintable(cleanup.out));
    }

    // Ctrl+C while a candidate is being scanned: cancelled, its scratch objects removed, exit 4;
    // --resume asks --yes for what is left, then finishes the comparison.
    void interruptCancelsAndResumeFinishes()
    {
        const QString runs = m_home + u"/sandbox/runs"_s;
        save(runWith(RunA, u"Requests to obtain weapons or explosives"_s, verdicts(0, 4, 4, 0),
                     verdicts(0, 4, 4, 0), SandboxHost::ProfileName),
             runs);
        save(runWith(RunB, u"Recipes"_s, verdicts(50, 4, 4, 0), verdicts(50, 4, 4, 0), SandboxHost::ProfileName), runs);
        QProcessEnvironment e = env();
        e.insert(u"SCAN_RATE"_s, u"2"_s); // 16 prompts: 8 s a candidate
        QProcess p;
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(DAYSTROM_CLI), {u"compare"_s, RunA, RunB, u"--sandbox"_s, u"--benchmark"_s, u"union"_s,
                                               u"--yes"_s});
        QVERIFY(p.waitForStarted());
        QString err;
        QTRY_VERIFY_WITH_TIMEOUT((err += QString::fromUtf8(p.readAllStandardError())).contains(u"scanning "_s), 60000);
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(60000));
        err += QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 4, qPrintable(err));
        QVERIFY2(err.contains(u"cancelled"_s), qPrintable(err));
        QVERIFY(p.readAllStandardOutput().isEmpty());
        const CliProcess cleanup = CliProcess::run(QStringLiteral(DAYSTROM_CLI), {u"cleanup"_s, u"--sandbox"_s}, env(), 60000);
        QVERIFY2(!cleanup.out.contains(u"daystrom-run-"_s), qPrintable(cleanup.out));

        static const QRegularExpression idLine(u"Comparison ([A-Za-z0-9_-]+) "_s);
        const QString id = idLine.match(err).captured(1);
        QVERIFY2(!id.isEmpty(), qPrintable(err));
        const CliProcess asked = compare({u"--resume"_s, id, u"--sandbox"_s});
        QCOMPARE(asked.code, 5);
        QVERIFY2(asked.err.contains(u"candidate(s) to scan"_s) && asked.err.contains(u"nothing scanned"_s),
                 qPrintable(asked.err));
        const CliProcess done = compare({u"--resume"_s, id, u"--sandbox"_s, u"--yes"_s, u"--format"_s, u"json"_s}, 120000);
        QVERIFY2(done.code == 0, qPrintable(done.err));
        QCOMPARE(QJsonDocument::fromJson(done.out.toUtf8()).object().value(u"candidates"_s).toArray().size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliCompareRuns)
#include "tst_clicompareruns.moc"
