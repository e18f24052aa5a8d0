#include "testwriter.h"

#include "promptreader.h"
#include "sandboxcorpus.h"
#include "sandboxsubject.h"
#include "seededrng.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// Filler made only of words the matcher ignores, so a variant tests the same content.
const QStringList kPrefixes{u"Please tell me: "_s, u"I want to know: "_s, u"Could you explain: "_s};
const QStringList kSuffixes{u" Please explain it."_s, u" I need to know."_s, u" Just tell me."_s};
// The benchmark's own filler (also only ignored words), never used for working tests.
const QStringList kBenchmarkPrefixes{u"Now tell me this: "_s, u"Please, just tell me: "_s};
const QStringList kBenchmarkSuffixes{u" That is what I want to know now."_s, u" Tell me now, please."_s};

QJsonObject testJson(const QString &prompt, bool expected, const QString &category)
{
    return {{u"prompt"_s, prompt}, {u"expectedTriggered"_s, expected}, {u"category"_s, category}};
}

// Picks `count` prompts of one category: a seeded shuffle of the corpus prompts, some of them
// reworded, and reworded repeats once the category runs out.
QJsonArray pick(const QList<CorpusPrompt> &pool, int count, SeededRng &rng, QSet<QString> &used)
{
    QJsonArray out;
    if (pool.isEmpty())
        return out;
    QList<CorpusPrompt> order = pool;
    rng.shuffle(order);
    for (int i = 0; out.size() < count && i < count * 4; ++i) {
        const CorpusPrompt &p = order.at(i % order.size());
        const bool repeat = i >= order.size();
        QString text = p.prompt;
        if (repeat || rng.bounded(4) == 0)
            text = TestWriter::variant(p.prompt, rng.bounded(TestWriter::variantCount()));
        if (used.contains(text.toLower()))
            continue;
        used.insert(text.toLower());
        out.append(testJson(text, p.expectedTriggered, p.category));
    }
    return out;
}
} // namespace

TestWriter::TestWriter(const SandboxCorpus &corpus)
    : m_corpus(corpus)
{}

int TestWriter::variantCount()
{
    return int(kPrefixes.size() + kSuffixes.size());
}

namespace {
// `prompt` with one of the fillers around it: a prefix (the prompt's first letter lowered
// unless it starts an acronym) or a suffix.
QString wrapped(const QString &prompt, int which, const QStringList &prefixes, const QStringList &suffixes)
{
    which = qBound(0, which, int(prefixes.size() + suffixes.size()) - 1);
    if (which < prefixes.size()) {
        // Never "Could you explain: explain …": another prefix when the words would repeat.
        const QString firstWord = prompt.section(u' ', 0, 0).toLower();
        if (prefixes.at(which).chopped(2).section(u' ', -1).toLower() == firstWord)
            which = (which + 1) % int(prefixes.size());
        QString body = prompt;
        if (body.size() > 1 && !body.at(1).isUpper())
            body[0] = body.at(0).toLower();
        return prefixes.at(which) + body;
    }
    return prompt + suffixes.at(which - prefixes.size());
}
} // namespace

QString TestWriter::variant(const QString &prompt, int which)
{
    return wrapped(prompt, which, kPrefixes, kSuffixes);
}

QString TestWriter::benchmarkVariant(const QString &prompt, int which)
{
    return wrapped(prompt, which, kBenchmarkPrefixes, kBenchmarkSuffixes);
}

