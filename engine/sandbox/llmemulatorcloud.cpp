// The sandbox LLM's cloud routes: Google's token endpoint, Vertex AI (Gemini, Anthropic) and
// Bedrock Converse, each behind its authentication check (CloudAuthGate).
#include "llmemulator.h"

#include "clouddialects.h"
#include "llmemulatorroutes.h"

#include <QHttpServerRequest>

using namespace Qt::StringLiterals;

const QRegularExpression &LlmEmulatorRoutes::vertex()
{
    static const QRegularExpression re(
        uR"(^/v1/projects/([^/]+)/locations/([^/]+)/publishers/(google|anthropic)/models/([^/]+):(generateContent|rawPredict)$)"_s);
    return re;
}

const QRegularExpression &LlmEmulatorRoutes::bedrock()
{
    static const QRegularExpression re(uR"(^/model/([^/]+)/converse$)"_s);
    return re;
}

LlmEmulator::Reply LlmEmulator::cloudRoute(const QHttpServerRequest &request,
                                           RecordedRequest &record, bool *matched)
{
    const QString path = request.url().path(QUrl::FullyDecoded);
    const bool post = record.method == "POST";
    *matched = true;
    if (path == LlmEmulatorRoutes::TokenPath) {
        if (!post)
            return ApiReply::json(QJsonObject{{u"error"_s, u"invalid_request"_s}}, 405);
        return m_cloud.token(record.body, tokenUrl());
    }
    ChatCompletion::Request parsed;
    QString error;
    if (const auto m = LlmEmulatorRoutes::vertex().match(path); m.hasMatch()) {
        const bool gemini = m.captured(3) == u"google";
        if (gemini != (m.captured(5) == u"generateContent"))
            return CloudDialects::googleError(404, u"Method not found for this publisher."_s);
        const Dialect dialect = gemini ? Dialect::Gemini : Dialect::ClaudeVertex;
        record.dialect = gemini ? u"gemini-vertex"_s : u"claude-vertex"_s;
        if (!post)
            return CloudDialects::googleError(405, u"Use POST for "_s + path);
        if (const auto refused = m_cloud.checkBearer(request.headers()))
            return *refused;
        const bool ok = gemini ? CloudDialects::parseGemini(record.body, &parsed, &error)
                               : CloudDialects::parseClaudeVertex(record.body, &parsed, &error);
        parsed.model = m.captured(4);
        return structured(dialect, parsed, ok ? QString() : error, record.body, record);
    }
    if (const auto m = LlmEmulatorRoutes::bedrock().match(path); m.hasMatch()) {
        record.dialect = u"bedrock"_s;
        if (!post)
            return CloudDialects::bedrockError(405, u"Use POST for "_s + path);
        if (const auto refused =
                m_cloud.checkSigV4(record.method, request.url().path(QUrl::FullyEncoded).toUtf8(),
                                   request.url(), request.headers(), record.body))
            return *refused;
        const bool ok = CloudDialects::parseBedrock(record.body, &parsed, &error);
        parsed.model = m.captured(1);
        return structured(Dialect::Bedrock, parsed, ok ? QString() : error, record.body, record);
    }
    *matched = false;
    return {};
}

void LlmEmulator::nameCall(const QString &path, const QByteArray &body,
                           RecordedRequest &record) const
{
    ChatCompletion::Request parsed; // name the call in the record; nothing is answered
    QString ignored;
    if (const auto m = LlmEmulatorRoutes::vertex().match(path); m.hasMatch()) {
        if (m.captured(3) == u"google")
            CloudDialects::parseGemini(body, &parsed, &ignored);
        else
            CloudDialects::parseClaudeVertex(body, &parsed, &ignored);
        record.dialect = m.captured(3) == u"google" ? u"gemini-vertex"_s : u"claude-vertex"_s;
    } else if (LlmEmulatorRoutes::bedrock().match(path).hasMatch()) {
        CloudDialects::parseBedrock(body, &parsed, &ignored);
        record.dialect = u"bedrock"_s;
    } else {
        ChatCompletion::parse(body, &parsed, &ignored);
        if (path == LlmEmulatorRoutes::ChatPath)
            record.dialect = u"openai"_s;
    }
    record.callName = parsed.callName;
    record.system = parsed.system;
    record.user = parsed.user;
}
