// `daystrom sandbox serve --faults SPEC` as a process: a bad spec is refused with exit 2 and
// one line; a good one is printed at start, injected, counted at /_sandbox/faults and tallied
// on stderr when the process is terminated.
#include "testmain.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

class TestSandboxServeFaults final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"DAYSTROM_HOME"_s, m_home.path());
        return env;
    }

private slots:
    void badSpecIsRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("says");
        QTest::newRow("bad") << u"bad"_s << u"not ROUTE.KIND=RATE"_s;
        QTest::newRow("unknown route") << u"disk.503=0.1"_s << u"unknown fault route"_s;
        QTest::newRow("nan") << u"scan.cut=nan"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("duplicate") << u"seed=1,seed=1"_s << u"given twice"_s;
    }

    void badSpecIsRefused()
    {
        QFETCH(QString, spec);
        QFETCH(QString, says);
        QVERIFY(m_home.isValid());
        QProcess cli;
        cli.setProcessEnvironment(environment());
        cli.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"serve"_s, u"--faults"_s, spec});
        QVERIFY(cli.waitForFinished(20000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 2);
        const QString err = QString::fromUtf8(cli.readAllStandardError()).trimmed();
        QVERIFY2(!err.contains(u'\n'), qPrintable(err));
        QVERIFY2(err.startsWith(u"daystrom sandbox: --faults: "_s), qPrintable(err));
        QVERIFY2(err.contains(says), qPrintable(err));
        QVERIFY(cli.readAllStandardOutput().isEmpty()); // nothing was served
    }

    void helpDocumentsTheGrammar()
    {
        QProcess cli;
        cli.setProcessEnvironment(environment());
        cli.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"--help"_s});
        QVERIFY(cli.waitForFinished(20000));
        QCOMPARE(cli.exitCode(), 0);
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        QVERIFY(out.contains(u"--faults SPEC"_s));
        QVERIFY(out.contains(u"ROUTE.KIND=RATE"_s));
        QVERIFY(out.contains(u"scan.503=0.2,token.cut=0.2,all.truncated=0.1,seed=7"_s));
        for (const QString &word : {u"truncated"_s, u"hang"_s, u"echo"_s, u"retry-after"_s})
            QVERIFY2(out.contains(word), qPrintable(word));
    }

    void delayFlags()
    {
        QProcess bad;
        bad.setProcessEnvironment(environment());
        bad.start(QStringLiteral(DAYSTROM_CLI),
                  {u"sandbox"_s, u"serve"_s, u"--scan-latency-ms"_s, u"-5"_s});
        QVERIFY(bad.waitForFinished(20000));
        QCOMPARE(bad.exitCode(), 2);
        QVERIFY(bad.readAllStandardError().contains("--scan-latency-ms must be a whole number"));

        QProcess help;
        help.setProcessEnvironment(environment());
        help.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"--help"_s});
        QVERIFY(help.waitForFinished(20000));
        const QByteArray usage = help.readAllStandardOutput();
        for (const char *flag : {"--propagation-ms N", "--scan-latency-ms N", "--llm-latency-ms N"})
            QVERIFY2(usage.contains(flag), flag);

        QProcess serve;
        serve.setProcessEnvironment(environment());
        serve.start(QStringLiteral(DAYSTROM_CLI),
                    {u"sandbox"_s, u"serve"_s, u"--propagation-ms"_s, u"4000"_s,
                     u"--scan-latency-ms"_s, u"30"_s, u"--llm-latency-ms"_s, u"20"_s});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += serve.readAllStandardOutput()).contains("Serving until"),
                                 20000);
        QVERIFY2(out.contains("Delays: propagation 4000 ms, scan latency 30 ms, LLM latency 20 ms"),
                 out.constData());
        const QRegularExpressionMatch m =
            QRegularExpression(u"AIRS sandbox listening on (http://127\\.0\\.0\\.1:\\d+)"_s)
                .match(QString::fromUtf8(out));
        QVERIFY2(m.hasMatch(), out.constData());
        QNetworkAccessManager nam;
        QNetworkReply *state = nam.get(
            QNetworkRequest(QUrl(m.captured(1)).resolved(QUrl(u"/_sandbox/propagation"_s))));
        QTRY_VERIFY_WITH_TIMEOUT(state->isFinished(), 10000);
        const QJsonObject json = QJsonDocument::fromJson(state->readAll()).object();
        QCOMPARE(json[u"delayMs"_s].toInt(), 4000);
        QVERIFY(json[u"violations"_s].isArray());
        state->deleteLater();
        serve.terminate();
        QVERIFY(serve.waitForFinished(10000));
    }

    void servesInjectsCountsAndTallies()
    {
        QProcess serve;
        serve.setProcessEnvironment(environment());
        serve.start(QStringLiteral(DAYSTROM_CLI),
                    {u"sandbox"_s, u"serve"_s, u"--faults"_s, u"scan.503=1,seed=2"_s});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += serve.readAllStandardOutput()).contains("Serving until"),
                                 20000);
        QVERIFY2(out.contains("Faults: scan.503=1,seed=2,retry-after=0.2"), out.constData());
        const QRegularExpressionMatch m =
            QRegularExpression(u"AIRS sandbox listening on (http://127\\.0\\.0\\.1:\\d+)"_s)
                .match(QString::fromUtf8(out));
        QVERIFY2(m.hasMatch(), out.constData());
        const QUrl root(m.captured(1));

        QNetworkAccessManager nam;
        QNetworkRequest scan(root.resolved(QUrl(u"/v1/scan/sync/request"_s)));
        scan.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        scan.setRawHeader("x-pan-token", "sandbox-api-key");
        QNetworkReply *scanned =
            nam.post(scan, QByteArray(R"({"ai_profile":{"profile_name":"daystrom-sandbox"},)"
                                      R"("contents":[{"prompt":"hello"}]})"));
        QTRY_VERIFY_WITH_TIMEOUT(scanned->isFinished(), 10000);
        QCOMPARE(scanned->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
        scanned->deleteLater();

        QNetworkReply *counts =
            nam.get(QNetworkRequest(root.resolved(QUrl(u"/_sandbox/faults"_s))));
        QTRY_VERIFY_WITH_TIMEOUT(counts->isFinished(), 10000);
        const QJsonObject json = QJsonDocument::fromJson(counts->readAll()).object();
        QCOMPARE(json[u"scan"_s].toObject()[u"503"_s].toInt(), 1);
        counts->deleteLater();

        serve.terminate(); // SIGTERM
        QVERIFY(serve.waitForFinished(10000));
        QCOMPARE(serve.exitStatus(), QProcess::NormalExit);
        QCOMPARE(serve.exitCode(), 0);
        const QString err = QString::fromUtf8(serve.readAllStandardError());
        QVERIFY2(err.contains(u"faults injected: scan 503=1"_s), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestSandboxServeFaults)
#include "tst_sandboxservefaults.moc"
