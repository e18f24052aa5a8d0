// 20 % faults of each kind (503, 429, hang, cut, truncated JSON) on every route of
// `daystrom sandbox serve --faults`, token path included: every run completes on its first
// attempt with the metrics of the fault-free run, one result per test.
#include "homecheck.h"
#include "killer.h"
#include "runcompare.h"
#include "sandboxserve.h"

#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {
const QString Cli = QStringLiteral(DAYSTROM_CLI);

QStringList generateArgs()
{
    return {u"generate"_s,
            u"--topic"_s,
            u"weapons manufacturing"_s,
            u"--profile"_s,
            u"daystrom-sandbox"_s,
            u"--max-iterations"_s,
            u"3"_s,
            u"--benchmark"_s,
            u"30"_s,
            u"--create-prompt-set"_s,
            u"--prompt-set-name"_s,
            u"faults-set"_s};
}
} // namespace

class TestFaults final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void runUnderFaults_data();
    void runUnderFaults();
    void halfTheScansCut();
    void cleanupTestCase();

private:
    struct Outcome
    {
        KillOutcome process;
        QJsonObject run;
        int faults = 0;
        qint64 ms = 0;
        QStringList promptSet; // sorted
        bool promptSetListed = false;
        QString serveError;
    };
    Outcome runWith(const QString &name, const QString &faults, const QString &kind);

    QTemporaryDir m_dir;
    QJsonObject m_reference;
    QStringList m_figures;
};

TestFaults::Outcome TestFaults::runWith(const QString &name, const QString &faults,
                                        const QString &kind)
{
    Outcome outcome;
    const QString home = m_dir.filePath(name);
    QDir().mkpath(home);
    SandboxServe serve(Cli, home, faults);
    if (!serve.isReady()) {
        outcome.serveError = serve.startError();
        return outcome;
    }
    QProcessEnvironment env = serve.clientEnv(HomeCheck::childEnv(home));
    env.insert(u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, u"1000"_s);
    env.insert(u"DAYSTROM_LLM_TIMEOUT_MS"_s, u"2000"_s);
    QElapsedTimer timer;
    timer.start();
    outcome.process = runAndMaybeKill(Cli, generateArgs(), env, u"never"_s, 0, 60000);
    outcome.ms = timer.elapsed();
    const QStringList ids = HomeCheck::runIds(home);
    if (ids.size() == 1)
        outcome.run = HomeCheck::runFile(home, ids.first());
    if (!kind.isEmpty())
        outcome.faults = serve.faultsOfKind(kind);
    // The prompt set, listed through the (still faulted) API with retries.
    const QString setId =
        outcome.run.value(u"checkpoint"_s).toObject().value(u"promptSetId"_s).toString();
    bool ok = false;
    outcome.promptSet = setId.isEmpty() ? QStringList() : serve.promptSetPrompts(setId, &ok);
    outcome.promptSet.sort();
    outcome.promptSetListed = ok;
    return outcome;
}

namespace {
// The rows this CTest entry runs (DAYSTROM_FAULT_ROWS, comma-separated tags); empty = all.
QStringList wantedRows()
{
    return qEnvironmentVariable("DAYSTROM_FAULT_ROWS").split(u',', Qt::SkipEmptyParts);
}
} // namespace

void TestFaults::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (wantedRows() == QStringList{u"scan-cut-50"_s})
        return; // no row of runUnderFaults: no reference run needed
    const Outcome ref = runWith(u"reference"_s, {}, {});
    QVERIFY2(ref.serveError.isEmpty(), qPrintable(ref.serveError));
    QVERIFY2(ref.process.exitCode == 0, qPrintable(ref.process.err));
    m_reference = ref.run;
    QVERIFY(!m_reference.value(u"iterations"_s).toArray().isEmpty());
    QVERIFY(compareRuns(m_reference, m_reference).isEmpty());
}

