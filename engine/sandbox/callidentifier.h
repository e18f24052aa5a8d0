#pragma once

#include <QString>

// Which prompt-book call a request is, from its system prompt: for wire formats that carry no
// schema or tool name (Gemini's generateContent). Each call's system prompt opens with its own
// first line; a memory section is only ever appended at the end.
namespace CallIdentifier {

// The call name, or empty when the system prompt is none of the prompt book's.
QString fromSystemPrompt(const QString &system);

} // namespace CallIdentifier
