#pragma once

#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QStringList>

// One labelled prompt of the bundled corpus.
struct CorpusPrompt
{
    QString prompt;
    bool expectedTriggered = false;
    QString category;
};

// One subject area the sandbox LLM "knows": labelled prompts, the wording it uses for topics
// and the companion it writes. Loaded from resources/sandbox/<domain>.json.
struct CorpusDomain
{
    QString id; // the file name without .json
    QString title;
    Intent intent = Intent::Block; // the intent its categories are written for
    QStringList keywords;
    QString topicName;
    QString lead; // the opening phrase of every description the sandbox LLM writes
    Topic companion;
    QList<CorpusPrompt> prompts;

    // Per stem: in how many positive / negative prompts it occurs.
    QHash<QString, int> positiveFrequency;
    QHash<QString, int> negativeFrequency;
    QSet<QString> keywordStems;
    QSet<QString> vocabulary; // the positives' stems
    bool synthetic = false;   // made up on the spot for a description no domain matches

    // How much a stem speaks for the positives: positives minus twice the negatives.
    int termValue(const QString &stem) const;
    // The prompts with this polarity and category, as written for `intent`.
    QList<CorpusPrompt> promptsFor(Intent intent, bool positive, const QString &category) const;

    static CorpusDomain fromJson(const QJsonObject &o, const QString &id, QString *error);
    void index(); // fills the frequencies, keyword stems and vocabulary
};

// The bundled corpus (":/sandbox/*.json"), loaded once.
class SandboxCorpus final
{
public:
    static const SandboxCorpus &bundled();
    static SandboxCorpus load(const QString &directory, QStringList *errors = nullptr);

    const QList<CorpusDomain> &domains() const { return m_domains; }
    const CorpusDomain *domain(const QString &id) const;

    // The domain whose keywords and positive vocabulary overlap `text` most (a keyword counts
    // three, a word of its positives one); nullptr when no domain reaches MinMatchScore.
    const CorpusDomain *bestMatch(const QString &text) const;
    static constexpr int MinMatchScore = 3;
    // bestMatch(), or a synthetic domain built from `text` itself when nothing matches.
    CorpusDomain resolve(const QString &text, Intent intent) const;

    // The category names §3.3 asks for, positives then negatives.
    static QStringList categories(Intent intent, bool positive);
    // The category a corpus label takes when the corpus was written for the other intent.
    static QString mapCategory(const QString &category, Intent from, Intent to);

private:
    QList<CorpusDomain> m_domains;
};
