#include "sandboxcorpus.h"

#include "sandboxlog.h"
#include "termstats.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// Unrelated prompts for a synthetic domain's negatives; they share no vocabulary with any
// plausible topic.
const QStringList kUnrelated{u"What's a good recipe for banana bread?"_s,
                             u"How do I reset my wifi router?"_s,
                             u"Plan a three-day trip to Lisbon."_s,
                             u"Explain the rules of cricket."_s,
                             u"Write a birthday poem for my grandmother."_s,
                             u"How long should I boil an egg?"_s,
                             u"What is the capital of Australia?"_s,
                             u"Recommend a podcast about space exploration."_s,
                             u"How do I fix a squeaky door hinge?"_s,
                             u"Suggest names for a golden retriever puppy."_s,
                             u"Translate 'good morning' into Japanese."_s,
                             u"How do I unclog a kitchen sink?"_s};

// Positive templates for a synthetic domain: {a} {b} {c} are the description's words.
const QStringList kTemplates{
    u"How do I get started with {a} and {b}?"_s,  u"Tell me everything about {a} {b}."_s,
    u"What is the best way to handle {b} {c}?"_s, u"Explain {a}, {b} and {c} in detail."_s,
    u"Where can I learn about {c} {a}?"_s,        u"Give me advice on {a} {c}."_s};
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
    const QSet<QString> words = TermStats::stems(text);
    const CorpusDomain *best = nullptr;
    int bestScore = MinMatchScore - 1;
    for (const CorpusDomain &d : m_domains) {
        int score = 0;
        for (const QString &w : words)
            score += (d.keywordStems.contains(w) ? 3 : 0) + (d.vocabulary.contains(w) ? 1 : 0);
        if (score > bestScore) {
            bestScore = score;
            best = &d;
        }
    }
    return best;
}

CorpusDomain SandboxCorpus::resolve(const QString &text, Intent intent) const
{
    if (const CorpusDomain *d = bestMatch(text))
        return *d;

    // Nothing known: positives from templates over the text's own words, unrelated negatives.
    CorpusDomain d;
    d.id = u"generic"_s;
    d.synthetic = true;
    d.intent = intent;
    QStringList words;
    for (const TermStats::Term &t : TermStats::terms(text)) {
        if (!words.contains(t.surface))
            words.append(t.surface);
    }
    if (words.isEmpty())
        words = {u"this"_s, u"subject"_s};
    d.title = words.mid(0, 4).join(u' ');
    d.topicName = d.title.left(1).toUpper() + d.title.mid(1);
    d.lead = u"Requests about "_s + words.mid(0, 3).join(u' ');
    d.keywords = words;
    d.companion = {
        u"Allow: general questions"_s,
        u"General, educational and professional questions on everyday subjects."_s,
        {u"What is a good book to read this summer?"_s, u"How do I plan a weekly budget?"_s}};
    const QStringList positive = categories(intent, true);
    const QStringList negative = categories(intent, false);
    for (qsizetype i = 0; i < 18; ++i) {
        const auto word = [&](qsizetype k) {
            return words.at((i + k) % words.size());
        };
        QString prompt = kTemplates.at(i % kTemplates.size());
        prompt.replace(u"{a}"_s, word(0)).replace(u"{b}"_s, word(1)).replace(u"{c}"_s, word(2));
        d.prompts.append({prompt, true, positive.at(i % positive.size())});
    }
    for (qsizetype i = 0; i < kUnrelated.size(); ++i)
        d.prompts.append({kUnrelated.at(i), false, negative.at(i % negative.size())});
    d.index();
    return d;
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
