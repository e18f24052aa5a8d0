#pragma once

#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QJsonObject>
#include <QStringList>

class PromptReader;
class SandboxCorpus;
struct CorpusDomain;

// The sandbox LLM's topic author: generate_topic, generate_companion, improve_topic and
// simplify_topic. Every description it writes has the shape
//     "<lead>, including <term>, <term> and <term>."
// so it can read its own earlier work back: the lead comes from the matching corpus domain,
// the terms are folded in from missed prompts and pushed out again when they over-match
// (TopicRefiner does the editing).
class TopicWriter final
{
public:
    explicit TopicWriter(const SandboxCorpus &corpus);

    QJsonObject generate(const PromptReader &prompt) const;
    QJsonObject companion(const PromptReader &prompt) const;
    QJsonObject improve(const PromptReader &prompt) const;
    QJsonObject simplify(const PromptReader &prompt) const;

    struct Definition
    {
        QString lead;
        QStringList terms; // words or short phrases, in the order they were added
    };
    static Definition parseDescription(const QString &description);
    static QString composeDescription(const Definition &definition);
    // The longest word-aligned prefix of `text` within `maxBytes` UTF-8 bytes.
    static QString fitWords(const QString &text, qsizetype maxBytes);

private:
    QStringList starterExamples(const CorpusDomain &domain, Intent intent, const QString &seedText,
                                int count) const;

    const SandboxCorpus &m_corpus;
};
