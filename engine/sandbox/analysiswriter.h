#pragma once

#include <QJsonObject>

class PromptReader;

// The sandbox LLM's analyst (analyze_results): word statistics of the false negatives against
// the false positives, read from the prompt's two lists, turned into patterns and suggestions
// ordered by the intent's priorities.
class AnalysisWriter final
{
public:
    static QJsonObject write(const PromptReader &prompt);
};
