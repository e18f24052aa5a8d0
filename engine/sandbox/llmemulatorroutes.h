#pragma once

#include <QRegularExpression>
#include <QStringView>

// The paths the sandbox LLM serves besides OpenAI's /v1/chat/completions.
namespace LlmEmulatorRoutes {

inline constexpr QStringView ChatPath = u"/v1/chat/completions";
inline constexpr QStringView TokenPath = u"/token";
// /v1/projects/{p}/locations/{l}/publishers/{google|anthropic}/models/{m}:{method}: captures
// 1 project, 2 location, 3 publisher, 4 model, 5 generateContent | rawPredict.
const QRegularExpression &vertex();
// /model/{modelId}/converse (the decoded path): capture 1 is the model id.
const QRegularExpression &bedrock();

} // namespace LlmEmulatorRoutes