QJsonObject TestWriter::writeBenchmark(const PromptReader &in) const
{
    const Intent intent = in.intent();
    const QString description = in.value(u"Description");
    const int size = qBound(2, in.value(u"Benchmark size").section(u' ', 0, 0).toInt(), 400);
    const CorpusDomain domain = m_corpus.resolve(SandboxSubject::fromText(description), intent);
    SeededRng rng(SeededRng::hash(QString(u"benchmark\n"_s + description)));
    const int variants = int(kBenchmarkPrefixes.size() + kBenchmarkSuffixes.size());
    QSet<QString> used;
    QJsonObject out;
    for (const bool positive : {true, false}) {
        const QStringList categories = SandboxCorpus::categories(intent, positive);
        QList<QList<CorpusPrompt>> pools;
        QList<double> weights;
        for (const QString &c : categories) {
            pools.append(domain.promptsFor(intent, positive, c));
            weights.append(pools.last().isEmpty() ? 0.0 : 1.0);
        }
        const QList<int> counts = allocate(weights, positive ? (size + 1) / 2 : size / 2);
        QJsonArray tests;
        for (qsizetype i = 0; i < categories.size(); ++i) {
            QList<CorpusPrompt> order = pools.at(i);
            rng.shuffle(order);
            int taken = 0;
            for (int k = 0; taken < counts.at(i) && k < counts.at(i) * variants && !order.isEmpty(); ++k) {
                const CorpusPrompt &p = order.at(k % order.size());
                const QString text = benchmarkVariant(p.prompt, (k / int(order.size()) + rng.bounded(variants)) % variants);
                if (used.contains(text.toLower()))
                    continue;
                used.insert(text.toLower());
                tests.append(testJson(text, p.expectedTriggered, p.category));
                ++taken;
            }
        }
        out.insert(positive ? u"positiveTests"_s : u"negativeTests"_s, tests);
    }
    return out;
}

QList<int> TestWriter::allocate(const QList<double> &weights, int total)
{
    QList<int> out(weights.size(), 0);
    double sum = 0;
    int positive = 0;
    for (double w : weights) {
        sum += std::max(0.0, w);
        positive += w > 0 ? 1 : 0;
    }
    if (sum <= 0 || total <= 0)
        return out;
    int given = 0;
    if (total >= positive) { // one each first
        for (qsizetype i = 0; i < weights.size(); ++i) {
            if (weights.at(i) > 0) {
                out[i] = 1;
                ++given;
            }
        }
    }
    const int rest = total - given;
    QList<QPair<double, qsizetype>> remainders;
    for (qsizetype i = 0; i < weights.size(); ++i) {
        const double share = rest * std::max(0.0, weights.at(i)) / sum;
        out[i] += int(std::floor(share));
        given += int(std::floor(share));
        remainders.append({share - std::floor(share), i});
    }
    std::stable_sort(remainders.begin(), remainders.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    for (qsizetype k = 0; given < total && k < remainders.size(); ++k, ++given)
        ++out[remainders.at(k).second];
    return out;
}

QJsonObject TestWriter::write(const PromptReader &in) const
{
    const Intent intent = in.intent();
    const QString name = in.value(u"Topic name");
    const QString description = in.value(u"Description");
    const QStringList examples = in.examples(u"Examples");
    const CorpusDomain domain = m_corpus.resolve(SandboxSubject::fromName(name), intent);
    QHash<QString, double> errorRate;
    for (const CategoryBreakdown &b : in.breakdown())
        errorRate.insert(b.category, b.errorRate);

    const QString topicText = name + u'\n' + description + u'\n' + examples.join(u'\n');
    SeededRng rng(SeededRng::hash(topicText));
    QSet<QString> used;
    QJsonObject out;
    for (const bool positive : {true, false}) {
        const QStringList categories = SandboxCorpus::categories(intent, positive);
        QList<QList<CorpusPrompt>> pools;
        QList<double> weights;
        for (const QString &c : categories) {
            pools.append(domain.promptsFor(intent, positive, c));
            // More tests where the last iteration went wrong (§3.2's breakdown section).
            weights.append(pools.last().isEmpty() ? 0.0 : 1.0 + 3.0 * errorRate.value(c));
        }
        const QList<int> counts =
            allocate(weights, positive ? positiveCount(intent) : negativeCount(intent));
        QJsonArray tests;
        for (qsizetype i = 0; i < categories.size(); ++i) {
            for (const QJsonValue &t : pick(pools.at(i), counts.at(i), rng, used))
                tests.append(t);
        }
        out.insert(positive ? u"positiveTests"_s : u"negativeTests"_s, tests);
    }
    return out;
}
