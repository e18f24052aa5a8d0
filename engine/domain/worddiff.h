#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// One run of text in a word-level diff: unchanged, only in the new text, or only in the old.
struct DiffSpan
{
    enum class Kind { Same, Added, Removed };
    Kind kind = Kind::Same;
    QString text;

    friend bool operator==(const DiffSpan &, const DiffSpan &) = default;
};

// Word-level diff (dtl's shortest edit script over word tokens). Tokens are runs of letters
// and digits, runs of whitespace, and single punctuation characters, so the spans reassemble
// both texts exactly: Same + Removed gives the old text, Same + Added the new one. Inside a
// changed stretch, whitespace between changed words is folded into the change, so a phrase
// that was rewritten reads as one Removed span followed by one Added span.
namespace WordDiff {

QStringList tokenize(const QString &text);
QList<DiffSpan> diff(const QString &before, const QString &after);

QString oldText(const QList<DiffSpan> &spans);                       // Same + Removed
QString newText(const QList<DiffSpan> &spans);                       // Same + Added
int changedWords(const QList<DiffSpan> &spans, DiffSpan::Kind kind); // word tokens in that kind

} // namespace WordDiff
