#include "llmlearningextractor.h"

#include "llm/prompts/promptbook.h"
#include "llm/structuredcall.h"
#include "loop/looplog.h"

using namespace Qt::StringLiterals;

LlmLearningExtractor::LlmLearningExtractor(LlmProvider *provider, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
{}

LlmLearningExtractor::~LlmLearningExtractor()
{
    abort();
}

void LlmLearningExtractor::abort()
{
    if (!m_call)
        return;
    m_call->disconnect(this);
    m_call->abort();
    m_call->deleteLater();
    m_call = nullptr;
}

ExtractResult LlmLearningExtractor::resultFromJson(const QJsonObject &object)
{
    const PromptBook::Extraction e = PromptBook::extractionFromJson(object);
    ExtractResult out;
    for (const PromptBook::ExtractedLearning &l : e.learnings)
        out.learnings.append(LearningDraft{l.insight, l.strategy, l.outcome, l.changeType, l.tags,
                                           l.iteration, l.intentNeutral});
    out.antiPatterns = e.antiPatterns;
    return out;
}

void LlmLearningExtractor::extract(const ExtractRequest &request,
                                   std::function<void(ExtractResult)> done)
{
    abort();
    if (!m_provider) {
        ExtractResult failed;
        failed.error = u"no LLM provider is configured"_s;
        done(failed);
        return;
    }
    const LlmPrompt prompt =
        PromptBook::extractLearnings({request.description, request.intent, request.iterations,
                                      request.bestIteration, request.bestCoverage,
                                      request.notesLanguage});
    LlmRequest llmRequest;
    llmRequest.system = prompt.system;
    llmRequest.user = prompt.user;
    llmRequest.schema = prompt.schema;
    llmRequest.schemaName = prompt.callName;
    StructuredCall::Options options;
    options.maxAttempts = MaxAttempts;
    auto *call = new StructuredCall(m_provider, llmRequest, options, this);
    m_call = call;
    connect(call, &StructuredCall::finished, this,
            [this, call, done = std::move(done)](const StructuredResult &r) {
                call->deleteLater();
                if (m_call == call)
                    m_call = nullptr;
                m_usage.tokens += r.usage;
                m_usage.answered += r.answered;
                ExtractResult result;
                if (r.ok()) {
                    result = resultFromJson(r.object);
                } else {
                    result.error =
                        PromptBook::CallName::ExtractLearnings + u": "_s + r.error.toString();
                    qCWarning(lcLoop).noquote() << "learning extraction failed after" << r.attempts
                                                << "attempts:" << r.error.toString();
                }
                done(result);
            });
    call->start();
}
