#pragma once

#include "llm/prompts/promptbook.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QStringList>

#include <memory>

class LlmEmulator;
class OpenAiProvider;

// Sends prompt-book calls to an LlmEmulator through the production path: the
// openai-compatible provider and StructuredCall (schema check, topic clamping, retries).
// Each call waits in a local event loop so the emulator, in this thread, keeps serving.
class SandboxLlm final
{
public:
    struct Outcome
    {
        QJsonObject object; // schema-valid; topics clamped
        QString error;      // empty on success
        int attempts = 0;
        QStringList violations;
        bool ok() const { return error.isEmpty(); }
    };

    explicit SandboxLlm(const LlmEmulator &emulator);
    ~SandboxLlm();

    Outcome call(const LlmPrompt &prompt, int timeoutMs = 20000);

private:
    QNetworkAccessManager m_nam;
    std::unique_ptr<OpenAiProvider> m_provider;
};
