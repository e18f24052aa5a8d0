#pragma once

#include "domain/runsettings.h"

#include <QString>

struct CorpusDomain;
class SandboxCorpus;

// What the sandbox will design for a topic text, said before the run: the subject phrase it
// writes about, the name it gives the topic, and whether a built-in domain with hand-written
// prompts covers it (otherwise simple template prompts are written for the subject).
struct SandboxSubjectAssessment
{
    QString subject;   // the subject phrase it will design for ("cryptocurrency investment advice")
    QString topicName; // the name it will give the topic
    bool curated = false; // true when a built-in domain with hand-written prompts matches
    QString domainTitle;  // that domain's title when curated
};

// The sandbox LLM never swaps the topic: every call recovers the subject from the words the
// user typed (generate_topic, generate_benchmark) or from the topic name derived from them
// (every later call), and designs for that subject.
namespace SandboxSubject {

SandboxSubjectAssessment assess(const QString &topicText, Intent intent);

// The subject noun phrase of a topic text (read as English first, TopicRequest::inEnglish):
// request boilerplate ("Block requests for",
// "Allow questions about", a trailing "questions") stripped, infinitives after "to" turned
// into gerunds ("to obtain or use X" -> "obtaining or using X"), cut at the first sentence
// break and to at most MaxSubjectBytes. The words keep the case they were typed in, except a
// capitalised first word of the text.
QString fromText(const QString &topicText);
// The subject a topic name stands for: the name with its first letter lowered (acronyms
// kept). The sandbox's own names are the subject capitalised, so this inverts nameFor.
QString fromName(const QString &name);
// The topic name for a subject: its first letter capitalised, within the name limit.
QString nameFor(const QString &subject);
// The same text with its first letter capitalised.
QString capitalised(const QString &text);

// The built-in domain that covers `subject` (SandboxCorpus::bestMatch), or a template domain
// written for it.
CorpusDomain domainFor(const SandboxCorpus &corpus, const QString &subject, Intent intent);

inline constexpr qsizetype MaxSubjectBytes = 80;

} // namespace SandboxSubject
