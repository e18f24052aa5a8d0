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
    // Noun phrases (no commas, no "and") the refiner may add whole to a description.
    QStringList phrases;
    Topic companion;
    QList<CorpusPrompt> prompts;

    // Per stem: in how many positive / negative prompts it occurs.
    QHash<QString, int> positiveFrequency;
    QHash<QString, int> negativeFrequency;
    QSet<QString> keywordStems;
    QSet<QString> vocabulary; // the positives' stems
    bool synthetic = false;   // written from templates for a subject no domain covers

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

    // The domain that genuinely covers the subject `text`: its keywords must make up at least
    // two thirds of the subject's content words (request boilerplate such as "block",
    // "requests", "questions", "help", "general", "information" and action verbs such as
    // "obtain", "build", "use" do not count). A single incidental word ("advice" in
    // "cryptocurrency investment advice") is not enough. nullptr when no domain qualifies.
    const CorpusDomain *bestMatch(const QString &text) const;
    // bestMatch(), or a template domain written for the subject `text` when none qualifies.
    CorpusDomain resolve(const QString &subject, Intent intent) const;

    // The category names §3.3 asks for, positives then negatives.
    static QStringList categories(Intent intent, bool positive);
    // The category a corpus label takes when the corpus was written for the other intent.
    static QString mapCategory(const QString &category, Intent from, Intent to);

private:
    QList<CorpusDomain> m_domains;
};
