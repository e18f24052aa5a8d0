#pragma once

#include <QtGlobal>

// The tokens one or more LLM calls used, as the provider counted them. A value of the domain,
// beside RunUsage: the providers (engine/llm) fill it, the price table (engine/config) prices
// it, and neither needs the other for that.
struct LlmUsage
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    LlmUsage &operator+=(const LlmUsage &o)
    {
        inputTokens += o.inputTokens;
        outputTokens += o.outputTokens;
        return *this;
    }
};
