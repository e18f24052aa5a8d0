#include "llmemulator.h"

#include "apirequest.h"
#include "chatcompletion.h"
#include "clouddialects.h"
#include "llmemulatorroutes.h"
#include "sandboxbrain.h"
#include "sandboxcorpus.h"
#include "sandboxlog.h"
#include "seededrng.h"

#include "llm/prompts/promptbook.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {
constexpr QStringView kChatPath = LlmEmulatorRoutes::ChatPath;
constexpr QStringView kModelsPath = u"/v1/models";

bool returnsTopic(const QString &callName)
{
    namespace Call = PromptBook::CallName;
    return callName == Call::GenerateTopic || callName == Call::GenerateCompanion ||
           callName == Call::ImproveTopic || callName == Call::SimplifyTopic;
}

QString repeatedTo(const QString &text, qsizetype bytes)
{
    QString out = text.isEmpty() ? u"overlong"_s : text;
    while (out.toUtf8().size() < bytes)
        out += u' ' + text;
    return out;
}
} // namespace

QByteArray LlmEmulator::RecordedRequest::header(QByteArrayView name) const
{
    return headerValue(headers, name);
}

QJsonObject LlmEmulator::RecordedRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

LlmEmulator::LlmEmulator(QObject *parent)
    : LlmEmulator(SandboxCorpus::bundled(), parent)
{}

LlmEmulator::LlmEmulator(const SandboxCorpus &corpus, QObject *parent)
    : LoopbackHttpServer(u"LLM emulator"_s, parent)
    , m_brain(std::make_unique<SandboxBrain>(corpus))
{}

LlmEmulator::~LlmEmulator() = default;

QUrl LlmEmulator::baseUrl() const
{
    QUrl url = rootUrl();
    url.setPath(u"/v1"_s);
    return url;
}

QUrl LlmEmulator::chatCompletionsUrl() const
{
    QUrl url = baseUrl();
    url.setPath(kChatPath.toString());
    return url;
}

QUrl LlmEmulator::tokenUrl() const
{
    QUrl url = rootUrl();
    url.setPath(LlmEmulatorRoutes::TokenPath.toString());
    return url;
}

QList<LlmEmulator::RecordedRequest> LlmEmulator::requestsFor(const QString &callName) const
{
    QList<RecordedRequest> out;
    for (const RecordedRequest &r : m_requests) {
        if (r.callName == callName)
            out.append(r);
    }
    return out;
}

void LlmEmulator::setFaultInjector(std::shared_ptr<FaultInjector> injector)
{
    if (injector)
        m_injector = std::move(injector);
}

bool LlmEmulator::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    ++m_requestCount;
    const quint64 id = hold(request, socket);
    RecordedRequest record;
    record.method = methodName(request.method());
    record.path = request.url().path();
    record.body = request.body();
    for (const auto &[name, value] : request.headers()) {
        const bool secret = name.compare("authorization", Qt::CaseInsensitive) == 0 ||
                            name.compare("x-amz-security-token", Qt::CaseInsensitive) == 0;
        record.headers.append({name, secret ? QByteArrayLiteral("Bearer …") : value});
    }
    if (record.method == "GET" && record.path == FaultInjector::CountsPath) {
        answerAfter(id, 0, ApiReply::json(m_injector->counts()));
        return true;
    }

    using Kind = FaultSpec::Kind;
    const auto injected = m_injector->draw(FaultSpec::Route::Llm);
    const bool performs =
        !injected || injected->kind == Kind::Cut || injected->kind == Kind::Truncated;
    Reply answer;
    if (performs) {
        answer = route(request, record);
        if (injected && injected->kind == Kind::Truncated)
            answer = FaultInjector::truncated(answer);
        else if (injected && injected->kind == Kind::Cut)
            answer.cutBody = true;
    } else {
        nameCall(request.url().path(QUrl::FullyDecoded), record.body, record);
        if (injected->kind != Kind::Hang) {
            ApiRequest in;
            in.method = record.method;
            in.path = record.path;
            in.query = request.url().query(QUrl::FullyEncoded);
            in.headers = request.headers();
            in.body = record.body;
            answer = m_injector->reply(*injected, in, FaultSpec::Route::Llm);
        }
    }
    if (injected)
        qCDebug(lcSandbox).noquote() << "fault" << FaultSpec::kindName(injected->kind)
                                     << record.method << record.path;
    record.status = injected && injected->kind == Kind::Hang ? 0 : answer.status;
    m_requests.append(record);

    if (!injected || injected->kind != Kind::Hang) {
        answer.headers.prepend({QByteArrayLiteral("x-request-id"), QByteArray::number(id)});
        answerAfter(id, m_faults.callLatencyMs.value(record.callName, m_faults.latencyMs), answer);
    }
    emit requestReceived(record.callName);
    return true;
}

