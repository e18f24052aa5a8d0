#include "airsemulator.h"

#include "apireply.h"
#include "apirequest.h"
#include "emulatorstate.h"
#include "oauthroutes.h"
#include "payloadhash.h"
#include "policyjson.h"
#include "profileroutes.h"
#include "redteamroutes.h"
#include "routepath.h"
#include "sandboxlog.h"
#include "scanroutes.h"
#include "tenantfile.h"
#include "topicroutes.h"

#include <QHttpServerRequest>
#include <QLockFile>
#include <QHttpServerResponder>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {
constexpr QStringView kManagementBase = u"/aisec";
constexpr QStringView kRedTeamBase = u"/ai-red-teaming/mgmt-plane";
constexpr QStringView kPropagationPath = u"/_sandbox/propagation";

bool isSecretHeader(const QByteArray &name)
{
    const QByteArray lower = name.toLower();
    return lower == "x-pan-token" || lower == "authorization" || lower == "x-payload-hash";
}

QByteArray redacted(const QByteArray &value)
{
    const QString text = QString::fromUtf8(value);
    return (text.left(qMin<qsizetype>(4, text.size() / 2)) + u'…').toUtf8();
}

// The routes that create an object: a retry after a lost answer would make a second one.
bool isCreate(const ApiRequest &request)
{
    if (request.method != "POST")
        return false;
    QString rest;
    if (RoutePath::stripPrefix(request.path, kManagementBase, &rest))
        return RoutePath::match(rest, u"/v1/mgmt/topic") || RoutePath::match(rest, u"/v1/mgmt/profile");
    return RoutePath::stripPrefix(request.path, kRedTeamBase, &rest) &&
           RoutePath::match(rest, u"/v1/custom-attack/custom-prompt-set");
}

std::optional<FaultSpec::Route> faultRoute(const QString &path)
{
    if (ScanRoutes::isScanPath(path))
        return FaultSpec::Route::Scan;
    if (path == OAuthRoutes::TokenPath)
        return FaultSpec::Route::Token;
    if (RoutePath::stripPrefix(path, kManagementBase, nullptr))
        return FaultSpec::Route::Mgmt;
    if (RoutePath::stripPrefix(path, kRedTeamBase, nullptr))
        return FaultSpec::Route::RedTeam;
    return std::nullopt;
}

bool isOAuthProtected(const QString &path)
{
    return RoutePath::stripPrefix(path, kManagementBase, nullptr) ||
           RoutePath::stripPrefix(path, kRedTeamBase, nullptr);
}
} // namespace

QByteArray AirsEmulator::RecordedRequest::header(QByteArrayView name) const
{
    return headerValue(headers, name);
}

AirsEmulator::AirsEmulator(Options options, QObject *parent)
    : LoopbackHttpServer(u"AIRS emulator"_s, parent)
    , m_options(std::move(options))
    , m_state(std::make_unique<EmulatorState>(m_options))
    , m_oauth(std::make_unique<OAuthRoutes>(*m_state))
    , m_scan(std::make_unique<ScanRoutes>(*m_state))
    , m_topicRoutes(std::make_unique<TopicRoutes>(*m_state))
    , m_profileRoutes(std::make_unique<ProfileRoutes>(*m_state))
    , m_redTeam(std::make_unique<RedTeamRoutes>(*m_state))
{
    m_faults.setFaults({});
    if (!m_options.tenantFile.isEmpty()) {
        m_tenantFile = std::make_unique<TenantFile>(m_options.tenantFile);
        m_tenantIsNew = m_tenantFile->open(m_state->topics, m_state->profiles, &m_tenantNote) !=
                        TenantFile::Opened::Loaded;
    }
}

AirsEmulator::~AirsEmulator() = default;

QUrl AirsEmulator::scanEndpoint() const
{
    return baseUrl();
}

QUrl AirsEmulator::managementEndpoint() const
{
    QUrl url = baseUrl();
    url.setPath(kManagementBase.toString());
    return url;
}

QUrl AirsEmulator::tokenEndpoint() const
{
    QUrl url = baseUrl();
    url.setPath(OAuthRoutes::TokenPath.toString());
    return url;
}

QUrl AirsEmulator::redTeamEndpoint() const
{
    QUrl url = baseUrl();
    url.setPath(kRedTeamBase.toString());
    return url;
}

AirsEmulator::Options AirsEmulator::options() const
{
    return m_options;
}

AirsEmulator::Faults AirsEmulator::faults() const
{
    return m_faults.faults();
}

void AirsEmulator::setFaults(const Faults &faults)
{
    m_faults.setFaults(faults);
    m_state->propagation.setDelayMs(faults.propagationDelayMs);
}

QList<PropagationViolation> AirsEmulator::propagationViolations() const
{
    return m_state->propagation.violations();
}

int AirsEmulator::propagationViolationCount() const
{
    return int(m_state->propagation.violations().size());
}

void AirsEmulator::setFaultInjector(std::shared_ptr<FaultInjector> injector)
{
    if (injector)
        m_injector = std::move(injector);
}

