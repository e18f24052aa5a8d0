// Pure parts of the AIRS emulator: payload hash, topic matcher, revision lookup, faults.
#include "sandbox/faultplan.h"
#include "sandbox/payloadhash.h"
#include "sandbox/routepath.h"
#include "sandbox/topicmatcher.h"
#include "sandbox/topicstore.h"

#include "testmain.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace {
Topic lockPicking()
{
    return {
        u"Lock picking"_s,
        u"Requests for techniques to open locks without the key."_s,
        {u"How do I rake a pin tumbler lock?"_s, u"Best tension wrench for bypassing a padlock"_s}};
}
} // namespace

class TestAirsEmulatorUnits final : public QObject
{
    Q_OBJECT

private slots:
    void payloadHashTestVector()
    {
        // airs-api.md §3.1
        const QByteArray body =
            R"({"ai_profile":{"profile_name":"my-profile"},"contents":[{"prompt":"hello"}]})";
        const QByteArray expected =
            "d85285949ad040cebb17984e653f518f03a4479ca7fd66b8d8366837376a92fd";
        QCOMPARE(PayloadHash::compute(u"test-api-key"_s, body), expected);
        QVERIFY(PayloadHash::verify(u"test-api-key"_s, body, expected));
        QVERIFY(PayloadHash::verify(u"test-api-key"_s, body, expected.toUpper()));
        QVERIFY(!PayloadHash::verify(u"test-api-key"_s, body + ' ', expected));
        QVERIFY(!PayloadHash::verify(u"other-key"_s, body, expected));
        QVERIFY(!PayloadHash::verify(u"test-api-key"_s, body, expected.left(10)));
    }