void LlmEmulator::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    makeResponder(request, socket)
        .write(ChatCompletion::error(u"not found"_s, u"invalid_request_error"_s),
               QByteArrayLiteral("application/json"), QHttpServerResponder::StatusCode::NotFound);
}

LlmEmulator::Reply LlmEmulator::route(const QHttpServerRequest &request,
                                      RecordedRequest &record)
{
    const QByteArray &method = record.method;
    const QString &path = record.path;
    const QByteArray &body = record.body;
    if (path == kChatPath) {
        if (method != "POST")
            return failure(405, u"Use POST for %1"_s.arg(path), u"invalid_request_error"_s);
        return chat(body, record);
    }
    if (path == kModelsPath && method == "GET") {
        const QJsonObject model{{u"id"_s, ModelName},
                                {u"object"_s, u"model"_s},
                                {u"created"_s, 1735689600},
                                {u"owned_by"_s, u"daystrom"_s}};
        return ApiReply::json(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, QJsonArray{model}}});
    }
    bool matched = false;
    Reply cloud = cloudRoute(request, record, &matched);
    if (matched)
        return cloud;
    return failure(404, u"Unknown request URL: %1 %2"_s.arg(QString::fromLatin1(method), path),
                   u"invalid_request_error"_s, {}, u"unknown_url"_s);
}

LlmEmulator::Reply LlmEmulator::chat(const QByteArray &body, RecordedRequest &record)
{
    ChatCompletion::Request request;
    QString error;
    const bool parsed = ChatCompletion::parse(body, &request, &error);
    record.dialect = u"openai"_s;
    return structured(Dialect::OpenAi, request, parsed ? QString() : error, body, record);
}

LlmEmulator::Reply LlmEmulator::structured(Dialect dialect, const ChatCompletion::Request &request,
                                           const QString &parseError, const QByteArray &body,
                                           RecordedRequest &record)
{
    record.callName = request.callName;
    record.system = request.system;
    record.user = request.user;
    if (m_faults.httpErrorNext > 0) {
        --m_faults.httpErrorNext;
        const int status = m_faults.httpErrorStatus;
        const bool limited = status == 429;
        if (dialect != Dialect::OpenAi)
            return dialectError(dialect, status, u"sandbox fault: HTTP %1"_s.arg(status));
        return failure(status, u"sandbox fault: HTTP %1"_s.arg(status),
                       limited ? u"requests"_s : u"server_error"_s, {},
                       limited ? u"rate_limit_exceeded"_s : QString());
    }
    if (!parseError.isEmpty()) {
        if (dialect != Dialect::OpenAi)
            return dialectError(dialect, 400, parseError);
        return failure(400, parseError, u"invalid_request_error"_s, u"response_format"_s);
    }

    // Settings' "Test LLM" (models/connectiontester.cpp) asks for {"ok": true}.
    const std::optional<QJsonObject> answer =
        request.callName == ConnectionCheckCall
            ? std::optional<QJsonObject>(QJsonObject{{u"ok"_s, true}})
            : m_brain->answer(request.callName, request.system, request.user);
    if (!answer) {
        const QString message =
            u"Unknown call '%1'; the sandbox LLM answers %2"_s.arg(
                request.callName, PromptBook::callNames().join(u", "_s));
        if (dialect != Dialect::OpenAi)
            return dialectError(dialect, 400, message);
        return failure(
            400,
            u"Unknown response_format.json_schema.name '%1'; the sandbox LLM answers %2"_s.arg(
                request.callName, PromptBook::callNames().join(u", "_s)),
            u"invalid_request_error"_s, u"response_format.json_schema.name"_s);
    }
    const QString content = faulted(request.callName, request.schema, *answer);
    record.reportedInputTokens = m_faults.billedInputTokens > 0
                                     ? m_faults.billedInputTokens
                                     : ChatCompletion::estimatedTokens(request.system.size() + request.user.size());
    record.reportedOutputTokens = ChatCompletion::estimatedTokens(content.size());
    // The id is a function of the request, like the answer: a retried call gets the same one.
    const QString id = QString::number(SeededRng::hash(QString::fromUtf8(body)), 16);
    const QString model = request.model.isEmpty() ? QString(ModelName) : request.model;
    const CloudDialects::Answer a{id, model, content, record.reportedInputTokens,
                                  record.reportedOutputTokens};
    Reply reply;
    switch (dialect) {
    case Dialect::OpenAi:
        reply.body = ChatCompletion::completion(u"chatcmpl-sandbox-%1"_s.arg(id), model, content,
                                                a.inputTokens, a.outputTokens);
        break;
    case Dialect::Gemini: reply.body = CloudDialects::geminiAnswer(a); break;
    case Dialect::ClaudeVertex:
        reply.body = CloudDialects::claudeAnswer(a, request.callName);
        break;
    case Dialect::Bedrock:
        reply.body = CloudDialects::bedrockAnswer(a, request.callName);
        reply.headers.append({QByteArrayLiteral("x-amzn-RequestId"), id.toLatin1()});
        break;
    }
    return reply;
}

