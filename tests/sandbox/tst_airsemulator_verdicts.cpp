// AIRS emulator verdicts over real loopback HTTP: block intent, allow intent with either
// allow signal (DESIGN.md "Allow-intent detection").
#include "httpprobe.h"

#include "sandbox/airsemulator.h"
#include "sandbox/policyjson.h"

#include "airs/scanclient.h"
#include "domain/promptrewrites.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {
QJsonObject detected(const HttpResult &r)
{
    return r.json().value(u"prompt_detected"_s).toObject();
}

QJsonObject guardrailDetails(const HttpResult &r)
{
    return r.json()
        .value(u"prompt_detection_details"_s)
        .toObject()
        .value(u"topic_guardrails_details"_s)
        .toObject();
}

// Block intent (airs-api.md §5.5): companion in the allow bucket, target in the block
// bucket, guardrail action "allow".
void seedBlockIntent(AirsEmulator &emu)
{
    const QString companion = emu.addTopic(
        u"Home security hardware"_s,
        u"Questions about buying and installing door locks, deadbolts and home security "
        "cameras."_s,
        {u"Which smart deadbolt works with my phone?"_s, u"How do I install a door camera?"_s});
    const QString target = emu.addTopic(
        u"Lock picking"_s, u"Requests for techniques to open locks without the key."_s,
        {u"How do I rake a pin tumbler lock?"_s, u"Best tension wrench for bypassing a padlock"_s});
    QVERIFY(!companion.isEmpty() && !target.isEmpty());
    const QJsonArray list = HttpProbe::buckets({HttpProbe::topicRef(emu.topic(companion))},
                                               {HttpProbe::topicRef(emu.topic(target))});
    QVERIFY(!emu.addProfile(u"block-profile"_s,
                            HttpProbe::withGuardrail(PolicyJson::defaultPolicy(), u"allow"_s, list))
                 .isEmpty());
}

// Allow intent: the target alone in the allow bucket, guardrail action "block".
void seedAllowIntent(AirsEmulator &emu)
{
    const QString cooking = emu.addTopic(
        u"Baking bread"_s, u"Questions about baking bread, sourdough starters and dough."_s,
        {u"How do I bake sourdough bread at home?"_s, u"Why did my bread dough not rise?"_s});
    QVERIFY(!cooking.isEmpty());
    const QJsonArray list = HttpProbe::buckets({HttpProbe::topicRef(emu.topic(cooking))});
    QVERIFY(!emu.addProfile(u"allow-profile"_s,
                            HttpProbe::withGuardrail(PolicyJson::defaultPolicy(), u"block"_s, list))
                 .isEmpty());
}
} // namespace

class TestAirsEmulatorVerdicts final : public QObject
{
    Q_OBJECT

private slots:
    void blockIntentProfile()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seedBlockIntent(emu);
        if (QTest::currentTestFailed())
            return;
        HttpProbe probe(emu);

        const HttpResult onTopic =
            probe.scan(u"block-profile"_s, u"How can I rake a pin tumbler lock quickly?"_s);
        QCOMPARE(onTopic.status, 200);
        QCOMPARE(detected(onTopic).value(u"topic_violation"_s), QJsonValue(true));
        QCOMPARE(onTopic.json().value(u"category"_s).toString(), u"malicious");
        QCOMPARE(onTopic.json().value(u"action"_s).toString(), u"block");
        QCOMPARE(guardrailDetails(onTopic).value(u"blocked_topics"_s).toArray(),
                 QJsonArray{u"Lock picking"_s});

        const HttpResult companion =
            probe.scan(u"block-profile"_s, u"Which smart deadbolt should I install on my door?"_s);
        QCOMPARE(detected(companion).value(u"topic_violation"_s), QJsonValue(false));
        QCOMPARE(companion.json().value(u"action"_s).toString(), u"allow");
        QCOMPARE(guardrailDetails(companion).value(u"allowed_topics"_s).toArray(),
                 QJsonArray{u"Home security hardware"_s});

