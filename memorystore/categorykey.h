#pragma once

#include "domain/runsettings.h"

#include <QString>
#include <QStringList>

#include <optional>

// The memory category of a topic description (behaviour reference §4.1), so that both tools
// file learnings for "Block the use of weapons" under memory/block-use-weapons.json, and the
// rule that decides which categories' learnings a topic receives (§4.3, by subject words).
namespace CategoryKey {

// The original's steps, for letters of every script: the text is put in NFKC, case-folded and
// put in NFKC again (so "Straße", "STRASSE" and "strasse" agree, and so do composed and
// decomposed "ä"); ASCII keeps only a–z and 0–9, other characters keep letters, marks and
// numbers; whitespace separates words and everything else is deleted (so "self-harm" is
// "selfharm", as in the original). Then the original's stop words go, duplicates go, the
// words are sorted by code unit and joined with "-"; nothing left = "uncategorized". For ASCII
// text this is exactly the original's key.
QString fromDescription(const QString &description);

// The words of a key (split on "-", each case-folded in NFKC, as fromDescription() leaves
// them: a file name in another normal form still matches), distinct and sorted.
QStringList words(const QString &key);

// The intent and framing words (block, allow, requests, questions, discussions, content,
// topics, advice, …) that say what is done with a subject or how it is asked about, not what
// it is. Keys keep them (files are named as the original names them); relevance ignores them.
// Sorted; the single list the README documents.
const QStringList &framingWords();
bool isFramingWord(const QString &word);

// German, French and Spanish articles, prepositions and conjunctions ("von", "beim", "des",
// "pour", "para"…), case-folded and sorted: keys keep them, relevance ignores them.
const QStringList &foreignStopWords();

// words(key) without the framing words and the foreign stop words.
QStringList subjectWords(const QString &key);

// Two subject words name the same subject: they are equal, or the longer is a compound that
// starts or ends with the shorter, of five letters at least ("phishingemails" and "emails").
bool sameSubject(const QString &a, const QString &b);

// Why (or whether) a memory file's key is relevant to a topic's key.
struct Match
{
    bool related = false;
    bool sameKey = false;    // the topic's own category: always relevant
    QStringList sharedWords; // the subject words both keys have, sorted
};

// A file is relevant to a topic when it is the topic's own category, or when at least half the
// subject words of the smaller subject set are in the other (the original's 0.5 of the smaller
// set, measured on subject words instead of all words, a word found alone or in a compound:
// sameSubject()). A key with no subject word is relevant
// only to itself. Both lists must be sorted and distinct (subjectWords()).
Match matchSubjects(const QStringList &topicSubjects, const QStringList &fileSubjects);
Match match(const QString &topicKey, const QString &fileKey);
bool related(const QString &a, const QString &b);

// The intent a category key states: allow when it has an allow word (allow, allowed,
// allowing, allows, permit, permitted) and no block word (block, blocked, deny, prevent,
// prohibit, restrict, …), otherwise block, the original's default intent. Used for learnings
// and anti-patterns written by the original, which do not record their intent.
Intent statedIntent(const QString &key);

} // namespace CategoryKey
