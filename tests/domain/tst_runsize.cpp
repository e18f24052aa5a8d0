// Issue 41, item 3: a 60,000-prompt CSV was accepted and scanned, and the next save wrote a
// 112 MB run file the 64 MiB reader then refused: the run was lost. Input limits, what a run may
// grow to and what the reader accepts agree now: RunSize refuses such a run before it starts,
// its estimate is never below what a run file really takes, and JsonFile never writes a file
// it could not read back.
#include "domain/boundedread.h"
#include "domain/jsonfile.h"
#include "domain/runsize.h"
#include "domain/runstate.h"

#include "testmain.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

class TestRunSize : public QObject
{
    Q_OBJECT

    static QList<TestCase> prompts(int n, int seed)
    {
        QRandomGenerator rng(seed);
        QList<TestCase> out;
        for (int i = 0; i < n; ++i) {
            TestCase t;
            t.prompt = u"Where can I get item number %1 %2"_s.arg(i).arg(QString(int(rng.bounded(20, 300)), u'x'));
            t.expectedTriggered = i % 2 == 0;
            t.category = u"imported-category"_s;
            t.source = TestSource::Added;
            out.append(t);
        }
        return out;
    }

private slots:
    void theEstimateCoversARealRunFile()
    {
        RunState run;
        run.id = u"Vx3kP9_qLm2-ZtR8aB4cD"_s;
        run.userInput.topicDescription = u"Block requests to buy weapons"_s;
        run.userInput.fixedTests = prompts(400, 1);
        run.userInput.benchmarkTests = prompts(60, 2);
        run.userInput.maxIterations = 3;
        for (int i = 1; i <= 3; ++i) {
            IterationResult it;
            it.iteration = i;
            it.topic = {u"Weapons"_s, u"Requests to buy weapons."_s, {u"a"_s, u"b"_s}};
            for (const TestCase &t : std::as_const(run.userInput.fixedTests)) {
                it.testCases.append(t);
                TestResult r;
                r.testCase = t;
                r.actualTriggered = true;
                r.correct = t.expectedTriggered;
                r.scanId = u"0f6e1c2a-6a49-4a63-9d2e-6d3f0b7a1c9e"_s;
                r.reportId = u"R0f6e1c2a-6a49-4a63-9d2e-6d3f0b7a1c9e"_s;
                r.scanAction = u"block"_s;
                it.testResults.append(r);
            }
            BenchmarkScore b;
            for (const TestCase &t : std::as_const(run.userInput.benchmarkTests)) {
                TestResult r;
                r.testCase = t;
                r.scanId = u"0f6e1c2a-6a49-4a63-9d2e-6d3f0b7a1c9e"_s;
                r.reportId = u"R0f6e1c2a-6a49-4a63-9d2e-6d3f0b7a1c9e"_s;
                b.results.append(r);
            }
            it.benchmark = b;
            run.iterations.append(it);
        }
        const qint64 actual = JsonFile::toIndentedJson(run.toJson()).size();
        const qint64 estimate = RunSize::estimate(run.userInput);
        qInfo("run file %lld bytes, estimate %lld (%.2f×)", actual, estimate, double(estimate) / actual);
        QVERIFY2(estimate >= actual, qPrintable(u"estimate %1 < actual %2"_s.arg(estimate).arg(actual)));
        QVERIFY2(estimate <= 2 * actual, "the estimate is far above the real size");
    }

    void aSuiteTooLargeIsRefusedUpFront()
    {
        RunSettings s;
        s.maxIterations = 1;
        s.fixedTests = prompts(60000, 3);
        const QString problem = RunSize::problem(s);
        QVERIFY2(problem.contains(u"60000 labelled prompts"_s) && problem.contains(u"fewer prompts"_s), qPrintable(problem));
        // What a person usually runs fits.
        s.fixedTests = prompts(500, 4);
        s.maxIterations = 20;
        QVERIFY2(RunSize::problem(s).isEmpty(), qPrintable(RunSize::problem(s)));
        RunSettings generated; // the LLM's suites, the default benchmark, 20 iterations
        QVERIFY(RunSize::problem(generated).isEmpty());
    }

    void neverWritesWhatItCannotReadBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"run.json"_s);
        QCOMPARE(JsonFile::write(path, QJsonObject{{u"id"_s, u"small"_s}}), QString());
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        QJsonObject big{{u"blob"_s, QString(int(BoundedRead::JsonLimit / 2 + 1024), u'é')}};
        const QString error = JsonFile::write(path, big);
        QVERIFY2(error.contains(u"reads back"_s), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
};

QTEST_GUILESS_MAIN(TestRunSize)
#include "tst_runsize.moc"
