#include "topicwriter.h"

#include "promptreader.h"
#include "sandboxcorpus.h"
#include "seededrng.h"
#include "termstats.h"
#include "topicrefiner.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
const QString kIncluding = u", including "_s;

QJsonObject topicJson(const QString &name, const QString &description, const QStringList &examples)
{
    return {{u"name"_s, name},
            {u"description"_s, description},
            {u"examples"_s, QJsonArray::fromStringList(examples)}};
}

QString joinTerms(const QStringList &terms)
{
    if (terms.size() <= 1)
        return terms.join(QString());
    return terms.mid(0, terms.size() - 1).join(u", "_s) + u" and "_s + terms.last();
}
} // namespace

TopicWriter::TopicWriter(const SandboxCorpus &corpus)
    : m_corpus(corpus)
{}

TopicWriter::Definition TopicWriter::parseDescription(const QString &description)
{
    QString d = description.trimmed();
    if (d.endsWith(u'.'))
        d.chop(1);
    Definition def;
    const qsizetype at = d.indexOf(kIncluding);
    if (at < 0) {
        def.lead = d;
        return def;
    }
    def.lead = d.left(at);
    QString rest = d.mid(at + kIncluding.size());
    const qsizetype lastAnd = rest.lastIndexOf(u" and "_s);
    if (lastAnd >= 0)
        rest.replace(lastAnd, 5, u", "_s);
    for (const QString &t : rest.split(u", "_s)) {
        if (!t.trimmed().isEmpty())
            def.terms.append(t.trimmed());
    }
    return def;
}

QString TopicWriter::composeDescription(const Definition &def)
{
    if (def.terms.isEmpty())
        return def.lead + u'.';
    return def.lead + kIncluding + joinTerms(def.terms) + u'.';
}

QString TopicWriter::fitWords(const QString &text, qsizetype maxBytes)
{
    if (Utf8::size(text) <= maxBytes)
        return text;
    QString cut = Utf8::truncated(text, maxBytes);
    const qsizetype space = cut.lastIndexOf(u' ');
    if (space > 0 && !text.at(cut.size()).isSpace())
        cut.truncate(space);
    while (!cut.isEmpty() && (cut.back().isPunct() || cut.back().isSpace()))
        cut.chop(1);
    return cut;
}

QStringList TopicWriter::starterExamples(const CorpusDomain &domain, Intent intent,
                                         const QString &seedText, int count) const
{
    const QString first = SandboxCorpus::categories(intent, true).first();
    QList<CorpusPrompt> pool = domain.promptsFor(intent, true, first);
    if (pool.isEmpty()) {
        for (const CorpusPrompt &p : domain.prompts) {
            if (p.expectedTriggered)
                pool.append(p);
        }
    }
    SeededRng rng(SeededRng::hash(seedText));
    rng.shuffle(pool);
    QStringList out;
    for (const CorpusPrompt &p : pool) {
        if (out.size() >= count)
            break;
        out.append(fitWords(p.prompt, TopicLimits::ExampleBytes));
    }
    return out;
}

QJsonObject TopicWriter::generate(const PromptReader &in) const
{
    const QString description = in.value(u"Topic to detect");
    const Intent intent = in.intent();
    const CorpusDomain domain = m_corpus.resolve(description, intent);

    // Deliberately a first draft: the narrow lead alone and two examples.
    QStringList examples;
    const qsizetype seedsAt = in.find(u"Seed examples");
    for (const QString &seed : seedsAt >= 0 ? in.numberedAfter(seedsAt) : QStringList()) {
        if (examples.size() < 2)
            examples.append(fitWords(seed, TopicLimits::ExampleBytes));
    }
    if (examples.size() < 2)
        examples += starterExamples(domain, intent, description, int(2 - examples.size()));
    const QString name = fitWords(domain.topicName, TopicLimits::NameBytes);
    return topicJson(name, composeDescription({domain.lead, {}}), examples);
}

