#include "sandboxllm.h"

#include "llm/openaiprovider.h"
#include "llm/structuredcall.h"
#include "sandbox/llmemulator.h"

#include <QEventLoop>
#include <QTimer>

using namespace Qt::StringLiterals;

SandboxLlm::SandboxLlm(const LlmEmulator &emulator)
{
    LlmEndpoint endpoint;
    endpoint.provider = u"openai-compatible"_s;
    endpoint.model = LlmEmulator::ModelName;
    endpoint.baseUrl = emulator.baseUrl();
    endpoint.timeoutMs = 10000;
    endpoint.retry = LlmEndpoint::defaultRetry();
    endpoint.retry.baseDelayMs = 5; // fault tests stay fast
    endpoint.retry.maxDelayMs = 20;
    m_provider = std::make_unique<OpenAiProvider>(&m_nam, endpoint);
}

SandboxLlm::~SandboxLlm() = default;

SandboxLlm::Outcome SandboxLlm::call(const LlmPrompt &prompt, int timeoutMs)
{
    LlmRequest request;
    request.system = prompt.system;
    request.user = prompt.user;
    request.schema = prompt.schema;
    request.schemaName = prompt.callName;
    StructuredCall::Options options;
    options.returnsTopic = prompt.returnsTopic;
    StructuredCall call(m_provider.get(), request, options);

    Outcome out;
    bool done = false;
    QEventLoop loop;
    QObject::connect(&call, &StructuredCall::finished, &loop, [&](const StructuredResult &r) {
        out.object = r.object;
        out.attempts = r.attempts;
        out.violations = r.violations;
        if (!r.ok())
            out.error = r.error.message.isEmpty() ? u"LLM call failed"_s : r.error.message;
        done = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    call.start();
    if (!done)
        loop.exec();
    if (!done) {
        call.abort();
        out.error = u"test wait timed out"_s;
    }
    return out;
}
