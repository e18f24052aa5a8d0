#pragma once

#include <QString>

// The sandbox LLM acting on a person's hint for a proposal ("also cover buying ammunition
// online") the way a writer would: the subject matter it asks for is worked into the
// description as a phrase of the sentence ("…, as well as buying ammunition online."), never
// pasted after it (issue 58: "…illegal guns; also: also cover buying ammunition online").
namespace HintPhrase {

inline const QString AlsoConnector = QStringLiteral(", as well as ");
inline const QString NotConnector = QStringLiteral(", but not ");

struct Phrase
{
    QString text;         // a noun or gerund phrase made of the hint's own words; empty for none
    bool exclude = false; // the hint asks to leave it out ("do not cover X", "exclude X")
};

// What the hint asks to cover or leave out: its instruction words ("please", "also", "cover",
// "focus on", "as well") taken off. Empty when nothing is left, or when what is left is an
// instruction the sandbox cannot express in a description ("make it shorter").
Phrase of(const QString &hint);

// The closing part of a description (empty, or starting with AlsoConnector or NotConnector)
// with `phrase` added: a new connector, or "and"/"or" joining an earlier hint's of the same kind.
QString extendedTail(const QString &tail, const Phrase &phrase);

// `description` with the hint's phrase worked in before its full stop, after
// AlsoConnector or NotConnector (or joined with "and"/"or" to an earlier hint's); within
// `maxBytes` of UTF-8, the description shortened by whole words to make room. Unchanged when
// the hint adds nothing, the description already says it, or there is no room.
QString applied(const QString &description, const QString &hint, qsizetype maxBytes);

} // namespace HintPhrase