void TestFaults::runUnderFaults_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("spec");
    // Each CTest entry runs a share of the rows (DAYSTROM_FAULT_ROWS, comma-separated tags), to
    // stay well under 2 minutes; without it, every row runs.
    const QStringList wanted = wantedRows();
    auto row = [&](const char *tag, const QString &kind, const QString &spec) {
        if (wanted.isEmpty() || wanted.contains(QString::fromLatin1(tag)))
            QTest::newRow(tag) << kind << spec;
    };
    row("none", QString(), QString()); // control: two fault-free runs agree
    row("503", u"503"_s, u"all.503=0.2,seed=11"_s);
    row("429", u"429"_s, u"all.429=0.2,retry-after=0.05,seed=12"_s);
    row("token-503", u"503"_s, u"token.503=0.5,seed=16"_s);
    row("hang", u"hang"_s,
        u"scan.hang=0.2,token.hang=0.2,mgmt.hang=0.2,redteam.hang=0.2,llm.hang=0.2,seed=13"_s);
    row("cut", u"cut"_s, u"all.cut=0.2,seed=14"_s);
    row("truncated", u"truncated"_s, u"all.truncated=0.2,seed=15"_s);
}

void TestFaults::runUnderFaults()
{
    if (m_reference.isEmpty())
        QSKIP("this CTest entry runs no row of it");
    QFETCH(QString, kind);
    QFETCH(QString, spec);
    const QString name = QString::fromLatin1(QTest::currentDataTag());
    const Outcome o = runWith(name, spec, kind);
    QVERIFY2(o.serveError.isEmpty(), qPrintable(o.serveError));
    m_figures.append(u"%1: %2 faults injected, exit %3, %4 s"_s.arg(name)
                         .arg(o.faults)
                         .arg(o.process.exitCode)
                         .arg(double(o.ms) / 1000, 0, 'f', 1));
    qInfo("faults %s: %d of kind %s injected; generate exited %d", qPrintable(spec), o.faults,
          qPrintable(kind.isEmpty() ? u"-"_s : kind), o.process.exitCode);
    QVERIFY2(o.process.exitCode == 0,
             qPrintable(u"the run did not complete on its first attempt: "_s +
                        o.process.err.trimmed().section(u'\n', -1)));
    const QStringList diffs = compareRuns(o.run, m_reference);
    QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join(u"\n"_s)));
    QVERIFY2(o.promptSetListed, "the run's Red Team prompt set could not be listed");
    QVERIFY2(o.promptSet == bestIterationPrompts(o.run),
             qPrintable(u"the prompt set holds %1 prompts; the best iteration has %2 distinct "
                        u"(none may be lost or "
                        u"added twice)"_s.arg(o.promptSet.size())
                            .arg(bestIterationPrompts(o.run).size())));
    if (!kind.isEmpty())
        QVERIFY2(o.faults > 0, "GET /_sandbox/faults shows no fault of this kind injected");
}

