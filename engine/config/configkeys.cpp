#include "configkeys.h"

using namespace Qt::StringLiterals;
using ConfigKeys::Key;
using ConfigKeys::Type;

const QList<Key> &ConfigKeys::all()
{
    static const QStringList providers{u"claude-api"_s,   u"openai"_s,         u"openai-compatible"_s,
                                       u"gemini-api"_s,   u"ollama"_s,         u"claude-vertex"_s,
                                       u"claude-bedrock"_s, u"gemini-vertex"_s, u"sandbox"_s};
    static const QList<Key> keys{
        {u"llmProvider"_s, u"LLM_PROVIDER"_s, Type::Choice, u"claude-api"_s, 0, 0, false, providers},
        {u"llmModel"_s, u"LLM_MODEL"_s, Type::String, {}},
        {u"anthropicApiKey"_s, u"ANTHROPIC_API_KEY"_s, Type::String, {}, 0, 0, true},
        {u"anthropicBaseUrl"_s, u"ANTHROPIC_BASE_URL"_s, Type::Url, u"https://api.anthropic.com"_s},
        {u"openaiApiKey"_s, u"OPENAI_API_KEY"_s, Type::String, {}, 0, 0, true},
        {u"openaiBaseUrl"_s, u"OPENAI_BASE_URL"_s, Type::Url, u"https://api.openai.com/v1"_s},
        {u"googleApiKey"_s, u"GOOGLE_API_KEY"_s, Type::String, {}, 0, 0, true},
        {u"geminiBaseUrl"_s, u"GEMINI_BASE_URL"_s, Type::Url,
         u"https://generativelanguage.googleapis.com"_s},
        {u"ollamaBaseUrl"_s, u"OLLAMA_BASE_URL"_s, Type::Url, u"http://localhost:11434"_s},
        // Vertex AI: the names Google's and Anthropic's SDKs read.
        {u"googleCloudProject"_s, u"GOOGLE_CLOUD_PROJECT"_s, Type::String, {}, 0, 0, false, {},
         {u"ANTHROPIC_VERTEX_PROJECT_ID"_s, u"GCLOUD_PROJECT"_s}},
        {u"googleCloudLocation"_s, u"GOOGLE_CLOUD_LOCATION"_s, Type::String, u"us-central1"_s, 0, 0,
         false, {}, {u"CLOUD_ML_REGION"_s}},
        {u"googleCredentialsFile"_s, u"GOOGLE_APPLICATION_CREDENTIALS"_s, Type::Path, {}},
        {u"googleCredentialsJson"_s, {}, Type::String, {}, 0, 0, true},
        {u"googleVertexBaseUrl"_s, u"GOOGLE_VERTEX_BASE_URL"_s, Type::Url, {}},
        {u"anthropicVertexBaseUrl"_s, u"ANTHROPIC_VERTEX_BASE_URL"_s, Type::Url, {}},
        // Bedrock: the AWS SDKs' names.
        {u"awsRegion"_s, u"AWS_REGION"_s, Type::String, u"us-east-1"_s, 0, 0, false, {},
         {u"AWS_DEFAULT_REGION"_s}},
        {u"awsAccessKeyId"_s, u"AWS_ACCESS_KEY_ID"_s, Type::String, {}, 0, 0, true},
        {u"awsSecretAccessKey"_s, u"AWS_SECRET_ACCESS_KEY"_s, Type::String, {}, 0, 0, true},
        {u"awsSessionToken"_s, u"AWS_SESSION_TOKEN"_s, Type::String, {}, 0, 0, true},
        {u"awsProfile"_s, u"AWS_PROFILE"_s, Type::String, {}},
        {u"awsSharedCredentialsFile"_s, u"AWS_SHARED_CREDENTIALS_FILE"_s, Type::Path, {}},
        {u"bedrockBaseUrl"_s, u"ANTHROPIC_BEDROCK_BASE_URL"_s, Type::Url, {}, 0, 0, false, {},
         {u"AWS_ENDPOINT_URL_BEDROCK_RUNTIME"_s}},
        {u"airsApiKey"_s, u"PANW_AI_SEC_API_KEY"_s, Type::String, {}, 0, 0, true},
        {u"airsApiEndpoint"_s, u"PANW_AI_SEC_API_ENDPOINT"_s, Type::Url,
         u"https://service.api.aisecurity.paloaltonetworks.com"_s},
        {u"airsProfile"_s, u"PANW_AI_SEC_PROFILE_NAME"_s, Type::String, {}},
        {u"mgmtClientId"_s, u"PANW_MGMT_CLIENT_ID"_s, Type::String, {}},
        {u"mgmtClientSecret"_s, u"PANW_MGMT_CLIENT_SECRET"_s, Type::String, {}, 0, 0, true},
        {u"mgmtTsgId"_s, u"PANW_MGMT_TSG_ID"_s, Type::String, {}},
        {u"mgmtEndpoint"_s, u"PANW_MGMT_ENDPOINT"_s, Type::Url,
         u"https://api.sase.paloaltonetworks.com/aisec"_s},
        {u"mgmtTokenEndpoint"_s, u"PANW_MGMT_TOKEN_ENDPOINT"_s, Type::Url,
         u"https://auth.apps.paloaltonetworks.com/oauth2/access_token"_s},
        {u"redTeamEndpoint"_s, u"PANW_RED_TEAM_MGMT_ENDPOINT"_s, Type::Url,
         u"https://api.sase.paloaltonetworks.com/ai-red-teaming/mgmt-plane"_s},
        {u"requestTimeoutMs"_s, u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, Type::Int, 30000, 500, 600000},
        {u"llmTimeoutMs"_s, u"DAYSTROM_LLM_TIMEOUT_MS"_s, Type::Int, 180000, 500, 900000},
        {u"scanConcurrency"_s, u"SCAN_CONCURRENCY"_s, Type::Int, 5, 1, 20},
        {u"scanRate"_s, u"SCAN_RATE"_s, Type::Double, 0.0, 0, 1000},
        {u"propagationDelayMs"_s, u"PROPAGATION_DELAY_MS"_s, Type::Int, 10000, 0, 120000},
        {u"accumulateTests"_s, u"ACCUMULATE_TESTS"_s, Type::Bool, false},
        {u"maxAccumulatedTests"_s, u"MAX_ACCUMULATED_TESTS"_s, Type::Int, 0, 0, 100000},
        {u"dataDir"_s, u"DATA_DIR"_s, Type::Path, {}},
        {u"memoryDir"_s, u"MEMORY_DIR"_s, Type::Path, {}},
        {u"memoryEnabled"_s, u"MEMORY_ENABLED"_s, Type::Bool, true},
        {u"maxMemoryChars"_s, u"MAX_MEMORY_CHARS"_s, Type::Int, 3000, 500, 10000},
        {u"memoryHalfLifeDays"_s, u"MEMORY_HALF_LIFE_DAYS"_s, Type::Double, 90.0, 0, 3650},
        {u"memoryRequireReview"_s, u"MEMORY_REQUIRE_REVIEW"_s, Type::Bool, false},
    };
    return keys;
}

QStringList Key::environmentNames() const
{
    QStringList names;
    if (!env.isEmpty())
        names.append(env);
    names.append(envAliases);
    return names;
}

const Key *ConfigKeys::find(const QString &name)
{
    for (const Key &k : all()) {
        if (k.name == name)
            return &k;
    }
    return nullptr;
}
