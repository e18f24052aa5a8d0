#pragma once

#include "domain/topic.h"

#include <QSet>
#include <QStringList>

struct CorpusDomain;

// The editing step of the sandbox LLM's improve_topic. The topic's texts (the description's
// term list and each example) are treated as bags of key phrases:
//  1. every text a false positive matched loses the weakest words it shares with it (never an
//     exclusion clause); a verbatim example it matched is dropped;
//  2. each missed prompt still uncovered gets just enough of its most telling words (about half
//     its content words, the domain's most specific first) added to the text that needs the
//     fewest new bytes, or to a new example "How to …?";
//  3. the byte limits hold throughout: description 250, each example 250, everything 1000,
//     2 to 5 examples. At most MaxFoldedPerRound missed prompts are folded per round, so a run
//     takes a few iterations to converge.
class TopicRefiner final
{
public:
    static constexpr int MaxFoldedPerRound = 6;

    TopicRefiner(const CorpusDomain &domain, const QString &name, const QString &fallbackLead);

    void load(const QString &description, const QStringList &examples);
    void pushOut(const QStringList &falsePositives);
    void foldIn(const QStringList &falseNegatives, const QStringList &falsePositives);
    Topic topic() const;

    // Example texts written by the refiner: "How to <phrase>, <phrase> or <phrase>?".
    static QString renderExample(const QStringList &phrases);
    static bool parseExample(const QString &example, QStringList *phrases);

private:
    struct Text
    {
        bool description = false;
        bool verbatim = false; // an example the refiner did not write: kept or dropped whole
        QString verbatimText;
        QStringList phrases;
    };

    QString render(const Text &text) const;
    QSet<QString> stemsOf(const Text &text) const;
    bool fits(const QList<Text> &texts) const;
    int exampleCount() const;
    // Adds `words` (surface forms) to text `index` when the limits allow; returns success.
    bool tryAdd(qsizetype index, const QStringList &words);
    QStringList keyWords(const QString &prompt, const QSet<QString> &have, int need,
                         const QSet<QString> &avoid) const;

    const CorpusDomain &m_domain;
    QString m_name;
    QString m_lead;
    QList<Text> m_texts; // [0] is the description
};
