#pragma once

#include "llm/llmtypes.h"
#include "memorystore/learningextractor.h"

#include <QObject>
#include <QPointer>

class LlmProvider;
class StructuredCall;

// The extract_learnings call (behaviour reference §3.2, §4.4) on the run's LLM provider, as
// memorystore's LearningExtractor. The original makes one attempt; this one makes up to
// MaxAttempts (an invalid answer is asked for again). A failure is reported through
// ExtractResult::error, never raised. Lives in the thread of its provider.
class LlmLearningExtractor final : public QObject, public LearningExtractor
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmLearningExtractor)
public:
    static constexpr int MaxAttempts = 2;

    explicit LlmLearningExtractor(LlmProvider *provider, QObject *parent = nullptr);
    ~LlmLearningExtractor() override;

    // One extraction at a time: a second call while one is in flight aborts the first
    // (whose `done` is then never called).
    void extract(const ExtractRequest &request, std::function<void(ExtractResult)> done) override;
    void abort(); // the pending `done` is never called

    // What the extractions since the last take used: tokens and answered attempts
    // (StructuredResult::answered). Taken (and cleared) by the run memory after each extraction.
    struct Usage
    {
        LlmUsage tokens;
        int answered = 0;
    };
    Usage takeUsage() { return std::exchange(m_usage, {}); }

    // The model's answer as memorystore drafts (PromptBook::extractionFromJson).
    static ExtractResult resultFromJson(const QJsonObject &object);

private:
    QPointer<LlmProvider> m_provider;
    QPointer<StructuredCall> m_call;
    Usage m_usage;
};
