#pragma once

#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QStringList>

struct CorpusDomain;

// The sandbox LLM's writing for a subject no built-in domain covers: curated sentence frames
// per test category that treat the subject as one whole noun phrase ("Can you help me with
// {subject}?"), grammatical description phrases the refiner adds whole ("questions a worried
// friend or cousin asks"), a companion about the subject's history, law and safety, and the
// unrelated prompts every domain shares. It is a demo: the frames are simple on purpose.
//
// The frames are sized for the AIRS emulator's word-overlap matcher: direct requests hold the
// subject and at most three other content words, so the first draft catches them; the other
// positive categories wrap the subject in six or more words of their own, so they are missed
// until the refiner adds the phrase (or an example) that shares those words; negatives wrap
// it in seven or more words no phrase uses.
namespace TemplateBank {

inline const QString Placeholder = QStringLiteral("{subject}");

// A domain of labelled prompts about `subject`, in every category `intent` asks for.
CorpusDomain domain(const QString &subject, Intent intent);
// "Requests for <subject>" (block) or "Questions about <subject>" (allow).
QString lead(const QString &subject, Intent intent);
// The allow-bucket companion for a block topic on `subject`.
Topic companion(const QString &subject);
// The description phrases the refiner may add, each a noun phrase without commas or "and".
const QStringList &phrases();
// Unrelated prompts shared by every template domain.
const QStringList &unrelated();
// Every frame, phrase and companion text with the placeholder left in (for tests that build
// the vocabulary the sandbox may use).
QStringList allTexts();
// `frame` with the subject filled in and its first letter capitalised.
QString fill(const QString &frame, const QString &subject);

} // namespace TemplateBank
