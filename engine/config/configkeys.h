#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

// The one typed table of every setting: key in config.json, environment variable, type,
// default and allowed range (behaviour reference §5.4, DESIGN.md "Environment variables").
namespace ConfigKeys {

enum class Type { String, Bool, Int, Double, Path, Url, Choice };

struct Key
{
    QString name;        // camelCase, as in config.json
    QString env;         // environment variable; empty = none
    Type type = Type::String;
    QVariant defaultValue; // invalid = no default
    double min = 0;
    double max = 0; // min == max == 0: unbounded
    bool secret = false; // never read from or written to config.json by this app
    QStringList choices; // Type::Choice
    QStringList envAliases; // further environment variables, read in order after `env`

    QStringList environmentNames() const; // env, then envAliases
};

const QList<Key> &all();
const Key *find(const QString &name);

// Frequently used names, so call sites never spell a key twice.
inline constexpr QLatin1StringView LlmProvider{"llmProvider"};
inline constexpr QLatin1StringView LlmModel{"llmModel"};
inline constexpr QLatin1StringView AnthropicApiKey{"anthropicApiKey"};
inline constexpr QLatin1StringView AnthropicBaseUrl{"anthropicBaseUrl"};
inline constexpr QLatin1StringView OpenAiApiKey{"openaiApiKey"};
inline constexpr QLatin1StringView OpenAiBaseUrl{"openaiBaseUrl"};
inline constexpr QLatin1StringView GoogleApiKey{"googleApiKey"};
inline constexpr QLatin1StringView GeminiBaseUrl{"geminiBaseUrl"};
inline constexpr QLatin1StringView OllamaBaseUrl{"ollamaBaseUrl"};
// Google Vertex AI (gemini-vertex, claude-vertex)
inline constexpr QLatin1StringView GoogleCloudProject{"googleCloudProject"};
inline constexpr QLatin1StringView GoogleCloudLocation{"googleCloudLocation"};
inline constexpr QLatin1StringView GoogleCredentialsFile{"googleCredentialsFile"}; // a key file's path
inline constexpr QLatin1StringView GoogleCredentialsJson{"googleCredentialsJson"}; // its content (keychain)
inline constexpr QLatin1StringView GoogleVertexBaseUrl{"googleVertexBaseUrl"};       // gemini-vertex
inline constexpr QLatin1StringView AnthropicVertexBaseUrl{"anthropicVertexBaseUrl"}; // claude-vertex
// AWS Bedrock (claude-bedrock)
inline constexpr QLatin1StringView AwsRegion{"awsRegion"};
inline constexpr QLatin1StringView AwsAccessKeyId{"awsAccessKeyId"};
inline constexpr QLatin1StringView AwsSecretAccessKey{"awsSecretAccessKey"};
inline constexpr QLatin1StringView AwsSessionToken{"awsSessionToken"};
inline constexpr QLatin1StringView AwsProfile{"awsProfile"};
inline constexpr QLatin1StringView AwsSharedCredentialsFile{"awsSharedCredentialsFile"};
inline constexpr QLatin1StringView BedrockBaseUrl{"bedrockBaseUrl"};
inline constexpr QLatin1StringView AirsApiKey{"airsApiKey"};
inline constexpr QLatin1StringView AirsApiEndpoint{"airsApiEndpoint"};
inline constexpr QLatin1StringView AirsProfile{"airsProfile"};
inline constexpr QLatin1StringView MgmtClientId{"mgmtClientId"};
inline constexpr QLatin1StringView MgmtClientSecret{"mgmtClientSecret"};
inline constexpr QLatin1StringView MgmtTsgId{"mgmtTsgId"};
inline constexpr QLatin1StringView MgmtEndpoint{"mgmtEndpoint"};
inline constexpr QLatin1StringView MgmtTokenEndpoint{"mgmtTokenEndpoint"};
inline constexpr QLatin1StringView RedTeamEndpoint{"redTeamEndpoint"};
inline constexpr QLatin1StringView ScanConcurrency{"scanConcurrency"};
inline constexpr QLatin1StringView ScanRate{"scanRate"};
inline constexpr QLatin1StringView PropagationDelayMs{"propagationDelayMs"};
inline constexpr QLatin1StringView RequestTimeoutMs{"requestTimeoutMs"}; // per AIRS request attempt
inline constexpr QLatin1StringView LlmTimeoutMs{"llmTimeoutMs"};         // per LLM call attempt
inline constexpr QLatin1StringView AccumulateTests{"accumulateTests"};
inline constexpr QLatin1StringView MaxAccumulatedTests{"maxAccumulatedTests"};
inline constexpr QLatin1StringView DataDir{"dataDir"};
inline constexpr QLatin1StringView MemoryDir{"memoryDir"};
inline constexpr QLatin1StringView MemoryEnabled{"memoryEnabled"};
inline constexpr QLatin1StringView MaxMemoryChars{"maxMemoryChars"};
inline constexpr QLatin1StringView MemoryHalfLifeDays{"memoryHalfLifeDays"};
inline constexpr QLatin1StringView MemoryRequireReview{"memoryRequireReview"};

} // namespace ConfigKeys
