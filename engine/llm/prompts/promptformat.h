#pragma once

#include "domain/categorybreakdown.h"
#include "domain/runsettings.h"
#include "domain/testresult.h"
#include "domain/topic.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

// Text building blocks shared by the prompt files. Every format here is also read back by the
// sandbox LLM (engine/sandbox/promptreader), so a change must keep both sides in step.
namespace PromptFormat {

// The most prompts one FP or FN list shows, and the most characters of each prompt; longer
// lists end with "- … and N more", longer prompts are cut at a word boundary with "…".
inline constexpr int MaxListedPrompts = 40;
inline constexpr int MaxPromptChars = 300;

// Single-pass substitution of "{name}" placeholders. Substituted text is never scanned again,
// so a "{…}" inside a user's description stays literal; unknown placeholders stay as they are.
QString fill(const QString &templ, const QHash<QString, QString> &values);

// The system message with the memory section appended at its end (nothing when empty).
QString withMemory(const QString &system, const QString &memory);

QString intentWord(Intent intent); // "block" / "allow"
// The line that asks for `fields` in the person's language (RunSettings::notesLanguage):
// empty for English or no language, so those prompts stay the original's word for word.
QString notesLanguageLine(const QString &code, const QString &fields);

// Whitespace runs (newlines included) collapsed to one space, ends trimmed: keeps every
// labelled value on its own line.
QString oneLine(const QString &text);

// At most `maxChars` UTF-16 units, cut at the last word boundary (a single over-long word is
// cut at a character boundary, never inside a surrogate pair or a grapheme), then "…".
QString clip(const QString &text, qsizetype maxChars);

QString numberedList(const QStringList &items);                           // "1. a\n2. b"
QString quotedList(const QStringList &items);                             // "\"a\", \"b\""
QString joinedOrNone(const QStringList &items, const QString &separator); // or "None"

// Examples as "1. …" lines, or "None (description-only mode)" (generate_tests).
QString examplesNumbered(const QStringList &examples);
// Examples quoted and joined ", ", or "None (description-only)" (analyze, improve, simplify).
QString examplesInline(const QStringList &examples);

enum class Error { FalsePositive, FalseNegative };
QList<TestCase> failures(const QList<TestResult> &results, Error kind);
// `- "<prompt>" (<category>)` lines (analyze_results) or `- "<prompt>"` lines (improve_topic),
// or "None".
QString promptLines(const QList<TestCase> &tests, bool withCategory);

// What the person steering the run asked of the next proposal (step mode), appended to the
// user message of generate_topic, improve_topic and simplify_topic: their hint, the proposal
// they turned down and the examples they keep. Empty when there is none of these.
QString guidanceSection(const QString &hint, const std::optional<Topic> &rejected, const QStringList &kept);
// Labels the person corrected, for generate_tests: "- "<prompt>" should (not) trigger" lines
// under a heading; empty when there are none.
QString correctionsSection(const QList<TestCase> &corrected);
// §3.2's breakdown section of generate_tests; empty for an empty breakdown.
QString breakdownSection(const QList<CategoryBreakdown> &breakdown);

} // namespace PromptFormat