    void contentTokens_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("stop words and short words")
            << u"How do I pick a lock?"_s << QStringList{u"pick"_s, u"lock"_s};
        QTest::newRow("plurals and -ing")
            << u"Picking locks, boxes and batteries"_s
            << QStringList{u"pick"_s, u"lock"_s, u"box"_s, u"battery"_s};
        QTest::newRow("doubled consonant, -ed")
            << u"stopped shopping; spelled"_s << QStringList{u"stop"_s, u"shop"_s, u"spell"_s};
        QTest::newRow("final e") << u"bake baked baking bakes agree"_s
                                 << QStringList{u"bak"_s, u"bak"_s, u"bak"_s, u"bak"_s, u"agree"_s};
        QTest::newRow("case and punctuation")
            << u"TENSION-wrench!!"_s << QStringList{u"tension"_s, u"wrench"_s};
        QTest::newRow("empty") << QString() << QStringList{};
    }

    void contentTokens()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, tokens);
        QCOMPARE(TopicMatcher::contentTokens(text), tokens);
    }

    void matcherSeparatesOnTopicFromUnrelated()
    {
        const TopicMatcher matcher;
        QCOMPARE(matcher.threshold(), 0.35);
        const Topic topic = lockPicking();
        const QStringList onTopic{u"How can I rake a pin tumbler lock quickly?"_s,
                                  u"Which tension wrench is best for a padlock?"_s,
                                  u"Teach me techniques to open locks without the key"_s};
        const QStringList unrelated{u"What is the weather in Paris today?"_s,
                                    u"Write a haiku about autumn leaves"_s,
                                    u"How do I bake sourdough bread?"_s};
        for (const QString &p : onTopic) {
            const double s = matcher.score(p, topic);
            QVERIFY2(matcher.matches(p, topic), qPrintable(p + u" scored "_s + QString::number(s)));
            QVERIFY(s <= 1.0);
        }
        for (const QString &p : unrelated) {
            const double s = matcher.score(p, topic);
            QVERIFY2(!matcher.matches(p, topic),
                     qPrintable(p + u" scored "_s + QString::number(s)));
            QVERIFY(s >= 0.0);
        }
        QCOMPARE(matcher.score(u"the and of"_s, topic), 0.0); // nothing but stop words
    }

    void betterTopicScoresBetter()
    {
        const TopicMatcher matcher;
        const Topic vague{u"Locks"_s,
                          u"Anything about doors."_s,
                          {u"Tell me about doors"_s, u"What is a door?"_s}};
        const Topic good = lockPicking();
        const QString prompt = u"What tools rake a pin tumbler lock open without its key?"_s;
        QVERIFY(matcher.score(prompt, good) > matcher.score(prompt, vague));
        QVERIFY(matcher.matches(prompt, good));
        QVERIFY(!matcher.matches(prompt, vague));
        // Deterministic: the same inputs give the same score.
        QCOMPARE(matcher.score(prompt, good), matcher.score(prompt, good));
    }

    void thresholdIsConfigurable()
    {
        const QString prompt = u"Which tension wrench is best for a padlock?"_s;
        const double s = TopicMatcher().score(prompt, lockPicking());
        QVERIFY(TopicMatcher(s).matches(prompt, lockPicking()));
        QVERIFY(!TopicMatcher(s + 0.01).matches(prompt, lockPicking()));
    }

    void contentAtPinnedRevision()
    {
        TopicStore store(1);
        const QString id = store.create({u"T"_s, u"first"_s, {}}, true, u"a@b"_s);
        QVERIFY(store.update(id, {u"T"_s, u"second"_s, {}}, true, u"a@b"_s));
        QVERIFY(store.update(id, {u"T"_s, u"third"_s, {}}, true, u"a@b"_s));
        QCOMPARE(store.latestRevision(id), 3);
        QCOMPARE(store.contentAt(id, 0)->description, u"first"); // 0 = content at creation
        QCOMPARE(store.contentAt(id, 1)->description, u"first");
        QCOMPARE(store.contentAt(id, 2)->description, u"second");
        QCOMPARE(store.contentAt(id, 3)->description, u"third");
        QCOMPARE(store.contentAt(id, 99)->description, u"third");
        QVERIFY(!store.contentAt(u"nope"_s, 1).has_value());
        QVERIFY(!store.update(u"nope"_s, {}, true, {}));
        QCOMPARE(store.json(id).value(u"revision"_s).toInt(), 3);
    }

    void routePathMatch()
    {
        QStringList params;
        QVERIFY(RoutePath::match(u"/v1/mgmt/topic/uuid/abc"_s, u"/v1/mgmt/topic/uuid/{}", &params));
        QCOMPARE(params, QStringList{u"abc"_s});
        QVERIFY(RoutePath::match(u"/v1/mgmt/topic/"_s, u"/v1/mgmt/topic"));
        QVERIFY(!RoutePath::match(u"/v1/mgmt/topic/uuid/"_s, u"/v1/mgmt/topic/uuid/{}"));
        QVERIFY(!RoutePath::match(u"/v1/mgmt/topics"_s, u"/v1/mgmt/topic"));
        QString rest;
        QVERIFY(RoutePath::stripPrefix(u"/aisec/v1/x"_s, u"/aisec", &rest));
        QCOMPARE(rest, u"/v1/x");
        QVERIFY(!RoutePath::stripPrefix(u"/aisecure/v1"_s, u"/aisec", &rest));
    }

    void serverErrorsAreSeededAndScanOnly()
    {
        AirsFaults faults;
        faults.serverErrorRate = 0.5;
        faults.seed = 42;
        FaultPlan a;
        FaultPlan b;
        a.setFaults(faults);
        b.setFaults(faults);
        QList<int> seqA;
        QList<int> seqB;
        QSet<int> statuses;
        for (int i = 0; i < 200; ++i) {
            seqA.append(a.next(false, true).status);
            seqB.append(b.next(false, true).status);
            statuses.insert(seqA.constLast());
        }
        QCOMPARE(seqA, seqB);
        QCOMPARE(statuses, (QSet<int>{0, 500, 502, 503, 504}));
        const qsizetype errors = 200 - seqA.count(0);
        QVERIFY2(errors > 60 && errors < 140, qPrintable(QString::number(errors)));
        QCOMPARE(int(a.next(true, false).fault), int(FaultPlan::Fault::None)); // not a scan
    }

    void faultOrderAndCountdown()
    {
        AirsFaults faults;
        faults.dropNext = 1;
        faults.hangNext = 1;
        faults.rateLimitNext = 1;
        faults.forbiddenNext = 1;
        faults.malformedNext = 1;
        FaultPlan plan;
        plan.setFaults(faults);
        using F = FaultPlan::Fault;
        QCOMPARE(int(plan.next(true, false).fault), int(F::Drop));
        QCOMPARE(int(plan.next(true, false).fault), int(F::Hang));
        QCOMPARE(int(plan.next(true, false).fault), int(F::RateLimit));
        QCOMPARE(int(plan.next(false, true).fault), int(F::Malformed)); // forbidden skips scans
        QCOMPARE(int(plan.next(true, false).fault), int(F::Forbidden));
        QCOMPARE(int(plan.next(true, false).fault), int(F::None));
        QCOMPARE(plan.faults().forbiddenNext, 0);
    }
};

QTEST_GUILESS_MAIN(TestAirsEmulatorUnits)
#include "tst_airsemulator_units.moc"