LlmEmulator::Reply LlmEmulator::dialectError(Dialect dialect, int status,
                                             const QString &message) const
{
    Reply reply;
    switch (dialect) {
    case Dialect::OpenAi: return failure(status, message, u"invalid_request_error"_s);
    case Dialect::Gemini: reply = CloudDialects::googleError(status, message); break;
    case Dialect::ClaudeVertex: reply = CloudDialects::anthropicError(status, message); break;
    case Dialect::Bedrock: reply = CloudDialects::bedrockError(status, message); break;
    }
    if (m_faults.retryAfterMs > 0 && (status == 429 || status >= 500))
        reply.headers.append(
            {QByteArrayLiteral("retry-after-ms"), QByteArray::number(m_faults.retryAfterMs)});
    return reply;
}

QString LlmEmulator::faulted(const QString &callName, const QJsonObject &schema, QJsonObject answer)
{
    const auto text = [](const QJsonObject &o) {
        return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    };
    if (m_faults.malformedNext > 0) {
        --m_faults.malformedNext;
        const QString full = text(answer);
        return full.left(full.size() / 2); // cut off mid-object: not JSON
    }
    if (m_faults.schemaInvalidNext > 0) {
        --m_faults.schemaInvalidNext;
        const QJsonArray required = schema.value(u"required"_s).toArray();
        const QString missing =
            required.isEmpty() ? answer.keys().value(0) : required.first().toString();
        // Under a misspelt key, so an answer of one property is still a non-empty object.
        answer.insert(missing + u"_"_s, answer.take(missing));
        return text(answer);
    }
    if (m_faults.overLengthNext > 0 && returnsTopic(callName)) {
        --m_faults.overLengthNext;
        const QString name = answer.value(u"name"_s).toString();
        const QString description = answer.value(u"description"_s).toString();
        QJsonArray examples;
        for (int i = 0; i < 7; ++i)
            examples.append(
                repeatedTo(u"Overlong example %1: %2"_s.arg(i + 1).arg(description), 400));
        answer.insert(u"name"_s, repeatedTo(name, 300));
        answer.insert(u"description"_s, repeatedTo(description, 1200));
        answer.insert(u"examples"_s, examples);
    }
    return text(answer);
}

LlmEmulator::Reply LlmEmulator::failure(int status, const QString &message, const QString &type,
                                        const QString &param, const QString &code) const
{
    Reply reply;
    reply.status = status;
    reply.body = ChatCompletion::error(message, type, param, code);
    if (status >= 400 && m_faults.retryAfterMs > 0 && (status == 429 || status >= 500))
        reply.headers.append(
            {QByteArrayLiteral("retry-after-ms"), QByteArray::number(m_faults.retryAfterMs)});
    return reply;
}
