#include "airs/scanclient.h"
#include "airstesthelpers.h"

#include "testmain.h"

#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// `daystrom sandbox serve` as a person runs it: a real process serving real HTTP.
class TestSandboxServe : public QObject
{
    Q_OBJECT
private slots:
    void servesUntilInterrupted()
    {
        QProcess cli;
        cli.setProgram(QStringLiteral(DAYSTROM_CLI));
        cli.setArguments({u"sandbox"_s, u"serve"_s});
        cli.start();
        QVERIFY(cli.waitForStarted());
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += cli.readAllStandardOutput()).contains("Serving until interrupted"), 10000);
        const QRegularExpressionMatch m =
            QRegularExpression(u"PANW_AI_SEC_API_ENDPOINT=(\\S+)"_s).match(QString::fromUtf8(out));
        QVERIFY2(m.hasMatch(), out.constData());
        QVERIFY(out.contains("Security profile: daystrom-sandbox"));

        AirsSettings s;
        s.scanEndpoint = QUrl(m.captured(1));
        s.apiKey = u"sandbox-api-key"_s;
        QNetworkAccessManager nam;
        ScanClient client(&nam, s);
        const auto r = await<ScanVerdict>([&](QObject *ctx, auto done) {
            client.scan({u"hello"_s, u"daystrom-sandbox"_s, {}, {}, Intent::Block}, ctx, done);
        });
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QVERIFY(!r.value.triggered);

        cli.terminate();
        QVERIFY(cli.waitForFinished(5000));
    }
};

QTEST_GUILESS_MAIN(TestSandboxServe)
#include "tst_sandboxserve.moc"
