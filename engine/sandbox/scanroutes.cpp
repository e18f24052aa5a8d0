#include "scanroutes.h"

#include "emulatorstate.h"
#include "payloadhash.h"
#include "sandboxclock.h"
#include "guardrailverdict.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxIdChars = 100;
const QStringList kContentKeys{u"prompt"_s,      u"response"_s,      u"context"_s,
                               u"code_prompt"_s, u"code_response"_s, u"tool_event"_s};

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}
} // namespace

ScanRoutes::ScanRoutes(EmulatorState &state)
    : m_state(state)
    , m_matcher(state.options.matchThreshold)
    , m_noise(state.options.verdictNoiseSeed)
{}

bool ScanRoutes::isScanPath(const QString &path)
{
    return path.startsWith(u"/v1/scan/");
}

std::optional<ApiReply> ScanRoutes::handle(const ApiRequest &request)
{
    if (request.path != SyncPath)
        return std::nullopt;
    if (request.method != "POST")
        return ApiReply::routeError(405, u"method %1 not allowed on %2"_s.arg(
                                             QString::fromLatin1(request.method), request.path));
    if (auto denied = authenticate(request))
        return denied;

    const QByteArray contentType = request.header("content-type").trimmed().toLower();
    if (contentType != "application/json" && !contentType.startsWith("application/json;"))
        return ApiReply::scanError(415, u"Content-Type must be application/json"_s);
    if (request.body.size() > m_state.options.maxScanBodyBytes)
        return ApiReply::scanError(
            413, u"request body is larger than %1 bytes"_s.arg(m_state.options.maxScanBodyBytes));

    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return ApiReply::scanError(400, u"malformed request body: expected a JSON object"_s);
    const QJsonObject body = doc.object();
    if (auto invalid = validate(body))
        return invalid;
    return scan(body);
}

std::optional<ApiReply> ScanRoutes::authenticate(const ApiRequest &request) const
{
    const QString apiKey = m_state.options.credentials.apiKey;
    if (request.hasHeader("x-pan-token")) {
        if (request.header("x-pan-token") != apiKey.toUtf8())
            return ApiReply::scanError(403, u"API key is invalid, revoked or expired"_s);
        if (request.hasHeader("x-payload-hash")) {
            if (!PayloadHash::verify(apiKey, request.body, request.header("x-payload-hash")))
                return ApiReply::scanError(
                    403, u"payload hash does not match: x-payload-hash must be the lowercase "
                         "hex HMAC-SHA256 of the exact body bytes, keyed by the API key"_s);
        } else if (m_state.options.requirePayloadHash && !request.body.isEmpty()) {
            return ApiReply::scanError(401, u"x-payload-hash header is required"_s);
        }
        return std::nullopt;
    }
    const QString bearer = request.bearerToken();
    if (bearer.isEmpty())
        return ApiReply::scanError(401, u"API key or token missing: send x-pan-token or "
                                        "Authorization: Bearer"_s);
    if (!m_state.tokens.isValid(bearer))
        return ApiReply::scanError(401, u"bearer token is invalid or expired"_s);
    return std::nullopt;
}

std::optional<ApiReply> ScanRoutes::validate(const QJsonObject &body)
{
    const QJsonValue profile = body.value(u"ai_profile"_s);
    if (!profile.isObject())
        return ApiReply::scanError(400, u"ai_profile is required"_s);
    const QJsonObject p = profile.toObject();
    if (p.contains(u"profile_id"_s)) {
        const QString id = p.value(u"profile_id"_s).toString();
        if (QUuid::fromString(id).isNull())
            return ApiReply::scanError(400, u"ai_profile.profile_id must be a UUID"_s);
    } else {
        const QJsonValue name = p.value(u"profile_name"_s);
        if (!name.isString() || name.toString().isEmpty())
            return ApiReply::scanError(
                400, u"ai_profile.profile_name or ai_profile.profile_id is required"_s);
        if (name.toString().size() > kMaxIdChars)
            return ApiReply::scanError(400, u"ai_profile.profile_name is longer than 100 "
                                            "characters"_s);
    }

    const QJsonArray contents = body.value(u"contents"_s).toArray();
    if (contents.isEmpty())
        return ApiReply::scanError(400, u"contents must hold at least one item"_s);
    for (qsizetype i = 0; i < contents.size(); ++i) {
        const QJsonObject item = contents.at(i).toObject();
        bool any = false;
        for (const QString &key : kContentKeys) {
            if (!item.contains(key))
                continue;
            const QJsonValue v = item.value(key);
            if (v.isString() && v.toString().trimmed().isEmpty())
                return ApiReply::scanError(400, u"contents[%1].%2 is empty"_s.arg(i).arg(key));
            any = true;
        }
        if (!any)
            return ApiReply::scanError(400, u"contents[%1] has no content"_s.arg(i));
    }

    for (const QString &key : {u"tr_id"_s, u"session_id"_s}) {
        if (body.value(key).toString().size() > kMaxIdChars)
            return ApiReply::scanError(400, u"%1 is longer than 100 characters"_s.arg(key));
    }
    return std::nullopt;
}

