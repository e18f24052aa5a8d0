// A batch of 200 scans through 20 % injected faults of each kind (the `sandbox serve --faults`
// injector): every prompt's result arrives exactly once and equals the fault-free run's.
#include "airs/managementclient.h"
#include "airs/scanbatch.h"
#include "airstesthelpers.h"

#include "testmain.h"

#include <QNetworkAccessManager>
#include <QSet>

using namespace Qt::StringLiterals;
using Kind = FaultSpec::Kind;

class TestScanFaults : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    struct Outcome
    {
        QList<ScanVerdict> verdicts;
        AirsError error;
        QList<int> indices; // the prompt of each progress signal, in arrival order
        QList<int> completed;
    };

    Outcome runBatch(const AirsSettings &s, const QStringList &input)
    {
        ScanBatch batch(s, {u"lab"_s, u"sess"_s, Intent::Block, 5, 0});
        Outcome out;
        QObject ctx;
        QEventLoop loop;
        connect(&batch, &ScanBatch::scanned, &ctx,
                [&](int index, const ScanVerdict &, int completed, int) {
                    out.indices.append(index);
                    out.completed.append(completed);
                });
        connect(&batch, &ScanBatch::finished, &ctx, [&](const QList<ScanVerdict> &v) {
            out.verdicts = v;
            loop.quit();
        });
        connect(&batch, &ScanBatch::failed, &ctx, [&](const AirsError &e) {
            out.error = e;
            loop.quit();
        });
        QTimer::singleShot(120000, &loop, &QEventLoop::quit);
        batch.start(input);
        loop.exec();
        return out;
    }

    static QList<bool> triggers(const QList<ScanVerdict> &v)
    {
        QList<bool> t;
        for (const ScanVerdict &x : v)
            t.append(x.triggered);
        return t;
    }

private slots:
    void everyResultOnceThroughFaults_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QList<int>>("kinds");
        QTest::newRow("503") << u"scan.503=0.2,seed=3"_s << QList<int>{int(Kind::E503)};
        QTest::newRow("429") << u"scan.429=0.2,retry-after=0.2,seed=4"_s
                             << QList<int>{int(Kind::E429)};
        QTest::newRow("cut") << u"scan.cut=0.2,seed=5"_s << QList<int>{int(Kind::Cut)};
        QTest::newRow("truncated")
            << u"scan.truncated=0.2,seed=6"_s << QList<int>{int(Kind::Truncated)};
        QTest::newRow("hang") << u"scan.hang=0.2,seed=7"_s << QList<int>{int(Kind::Hang)};
        QTest::newRow("mixed") << u"scan.503=0.04,scan.429=0.04,scan.cut=0.04,scan.truncated=0.04,"
                                  "scan.hang=0.04,seed=8"_s
                               << QList<int>{int(Kind::E503), int(Kind::E429), int(Kind::Cut),
                                             int(Kind::Truncated), int(Kind::Hang)};
    }
    void everyResultOnceThroughFaults()
    {
        QFETCH(QString, spec);
        QFETCH(QList<int>, kinds);
        const QStringList input = numberedPrompts(200);

        AirsEmulator clean;
        QVERIFY(clean.start());
        setUpLabProfile(m_nam, clean);
        const Outcome baseline = runBatch(emulatorSettings(clean), input);
        QVERIFY2(!baseline.error.isError(), qPrintable(baseline.error.toString()));
        QCOMPARE(baseline.verdicts.size(), 200);

        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        QString error;
        const std::optional<FaultSpec> faults = FaultSpec::parse(spec, &error);
        QVERIFY2(faults, qPrintable(error));
        e.setFaultSpec(*faults);
        AirsSettings s = emulatorSettings(e);
        s.timeoutMs = 1000; // a hung scan times out after 1 s and is retried
        s.retry.maxRetries = 8;
        const Outcome o = runBatch(s, input);
        QVERIFY2(!o.error.isError(), qPrintable(o.error.toString()));
        QCOMPARE(o.verdicts.size(), 200);
        QCOMPARE(triggers(o.verdicts), triggers(baseline.verdicts));
        QCOMPARE(QSet<int>(o.indices.cbegin(), o.indices.cend()).size(), 200); // each prompt once
        QCOMPARE(o.indices.size(), 200);
        for (int i = 0; i < 200; ++i)
            QCOMPARE(o.completed.at(i), i + 1);
        int injected = 0;
        for (int k : std::as_const(kinds))
            injected += e.faultInjector()->count(FaultSpec::Route::Scan, Kind(k));
        qInfo().noquote() << spec << "faults injected:" << injected;
        QVERIFY2(injected >= 20, qPrintable(QString::number(injected))); // ~20 % of >= 200 scans
    }
};

QTEST_GUILESS_MAIN(TestScanFaults)
#include "tst_scanfaults.moc"
