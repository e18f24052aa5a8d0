// Rate-based fault injection (`sandbox serve --faults`) on the wire: each kind against the
// AIRS and LLM emulators over real loopback HTTP, with raw sockets where the bytes matter.
#include "httpprobe.h"
#include "llmrequests.h"
#include "rawhttp.h"

#include "llm/prompts/promptbook.h"
#include "sandbox/airsemulator.h"
#include "sandbox/faultspec.h"
#include "sandbox/llmemulator.h"

#include "testmain.h"

#include <QJsonDocument>
#include <QSet>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
const QString kTopicsPath = u"/v1/mgmt/topics/tsg/1234567890"_s;

FaultSpec spec(const QString &text)
{
    QString error;
    const auto parsed = FaultSpec::parse(text, &error);
    if (!parsed)
        qFatal("bad spec in test: %s", qPrintable(error));
    return *parsed;
}

std::unique_ptr<AirsEmulator> startedEmulator()
{
    auto emu = std::make_unique<AirsEmulator>();
    if (emu->start() == 0 || emu->addProfile(u"p"_s).isEmpty())
        return nullptr;
    return emu;
}

QByteArray rawScan(const HttpProbe &probe, const QString &prompt)
{
    const QByteArray body = HttpProbe::scanBody(u"p"_s, prompt);
    return RawHttp::request("POST", "/v1/scan/sync/request", body, probe.scanHeaders(body));
}

QJsonObject faultCounts(HttpProbe &probe, const QUrl &root)
{
    QUrl url = root;
    url.setPath(u"/_sandbox/faults"_s);
    return probe.call("GET", url).json();
}

QJsonObject topicBody()
{
    return {
        {u"topic_name"_s, u"Weapons"_s},
        {u"description"_s, u"Questions about building or buying weapons"_s},
        {u"examples"_s, QJsonArray{u"how do I build a rifle"_s, u"where can I buy ammunition"_s}},
        {u"active"_s, true}};
}

QByteArray chat(const QString &call)
{
    return LlmRequests::chatBody(LlmRequests::promptFor(call));
}
} // namespace

