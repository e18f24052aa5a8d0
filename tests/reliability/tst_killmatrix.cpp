// Issue 37's interaction matrix, the row that needs a process: `daystrom generate` against
// `daystrom sandbox serve`, killed with SIGKILL at each step of its second iteration (on a
// scratch profile and in place), then `daystrom resume` until it completes. Once it has:
//   - the production profile's policy is as before the run (in place, the killed run left it
//     altered: the resume deploys again and puts it back at the end);
//   - the run file says completed and its event log ends with loop:complete;
//   - the iterations are numbered once, and every recorded iteration's figures (working suite
//     and benchmark) recompute from its stored results and labels.
// The kill lands shortly after the output that marks the step; where it lands exactly is
// whatever the pipe delivered by then, so a row names the moment, not an instruction.
// (That no benchmark prompt reaches the LLM is checked in process, tst_interactionmatrix: the
// served LLM's request bodies are not visible from here.)
#include "homecheck.h"
#include "killer.h"
#include "sandboxserve.h"

#include "domain/benchmarkscore.h"
#include "domain/efficacymetrics.h"
#include "runs/runstore.h"

#include "testmain.h"

#include <QDir>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {
const QString Cli = QStringLiteral(DAYSTROM_CLI);
const QString Profile = QStringLiteral("daystrom-sandbox");
} // namespace

class tst_KillMatrix : public QObject
{
    Q_OBJECT
private slots:
    void killThenResume_data()
    {
        QTest::addColumn<bool>("inPlace");
        QTest::addColumn<QString>("anchor"); // in the run's output (--events jsonl, the log)
        QTest::addColumn<int>("occurrence");
        QTest::addColumn<int>("delayMs");
        // step: the output that marks it in iteration 2
        const QList<std::tuple<QString, QString, int, int>> steps{
            {u"generate"_s, u"\"iteration:start\""_s, 2, 0},
            {u"apply"_s, u"\"generate:complete\""_s, 2, 0},
            {u"compose"_s, u"\"tests:composed\""_s, 1, 0}, // composed from iteration 1: from 2 on
            {u"scan"_s, u"\"apply:complete\""_s, 2, 5},
            {u"evaluate"_s, u"\"evaluate:complete\""_s, 2, 0},
            {u"analyze"_s, u"\"evaluate:complete\""_s, 2, 10},
            {u"record"_s, u"\"analyze:complete\""_s, 2, 0},
            {u"decide"_s, u"\"iteration:complete\""_s, 2, 0},
            {u"finish"_s, u"\"iteration:complete\""_s, 2, 15},
        };
        for (bool inPlace : {false, true}) {
            for (const auto &[step, anchor, occurrence, delay] : steps) {
                QTest::newRow(qPrintable(u"%1 at %2"_s.arg(inPlace ? u"in-place"_s : u"scratch"_s, step)))
                    << inPlace << anchor << occurrence << delay;
            }
        }
    }

    void killThenResume()
    {
        QFETCH(bool, inPlace);
        QFETCH(QString, anchor);
        QFETCH(int, occurrence);
        QFETCH(int, delayMs);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        SandboxServe serve(Cli, home.path());
        QVERIFY2(serve.isReady(), qPrintable(serve.startError()));
        const QProcessEnvironment env = serve.clientEnv(HomeCheck::childEnv(home.path()));
        const QJsonObject before = serve.profilePolicy(Profile);
        QVERIFY(!before.isEmpty());

        QStringList args{u"generate"_s, u"--topic"_s, u"weapons manufacturing"_s, u"--profile"_s, Profile,
                         u"--events"_s, u"jsonl"_s, u"--max-iterations"_s, u"2"_s, u"--target-coverage"_s,
                         u"100"_s, u"--benchmark"_s, u"20"_s, u"--create-prompt-set"_s};
        if (inPlace)
            args.append(u"--in-place"_s);
        const KillOutcome killed = runAndMaybeKill(Cli, args, env, anchor, delayMs, 120000, occurrence);
        QVERIFY2(killed.killed, qPrintable(u"not killed (exit %1): %2"_s.arg(killed.exitCode).arg(killed.err.right(1500))));
        // In place, the killed run left production altered (nothing could put it back).
        if (inPlace)
            QVERIFY2(serve.profilePolicy(Profile) != before, "the in-place run was killed before it touched production");
        const QStringList ids = HomeCheck::runIds(home.path());
        QCOMPARE(ids.size(), 1);
        const QString id = ids.first();

        const KillOutcome resumed = runAndMaybeKill(Cli, {u"resume"_s, id}, env, u"never"_s, 0, 120000);
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err.right(2000)));

        // Production as before the run.
        QCOMPARE(serve.profilePolicy(Profile), before);
        // The file: completed, its last event agrees, iterations once, figures recompute.
        const RunStore::Loaded saved = RunStore(home.path() + u"/runs"_s).load(id);
        QVERIFY2(saved.ok(), qPrintable(saved.error));
        QCOMPARE(saved.run.status, RunStatus::Completed);
        QVERIFY(!saved.run.eventLog.isEmpty());
        QCOMPARE(saved.run.eventLog.last().value(u"type"_s).toString(), u"loop:complete"_s);
        QCOMPARE(HomeCheck::iterationNumbers(HomeCheck::runFile(home.path(), id)), (QList<int>{1, 2}));
        for (const IterationResult &it : saved.run.iterations) {
            QVERIFY(it.metrics == EfficacyMetrics::compute(it.testResults));
            QVERIFY(it.benchmark);
            QVERIFY(it.benchmark->metrics == BenchmarkScore::compute(it.benchmark->results, it.benchmark->unstableIndexes).metrics);
        }
        QVERIFY(HomeCheck::leftovers(home.path(), u"*.lock"_s).isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_KillMatrix)
#include "tst_killmatrix.moc"
