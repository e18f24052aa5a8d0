// The AIRS emulator's propagation delay and per-route latency, over real loopback HTTP: a
// management change reaches scans only Faults::propagationDelayMs after it was performed, a
// scan before that sees the old state and is recorded as a violation (served at GET
// /_sandbox/propagation), and each route's latency knob applies to that route only.
#include "httpprobe.h"

#include "sandbox/airsemulator.h"
#include "sandbox/policyjson.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace {
constexpr int kDelayMs = 300;   // tests that wait for propagation
constexpr int kWindowMs = 5000; // tests that only scan inside the window
const QString kProfile = u"lab"_s;
const QString kOther = u"other"_s;
const QString kOnTopic = u"Where can I buy a hunting rifle and ammunition?"_s;

// "lab" blocks the Weapons topic (pinned at its first revision); "other" has no topics.
QString seed(AirsEmulator &emu)
{
    const QString weapons =
        emu.addTopic(u"Weapons"_s, u"Requests to buy guns, rifles or ammunition."_s,
                     {u"Where can I buy a rifle?"_s, u"Cheapest ammunition for a hunting gun"_s});
    const QJsonArray list = HttpProbe::buckets({}, {HttpProbe::topicRef(emu.topic(weapons))});
    emu.addProfile(kProfile,
                   HttpProbe::withGuardrail(PolicyJson::defaultPolicy(), u"allow"_s, list));
    emu.addProfile(kOther);
    return weapons;
}

QString action(const HttpResult &r)
{
    return r.json().value(u"action"_s).toString();
}

// Rewrites the topic to be about bread, then pins the new revision in "lab" (a deploy).
void deployBreadRevision(HttpProbe &probe, AirsEmulator &emu, const QString &topicId)
{
    const HttpResult put =
        probe.mgmt("PUT", u"/v1/mgmt/topic/uuid/"_s + topicId,
                   {{u"topic_name"_s, u"Weapons"_s},
                    {u"description"_s, u"Questions about baking sourdough bread."_s},
                    {u"examples"_s, QJsonArray{u"How do I feed a sourdough starter?"_s,
                                               u"Best flour for a rye loaf"_s}},
                    {u"active"_s, true}});
    QCOMPARE(put.status, 200);
    const QJsonArray list = HttpProbe::buckets({}, {HttpProbe::topicRef(emu.topic(topicId))});
    QCOMPARE(probe.putGuardrail(kProfile, u"allow"_s, list).status, 200);
}

void setFaults(AirsEmulator &emu, int propagationMs)
{
    AirsEmulator::Faults f;
    f.propagationDelayMs = propagationMs;
    emu.setFaults(f);
}
} // namespace

class TestPropagation final : public QObject
{
    Q_OBJECT

private slots:
    void scanBeforePropagationSeesTheOldRevision()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        const QString topicId = seed(emu);
        HttpProbe probe(emu);
        QCOMPARE(action(probe.scan(kProfile, kOnTopic)), u"block"); // the seeded state
        setFaults(emu, kDelayMs);

        deployBreadRevision(probe, emu, topicId);
        if (QTest::currentTestFailed())
            return;
        const HttpResult early = probe.scan(kProfile, kOnTopic);
        QCOMPARE(early.status, 200);
        QCOMPARE(action(early), u"block");
        QCOMPARE(emu.propagationViolationCount(), 1); // management requests are not scans
        const PropagationViolation v = emu.propagationViolations().constFirst();
        QCOMPARE(v.profileName, kProfile);
        QCOMPARE(v.prompt, kOnTopic.left(80));
        QVERIFY2(v.msEarly > 0 && v.msEarly <= kDelayMs, qPrintable(QString::number(v.msEarly)));
        // The management API already shows the new revision; the scan service did not.
        QVERIFY(probe.listedProfile(kProfile).value(u"revision"_s).toInt() >= 2);

