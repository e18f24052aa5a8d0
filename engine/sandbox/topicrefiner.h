#pragma once

#include "domain/topic.h"

#include <QSet>
#include <optional>
#include <QStringList>

struct CorpusDomain;

// The editing step of the sandbox LLM's improve_topic and simplify_topic. It only ever adds or
// removes whole, grammatical pieces, judged by the AIRS emulator's own TopicMatcher:
//  - the description has the shape "<lead>, including <phrase>, <phrase> and <phrase>." where
//    every phrase comes from the domain's phrase list (CorpusDomain::phrases);
//  - an example is either a whole prompt (kept or dropped whole) or "Tell me about <phrase>,
//    <phrase> and <phrase>." with phrases from the same list.
// pushOut() drops the phrases (or whole examples) a false positive matched; foldIn() gives
// each still-missed prompt the phrase that makes the topic match it, or else adds the prompt
// itself as an example. At most MaxFoldedPerRound additions per round, so a run takes a few
// iterations to converge; the byte limits hold throughout (description 250, each example 250,
// everything 1000, 2 to 5 examples).
class TopicRefiner final
{
public:
    static constexpr int MaxFoldedPerRound = 8;

    TopicRefiner(const CorpusDomain &domain, const QString &name, const QString &fallbackLead);

    void load(const QString &description, const QStringList &examples);
    void pushOut(const QStringList &falsePositives);
    void foldIn(const QStringList &falseNegatives, const QStringList &falsePositives);
    // Keeps the first half of the description's phrases and at most `maxExamples` examples.
    void halve(int maxExamples);
    // Adds whole examples from `candidates` (in order) until there are `minExamples`.
    void topUp(const QStringList &candidates, int minExamples);
    // Works a person's hint into the description's closing part (HintPhrase), dropping the
    // description's last phrases when that is what makes room; unchanged when nothing fits.
    void addHint(const QString &hint);
    Topic topic() const;

    QString lead() const { return m_lead; }
    QStringList descriptionPhrases() const;

    static QString joinAnd(const QStringList &items);
    static QString renderDescription(const QString &lead, const QStringList &phrases);
    static QString renderExample(const QStringList &phrases);

private:
    struct Text
    {
        bool description = false;
        bool verbatim = false; // a whole prompt: kept or dropped whole
        QString verbatimText;
        QStringList phrases;
    };

    QString render(const Text &text) const;
    bool fits(const QList<Text> &texts) const;
    bool matches(const QString &prompt, const QList<Text> &texts) const;
    Topic topicOf(const QList<Text> &texts) const;
    // The pool phrases `text` consists of, in order, when it is exactly their rendering.
    std::optional<QStringList> phrasesOf(const QString &body) const;

    const CorpusDomain &m_domain;
    QString m_name;
    QString m_lead;
    QString m_tail; // ", as well as …" a person's hint added to the description
    QList<Text> m_texts; // [0] is the description
};
