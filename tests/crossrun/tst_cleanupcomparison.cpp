// A cross-run comparison killed mid-scan (issue 61), with `daystrom` as a real process against
// the AIRS emulator over loopback: `daystrom compare … --yes` is killed (SIGKILL) while it
// scans a candidate in its scratch copy; `daystrom cleanup` lists the comparison (and deletes
// nothing), `daystrom cleanup --yes` removes its copy and topics and leaves the tenant as it
// was; `daystrom compare --resume ID --yes` then scans only the candidate that was missing and
// ranks all three.
#include "crossrunfixture.h"
#include "runs/comparisonstate.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>

using namespace Qt::StringLiterals;
using namespace CrossRunFixture;

namespace {
struct Finished
{
    int code = -1; // -1: it did not start, or crashed
    QString out, err;
};
} // namespace

class tst_CleanupComparison : public QObject
{
    Q_OBJECT

    std::unique_ptr<AirsEmulator> m_airs;
    QString m_home;
    RunState m_runs[3];

    QProcessEnvironment env() const
    {
        const AirsEmulator::Credentials c = m_airs->options().credentials;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        e.insert(u"PANW_AI_SEC_API_KEY"_s, c.apiKey);
        e.insert(u"PANW_AI_SEC_API_ENDPOINT"_s, m_airs->scanEndpoint().toString());
        e.insert(u"PANW_MGMT_CLIENT_ID"_s, c.clientId);
        e.insert(u"PANW_MGMT_CLIENT_SECRET"_s, c.clientSecret);
        e.insert(u"PANW_MGMT_TSG_ID"_s, c.tsgId);
        e.insert(u"PANW_MGMT_ENDPOINT"_s, m_airs->managementEndpoint().toString());
        e.insert(u"PANW_MGMT_TOKEN_ENDPOINT"_s, m_airs->tokenEndpoint().toString());
        e.insert(u"PROPAGATION_DELAY_MS"_s, u"0"_s);
        e.insert(u"SCAN_CONCURRENCY"_s, u"2"_s);
        return e;
    }
    Finished run(const QStringList &args)
    {
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), args);
        if (!p.waitForStarted())
            return {};
        // The emulator answers from this thread: wait with the event loop running.
        [&] { QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 120000); }();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }
    QStringList stateFiles() const
    {
        return QDir(ComparisonState::directory(m_home)).entryList({u"*.json"_s}, QDir::Files);
    }

private slots:
    void killedThenCleanedUpThenResumed()
    {
        m_airs = std::make_unique<AirsEmulator>(CrossRunFixture::options());
        QVERIFY(m_airs->start());
        m_airs->addProfile(u"lab"_s);
        m_home = TestHome::path() + u"/cleanup-comparison"_s;
        m_runs[0] = makeRun(2, benchmark(u"alpha"_s), 5, 0.9);
        m_runs[1] = makeRun(3, benchmark(u"beta"_s), 8, 0.85);
        m_runs[2] = makeRun(5, benchmark(u"beta"_s), 12, 0.95);
        for (const RunState &r : m_runs)
            QCOMPARE(RunStore(m_home + u"/runs"_s).save(r), QString());
        const QByteArray profilesBefore = compact(m_airs->profiles());
        const QByteArray topicsBefore = compact(m_airs->topics());

        AirsEmulator::Faults slow;
        slow.scanLatencyMs = 40;
        m_airs->setFaults(slow);
        QProcess compare;
        compare.setProcessEnvironment(env());
        compare.start(QStringLiteral(DAYSTROM_CLI), {u"compare"_s, m_runs[0].id, m_runs[1].id, m_runs[2].id,
                                                     u"--benchmark"_s, u"run:"_s + m_runs[0].id, u"--yes"_s});
        QVERIFY(compare.waitForStarted());
        // Killed in the second candidate's scan: the first one's results are saved.
        QTRY_VERIFY_WITH_TIMEOUT(m_airs->scanCount() >= 24 + 4 || compare.state() == QProcess::NotRunning, 60000);
        QCOMPARE(compare.state(), QProcess::Running);
        compare.kill();
        QTRY_VERIFY(compare.state() == QProcess::NotRunning);
        m_airs->setFaults({});
        QTRY_COMPARE(m_airs->inflightScans(), 0);
        QCOMPARE(stateFiles().size(), 1);
        const QString id = stateFiles().first().chopped(5);
        QVERIFY(compact(m_airs->profiles()) != profilesBefore); // its copy is still there

        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.code == 0, qPrintable(listed.out + listed.err));
        QVERIFY2(listed.out.contains(u"Comparison "_s + id), qPrintable(listed.out));
        QVERIFY2(listed.out.contains(u"killed?"_s), qPrintable(listed.out));
        QVERIFY2(listed.out.contains(u"delete scratch profile \"daystrom-run-cmp-"_s), qPrintable(listed.out));
        QVERIFY(compact(m_airs->profiles()) != profilesBefore); // listing deletes nothing
        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QCOMPARE(compact(m_airs->profiles()), profilesBefore);
        QCOMPARE(compact(m_airs->topics()), topicsBefore);
        QString error;
        const std::optional<ComparisonState> state = ComparisonState::load(m_home, id, &error);
        QVERIFY2(state, qPrintable(error));
        QVERIFY(state->tenant.isClear());
        const QList<int> missing = state->missing();
        QCOMPARE(missing, QList<int>{2});

        m_airs->clearRequests();
        const Finished resumed = run({u"compare"_s, u"--resume"_s, id, u"--yes"_s, u"--format"_s, u"json"_s});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.out + resumed.err));
        const QHash<QString, QStringList> scans = scansByProfile(*m_airs);
        QCOMPARE(scans.keys(), QStringList{scratchProfile(id, 3)});
        QCOMPARE(scans.value(scratchProfile(id, 3)).size(), 24);
        const QJsonObject board = QJsonDocument::fromJson(resumed.out.toUtf8()).object();
        QCOMPARE(board.value(u"candidates"_s).toArray().size(), 3);
        QCOMPARE(compact(m_airs->profiles()), profilesBefore);
        QCOMPARE(compact(m_airs->topics()), topicsBefore);
    }
};

QTEST_GUILESS_MAIN(tst_CleanupComparison)
#include "tst_cleanupcomparison.moc"
