#pragma once

#include <QSet>
#include <QString>

// Text rules for learnings: the normal form that near-duplicate detection compares, the
// trigram similarity itself, and the one-line form an insight takes inside a prompt.
namespace LearningText {

// The default near-duplicate threshold: trigram Jaccard similarity of the normal forms.
inline constexpr double NearDuplicateThreshold = 0.8;

// Lower-case; a leading "KNOWN PITFALL: " dropped (an inverted learning is still the same
// observation); every run of characters that are not letters or digits (punctuation,
// whitespace, symbols) becomes one space; trimmed. Letters of any script are kept.
QString normalised(QStringView text);

// The set of 3-character windows of a normal form (the whole text when it is shorter).
QSet<quint64> trigrams(QStringView normalisedText);

// Jaccard similarity |A ∩ B| / |A ∪ B| of the trigram sets of the two normal forms; 1 for two
// texts with the same normal form (including two empty ones), 0 when only one is empty.
double similarity(QStringView a, QStringView b);
double similarity(const QSet<quint64> &a, const QSet<quint64> &b);

// A 64-bit hash of normalised(text), computed without building it (for fast exact dedup of
// normal forms; a match should be confirmed with normalised()).
quint64 normalisedHash(QStringView text);

bool isNearDuplicate(QStringView a, QStringView b, double threshold = NearDuplicateThreshold);

// The text as one prompt line: every run of characters containing a control character (line
// breaks, tabs, U+2028/U+2029, other C0/C1 controls) becomes one space, with no space left at
// either end; text without control characters is returned unchanged. Then, when `maxChars` > 0
// and the text is longer, it is cut to at most `maxChars` characters ending in "…": at the last
// space in the final third when there is one, never inside a surrogate pair.
QString promptLine(const QString &text, int maxChars);

} // namespace LearningText
