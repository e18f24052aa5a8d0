#pragma once

#include "airsoptions.h"
#include "faultinjector.h"
#include "faultplan.h"
#include "loopbackhttpserver.h"
#include "propagationtracker.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QStringList>
#include <QUrl>

#include <map>
#include <memory>

struct ApiRequest;
struct EmulatorState;
class OAuthRoutes;
class ProfileRoutes;
class RedTeamRoutes;
class ScanRoutes;
class TenantFile;
class TopicRoutes;

// A stateful fake of Prisma AIRS (scan, management, OAuth2, Red Team prompt sets) served
// over real HTTP on 127.0.0.1, for integration tests and the app's sandbox. Follows
// airs-api.md §8. Every answer is written later from a timer, so latency is real and many
// connections are served concurrently in one thread; a "hang" fault simply never answers.
//
// Scans of a prompt and a response (issue 43): the response is classified on its own text, as
// a prompt is, and answered in response_detected (and response_detection_details); the pair is
// blocked, and malicious, when either side is. Only English text matches a custom topic
// (SandboxLanguages::looksEnglish), as Palo Alto documents custom topics as English-only; a
// misspelt, leetspeak, Base64 or lookalike-letter rewrite fails on its own, since the
// classifier is lexical. Confirmed from the vendor SDKs: the request's `response` field and
// response_detected.topic_violation. Inferred: that a scan without a response has no
// response_detected, that AIRS judges a response as it judges a prompt, and how a live tenant
// treats other languages and rewrites (a semantic classifier may catch more of them).
class AirsEmulator final : public LoopbackHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AirsEmulator)

public:
    using Credentials = AirsCredentials;
    using AllowSignal = AirsAllowSignal;
    using Options = AirsEmulatorOptions;
    using Faults = AirsFaults;

    struct RecordedRequest
    {
        QByteArray method;
        QString path;
        QString query; // percent-encoded, without '?'
        // Secrets redacted: x-pan-token, authorization and x-payload-hash keep only their
        // first 4 characters (at most half of a short value) followed by "…".
        QList<QPair<QByteArray, QByteArray>> headers;
        QByteArray body;
        bool hashValid = false; // x-payload-hash present and equal to HMAC(api key, body)

        QByteArray header(QByteArrayView name) const; // case-insensitive; empty when absent
    };

    explicit AirsEmulator(Options options = {}, QObject *parent = nullptr);
    ~AirsEmulator() override;

    QUrl baseUrl() const { return rootUrl(); } // http://127.0.0.1:<port>
    QUrl scanEndpoint() const;       // = baseUrl (clients append /v1/scan/sync/request)
    QUrl managementEndpoint() const; // baseUrl + "/aisec"
    QUrl tokenEndpoint() const;      // baseUrl + "/oauth2/access_token"
    QUrl redTeamEndpoint() const;    // baseUrl + "/ai-red-teaming/mgmt-plane"

    Options options() const;
    Faults faults() const;
    void setFaults(const Faults &faults); // reseeds the server-error PRNG

    // Scans that arrived before a management change affecting their profile had propagated
    // (Faults::propagationDelayMs > 0); also served at GET /_sandbox/propagation as
    // {"delayMs":N,"pending":N,"violations":[{"profileName","prompt","msEarly"}…]}. Changes
    // made with the seeding helpers below (addProfile, addTopic) are visible at once.
    QList<PropagationViolation> propagationViolations() const;
    int propagationViolationCount() const;

    // Rate-based faults per route (scan, token, mgmt, redteam; `sandbox serve --faults`),
    // drawn after the counters above found nothing to inject. Counts are served at GET
    // /_sandbox/faults. The injector may be shared with an LlmEmulator.
    void setFaultSpec(const FaultSpec &spec) { m_injector->setSpec(spec); }
    std::shared_ptr<FaultInjector> faultInjector() const { return m_injector; }
    void setFaultInjector(std::shared_ptr<FaultInjector> injector);

    // State inspection and seeding for tests. addProfile uses the §5.4 default policy (with
    // an empty topic-list) when `policy` is empty; both seeders return an empty id when the
    // name is taken.
    QString addProfile(const QString &name, const QJsonObject &policy = {});
    QJsonObject profile(const QString &name) const;  // latest revision, as the API lists it
    QList<QJsonObject> profiles() const;             // every listed revision
    QJsonObject topic(const QString &topicId) const; // latest revision
    QList<QJsonObject> topics() const;
    QString addTopic(const QString &name, const QString &description, const QStringList &examples);
    QList<QJsonObject> promptSets() const;

    // The tenant file (Options::tenantFile): whether this emulator started a new tenant (no
    // file, or an unreadable one set aside), and what was wrong with it (empty if nothing).
    bool tenantIsNew() const { return m_tenantIsNew; }
    QString tenantNote() const { return m_tenantNote; }
    QList<QJsonObject> prompts(const QString &setId) const;

    QList<RecordedRequest> requests() const;
    void clearRequests();
    int scanCount() const { return m_scanCount; } // scans answered (any status)
    int inflightScans() const { return m_inflightScans; }
    int peakInflightScans() const { return m_peakInflightScans; }  // most at once so far
    void expireTokens(); // every issued token becomes invalid (401)

signals:
    void requestReceived(const QString &path);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

    void released(quint64 id, int status) override;

private:
    struct HeldRequest // what a held request means for the scan counters
    {
        QString path;
        bool scan = false;
        bool countsInflight = false;
    };

    ApiReply route(const ApiRequest &request);
    ApiReply routeInTenant(const ApiRequest &request);
    // Performs the request (scan concurrency limit, create drops); false when it was dropped.
    bool perform(quint64 id, const ApiRequest &request, bool scan, ApiReply *reply);
    void record(const ApiRequest &request);
    void answerLater(quint64 id, const ApiReply &reply);
    void saveTenant();

    Options m_options;
    std::unique_ptr<EmulatorState> m_state;
    std::unique_ptr<OAuthRoutes> m_oauth;
    std::unique_ptr<ScanRoutes> m_scan;
    std::unique_ptr<TopicRoutes> m_topicRoutes;
    std::unique_ptr<ProfileRoutes> m_profileRoutes;
    std::unique_ptr<RedTeamRoutes> m_redTeam;
    std::unique_ptr<TenantFile> m_tenantFile; // null: the tenant lives in memory only
    bool m_tenantIsNew = true;
    QString m_tenantNote;
    FaultPlan m_faults;
    std::shared_ptr<FaultInjector> m_injector = std::make_shared<FaultInjector>();
    QList<RecordedRequest> m_requests;
    std::map<quint64, HeldRequest> m_held;
    int m_scanCount = 0;
    int m_inflightScans = 0;
    int m_peakInflightScans = 0;
};
