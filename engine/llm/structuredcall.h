#pragma once

#include "llmprovider.h"

#include <QPointer>
#include <QStringList>

struct StructuredResult
{
    QJsonObject object; // schema-valid; for topics, clamped to the AIRS limits
    LlmUsage usage;     // summed over every attempt
    int attempts = 0;
    // Attempts the provider answered (any HTTP status, a refusal or an invalid answer
    // included); not those that ended in a network error, a timeout or a cancel. HTTP-level
    // retries inside one attempt (429/5xx) are not counted: only the final answer is read.
    int answered = 0;
    LlmError error;
    QStringList violations; // of the last attempt, when it gave up on invalid output
    bool ok() const { return !error.isError(); }
};

// One structured LLM call with the checks the loop relies on: the answer is validated against
// the schema; a topic is clamped to the AIRS byte limits and then validated; invalid or
// truncated output is asked for again (up to 3 attempts, telling the model what was wrong;
// a truncated answer gets twice the token room). Errors a retry cannot fix (auth, quota,
// refusal, network after the HTTP retries) end the call at once.
class StructuredCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StructuredCall)
public:
    struct Options
    {
        int maxAttempts = 3;
        bool returnsTopic = false;
        int maxTokensCeiling = 32768;
    };

    StructuredCall(LlmProvider *provider, LlmRequest request, Options options, QObject *parent = nullptr);

    void start();
    void abort();
    bool isRunning() const { return m_call != nullptr; }

    // The checks, exposed for tests: violations of `object`; for topics, `object` is replaced
    // by its clamped form.
    static QStringList check(QJsonObject &object, const QJsonObject &schema, bool returnsTopic);

signals:
    void finished(const StructuredResult &result);

private:
    void attempt();
    void onReply(const LlmReply &reply);
    void finish();

    QPointer<LlmProvider> m_provider;
    LlmRequest m_request;
    Options m_options;
    QPointer<LlmCall> m_call;
    StructuredResult m_result;
    QString m_retryNote;
    bool m_done = false;
};
