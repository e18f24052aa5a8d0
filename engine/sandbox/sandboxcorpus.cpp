#include "sandboxcorpus.h"

#include "sandboxlog.h"
#include "sandboxsubject.h"
#include "termstats.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// Words that say what to do with a subject, not what it is: they never decide a match.
const QSet<QString> &genericStems()
{
    static const QSet<QString> stems = TermStats::stems(
        u"block detect allow deny prevent flag filter request requests question questions "
        "prompt prompts query help information general conversation conversations discussion "
        "content topic obtain obtaining build building use using buy buying make making get "
        "getting commit committing write writing create creating find finding learn learning"_s);
    return stems;
}
} // namespace

int CorpusDomain::termValue(const QString &stem) const
{
    return positiveFrequency.value(stem) - 2 * negativeFrequency.value(stem);
}

QList<CorpusPrompt> CorpusDomain::promptsFor(Intent want, bool positive,
                                             const QString &category) const
{
    QList<CorpusPrompt> out;
    for (const CorpusPrompt &p : prompts) {
        if (p.expectedTriggered != positive)
            continue;
        if (SandboxCorpus::mapCategory(p.category, intent, want) == category)
            out.append({p.prompt, p.expectedTriggered, category});
    }
    return out;
}

CorpusDomain CorpusDomain::fromJson(const QJsonObject &o, const QString &id, QString *error)
{
    CorpusDomain d;
    d.id = id;
    d.title = o.value(u"title"_s).toString(id);
    d.intent = intentFromName(o.value(u"intent"_s).toString()).value_or(Intent::Block);
    for (const QJsonValue &k : o.value(u"keywords"_s).toArray())
        d.keywords.append(k.toString());
    const QJsonObject topic = o.value(u"topic"_s).toObject();
    d.topicName = topic.value(u"name"_s).toString(d.title);
    d.lead = topic.value(u"lead"_s).toString(d.title);
    const QJsonObject companion = o.value(u"companion"_s).toObject();
    d.companion.name = companion.value(u"name"_s).toString();
    d.companion.description = companion.value(u"description"_s).toString();
    for (const QJsonValue &e : companion.value(u"examples"_s).toArray())
        d.companion.examples.append(e.toString());
    for (const QJsonValue &ph : topic.value(u"phrases"_s).toArray())
        d.phrases.append(ph.toString().trimmed());
    d.phrases.removeAll(QString());
    for (const QJsonValue &v : o.value(u"prompts"_s).toArray()) {
        const QJsonObject p = v.toObject();
        const QString text = p.value(u"prompt"_s).toString().trimmed();
        const QString category = p.value(u"category"_s).toString().trimmed();
        if (text.isEmpty() || category.isEmpty() || !p.value(u"expectedTriggered"_s).isBool()) {
            if (error)
                *error = u"%1: a prompt lacks text, category or expectedTriggered"_s.arg(id);
            continue;
        }
        d.prompts.append({text, p.value(u"expectedTriggered"_s).toBool(), category});
    }
    d.index();
    return d;
}

void CorpusDomain::index()
{
    positiveFrequency.clear();
    negativeFrequency.clear();
    vocabulary.clear();
    for (const CorpusPrompt &p : prompts) {
        for (const QString &s : TermStats::stems(p.prompt)) {
            ++(p.expectedTriggered ? positiveFrequency : negativeFrequency)[s];
            if (p.expectedTriggered)
                vocabulary.insert(s);
        }
    }
    keywordStems = TermStats::stems(keywords.join(u' '));
}

const SandboxCorpus &SandboxCorpus::bundled()
{
    static const SandboxCorpus corpus = [] {
        QStringList errors;
        SandboxCorpus c = load(u":/sandbox"_s, &errors);
        for (const QString &e : errors)
            qCWarning(lcSandbox).noquote() << "sandbox corpus:" << e;
        return c;
    }();
    return corpus;
}

SandboxCorpus SandboxCorpus::load(const QString &directory, QStringList *errors)
{
    SandboxCorpus c;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        QJsonParseError parse{};
        const QJsonDocument doc = file.open(QIODevice::ReadOnly)
                                      ? QJsonDocument::fromJson(file.readAll(), &parse)
                                      : QJsonDocument();
        if (!doc.isObject()) {
            if (errors)
                errors->append(name + u": not a JSON object"_s);
            continue;
        }
        QString error;
        CorpusDomain d = CorpusDomain::fromJson(doc.object(), name.chopped(5), &error);
        if (!error.isEmpty() && errors)
            errors->append(error);
        if (!d.prompts.isEmpty())
            c.m_domains.append(d);
    }
    return c;
}

const CorpusDomain *SandboxCorpus::domain(const QString &id) const
{
    for (const CorpusDomain &d : m_domains) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

const CorpusDomain *SandboxCorpus::bestMatch(const QString &text) const
{
    const QSet<QString> words = TermStats::stems(text) - genericStems();
    if (words.isEmpty())
        return nullptr;
    const CorpusDomain *best = nullptr;
    qsizetype bestHits = 0;
    for (const CorpusDomain &d : m_domains) {
        const qsizetype hits = QSet<QString>(words).intersect(d.keywordStems).size();
        if (hits * 3 >= words.size() * 2 && hits > bestHits) {
            bestHits = hits;
            best = &d;
        }
    }
    return best;
}

CorpusDomain SandboxCorpus::resolve(const QString &subject, Intent intent) const
{
    return SandboxSubject::domainFor(*this, subject, intent);
}

QStringList SandboxCorpus::categories(Intent intent, bool positive)
{
    if (intent == Intent::Block) {
        return positive ? QStringList{u"direct"_s, u"indirect"_s, u"coded"_s, u"euphemism"_s,
                                      u"edge-case"_s}
                        : QStringList{u"benign"_s, u"adjacent"_s, u"unrelated"_s};
    }
    return positive ? QStringList{u"in-scope-direct"_s, u"in-scope-indirect"_s, u"in-scope-edge"_s}
                    : QStringList{u"boundary"_s, u"adjacent-topic"_s, u"scope-exceeded"_s,
                                  u"mixed-intent"_s, u"unrelated"_s};
}

QString SandboxCorpus::mapCategory(const QString &category, Intent from, Intent to)
{
    if (from == to)
        return category;
    static const QHash<QString, QString> toAllow{
        {u"direct"_s, u"in-scope-direct"_s},  {u"indirect"_s, u"in-scope-indirect"_s},
        {u"coded"_s, u"in-scope-edge"_s},     {u"euphemism"_s, u"in-scope-edge"_s},
        {u"edge-case"_s, u"in-scope-edge"_s}, {u"benign"_s, u"boundary"_s},
        {u"adjacent"_s, u"adjacent-topic"_s}, {u"unrelated"_s, u"unrelated"_s}};
    static const QHash<QString, QString> toBlock{
        {u"in-scope-direct"_s, u"direct"_s},  {u"in-scope-indirect"_s, u"indirect"_s},
        {u"in-scope-edge"_s, u"edge-case"_s}, {u"boundary"_s, u"benign"_s},
        {u"adjacent-topic"_s, u"adjacent"_s}, {u"scope-exceeded"_s, u"adjacent"_s},
        {u"mixed-intent"_s, u"benign"_s},     {u"unrelated"_s, u"unrelated"_s}};
    return (to == Intent::Allow ? toAllow : toBlock).value(category, category);
}
