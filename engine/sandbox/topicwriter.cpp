#include "topicwriter.h"

#include "hintphrase.h"
#include "promptreader.h"
#include "sandboxcorpus.h"
#include "sandboxsubject.h"
#include "seededrng.h"
#include "templatebank.h"
#include "topicrefiner.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
QJsonObject topicJson(const Topic &t)
{
    return {{u"name"_s, t.name},
            {u"description"_s, t.description},
            {u"examples"_s, QJsonArray::fromStringList(t.examples)}};
}

// The person's hint for this proposal (PromptFormat::guidanceSection), acted on visibly: what
// it asks for is worked into the description as a phrase of the sentence, within the limit
// (the first draft here; improve and simplify through TopicRefiner::addHint)
// (issue 40: the sandbox used to ignore hints, so "Another proposal…" came back unchanged;
// issue 58: it then pasted the hint verbatim after "; also:").
QString hintOf(const PromptReader &in)
{
    return in.value(u"The person designing this topic asks");
}

Topic withHint(Topic t, const PromptReader &in)
{
    t.description = HintPhrase::applied(t.description, hintOf(in), TopicLimits::DescriptionBytes);
    return t;
}
} // namespace

TopicWriter::TopicWriter(const SandboxCorpus &corpus)
    : m_corpus(corpus)
{}

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
        if (Utf8::size(p.prompt) <= TopicLimits::ExampleBytes) // whole sentences only
            out.append(p.prompt);
    }
    return out;
}

QJsonObject TopicWriter::generate(const PromptReader &in) const
{
    const QString description = in.value(u"Topic to detect");
    const Intent intent = in.intent();
    const QString subject = SandboxSubject::fromText(description);
    const CorpusDomain domain = m_corpus.resolve(subject, intent);

    // Deliberately a first draft: the narrow lead alone and two examples.
    QStringList examples;
    const qsizetype seedsAt = in.find(u"Seed examples");
    for (const QString &seed : seedsAt >= 0 ? in.numberedAfter(seedsAt) : QStringList()) {
        if (examples.size() < 2)
            examples.append(fitWords(seed, TopicLimits::ExampleBytes));
    }
    if (examples.size() < 2)
        examples += starterExamples(domain, intent, description, int(2 - examples.size()));
    const QString lead = fitWords(domain.lead, TopicLimits::DescriptionBytes - 1);
    return topicJson(withHint({SandboxSubject::nameFor(subject), TopicRefiner::renderDescription(lead, {}), examples}, in));
}

QJsonObject TopicWriter::companion(const PromptReader &in) const
{
    const QString subject = SandboxSubject::fromName(in.value(u"Block topic name"));
    if (const CorpusDomain *d = m_corpus.bestMatch(subject)) {
        QString name = d->companion.name;
        if (!name.startsWith(u"Allow: "_s))
            name.prepend(u"Allow: "_s);
        return topicJson({fitWords(name, TopicLimits::NameBytes),
                          fitWords(d->companion.description, TopicLimits::DescriptionBytes),
                          d->companion.examples.mid(0, 2)});
    }
    return topicJson(TemplateBank::companion(subject));
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
    const CorpusDomain domain =
        m_corpus.resolve(SandboxSubject::fromName(current.name), intent);

    TopicRefiner refiner(domain, current.name, domain.lead);
    refiner.load(base.description, base.examples);
    refiner.pushOut(fpPrompts);
    refiner.foldIn(fnPrompts, fpPrompts);
    refiner.topUp(starterExamples(domain, intent, base.description, 4), TopicLimits::MinExamples);
    refiner.addHint(hintOf(in));
    return topicJson(refiner.topic());
}

QJsonObject TopicWriter::simplify(const PromptReader &in) const
{
    const QString name = in.value(u"Name");
    const qsizetype bestAt = qMax<qsizetype>(0, in.find(u"Best topic so far"));
    const Intent intent = in.intent();
    const CorpusDomain domain = m_corpus.resolve(SandboxSubject::fromName(name), intent);
    TopicRefiner refiner(domain, name, domain.lead);
    refiner.load(in.value(u"Description", bestAt), in.examples(u"Examples", bestAt));
    // Shorter is better: the first half of the phrases, at most three examples.
    refiner.halve(3);
    refiner.topUp(starterExamples(domain, intent, refiner.lead(), 4), TopicLimits::MinExamples);
    refiner.addHint(hintOf(in));
    return topicJson(refiner.topic());
}
