#include "llmfactory.h"

#include "anthropicprovider.h"
#include "bedrockprovider.h"
#include "cloudcredentials.h"
#include "config/config.h"
#include "geminiprovider.h"
#include "ollamaprovider.h"
#include "openaiprovider.h"
#include "vertexclaudeprovider.h"
#include "vertexgeminiprovider.h"

#include <QHostAddress>

using namespace Qt::StringLiterals;

QStringList LlmFactory::providerNames()
{
    return {u"claude-api"_s,    u"openai"_s,       u"openai-compatible"_s, u"gemini-api"_s,
            u"ollama"_s,        u"claude-vertex"_s, u"gemini-vertex"_s,     u"claude-bedrock"_s};
}

QString LlmFactory::defaultModel(const QString &provider)
{
    if (provider == "claude-api"_L1)
        return u"claude-sonnet-4-5"_s;
    if (provider == "openai"_L1)
        return u"gpt-4.1-mini"_s;
    if (provider == "gemini-api"_L1)
        return u"gemini-2.5-flash"_s;
    if (provider == "ollama"_L1)
        return u"llama3.1"_s;
    // Cloud defaults as of late 2025; check them against what your project or account has
    // enabled (Vertex: Model Garden; Bedrock: model access and the us./eu./global. inference
    // profiles). Newer Claude models may refuse a forced tool.
    if (provider == "claude-vertex"_L1)
        return u"claude-sonnet-4-5@20250929"_s;
    if (provider == "gemini-vertex"_L1)
        return u"gemini-2.5-flash"_s;
    if (provider == "claude-bedrock"_L1)
        return u"us.anthropic.claude-sonnet-4-5-20250929-v1:0"_s;
    return u"default"_s; // openai-compatible servers often ignore the name
}

static bool isLoopback(const QUrl &url)
{
    const QString host = url.host();
    return host == "localhost"_L1 || QHostAddress(host).isLoopback();
}

LlmEndpoint LlmFactory::endpointFromConfig(const Config &config, QString *error)
{
    LlmEndpoint e;
    e.provider = config.string(ConfigKeys::LlmProvider);
    e.model = config.string(ConfigKeys::LlmModel);
    if (e.model.isEmpty())
        e.model = defaultModel(e.provider);
    if (const int ms = config.integer(ConfigKeys::LlmTimeoutMs); ms > 0)
        e.timeoutMs = ms;
    auto need = [&](const QString &key, const QString &env) {
        if (key.isEmpty() && error)
            *error = u"%1 needs an API key: set %2 or store it in the keychain (Settings)"_s.arg(e.provider, env);
        return key;
    };
    if (e.provider == "claude-api"_L1) {
        e.baseUrl = QUrl(config.string(ConfigKeys::AnthropicBaseUrl));
        e.apiKey = need(config.string(ConfigKeys::AnthropicApiKey), u"ANTHROPIC_API_KEY"_s);
    } else if (e.provider == "openai"_L1 || e.provider == "openai-compatible"_L1) {
        e.baseUrl = QUrl(config.string(ConfigKeys::OpenAiBaseUrl));
        e.apiKey = config.string(ConfigKeys::OpenAiApiKey);
        if (e.provider == "openai"_L1 || !isLoopback(e.baseUrl))
            need(e.apiKey, u"OPENAI_API_KEY"_s);
    } else if (e.provider == "gemini-api"_L1) {
        e.baseUrl = QUrl(config.string(ConfigKeys::GeminiBaseUrl));
        e.apiKey = need(config.string(ConfigKeys::GoogleApiKey), u"GOOGLE_API_KEY"_s);
    } else if (e.provider == "ollama"_L1) {
        e.baseUrl = QUrl(config.string(ConfigKeys::OllamaBaseUrl));
    } else if (e.provider == "gemini-vertex"_L1 || e.provider == "claude-vertex"_L1) {
        QString problem;
        e.location = config.string(ConfigKeys::GoogleCloudLocation).trimmed();
        const QString override = config.string(e.provider == "gemini-vertex"_L1 ? ConfigKeys::GoogleVertexBaseUrl
                                                                                 : ConfigKeys::AnthropicVertexBaseUrl);
        e.baseUrl = override.isEmpty() ? VertexProvider::defaultBaseUrl(e.location) : QUrl(override);
        e.google = CloudCredentials::google(config, e.provider, &problem);
        if (problem.isEmpty())
            e.project = CloudCredentials::googleProject(config, e.google, e.provider, &problem);
        if (!problem.isEmpty() && error)
            *error = problem;
    } else if (e.provider == "claude-bedrock"_L1) {
        QString problem;
        e.region = config.string(ConfigKeys::AwsRegion).trimmed();
        const QString override = config.string(ConfigKeys::BedrockBaseUrl);
        e.baseUrl = override.isEmpty() ? BedrockProvider::defaultBaseUrl(e.region) : QUrl(override);
        e.aws = CloudCredentials::aws(config, e.provider, &problem);
        if (!problem.isEmpty() && error)
            *error = problem;
    } else if (error) {
        *error = u"LLM provider \"%1\" is not available in this build (use one of: %2)"_s.arg(
            e.provider, providerNames().join(u", "_s));
    }
    if (error && !error->isEmpty())
        e.provider.clear();
    return e;
}

LlmProvider *LlmFactory::create(QNetworkAccessManager *manager, const LlmEndpoint &endpoint,
                                QObject *parent, QString *error)
{
    const QString &p = endpoint.provider;
    if (p == "claude-api"_L1)
        return new AnthropicProvider(manager, endpoint, parent);
    if (p == "openai"_L1 || p == "openai-compatible"_L1)
        return new OpenAiProvider(manager, endpoint, parent);
    if (p == "gemini-api"_L1)
        return new GeminiProvider(manager, endpoint, parent);
    if (p == "ollama"_L1)
        return new OllamaProvider(manager, endpoint, parent);
    if (p == "gemini-vertex"_L1)
        return new VertexGeminiProvider(manager, endpoint, parent);
    if (p == "claude-vertex"_L1)
        return new VertexClaudeProvider(manager, endpoint, parent);
    if (p == "claude-bedrock"_L1)
        return new BedrockProvider(manager, endpoint, parent);
    if (error)
        *error = u"unknown LLM provider \"%1\""_s.arg(p);
    return nullptr;
}