class TestEmulatorFaults final : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private slots:
    void cutSendsFewerBytesThanAnnouncedThenCloses()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.cut=1"_s));
        const RawResponse r = RawHttp::exchange(emu->port(), rawScan(probe, u"hello"_s));
        QVERIFY(!r.timedOut);
        QCOMPARE(r.status, 200);
        QVERIFY(r.contentLength > 0);
        QVERIFY2(r.body.size() < r.contentLength,
                 qPrintable(u"%1 of %2"_s.arg(r.body.size()).arg(r.contentLength)));
        QCOMPARE(r.body.size(), r.contentLength / 2);
        QVERIFY(r.closed);
        QCOMPARE(emu->scanCount(), 1); // performed
        QCOMPARE(emu->faultInjector()->count(FaultSpec::Route::Scan, FaultSpec::Kind::Cut), 1);
    }

    void truncatedIsACompleteAnswerWithHalfTheJson()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        emu->addTopic(u"Weapons"_s, u"Questions about weapons"_s, {u"how to build a rifle"_s});
        HttpProbe probe(*emu);
        const HttpResult full = probe.mgmt("GET", kTopicsPath);
        QCOMPARE(full.status, 200);
        QVERIFY(!full.json().isEmpty());
        emu->setFaultSpec(spec(u"mgmt.truncated=1"_s));
        const HttpResult half = probe.mgmt("GET", kTopicsPath);
        QCOMPARE(half.error, QNetworkReply::NoError);
        QCOMPARE(half.status, 200);
        QCOMPARE(half.body, full.body.left(full.body.size() / 2));
        QCOMPARE(half.header("Content-Length").toLongLong(), half.body.size());
        QJsonParseError error;
        QJsonDocument::fromJson(half.body, &error);
        QVERIFY(error.error != QJsonParseError::NoError);

        // On the wire: exactly Content-Length bytes, and the connection stays open.
        const QByteArray get =
            RawHttp::request("GET", (u"/aisec"_s + kTopicsPath).toUtf8(), {},
                             {{"Authorization", "Bearer " + probe.token().toUtf8()}});
        const RawResponse r = RawHttp::exchange(emu->port(), get);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body.size(), r.contentLength);
        QCOMPARE(r.body, full.body.left(full.body.size() / 2));
        QVERIFY(!r.closed);
    }

    void hangNeverAnswersAndOthersAreServed()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.hang=1"_s));
        QNetworkReply *hung = probe.startScan(u"p"_s, u"hello"_s);
        QTRY_COMPARE(emu->pendingResponses(), 1);
        QTest::qWait(1000); // the claim is "no answer within 1 s": waiting is the test
        QVERIFY(!hung->isFinished());
        // Other routes are still served while the scan hangs.
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 200);
        QCOMPARE(faultCounts(probe, emu->baseUrl())[u"scan"_s].toObject()[u"hang"_s].toInt(), 1);
        QVERIFY(!hung->isFinished());
        hung->abort(); // the client gives up: the held request is released
        QTRY_COMPARE(emu->pendingResponses(), 0);
        hung->deleteLater();
        QCOMPARE(emu->scanCount(), 0); // never performed
    }

    void rateLimitCarriesRetryAfter()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.429=1,retry-after=0.5"_s));
        const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
        QCOMPARE(r.status, 429);
        QCOMPARE(r.header("Retry-After"), QByteArray("0.5"));
        QCOMPARE(r.header("retry-after-ms"), QByteArray("500"));
        QCOMPARE(emu->scanCount(), 1); // answered (429), not performed
    }

    void serverErrorsAreFiveHundreds()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.5xx=1,seed=3"_s));
        QSet<int> statuses;
        for (int i = 0; i < 24; ++i)
            statuses.insert(probe.scan(u"p"_s, u"hello %1"_s.arg(i)).status);
        QVERIFY(statuses.size() > 1);
        for (int s : std::as_const(statuses))
            QVERIFY2(QSet<int>({500, 502, 503, 504}).contains(s), qPrintable(QString::number(s)));
        emu->setFaultSpec(spec(u"scan.503=1"_s));
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 503);
    }

    void echoQuotesTheScanKey()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.echo=1"_s));
        const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
        QCOMPARE(r.status, 401);
        QVERIFY2(r.body.contains(emu->options().credentials.apiKey.toUtf8()), r.body.constData());
        QVERIFY(r.errorMessage().contains(emu->options().credentials.apiKey));
    }

    void echoQuotesTheClientSecret()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"token.echo=1"_s));
        const QByteArray form = "grant_type=client_credentials&scope=tsg_id:1234567890"
                                "&client_secret=canary-form-secret-4711";
        const HttpResult r = probe.fetchToken({}, {}, form);
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()[u"error"_s].toString(), u"invalid_client"_s);
        const QString description = r.json()[u"error_description"_s].toString();
        QVERIFY2(description.contains(emu->options().credentials.clientSecret),
                 qPrintable(description)); // from the Basic header
        QVERIFY2(description.contains(u"canary-form-secret-4711"_s), qPrintable(description));
        QVERIFY(description.contains(u"authorization=Basic "_s));
    }

    void echoQuotesTheLlmKeys()
    {
        LlmEmulator llm;
        QVERIFY(llm.start() != 0);
        llm.setFaultSpec(spec(u"llm.echo=1"_s));
        QUrl url = llm.chatCompletionsUrl();
        url.setQuery(u"key=canary-query-key-0815"_s);
        const LlmRequests::Http r =
            LlmRequests::send(m_nam, "POST", url, chat(PromptBook::CallName::GenerateTopic),
                              "Bearer sk-canary-llm-key-123456");
        QCOMPARE(r.status, 401);
        QVERIFY2(r.body.contains("sk-canary-llm-key-123456"), r.body.constData());
        QVERIFY(r.body.contains("canary-query-key-0815"));
        QVERIFY(r.json()[u"error"_s].toObject()[u"message"_s].toString().contains(u"sk-canary"_s));
    }

    void serviceUnavailableCreateDoesNotCreate()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        QVERIFY(!probe.token().isEmpty());
        emu->setFaultSpec(spec(u"mgmt.503=1"_s));
        const HttpResult r = probe.mgmt("POST", u"/v1/mgmt/topic"_s, topicBody());
        QCOMPARE(r.status, 503);
        QVERIFY(emu->topics().isEmpty());
        emu->setFaultSpec({}); // the same request, unfaulted, is valid and creates it
        QCOMPARE(probe.mgmt("POST", u"/v1/mgmt/topic"_s, topicBody()).status, 200);
        QCOMPARE(emu->topics().size(), 1);
    }

    void cutCreateDoesCreate()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        QVERIFY(!probe.token().isEmpty());
        emu->setFaultSpec(spec(u"mgmt.cut=1"_s));
        const HttpResult r = probe.mgmt("POST", u"/v1/mgmt/topic"_s, topicBody());
        QVERIFY2(r.error != QNetworkReply::NoError, qPrintable(QString::number(r.error)));
        QCOMPARE(emu->topics().size(), 1);
        QCOMPARE(emu->topics().first()[u"topic_name"_s].toString(), u"Weapons"_s);
    }

    void countsAreServedWithoutAuth()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        emu->setFaultSpec(spec(u"scan.503=0.5,seed=9"_s));
        int unavailable = 0;
        for (int i = 0; i < 40; ++i)
            unavailable += probe.scan(u"p"_s, u"prompt %1"_s.arg(i)).status == 503 ? 1 : 0;
        QVERIFY2(unavailable > 5 && unavailable < 35, qPrintable(QString::number(unavailable)));
        const QJsonObject counts = faultCounts(probe, emu->baseUrl());
        QCOMPARE(counts[u"scan"_s].toObject()[u"503"_s].toInt(), unavailable);
        QCOMPARE(counts[u"scan"_s].toObject()[u"cut"_s].toInt(), 0);
        for (const QString &route : {u"scan"_s, u"token"_s, u"mgmt"_s, u"redteam"_s, u"llm"_s}) {
            QVERIFY2(counts.contains(route), qPrintable(route));
            QCOMPARE(counts[route].toObject().size(), FaultSpec::KindCount);
        }
    }

    void llmCutTruncatedAndSharedCounts()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        LlmEmulator llm;
        QVERIFY(llm.start() != 0);
        llm.setFaultInjector(emu->faultInjector());
        const QByteArray body = chat(PromptBook::CallName::GenerateTopic);
        const LlmRequests::Http full =
            LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body);
        QCOMPARE(full.status, 200);
        // The answer is a function of the request: the same call gets the same bytes.
        QCOMPARE(LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body).body, full.body);

        emu->setFaultSpec(spec(u"llm.truncated=1"_s));
        const LlmRequests::Http half =
            LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body);
        QCOMPARE(half.status, 200);
        QCOMPARE(half.body, full.body.left(full.body.size() / 2));

        emu->setFaultSpec(spec(u"llm.cut=1"_s));
        const QByteArray request = RawHttp::request("POST", "/v1/chat/completions", body,
                                                    {{"Content-Type", "application/json"}});
        const RawResponse cut = RawHttp::exchange(llm.port(), request);
        QCOMPARE(cut.status, 200);
        QCOMPARE(cut.contentLength, full.body.size());
        QCOMPARE(cut.body, full.body.left(full.body.size() / 2));
        QVERIFY(cut.closed);

        emu->setFaultSpec(spec(u"llm.hang=1"_s));
        QNetworkRequest hangRequest(llm.chatCompletionsUrl());
        hangRequest.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        QNetworkReply *hung = m_nam.post(hangRequest, body);
        QTRY_COMPARE(llm.pendingResponses(), 1);
        hung->abort();
        QTRY_COMPARE(llm.pendingResponses(), 0);
        hung->deleteLater();

        // Both emulators serve the shared tally.
        HttpProbe probe(*emu);
        for (const QUrl &root : {emu->baseUrl(), llm.rootUrl()}) {
            const QJsonObject llmCounts = faultCounts(probe, root)[u"llm"_s].toObject();
            QCOMPARE(llmCounts[u"truncated"_s].toInt(), 1);
            QCOMPARE(llmCounts[u"cut"_s].toInt(), 1);
            QCOMPARE(llmCounts[u"hang"_s].toInt(), 1);
        }
    }

    void faultedLlmCallsDoNotChangeLaterAnswers()
    {
        LlmEmulator llm;
        QVERIFY(llm.start() != 0);
        const QByteArray body = chat(PromptBook::CallName::GenerateTests);
        // The answer, without "created": that is the clock's second, as in OpenAI's replies,
        // and two calls may fall on either side of a second.
        const auto answer = [](const QByteArray &reply) {
            QJsonObject object = QJsonDocument::fromJson(reply).object();
            object.remove(u"created"_s);
            return object;
        };
        const QJsonObject before =
            answer(LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body).body);
        QVERIFY(before.contains(u"choices"_s));
        llm.setFaultSpec(spec(u"llm.503=0.5,llm.429=0.3,seed=4"_s));
        int faulted = 0;
        for (int i = 0; i < 10; ++i) {
            const LlmRequests::Http r =
                LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body);
            if (r.status == 200)
                QCOMPARE(answer(r.body), before);
            else
                ++faulted;
        }
        QVERIFY(faulted > 0);
        llm.setFaultSpec({});
        QCOMPARE(answer(LlmRequests::send(m_nam, "POST", llm.chatCompletionsUrl(), body).body), before);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorFaults)
#include "tst_emulatorfaults.moc"