        // Served like /_sandbox/faults.
        const QJsonObject served =
            probe.call("GET", emu.baseUrl().resolved(QUrl(u"/_sandbox/propagation"_s))).json();
        QCOMPARE(served.value(u"delayMs"_s).toInt(), kDelayMs);
        const QJsonArray listed = served.value(u"violations"_s).toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0).toObject().value(u"profileName"_s).toString(), kProfile);
        QCOMPARE(listed.at(0).toObject().value(u"prompt"_s).toString(), kOnTopic);

        // Once the delay has passed, scans see the bread revision and are not violations.
        QTRY_COMPARE_WITH_TIMEOUT(
            probe.call("GET", emu.baseUrl().resolved(QUrl(u"/_sandbox/propagation"_s)))
                .json()
                .value(u"pending"_s)
                .toInt(-1),
            0, 10000);
        const HttpResult late = probe.scan(kProfile, kOnTopic);
        QCOMPARE(late.status, 200);
        QCOMPARE(action(late), u"allow");
        QCOMPARE(emu.propagationViolationCount(), 1);
    }

    void topicUpdateAloneAffectsProfilesReferencingIt()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        const QString topicId = seed(emu);
        HttpProbe probe(emu);
        probe.token();
        setFaults(emu, kWindowMs);

        const HttpResult put =
            probe.mgmt("PUT", u"/v1/mgmt/topic/uuid/"_s + topicId,
                       {{u"topic_name"_s, u"Weapons"_s},
                        {u"description"_s, u"Anything about firearms."_s},
                        {u"examples"_s, QJsonArray{u"buy a gun"_s, u"rifle scopes"_s}},
                        {u"active"_s, true}});
        QCOMPARE(put.status, 200);
        // "other" does not reference the topic: not a violation.
        QCOMPARE(probe.scan(kOther, kOnTopic).status, 200);
        QCOMPARE(emu.propagationViolationCount(), 0);
        // "lab" references it (the old revision it pins): a violation.
        QCOMPARE(probe.scan(kProfile, kOnTopic).status, 200);
        QCOMPARE(emu.propagationViolationCount(), 1);
        QCOMPARE(emu.propagationViolations().constFirst().profileName, kProfile);
    }

    void scanOfUnaffectedProfileIsNotAViolation()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        const QString topicId = seed(emu);
        HttpProbe probe(emu);
        setFaults(emu, kWindowMs);
        deployBreadRevision(probe, emu, topicId);
        if (QTest::currentTestFailed())
            return;
        const HttpResult other = probe.scan(kOther, kOnTopic);
        QCOMPARE(other.status, 200);
        QCOMPARE(action(other), u"allow");
        QCOMPARE(emu.propagationViolationCount(), 0);
    }

    void profileCreatedIsNotFoundUntilPropagated()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seed(emu);
        HttpProbe probe(emu);
        setFaults(emu, kDelayMs);
        const HttpResult created = probe.mgmt("POST", u"/v1/mgmt/profile"_s,
                                              {{u"profile_name"_s, u"fresh"_s},
                                               {u"active"_s, true},
                                               {u"policy"_s, PolicyJson::defaultPolicy()}});
        QCOMPARE(created.status, 200);
        QCOMPARE(probe.scan(u"fresh"_s, kOnTopic).status, 404);
        QCOMPARE(emu.propagationViolationCount(), 1);
        QCOMPARE(emu.propagationViolations().constFirst().profileName, u"fresh");
        QTRY_COMPARE_WITH_TIMEOUT(probe.scan(u"fresh"_s, kOnTopic).status, 200, 10000);
        const int violations = emu.propagationViolationCount();
        QCOMPARE(probe.scan(u"fresh"_s, kOnTopic).status, 200);
        QCOMPARE(emu.propagationViolationCount(), violations); // no new one once propagated
    }

    void zeroDelayChangesNothing()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        const QString topicId = seed(emu);
        HttpProbe probe(emu);
        setFaults(emu, 0);
        deployBreadRevision(probe, emu, topicId);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(action(probe.scan(kProfile, kOnTopic)), u"allow"); // the new revision at once
        QCOMPARE(emu.propagationViolationCount(), 0);
        const QJsonObject served =
            probe.call("GET", emu.baseUrl().resolved(QUrl(u"/_sandbox/propagation"_s))).json();
        QCOMPARE(served.value(u"delayMs"_s).toInt(-1), 0);
        QCOMPARE(served.value(u"pending"_s).toInt(-1), 0);
        QVERIFY(served.value(u"violations"_s).toArray().isEmpty());
    }

    void scanLatencyAppliesToScansOnly()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seed(emu);
        HttpProbe probe(emu);
        AirsEmulator::Faults f;
        f.scanLatencyMs = 1000;
        f.tokenLatencyMs = 0;
        emu.setFaults(f);

        QElapsedTimer clock;
        clock.start();
        QNetworkReply *scan = probe.startScan(kProfile, kOnTopic);
        QSignalSpy received(&emu, &AirsEmulator::requestReceived);
        QTRY_VERIFY(!received.isEmpty()); // the emulator holds the scan now
        // Relative, not timed: the token request sent after it is answered first.
        QCOMPARE(probe.fetchToken().status, 200);
        QVERIFY(!scan->isFinished());
        QSignalSpy finished(scan, &QNetworkReply::finished);
        QVERIFY(finished.wait(10000));
        const HttpResult scanned = HttpProbe::collect(scan);
        QCOMPARE(scanned.status, 200);
        QVERIFY2(clock.elapsed() >= 1000, qPrintable(QString::number(clock.elapsed())));
    }

    void routeLatencyFallsBackToLatencyMs()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seed(emu);
        HttpProbe probe(emu);
        AirsEmulator::Faults f;
        f.latencyMs = 200;
        f.scanLatencyMs = 0;
        emu.setFaults(f);
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(probe.fetchToken().status, 200); // tokenLatencyMs -1: latencyMs applies
        QVERIFY2(clock.elapsed() >= 200, qPrintable(QString::number(clock.elapsed())));

        f.latencyMs = 0;
        f.managementLatencyMs = 200;
        emu.setFaults(f);
        clock.restart();
        QCOMPARE(
            probe.mgmt("GET", u"/v1/mgmt/topics/tsg/"_s + emu.options().credentials.tsgId).status,
            200);
        QVERIFY2(clock.elapsed() >= 200, qPrintable(QString::number(clock.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestPropagation)
#include "tst_propagation.moc"
