#pragma once

#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QJsonObject>
#include <QStringList>

class PromptReader;
class SandboxCorpus;
struct CorpusDomain;

// The sandbox LLM's topic author: generate_topic, generate_companion, improve_topic and
// simplify_topic. It designs for the subject the user typed (SandboxSubject): the name is that
// subject, and every later call recovers the subject from the name, so the topic is never
// swapped. A built-in domain is used only when it genuinely covers the subject; otherwise
// TemplateBank writes for it. Descriptions read "<lead>, including <phrase> and <phrase>."
// (TopicRefiner does the editing); examples are whole sentences.
class TopicWriter final
{
public:
    explicit TopicWriter(const SandboxCorpus &corpus);

    QJsonObject generate(const PromptReader &prompt) const;
    QJsonObject companion(const PromptReader &prompt) const;
    QJsonObject improve(const PromptReader &prompt) const;
    QJsonObject simplify(const PromptReader &prompt) const;

    // The longest word-aligned prefix of `text` within `maxBytes` UTF-8 bytes.
    static QString fitWords(const QString &text, qsizetype maxBytes);

private:
    QStringList starterExamples(const CorpusDomain &domain, Intent intent, const QString &seedText,
                                int count) const;

    const SandboxCorpus &m_corpus;
};
