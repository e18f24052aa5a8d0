#include "sandboxbrain.h"

#include "analysiswriter.h"
#include "learningwriter.h"
#include "promptreader.h"
#include "responsewriter.h"
#include "rewritewriter.h"
#include "sandboxcorpus.h"
#include "testwriter.h"
#include "topicwriter.h"

#include "llm/prompts/promptbook.h"

SandboxBrain::SandboxBrain(const SandboxCorpus &corpus)
    : m_corpus(corpus)
{}

std::optional<QJsonObject> SandboxBrain::answer(const QString &callName, const QString &system,
                                                const QString &user) const
{
    namespace Call = PromptBook::CallName;
    const PromptReader prompt(system, user);
    const TopicWriter topics(m_corpus);
    if (callName == Call::GenerateTopic)
        return topics.generate(prompt);
    if (callName == Call::GenerateCompanion)
        return topics.companion(prompt);
    if (callName == Call::ImproveTopic)
        return topics.improve(prompt);
    if (callName == Call::SimplifyTopic)
        return topics.simplify(prompt);
    if (callName == Call::GenerateTests)
        return TestWriter(m_corpus).write(prompt);
    if (callName == Call::GenerateBenchmark)
        return TestWriter(m_corpus).writeBenchmark(prompt);
    if (callName == Call::GenerateResponses)
        return ResponseWriter(m_corpus).write(prompt);
    if (callName == Call::RewritePrompts)
        return RewriteWriter::write(prompt);
    if (callName == Call::AnalyzeResults)
        return AnalysisWriter::write(prompt);
    if (callName == Call::ExtractLearnings)
        return LearningWriter::write(prompt);
    return std::nullopt;
}