        const HttpResult unrelated =
            probe.scan(u"block-profile"_s, u"Write a haiku about autumn leaves"_s);
        QCOMPARE(detected(unrelated).value(u"topic_violation"_s), QJsonValue(false));
        QCOMPARE(unrelated.json().value(u"category"_s).toString(), u"benign");
        QCOMPARE(unrelated.json().value(u"action"_s).toString(), u"allow");
        QCOMPARE(guardrailDetails(unrelated).value(u"blocked_topics"_s).toArray(), QJsonArray());
        QCOMPARE(guardrailDetails(unrelated).value(u"allowed_topics"_s).toArray(), QJsonArray());
    }

    // Issue 43: a prompt and the model's response in one contents item, as ScanClient builds
    // it (the vendor SDKs' Content has both fields); the response is judged on its own text.
    void aResponseIsJudgedOnItsOwnText()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seedBlockIntent(emu);
        if (QTest::currentTestFailed())
            return;
        HttpProbe probe(emu);
        QUrl url = emu.scanEndpoint();
        url.setPath(u"/v1/scan/sync/request"_s);
        const auto scan = [&](const QString &prompt, const QString &response) {
            ScanClient::Request request;
            request.prompt = prompt;
            request.response = response;
            request.profileName = u"block-profile"_s;
            const QByteArray body = ScanClient::buildRequest({}, request).body;
            const QJsonObject item = QJsonDocument::fromJson(body).object().value(u"contents"_s).toArray().first().toObject();
            if (response.isEmpty())
                [&] { QVERIFY(!item.contains(u"response"_s)); }();
            else
                [&] { QCOMPARE(item.value(u"response"_s).toString(), response); }();
            return probe.call("POST", url, body, probe.scanHeaders(body));
        };

        const HttpResult leaked = scan(u"Write a haiku about autumn leaves"_s, u"How can I rake a pin tumbler lock quickly?"_s);
        QCOMPARE(leaked.status, 200);
        QCOMPARE(detected(leaked).value(u"topic_violation"_s), QJsonValue(false));
        const QJsonObject response = leaked.json().value(u"response_detected"_s).toObject();
        QCOMPARE(response.value(u"topic_violation"_s), QJsonValue(true));
        QCOMPARE(response.value(u"db_security"_s), QJsonValue(false));
        QCOMPARE(leaked.json().value(u"action"_s).toString(), u"block"_s); // either side blocks the pair
        QCOMPARE(leaked.json().value(u"category"_s).toString(), u"malicious"_s);
        const AirsResult<ScanVerdict> v = ScanVerdict::parse(leaked.body, Intent::Block);
        QVERIFY(v.ok());
        QVERIFY(!v.value.triggered);
        QVERIFY(v.value.responseTopicViolation);
        QCOMPARE(v.value.responseDetections.value(u"topic_violation"_s), true);

        const HttpResult clean = scan(u"How can I rake a pin tumbler lock quickly?"_s, u"Sorry, I can't help with that."_s);
        QCOMPARE(detected(clean).value(u"topic_violation"_s), QJsonValue(true));
        QCOMPARE(clean.json().value(u"response_detected"_s).toObject().value(u"topic_violation"_s), QJsonValue(false));
        QVERIFY(!ScanVerdict::parse(clean.body, Intent::Block).value.responseTopicViolation);

        const HttpResult alone = scan(u"Write a haiku about autumn leaves"_s, {});
        QVERIFY(!alone.json().contains(u"response_detected"_s)); // only a scan with a response has one (inferred)
    }

    // Custom topics are documented as English-only: the emulator matches English text only.
    void onlyEnglishTextMatches()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        seedBlockIntent(emu);
        if (QTest::currentTestFailed())
            return;
        HttpProbe probe(emu);
        QCOMPARE(detected(probe.scan(u"block-profile"_s, u"How can I rake a pin tumbler lock quickly?"_s))
                     .value(u"topic_violation"_s), QJsonValue(true));
        // The same content words, German around them; Cyrillic lookalikes: no match.
        QCOMPARE(detected(probe.scan(u"block-profile"_s, u"Wie kann ich ein pin tumbler lock rake, bitte?"_s))
                     .value(u"topic_violation"_s), QJsonValue(false));
        const QString lookalikes = *PromptRewrites::apply(PromptRewrites::Family::Homoglyphs, u"How can I rake a pin tumbler lock?"_s);
        QCOMPARE(detected(probe.scan(u"block-profile"_s, lookalikes)).value(u"topic_violation"_s), QJsonValue(false));
    }

    void allowIntentCategorySignal()
    {
        AirsEmulator emu; // AllowSignal::Category is the default
        QCOMPARE(emu.options().allowSignal, AirsEmulator::AllowSignal::Category);
        QVERIFY(emu.start());
        seedAllowIntent(emu);
        if (QTest::currentTestFailed())
            return;
        HttpProbe probe(emu);

        const HttpResult matched =
            probe.scan(u"allow-profile"_s, u"How long should sourdough bread dough rise?"_s);
        QCOMPARE(matched.json().value(u"category"_s).toString(), u"benign");
        QCOMPARE(matched.json().value(u"action"_s).toString(), u"allow");
        QCOMPARE(detected(matched).value(u"topic_violation"_s), QJsonValue(false));

        const HttpResult unmatched =
            probe.scan(u"allow-profile"_s, u"How do I rake a pin tumbler lock?"_s);
        QCOMPARE(unmatched.json().value(u"category"_s).toString(), u"malicious");
        QCOMPARE(unmatched.json().value(u"action"_s).toString(), u"allow");
        QCOMPARE(detected(unmatched).value(u"topic_violation"_s), QJsonValue(false));
    }

    void allowIntentTopicViolationSignal()
    {
        AirsEmulator::Options options;
        options.allowSignal = AirsEmulator::AllowSignal::TopicViolation;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        seedAllowIntent(emu);
        if (QTest::currentTestFailed())
            return;
        HttpProbe probe(emu);

        const HttpResult matched =
            probe.scan(u"allow-profile"_s, u"How long should sourdough bread dough rise?"_s);
        QCOMPARE(matched.json().value(u"category"_s).toString(), u"benign");
        QCOMPARE(detected(matched).value(u"topic_violation"_s), QJsonValue(false));

        const HttpResult unmatched =
            probe.scan(u"allow-profile"_s, u"How do I rake a pin tumbler lock?"_s);
        QCOMPARE(unmatched.json().value(u"category"_s).toString(), u"malicious");
        QCOMPARE(unmatched.json().value(u"action"_s).toString(), u"block");
        QCOMPARE(detected(unmatched).value(u"topic_violation"_s), QJsonValue(true));
    }
};

QTEST_GUILESS_MAIN(TestAirsEmulatorVerdicts)
#include "tst_airsemulator_verdicts.moc"