QString AirsEmulator::addProfile(const QString &name, const QJsonObject &policy)
{
    if (name.isEmpty() || !m_state->profiles.latestIdForName(name).isEmpty())
        return {};
    ProfileStore::Write write;
    write.name = name;
    write.policy = policy.isEmpty() ? PolicyJson::defaultPolicy() : policy;
    const QString id = m_state->profiles.create(write, m_options.actorEmail);
    saveTenant();
    return id;
}

QJsonObject AirsEmulator::profile(const QString &name) const
{
    return m_state->profiles.json(m_state->profiles.latestIdForName(name));
}

QList<QJsonObject> AirsEmulator::profiles() const
{
    return m_state->profiles.list();
}

QJsonObject AirsEmulator::topic(const QString &topicId) const
{
    return m_state->topics.json(topicId);
}

QList<QJsonObject> AirsEmulator::topics() const
{
    return m_state->topics.list();
}

QString AirsEmulator::addTopic(const QString &name, const QString &description,
                               const QStringList &examples)
{
    if (name.isEmpty() || !m_state->topics.idForName(name).isEmpty())
        return {};
    const QString id = m_state->topics.create({name, description, examples}, true, m_options.actorEmail);
    saveTenant();
    return id;
}

void AirsEmulator::saveTenant()
{
    QString error;
    if (m_tenantFile)
        m_tenantFile->save(m_state->topics, m_state->profiles, &error); // a failure is logged
}

QList<QJsonObject> AirsEmulator::promptSets() const
{
    return m_state->promptSets.sets();
}

QList<QJsonObject> AirsEmulator::prompts(const QString &setId) const
{
    return m_state->promptSets.prompts(setId);
}

QList<AirsEmulator::RecordedRequest> AirsEmulator::requests() const
{
    return m_requests;
}

void AirsEmulator::clearRequests()
{
    m_requests.clear();
}

void AirsEmulator::expireTokens()
{
    m_state->tokens.expireAll();
}

bool AirsEmulator::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const quint64 id = hold(request, socket);
    ApiRequest in;
    in.method = methodName(request.method());
    in.path = request.url().path();
    in.query = request.url().query(QUrl::FullyEncoded);
    in.headers = request.headers();
    in.body = request.body();
    record(in);

    const bool scan = ScanRoutes::isScanPath(in.path);
    m_held.emplace(id, HeldRequest{in.path, scan, false});
    const bool propagation = in.path == kPropagationPath;
    if (in.method == "GET" && (in.path == FaultInjector::CountsPath || propagation)) {
        answerAfter(id, 0, ApiReply::json(propagation ? m_state->propagation.json()
                                                      : m_injector->counts()));
        emit requestReceived(in.path);
        return true;
    }
    const FaultPlan::Decision decision = m_faults.next(isOAuthProtected(in.path), scan);
    const auto drop = [this, id, socket] {
        release(id);
        // Close once QAbstractHttpServer has finished with this request.
        QTimer::singleShot(0, socket, [socket] { socket->abort(); });
    };
    switch (decision.fault) {
    case FaultPlan::Fault::Drop:
        qCDebug(lcSandbox) << "drop" << in.method << in.path;
        drop();
        break;
    case FaultPlan::Fault::Hang:
        qCDebug(lcSandbox) << "hang" << in.method << in.path;
        break; // held until the client gives up or the emulator goes away
    case FaultPlan::Fault::None: {
        const auto route = faultRoute(in.path);
        using Kind = FaultSpec::Kind;
        const auto injected = !route ? std::nullopt
                              : m_injector->poisons(*route, in.body)
                                  ? std::make_optional(FaultInjector::Decision{Kind::Poison, 0})
                                  : m_injector->draw(*route);
        if (injected)
            qCDebug(lcSandbox).noquote() << "fault" << FaultSpec::kindName(injected->kind)
                                         << in.method << in.path;
        if (injected && injected->kind == Kind::Hang)
            break; // never answered; released when the client disconnects
        const bool cut = injected && (injected->kind == Kind::Cut || injected->kind == Kind::Poison);
        if (injected && !cut && injected->kind != Kind::Truncated) {
            answerLater(id, m_injector->reply(*injected, in, *route)); // not performed
            break;
        }
        ApiReply reply;
        if (!perform(id, in, scan, &reply)) {
            drop();
            break;
        }
        if (injected && injected->kind == Kind::Truncated)
            reply = FaultInjector::truncated(reply);
        else if (cut)
            reply.cutBody = true;
        answerLater(id, reply);
        break;
    }
    default:
        answerLater(id, m_faults.reply(decision));
        break;
    }
    emit requestReceived(in.path);
    return true;
}

