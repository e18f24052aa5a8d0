#include "bedrockprovider.h"

#include "anthropicwire.h"

#include "cloudauth/sigv4.h"
#include "domain/redaction.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// The error type without the ":http://internal.amazon.com/coral/..." suffix some answers carry.
QString errorType(const HttpResponse &r)
{
    const QByteArray raw = r.headers.value("x-amzn-errortype");
    const qsizetype colon = raw.indexOf(':');
    return QString::fromLatin1(colon < 0 ? raw : raw.left(colon));
}

// Retried per llm-apis.md §6: 408 ModelTimeout, 429 Throttling / ModelNotReady, 500, 503.
bool mayRetry(const HttpResponse &r)
{
    const QString type = errorType(r);
    return type != "ServiceQuotaExceededException"_L1 && type != "AccessDeniedException"_L1;
}

} // namespace

BedrockProvider::BedrockProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                                 QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
{
    m_endpoint.retry.retryStatuses = {408, 500, 503};
    m_endpoint.retry.mayRetry = mayRetry;
}

QUrl BedrockProvider::defaultBaseUrl(const QString &region)
{
    return QUrl(u"https://bedrock-runtime.%1.amazonaws.com"_s.arg(region));
}

QString BedrockProvider::toolName(const QString &schemaName)
{
    QString out;
    for (const QChar c : schemaName) {
        const bool alnum =
            (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
        out += alnum ? c : u'_';
    }
    if (out.isEmpty() || !out.at(0).isLetter())
        out.prepend(u"r_"_s);
    return out.left(64);
}

HttpRequestSpec BedrockProvider::buildRequest(const LlmRequest &request) const
{
    const QString tool = toolName(request.schemaName);
    const QJsonObject toolSpec{{u"name"_s, tool},
                               {u"description"_s, u"Return the result as this object."_s},
                               {u"inputSchema"_s, QJsonObject{{u"json"_s, request.schema}}}};
    const QJsonObject body{
        {u"system"_s, QJsonArray{QJsonObject{{u"text"_s, request.system}}}},
        {u"messages"_s, QJsonArray{QJsonObject{
                            {u"role"_s, u"user"_s},
                            {u"content"_s, QJsonArray{QJsonObject{{u"text"_s, request.user}}}}}}},
        {u"inferenceConfig"_s,
         QJsonObject{{u"maxTokens"_s, request.maxTokens}, {u"temperature"_s, 0}}},
        {u"toolConfig"_s,
         QJsonObject{{u"tools"_s, QJsonArray{QJsonObject{{u"toolSpec"_s, toolSpec}}}},
                     {u"toolChoice"_s, QJsonObject{{u"tool"_s, QJsonObject{{u"name"_s, tool}}}}}}}};
    // Built encoded so the model id's ':' stays %3A on the wire (QUrl::setPath would decode it);
    // SigV4 then encodes the wire path once more.
    QByteArray base = m_endpoint.baseUrl.toEncoded();
    while (base.endsWith('/'))
        base.chop(1);
    const QUrl url = QUrl::fromEncoded(base + "/model/" +
                                           QUrl::toPercentEncoding(m_endpoint.model) + "/converse",
                                       QUrl::StrictMode);
    return jsonPost(url, body);
}

void BedrockProvider::authorize(HttpRequestSpec spec, bool renew, QObject *context,
                                AuthorizeDone done)
{
    Q_UNUSED(renew); // every authorization signs afresh with the current time
    Q_UNUSED(context);
    SigV4::Request request{spec.method, spec.url, {}, spec.body};
    for (const auto &[name, value] : std::as_const(spec.headers)) {
        if (name.compare("content-type", Qt::CaseInsensitive) == 0)
            request.headers.append({name, value});
    }
    const SigV4::Signature signature =
        SigV4::sign(request, m_endpoint.aws, m_endpoint.region, u"bedrock"_s, m_now());
    spec.headers.append(signature.addedHeaders);
    spec.headers.append({QByteArrayLiteral("Authorization"), signature.authorization});
    done(std::move(spec), {});
}

bool BedrockProvider::shouldReauthorize(const HttpResponse &r) const
{
    return r.outcome == HttpOutcome::Response && r.status == 403 &&
           r.body.contains("Signature expired");
}

LlmReply BedrockProvider::parseReply(const HttpResponse &r) const
{
    LlmReply reply;
    const QJsonObject root = QJsonDocument::fromJson(r.body).object();
    const QString provider = name();
    if (!r.isSuccess()) {
        QString message = root.value(u"message"_s).toString();
        if (message.isEmpty())
            message = root.value(u"Message"_s).toString();
        const QString type = errorType(r);
        reply.error = LlmError::fromResponse(r, provider,
                                             type.isEmpty() ? message : type + u": "_s + message);
        if (r.outcome != HttpOutcome::Response)
            return reply;
        if (r.status == 403 || type == "UnrecognizedClientException"_L1 ||
            type == "ExpiredTokenException"_L1) {
            reply.error.kind = LlmError::Kind::Auth;
            QString what =
                u"check the access key id, the secret, the session token and the region (%1)"_s.arg(
                    m_endpoint.region);
            if (type == "AccessDeniedException"_L1)
                what =
                    u"check that the key's IAM policy allows bedrock:InvokeModel on this model in %1 and that model access is enabled"_s
                        .arg(m_endpoint.region);
            else if (message.contains(u"Signature expired"_s))
                what = u"check this computer's clock"_s;
            reply.error.message = u"%1: AWS refused the credentials from %2 (%3: %4); %5"_s.arg(
                provider, m_endpoint.aws.origin, type.isEmpty() ? u"HTTP %1"_s.arg(r.status) : type,
                Redaction::apply(message), what);
        } else if (type == "ServiceQuotaExceededException"_L1) {
            reply.error.kind = LlmError::Kind::Quota;
        }
        return reply;
    }
    const QJsonObject usage = root.value(u"usage"_s).toObject();
    reply.usage.inputTokens = usage.value(u"inputTokens"_s).toInteger() +
                              usage.value(u"cacheReadInputTokens"_s).toInteger() +
                              usage.value(u"cacheWriteInputTokens"_s).toInteger();
    reply.usage.outputTokens = usage.value(u"outputTokens"_s).toInteger();
    const QString stop = root.value(u"stopReason"_s).toString();
    const QJsonArray content = root.value(u"output"_s)
                                   .toObject()
                                   .value(u"message"_s)
                                   .toObject()
                                   .value(u"content"_s)
                                   .toArray();
    if (stop == "guardrail_intervened"_L1 || stop == "content_filtered"_L1) {
        reply.error = {LlmError::Kind::Refusal, 0, provider + u": stopped for "_s + stop};
        return reply;
    }
    for (const QJsonValue &block : content) {
        const QJsonObject toolUse = block.toObject().value(u"toolUse"_s).toObject();
        if (toolUse.value(u"input"_s).isObject()) {
            AnthropicWire::acceptToolInput(reply, toolUse.value(u"input"_s).toObject(),
                                           stop == "max_tokens"_L1, provider, u"maxTokens");
            return reply;
        }
    }
    if (stop == "max_tokens"_L1)
        reply.error = {LlmError::Kind::Truncated, 0, provider + u": the answer hit maxTokens"_s};
    else
        reply.error = {LlmError::Kind::InvalidOutput, 0,
                       provider + u": the answer has no toolUse block (stopReason "_s + stop +
                           u')'};
    return reply;
}
