// A batch of 200 scans through 20 % injected faults of each kind (the `sandbox serve --faults`
// injector): every prompt's result arrives exactly once and equals the fault-free run's.
#include "airs/managementclient.h"
#include "airs/scanbatch.h"
#include "airs/scanclient.h"
#include "sandbox/faultinjector.h"
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
        QList<int> notScanned; // given up, in arrival order
        QHash<int, QString> reasons;
        QSet<int> finishedNotScanned;
    };

    Outcome runBatch(const AirsSettings &s, const QStringList &input, bool keepGoing = false)
    {
        ScanBatch batch(s, {u"lab"_s, u"sess"_s, Intent::Block, 5, 0, keepGoing});
        Outcome out;
        QObject ctx;
        QEventLoop loop;
        connect(&batch, &ScanBatch::scanned, &ctx,
                [&](int index, const ScanVerdict &, int completed, int) {
                    out.indices.append(index);
                    out.completed.append(completed);
                });
        connect(&batch, &ScanBatch::notScanned, &ctx, [&](int index, const AirsError &e, int completed, int) {
            out.notScanned.append(index);
            out.reasons.insert(index, e.toString());
            out.completed.append(completed);
        });
        connect(&batch, &ScanBatch::finished, &ctx,
                [&](const QList<ScanVerdict> &v, const QHash<int, AirsError> &notScanned) {
                    out.verdicts = v;
                    for (auto it = notScanned.cbegin(); it != notScanned.cend(); ++it)
                        out.finishedNotScanned.insert(it.key());
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

    // Issue 41, item 4: with keepGoing, a prompt whose every scan is cut (scan.poison) does not
    // cost the batch: the others are scanned through 50 % cut answers, the poisoned ones are
    // tried again after all the others and then given up, each reported once.
    void aPromptAIrsCannotScanIsGivenUpAndTheRestKept()
    {
        const QStringList input = numberedPrompts(200);
        AirsEmulator clean;
        QVERIFY(clean.start());
        setUpLabProfile(m_nam, clean);
        const Outcome baseline = runBatch(emulatorSettings(clean), input);
        QVERIFY2(!baseline.error.isError(), qPrintable(baseline.error.toString()));

        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        QString error;
        const std::optional<FaultSpec> faults = FaultSpec::parse(u"scan.cut=0.5,scan.poison=0.04,seed=9"_s, &error);
        QVERIFY2(faults, qPrintable(error));
        e.setFaultSpec(*faults);
        AirsSettings s = emulatorSettings(e);
        s.retry.baseDelayMs = 5; // the backoff is not what this tests
        s.retry.maxRetries = 5;

        // The prompts the seed poisons, found as the emulator finds them: by the request body.
        FaultInjector judge;
        judge.setSpec(*faults);
        QSet<int> poisoned;
        for (int i = 0; i < input.size(); ++i) {
            const HttpRequestSpec request = ScanClient::buildRequest(s, {input.at(i), u"lab"_s, u"sess"_s, {}, Intent::Block});
            if (judge.poisons(FaultSpec::Route::Scan, request.body))
                poisoned.insert(i);
        }
        QVERIFY2(poisoned.size() >= 3 && poisoned.size() <= 20, qPrintable(QString::number(poisoned.size())));

        const Outcome o = runBatch(s, input, true);
        QVERIFY2(!o.error.isError(), qPrintable(o.error.toString()));
        QCOMPARE(QSet<int>(o.notScanned.cbegin(), o.notScanned.cend()), poisoned);
        QCOMPARE(o.notScanned.size(), poisoned.size()); // each once
        QCOMPARE(o.finishedNotScanned, poisoned);
        QCOMPARE(o.indices.size() + o.notScanned.size(), 200);
        QCOMPARE(o.completed.size(), 200);
        for (int i = 0; i < 200; ++i)
            QCOMPARE(o.completed.at(i), i + 1); // the progress counts both
        for (int i = 0; i < 200; ++i) {
            if (!poisoned.contains(i))
                QCOMPARE(o.verdicts.at(i).triggered, baseline.verdicts.at(i).triggered);
        }
        // About six attempts in the first round and six in the second for each poisoned
        // prompt (runs have counted up to two less; the cause is not known): more
        // than one round's worth means the second round ran.
        const int poisonedScans = e.faultInjector()->count(FaultSpec::Route::Scan, Kind::Poison);
        QVERIFY2(poisonedScans > 6 * poisoned.size() && poisonedScans <= 12 * poisoned.size(),
                 qPrintable(u"%1 scans of %2 poisoned prompts"_s.arg(poisonedScans).arg(poisoned.size())));
        for (int i : o.notScanned)
            QVERIFY2(o.reasons.value(i).contains(u"prompt %1 of 200"_s.arg(i + 1)), qPrintable(o.reasons.value(i)));
    }

    // What no prompt can get past still ends the batch, and early: when AIRS answers nothing
    // but errors, the batch stops after consecutiveFailureLimit() prompts, not after 200.
    void aServiceThatIsDownStopsTheBatchEarly()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        QString error;
        e.setFaultSpec(*FaultSpec::parse(u"scan.503=1"_s, &error));
        AirsSettings s = emulatorSettings(e);
        s.retry.baseDelayMs = 1;
        s.retry.maxRetries = 1;
        const Outcome o = runBatch(s, numberedPrompts(200), true);
        QCOMPARE(o.error.kind, AirsError::Kind::Server);
        QVERIFY2(o.error.message.contains(u"AIRS looks unreachable"_s), qPrintable(o.error.message));
        const int scans = e.faultInjector()->count(FaultSpec::Route::Scan, Kind::E503);
        QVERIFY2(scans <= 2 * (10 + 5), qPrintable(QString::number(scans))); // limit + those in flight
        QVERIFY(o.notScanned.isEmpty()); // put off to the second round, which never came
    }
};

QTEST_GUILESS_MAIN(TestScanFaults)
#include "tst_scanfaults.moc"
