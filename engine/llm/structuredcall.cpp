#include "structuredcall.h"

#include "domain/topiclimits.h"
#include "llmlog.h"
#include "schemavalidator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

StructuredCall::StructuredCall(LlmProvider *provider, LlmRequest request, Options options, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_request(std::move(request))
    , m_options(options)
{
}

QStringList StructuredCall::check(QJsonObject &object, const QJsonObject &schema, bool returnsTopic)
{
    if (!returnsTopic)
        return SchemaValidator::validate(object, schema);
    // Topics: check the shape, then clamp (cuts, extra examples) and validate the limits.
    QStringList out;
    const QJsonValue name = object.value(u"name"_s), description = object.value(u"description"_s),
                     examples = object.value(u"examples"_s);
    if (!name.isString())
        out.append(u"name: expected a string"_s);
    if (!description.isString())
        out.append(u"description: expected a string"_s);
    if (!examples.isArray())
        out.append(u"examples: expected an array of strings"_s);
    Topic topic{name.toString(), description.toString(), {}};
    const QJsonArray list = examples.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (list.at(i).isString())
            topic.examples.append(list.at(i).toString());
        else
            out.append(u"examples[%1]: expected a string"_s.arg(i));
    }
    if (!out.isEmpty())
        return out;
    topic = TopicLimits::clamp(topic);
    for (const TopicLimits::Violation &v : TopicLimits::validate(topic))
        out.append(v.field + u": "_s + v.message);
    object = QJsonObject{{u"name"_s, topic.name},
                         {u"description"_s, topic.description},
                         {u"examples"_s, QJsonArray::fromStringList(topic.examples)}};
    return out;
}

void StructuredCall::start()
{
    if (m_result.attempts == 0 && !m_done)
        attempt();
}

void StructuredCall::abort()
{
    if (m_done)
        return;
    if (m_call) {
        m_call->abort(); // finished(Cancelled) arrives through onReply
        return;
    }
    m_result.error = {LlmError::Kind::Cancelled, 0, u"cancelled"_s};
    finish();
}

void StructuredCall::attempt()
{
    if (!m_provider) {
        m_result.error = {LlmError::Kind::Cancelled, 0, u"the LLM provider went away"_s};
        finish();
        return;
    }
    ++m_result.attempts;
    LlmRequest request = m_request;
    if (!m_retryNote.isEmpty())
        request.user += u"\n\n"_s + m_retryNote;
    m_call = m_provider->send(request, this);
    connect(m_call, &LlmCall::finished, this, &StructuredCall::onReply);
}

void StructuredCall::onReply(const LlmReply &reply)
{
    if (m_call)
        m_call->deleteLater();
    m_call = nullptr;
    m_result.usage += reply.usage;
    using K = LlmError::Kind;
    if (reply.error.kind != K::Network && reply.error.kind != K::Timeout && reply.error.kind != K::Cancelled)
        ++m_result.answered;
    const bool lastAttempt = m_result.attempts >= m_options.maxAttempts;
    if (reply.error.kind == LlmError::Kind::Truncated && !lastAttempt) {
        m_request.maxTokens = std::min(m_request.maxTokens * 2, m_options.maxTokensCeiling);
        qCInfo(lcLlm).noquote() << m_request.schemaName << "answer was cut off; retrying with"
                                << m_request.maxTokens << "tokens";
        attempt();
        return;
    }
    QStringList violations;
    if (reply.error.kind == LlmError::Kind::InvalidOutput) {
        violations = {reply.error.message};
    } else if (reply.error.isError()) {
        m_result.error = reply.error;
        finish();
        return;
    } else {
        QJsonObject object = reply.object;
        violations = check(object, m_request.schema, m_options.returnsTopic);
        if (violations.isEmpty()) {
            m_result.object = object;
            finish();
            return;
        }
    }
    m_result.violations = violations;
    qCInfo(lcLlm).noquote() << m_request.schemaName << "attempt" << m_result.attempts
                            << "was invalid:" << violations.join(u"; "_s);
    if (lastAttempt) {
        m_result.error = {LlmError::Kind::InvalidOutput, 0,
                          u"%1 gave no valid answer in %2 attempts: %3"_s.arg(
                              m_request.schemaName).arg(m_result.attempts).arg(violations.join(u"; "_s))};
        finish();
        return;
    }
    m_retryNote = u"Your previous answer was not valid: "_s + violations.join(u"; "_s)
                  + u". Answer again with an object that satisfies every constraint."_s;
    attempt();
}

void StructuredCall::finish()
{
    if (m_done)
        return;
    m_done = true;
    qCInfo(lcLlm).noquote() << m_request.schemaName << (m_result.ok() ? "ok" : "failed") << "after" << m_result.attempts
                            << "attempt(s); tokens in" << m_result.usage.inputTokens << "out" << m_result.usage.outputTokens;
    // Always from the event loop, so abort() never re-enters the caller.
    QMetaObject::invokeMethod(this, [this] { emit finished(m_result); }, Qt::QueuedConnection);
}