ApiReply ScanRoutes::scan(const QJsonObject &body)
{
    const QJsonObject p = body.value(u"ai_profile"_s).toObject();
    const QJsonArray contents = body.value(u"contents"_s).toArray();
    QString firstPrompt;
    for (const QJsonValue &item : contents) {
        firstPrompt = item.toObject().value(u"prompt"_s).toString();
        if (!firstPrompt.isEmpty())
            break;
    }
    PropagationTracker::ProfileRef ref;
    ref.byId = p.contains(u"profile_id"_s);
    ref.value = p.value(ref.byId ? u"profile_id"_s : u"profile_name"_s).toString();
    // The scan service's view: before any management change it has not received yet.
    const PropagationTracker::View view =
        m_state.propagation.viewFor(ref, firstPrompt, m_state.topics, m_state.profiles);
    const ProfileStore &profiles = *view.profiles;

    QString profileId;
    if (ref.byId) {
        if (profiles.contains(ref.value))
            profileId = ref.value;
    } else {
        profileId = profiles.latestIdForName(ref.value);
    }
    if (profileId.isEmpty())
        return ApiReply::scanError(404, u"AI profile '%1' not found"_s.arg(ref.value));
    const QJsonObject profile = profiles.json(profileId);

    // The SDK sends one item; with several, the first blocked text decides each side. A
    // response is judged by the same classifier as a prompt, on its own text (inferred: AIRS
    // documents that a topic can apply to prompts, responses or both, not how it scores them).
    const auto judge = [&](const QString &key, GuardrailVerdict *verdict) {
        bool first = true;
        for (const QJsonValue &item : contents) {
            const QString text = item.toObject().value(key).toString();
            if (text.isEmpty())
                continue;
            GuardrailOverride imposed;
            imposed.truth = &m_state.options.trueMatch;
            imposed.flip = m_state.options.verdictNoise > 0 && m_noise.unit() < m_state.options.verdictNoise;
            const GuardrailVerdict v =
                GuardrailVerdict::evaluate(profile.value(u"policy"_s).toObject(), text, *view.topics,
                                           m_matcher, m_state.options.allowSignal, imposed);
            if (first || (v.action == u"block" && verdict->action != u"block"))
                *verdict = v;
            first = false;
        }
        return !first;
    };
    GuardrailVerdict verdict;
    judge(u"prompt"_s, &verdict);
    GuardrailVerdict response;
    const bool hasResponse = judge(u"response"_s, &response);
    // One answer for the pair: blocked when either side is, malicious when either side is.
    const QString action = hasResponse && response.action == u"block" ? response.action : verdict.action;
    const QString category = hasResponse && response.category == u"malicious" ? response.category : verdict.category;

    const QString scanId = newUuid();
    const QString now = SandboxClock::nowIso();
    QJsonObject out{{u"report_id"_s, QString(u'R' + scanId)},
                    {u"scan_id"_s, scanId},
                    {u"profile_id"_s, profileId},
                    {u"profile_name"_s, profile.value(u"profile_name"_s)},
                    {u"category"_s, category},
                    {u"action"_s, action},
                    {u"timeout"_s, false},
                    {u"error"_s, false},
                    {u"errors"_s, QJsonArray{}},
                    {u"source"_s, u"AI-Runtime-API"_s},
                    {u"prompt_detected"_s, verdict.promptDetected()},
                    {u"created_at"_s, now},
                    {u"completed_at"_s, now}};
    if (m_state.options.reportMatchedTopics)
        out.insert(u"prompt_detection_details"_s, verdict.promptDetectionDetails());
    if (hasResponse) { // only for a scan that carried a response (inferred)
        out.insert(u"response_detected"_s, response.responseDetected());
        if (m_state.options.reportMatchedTopics)
            out.insert(u"response_detection_details"_s, response.promptDetectionDetails());
    }
    for (const QString &key : {u"tr_id"_s, u"session_id"_s}) {
        if (body.contains(key))
            out.insert(key, body.value(key));
    }
    return ApiReply::json(out);
}