// Issue 41, item 4: half the scan answers cut, and 3 % of the prompts (scan.poison, picked by
// the seed) cut every time, as a service does with a prompt it cannot handle. Before, the
// first prompt that failed all its retries failed the run (exit 3) and its iteration's scans
// were lost. Now the run completes; every scan that finished is kept; the prompts AIRS gave no
// verdict for are recorded as not scanned, left out of the figures and named by the report.
void TestFaults::halfTheScansCut()
{
    if (!wantedRows().isEmpty() && !wantedRows().contains(u"scan-cut-50"_s))
        QSKIP("another CTest entry runs this");
    const QString home = m_dir.filePath(u"scan-cut-50"_s);
    QDir().mkpath(home);
    SandboxServe serve(Cli, home, u"scan.cut=0.5,scan.poison=0.03,seed=21"_s);
    QVERIFY2(serve.isReady(), qPrintable(serve.startError()));
    QProcessEnvironment env = serve.clientEnv(HomeCheck::childEnv(home));
    env.insert(u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, u"1000"_s);
    QElapsedTimer timer;
    timer.start();
    const KillOutcome run = runAndMaybeKill(Cli, {u"generate"_s, u"--topic"_s, u"weapons manufacturing"_s,
                                                  u"--profile"_s, u"daystrom-sandbox"_s, u"--max-iterations"_s,
                                                  u"2"_s, u"--benchmark"_s, u"30"_s},
                                            env, u"never"_s, 0, 240000);
    m_figures.append(u"scan-cut-50: exit %1, %2 s, %3 cut and %4 poisoned answers"_s.arg(run.exitCode)
                         .arg(double(timer.elapsed()) / 1000, 0, 'f', 1)
                         .arg(serve.faultsOfKind(u"cut"_s))
                         .arg(serve.faultsOfKind(u"poison"_s)));
    QVERIFY2(run.exitCode == 0, qPrintable(u"exit %1: "_s.arg(run.exitCode) + run.err.trimmed().section(u'\n', -3)));
    const QStringList ids = HomeCheck::runIds(home);
    QCOMPARE(ids.size(), 1);
    const QJsonObject file = HomeCheck::runFile(home, ids.first());
    const QJsonArray iterations = file.value(u"iterations"_s).toArray();
    QVERIFY(!iterations.isEmpty());

    // Every result is either a finished scan (with its scan id) or named as not scanned.
    QSet<QString> unscannedInFile;
    int scannedResults = 0;
    for (const QJsonValue &v : iterations) {
        const QJsonObject it = v.toObject();
        QList<QJsonArray> lists{it.value(u"testResults"_s).toArray(),
                                it.value(u"benchmark"_s).toObject().value(u"results"_s).toArray()};
        int workingMissing = 0;
        for (int l = 0; l < lists.size(); ++l) {
            for (const QJsonValue &r : lists.at(l)) {
                const QJsonObject result = r.toObject();
                const QString prompt = result.value(u"testCase"_s).toObject().value(u"prompt"_s).toString();
                if (result.contains(u"notScanned"_s)) {
                    // A cut answer shows as the connection closed mid-body, or, when Qt takes
                    // the close as the body's end (no length to hold it to), as JSON cut short.
                    const QString reason = result.value(u"notScanned"_s).toString();
                    QVERIFY2(reason.contains(u"connection closed"_s) || reason.contains(u"not complete JSON"_s), qPrintable(reason));
                    unscannedInFile.insert(u"%1|%2"_s.arg(it.value(u"iteration"_s).toInt()).arg(prompt));
                    workingMissing += l == 0;
                } else {
                    QVERIFY2(!result.value(u"scanId"_s).toString().isEmpty(), qPrintable(prompt));
                    ++scannedResults;
                }
            }
        }
        QCOMPARE(it.value(u"metrics"_s).toObject().value(u"notScanned"_s).toInt(), workingMissing);
    }
    QVERIFY2(!unscannedInFile.isEmpty(), "no prompt was poisoned: the test proves nothing");
    QVERIFY(scannedResults > 100);

    // The report names each of them: in JSON for every iteration, in text for the best one.
    const KillOutcome json = runAndMaybeKill(Cli, {u"report"_s, u"--format"_s, u"json"_s, u"--"_s, ids.first()},
                                             HomeCheck::childEnv(home), u"never"_s, 0);
    QCOMPARE(json.exitCode, 0);
    QSet<QString> named;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"iterations"_s).toArray()) {
        const QJsonObject it = v.toObject();
        for (const QJsonValue &n : it.value(u"notScanned"_s).toArray())
            named.insert(u"%1|%2"_s.arg(it.value(u"iteration"_s).toInt()).arg(n.toObject().value(u"prompt"_s).toString()));
    }
    QCOMPARE(named, unscannedInFile);
    const KillOutcome text = runAndMaybeKill(Cli, {u"report"_s, u"--"_s, ids.first()}, HomeCheck::childEnv(home),
                                             u"never"_s, 0);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(u"Not scanned: %1 prompt(s)"_s.arg(unscannedInFile.size())), qPrintable(text.out));
    const int best = file.value(u"bestIteration"_s).toInt();
    for (const QString &key : std::as_const(unscannedInFile)) {
        if (key.section(u'|', 0, 0).toInt() == best)
            QVERIFY2(text.out.contains(key.section(u'|', 1)), qPrintable(key));
    }
}

void TestFaults::cleanupTestCase()
{
    qInfo("fault runs: %s", qPrintable(m_figures.join(u"; "_s)));
}

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
