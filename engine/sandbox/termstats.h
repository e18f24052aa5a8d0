#pragma once

#include <QHash>
#include <QSet>
#include <QStringList>

// Word statistics for the sandbox LLM. Words are cut and stemmed exactly as the AIRS
// emulator's TopicMatcher does, so a term the sandbox LLM folds into a topic is the term the
// emulator will match on.
namespace TermStats {

struct Term
{
    QString stem;    // matcher form, e.g. "untraceabl"
    QString surface; // the word as written, lower-cased, e.g. "untraceable"
};

QList<Term> terms(const QString &text);   // content words in order, repeats kept
QSet<QString> stems(const QString &text); // distinct content stems
QSet<QString> stems(const QStringList &texts);

// Share of `prompt`'s stems found in `text` (0 when the prompt has none): the matcher's main
// signal, and how the sandbox LLM judges whether a topic text covers a prompt.
double coverage(const QSet<QString> &prompt, const QSet<QString> &text);

// How many of `texts` contain each stem, with the first surface form seen.
struct Counts
{
    QHash<QString, int> count;
    QHash<QString, QString> surface;
    QStringList order; // stems in first-seen order
    int texts = 0;

    int of(const QString &stem) const { return count.value(stem); }
    // Stems seen in at least `minCount` texts, most frequent first, ties in first-seen order.
    QStringList ranked(int minCount = 1) const;
};
Counts count(const QStringList &texts);

} // namespace TermStats