QJsonObject TopicWriter::companion(const PromptReader &in) const
{
    const QString blockName = in.value(u"Block topic name");
    const QString blockDescription = in.value(u"Block topic description");
    if (const CorpusDomain *d = m_corpus.bestMatch(blockName + u' ' + blockDescription)) {
        QString name = d->companion.name;
        if (!name.startsWith(u"Allow: "_s))
            name.prepend(u"Allow: "_s);
        return topicJson(fitWords(name, TopicLimits::NameBytes),
                         fitWords(d->companion.description, TopicLimits::DescriptionBytes),
                         d->companion.examples.mid(0, 2));
    }
    QStringList words;
    for (const TermStats::Term &t : TermStats::terms(blockName + u' ' + blockDescription)) {
        if (!words.contains(t.surface))
            words.append(t.surface);
    }
    const QString a = words.value(0, u"this subject"_s), b = words.value(1, a);
    return topicJson(
        fitWords(u"Allow: "_s + blockName + u" (legitimate uses)"_s, TopicLimits::NameBytes),
        fitWords(u"Legitimate questions about "_s + words.mid(0, 6).join(u", "_s) +
                     u": education, safety rules, history, laws and compliance, professional "
                     "training and responsible everyday use."_s,
                 TopicLimits::DescriptionBytes),
        {u"What are the safety rules and laws about %1?"_s.arg(a),
         u"How do professionals learn about %1 and %2 responsibly?"_s.arg(a, b)});
}

QJsonObject TopicWriter::improve(const PromptReader &in) const
{
    const Topic current = in.topic(in.find(u"Current topic"));
    const Intent intent = in.intent();
    QStringList fpPrompts, fnPrompts;
    for (const auto &l : in.listed(u"False positives"))
        fpPrompts.append(l.prompt);
    for (const auto &l : in.listed(u"False negatives"))
        fnPrompts.append(l.prompt);

    // A regression warning: go back to the best definition, then apply this round's edits.
    Topic base = current;
    if (in.has(u"Regression warning")) {
        base.description = in.value(u"Best description");
        base.examples = PromptReader::splitQuoted(in.value(u"Best examples"));
    }
    const CorpusDomain domain = m_corpus.resolve(
        current.name + u' ' + base.description + u' ' + base.examples.join(u' '), intent);

    TopicRefiner refiner(domain, current.name, domain.lead);
    refiner.load(base.description, base.examples);
    refiner.pushOut(fpPrompts);
    refiner.foldIn(fnPrompts, fpPrompts);
    Topic next = refiner.topic();
    for (const QString &e : starterExamples(domain, intent, next.description, 3)) {
        if (next.examples.size() < TopicLimits::MinExamples && !next.examples.contains(e))
            next.examples.append(e);
    }
    return topicJson(next.name, next.description, next.examples);
}

QJsonObject TopicWriter::simplify(const PromptReader &in) const
{
    const QString name = in.value(u"Name");
    const qsizetype bestAt = in.find(u"Best topic so far");
    Definition def = parseDescription(in.value(u"Description", qMax<qsizetype>(0, bestAt)));
    QStringList examples = in.examples(u"Examples", qMax<qsizetype>(0, bestAt));
    // Shorter is better: the first half of the terms, at most three examples.
    def.terms = def.terms.mid(0, (def.terms.size() + 1) / 2);
    examples = examples.mid(0, 3);
    const Intent intent = in.intent();
    if (examples.size() < TopicLimits::MinExamples) {
        const CorpusDomain domain = m_corpus.resolve(name + u' ' + def.lead, intent);
        for (const QString &e : starterExamples(domain, intent, def.lead, 2)) {
            if (examples.size() < TopicLimits::MinExamples && !examples.contains(e))
                examples.append(e);
        }
    }
    return topicJson(name, fitWords(composeDescription(def), TopicLimits::DescriptionBytes),
                     examples);
}
