#pragma once

#include <QString>

// A topic request typed in another language the app's catalogue speaks, read as the English the
// sandbox LLM designs from (issue 58: "Anfragen zum Kauf von Waffen blockieren" kept
// "blockieren" in the topic's name, description, examples and companion, and missed the
// weapons subject). The intent verb ("blockieren", "erlauben") moves to the front as English
// ("Block", "Allow"), request words ("Anfragen zum") become "requests for", articles go, and
// the subject's words are translated with a small dictionary where it knows them ("Kauf von
// Waffen" -> "buying weapons"); a word it does not know is kept as typed. English text, and
// text in a language it does not know, comes back unchanged. Only German is known today: the
// app's one catalogue language besides English.
namespace TopicRequest {

QString inEnglish(const QString &text);
// The catalogue language `text` reads as ("de"), or empty for English and anything unknown.
QString languageOf(const QString &text);

} // namespace TopicRequest