bool AirsEmulator::perform(quint64 id, const ApiRequest &request, bool scan, ApiReply *reply)
{
    if (scan && m_faults.faults().maxInflightScans > 0 &&
        m_inflightScans >= m_faults.faults().maxInflightScans) {
        *reply = ApiReply::rateLimited(m_faults.faults().retryAfterSeconds,
                                       u"too many concurrent scans"_s);
        return true;
    }
    if (scan) {
        m_held.at(id).countsInflight = true;
        m_peakInflightScans = qMax(m_peakInflightScans, ++m_inflightScans);
    }
    *reply = route(request);
    if (reply->status / 100 == 2 && isCreate(request) && m_faults.takeCreateDrop()) {
        qCDebug(lcSandbox) << "performed, then dropped" << request.method << request.path;
        return false;
    }
    return true;
}

void AirsEmulator::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // handleRequest() takes every request; this is only a safety net.
    makeResponder(request, socket)
        .write(QByteArrayLiteral("{\"message\":\"not found\"}"),
               QByteArrayLiteral("application/json"), QHttpServerResponder::StatusCode::NotFound);
}

ApiReply AirsEmulator::route(const ApiRequest &request)
{
    // Another process (the app, or the CLI with --sandbox) may have changed the tenant.
    std::unique_ptr<QLockFile> tenantLock;
    const bool tenantWrite = m_tenantFile && request.method != "GET" &&
                             RoutePath::stripPrefix(request.path, kManagementBase, nullptr);
    if (tenantWrite) {
        tenantLock = m_tenantFile->lock(10 * 1000);
        if (!tenantLock)
            return ApiReply::message(503, u"the sandbox tenant is busy: another Daystrom process is changing "
                                          "it"_s);
    }
    if (m_tenantFile)
        m_tenantFile->refresh(m_state->topics, m_state->profiles);
    const ApiReply reply = routeInTenant(request);
    if (tenantWrite && reply.status / 100 == 2)
        saveTenant();
    return reply;
}

ApiReply AirsEmulator::routeInTenant(const ApiRequest &request)
{
    if (auto reply = m_oauth->handle(request))
        return *reply;
    if (auto reply = m_scan->handle(request))
        return *reply;
    QString rest;
    if (RoutePath::stripPrefix(request.path, kManagementBase, &rest)) {
        if (auto denied = m_oauth->authorize(request))
            return *denied;
        if (m_faults.faults().refuseProfileCreate && request.method == "POST" &&
            RoutePath::match(rest, u"/v1/mgmt/profile"))
            return ApiReply::message(403, u"forbidden: this service account may not create security "
                                          "profiles"_s);
        // A write reaches the scan service only after the propagation delay.
        const bool write = request.method != "GET";
        if (write)
            m_state->propagation.before(m_state->topics, m_state->profiles);
        std::optional<ApiReply> reply = m_topicRoutes->handle(request, rest);
        if (!reply)
            reply = m_profileRoutes->handle(request, rest);
        if (write)
            m_state->propagation.after(m_state->topics, m_state->profiles);
        if (reply)
            return *reply;
    } else if (RoutePath::stripPrefix(request.path, kRedTeamBase, &rest)) {
        if (auto denied = m_oauth->authorize(request))
            return *denied;
        if (!m_options.redTeamLicensed)
            return ApiReply::message(403, u"AI Red Teaming is not licensed for this tenant or "
                                          "its EULA has not been accepted"_s);
        if (auto reply = m_redTeam->handle(request, rest))
            return *reply;
    }
    return ApiReply::routeError(
        404, u"no route for %1 %2"_s.arg(QString::fromLatin1(request.method), request.path));
}

void AirsEmulator::record(const ApiRequest &request)
{
    RecordedRequest r;
    r.method = request.method;
    r.path = request.path;
    r.query = request.query;
    r.body = request.body;
    for (const auto &[name, value] : request.headers)
        r.headers.append({name, isSecretHeader(name) ? redacted(value) : value});
    r.hashValid = request.hasHeader("x-payload-hash") &&
                  PayloadHash::verify(m_options.credentials.apiKey, request.body,
                                      request.header("x-payload-hash"));
    m_requests.append(r);
}

void AirsEmulator::answerLater(quint64 id, const ApiReply &reply)
{
    const Faults f = m_faults.faults();
    int routeLatency = -1;
    const auto held = m_held.find(id);
    if (const auto r = held == m_held.end() ? std::nullopt : faultRoute(held->second.path)) {
        switch (*r) {
        case FaultSpec::Route::Scan:
            routeLatency = f.scanLatencyMs;
            break;
        case FaultSpec::Route::Mgmt:
            routeLatency = f.managementLatencyMs;
            break;
        case FaultSpec::Route::Token:
            routeLatency = f.tokenLatencyMs;
            break;
        case FaultSpec::Route::RedTeam:
            routeLatency = f.redTeamLatencyMs;
            break;
        default:
            break;
        }
    }
    answerAfter(id, routeLatency >= 0 ? routeLatency : f.latencyMs, reply);
}

void AirsEmulator::released(quint64 id, int status)
{
    const auto it = m_held.find(id);
    if (it == m_held.end())
        return;
    if (it->second.scan && status != 0)
        ++m_scanCount;
    if (it->second.countsInflight)
        --m_inflightScans;
    if (status != 0)
        qCDebug(lcSandbox) << status << it->second.path;
    m_held.erase(it);
}
