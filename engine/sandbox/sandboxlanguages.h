#pragma once

#include <QString>

#include <functional>
#include <optional>

// The sandbox's notion of languages (issue 43). Palo Alto documents custom topics as
// English-only, so the emulated classifier matches English text only (how a live tenant treats
// other languages is inferred: it may catch some). The sandbox LLM "translates" with a small
// dictionary of common words, which is enough for that classifier to tell the language apart.
namespace SandboxLanguages {

// False when the text reads as another language: more of its common words belong to German,
// French, Spanish, Italian, Portuguese or Dutch than to English, or most of its letters are
// outside the Latin script.
bool looksEnglish(const QString &text);

// The text with its common words replaced by the language's (content words stay, as loanwords
// often do); nullopt for a language the sandbox does not know.
std::optional<QString> translate(const QString &text, const QString &language);

// `text` with each run of letters replaced by `replace(word, atStart)` (`atStart`: nothing but
// whitespace was written before it); everything between the words is kept. The sandbox LLM's
// translations and paraphrases are made with it.
QString replaceWords(const QString &text, const std::function<QString(const QString &word, bool atStart)> &replace);
// The text trimmed, without its closing ".", "?" or "!".
QString withoutEndPunctuation(QString text);

} // namespace SandboxLanguages
