#pragma once

#include "domain/topic.h"

#include <QSet>
#include <QStringList>

// The emulator's stand-in for AIRS's topic classifier: deterministic, and meaningful enough
// that a topic whose description and examples really cover a prompt's vocabulary scores
// higher than one that does not.
//
// Text is cut into lower-case word tokens; short words (< 3 letters) and stop words are
// dropped; plurals, -ing/-ed endings and a final 'e' are lightly stemmed. Against one text (the
// topic's description or one example) a prompt scores
//     0.7 · coverage + 0.3 · trigram Jaccard
// where coverage is the share of the prompt's distinct content tokens that occur in the text
// and the Jaccard index is over the character trigrams of both token streams. A topic's score
// is the best score over its description and examples; it matches at score >= threshold.
class TopicMatcher final
{
public:
    static constexpr double DefaultThreshold = 0.35;
    static constexpr double CoverageWeight = 0.7;
    // The whole topic (description and examples together) scores this much less than one text.
    static constexpr double UnionPenalty = 0.05;

    explicit TopicMatcher(double threshold = DefaultThreshold);

    double threshold() const { return m_threshold; }
    double score(const QString &prompt, const Topic &topic) const; // in [0, 1]
    bool matches(const QString &prompt, const Topic &topic) const;

    // Exposed for tests.
    static QStringList contentTokens(const QString &text);
    static QString stem(const QString &word);
    static double textScore(const QStringList &promptTokens, const QString &text);

private:
    static QString stripSuffix(const QString &word);
    static QSet<QString> trigrams(const QStringList &tokens);

    double m_threshold;
};
