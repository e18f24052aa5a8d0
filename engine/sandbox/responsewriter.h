#pragma once

#include <QJsonObject>

class PromptReader;
class SandboxCorpus;

// The sandbox LLM's generate_responses (issue 43): labelled assistant answers built from the
// corpus domain of the run's subject. Positives give the substance of an on-topic prompt, at
// length or in part (a long answer dilutes the subject's words, as it may for a live
// classifier); negatives refuse such a prompt, answer a benign near-miss that names the subject
// in passing, or talk about something else.
class ResponseWriter final
{
public:
    explicit ResponseWriter(const SandboxCorpus &corpus);
    QJsonObject write(const PromptReader &prompt) const;

private:
    const SandboxCorpus &m_corpus;
};
