#include "llmemulator.h"

#include "apirequest.h"
#include "chatcompletion.h"
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
constexpr QStringView kChatPath = u"/v1/chat/completions";
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
    RecordedRequest record;
    record.method = methodName(request.method());
    record.path = request.url().path();
    record.body = request.body();
    for (const auto &[name, value] : request.headers()) {
        const bool secret = name.compare("authorization", Qt::CaseInsensitive) == 0;
        record.headers.append({name, secret ? QByteArrayLiteral("Bearer …") : value});
    }
    const quint64 id = hold(request, socket);
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
        answer = route(record.method, record.path, record.body, record);
        if (injected && injected->kind == Kind::Truncated)
            answer = FaultInjector::truncated(answer);
        else if (injected && injected->kind == Kind::Cut)
            answer.cutBody = true;
    } else {
        ChatCompletion::Request parsed; // name the call in the record; nothing is answered
        QString ignored;
        ChatCompletion::parse(record.body, &parsed, &ignored);
        record.callName = parsed.callName;
        record.system = parsed.system;
        record.user = parsed.user;
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
        answerAfter(id, m_faults.latencyMs, answer);
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

LlmEmulator::Reply LlmEmulator::route(const QByteArray &method, const QString &path,
                                      const QByteArray &body, RecordedRequest &record)
{
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
    return failure(404, u"Unknown request URL: %1 %2"_s.arg(QString::fromLatin1(method), path),
                   u"invalid_request_error"_s, {}, u"unknown_url"_s);
}

LlmEmulator::Reply LlmEmulator::chat(const QByteArray &body, RecordedRequest &record)
{
    ChatCompletion::Request request;
    QString error;
    const bool parsed = ChatCompletion::parse(body, &request, &error);
    record.callName = request.callName;
    record.system = request.system;
    record.user = request.user;
    if (m_faults.httpErrorNext > 0) {
        --m_faults.httpErrorNext;
        const int status = m_faults.httpErrorStatus;
        const bool limited = status == 429;
        return failure(status, u"sandbox fault: HTTP %1"_s.arg(status),
                       limited ? u"requests"_s : u"server_error"_s, {},
                       limited ? u"rate_limit_exceeded"_s : QString());
    }
    if (!parsed)
        return failure(400, error, u"invalid_request_error"_s, u"response_format"_s);

    const std::optional<QJsonObject> answer =
        m_brain->answer(request.callName, request.system, request.user);
    if (!answer) {
        return failure(
            400,
            u"Unknown response_format.json_schema.name '%1'; the sandbox LLM answers %2"_s.arg(
                request.callName, PromptBook::callNames().join(u", "_s)),
            u"invalid_request_error"_s, u"response_format.json_schema.name"_s);
    }
    const QString content = faulted(request.callName, request.schema, *answer);
    const QString model = request.model.isEmpty() ? QString(ModelName) : request.model;
    Reply reply;
    // The id is a function of the request, like the answer: a retried call gets the same one.
    const QString id = QString::number(SeededRng::hash(QString::fromUtf8(body)), 16);
    reply.body = ChatCompletion::completion(u"chatcmpl-sandbox-%1"_s.arg(id), model,
                                            content, request.system.size() + request.user.size());
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
        answer.remove(missing);
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
