// Lookup + injection over 1,000 categories and 20,000 learnings: the cached store (warm and
// cold) against reference paths that read and parse files on every query, as the original
// does (list the directory, parse every relevant file) and as a naive port would (parse every
// file). Prints ms per query and the speed-ups. Label `bench`: figures, not pass/fail.
#include "memorytestdata.h"

#include "memorystore/categorykey.h"
#include "memorystore/memorystore.h"

#include "domain/nanoid.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

constexpr int Categories = 1000;
constexpr int LearningsPerCategory = 20;
constexpr int Queries = 40;

// 150 topic words; category keys have 3 to 5 of them, queries 2 to 4, so a query matches a
// few dozen of the 1,000 categories.
QStringList vocabulary()
{
    static const QStringList words =
        u"weapons violence drugs alcohol gambling hate speech "
        "medical legal financial advice crypto fraud phishing malware hacking privacy personal "
        "data children self harm extremism terror politics elections religion adult content "
        "tobacco firearms explosives chemicals biology nuclear trade secrets insider competitor "
        "pricing block allow harassment bullying threats stalking doxxing weapons3d ammunition "
        "knives poison toxins pathogens viruses ransomware exploits credentials passwords tokens "
        "banking loans taxes evasion laundering sanctions smuggling trafficking counterfeit "
        "piracy copyright trademarks defamation slander misinformation deepfakes impersonation "
        "scams lottery betting casino sports odds pharmacy prescriptions opioids cannabis vaping "
        "diet eating disorders suicide therapy diagnosis symptoms dosage surgery pregnancy "
        "contraception dating romance sexual explicit nudity minors grooming school homework "
        "cheating exams plagiarism essays code generation jailbreak prompts injection system "
        "instructions confidential internal roadmap salaries layoffs mergers earnings stocks "
        "trading forex options futures commodities real estate insurance claims warranty returns "
        "refunds shipping customs visas immigration asylum protests riots police military "
        "espionage surveillance"_s.split(u' ');
    return words;
}

QString words(QRandomGenerator &rng, int n)
{
    QStringList out;
    while (out.size() < n) {
        const QString w = vocabulary().at(int(rng.bounded(vocabulary().size())));
        if (!out.contains(w))
            out.append(w);
    }
    return out.join(u' ');
}

InjectorOptions options()
{
    InjectorOptions o;
    o.halfLifeDays = 0;
    o.now = QDateTime::fromString(u"2025-07-01T00:00:00.000Z"_s, Qt::ISODateWithMs);
    return o;
}

// The original's lookup: list *.json, test each name, read and parse the relevant files.
QList<CategoryMemory> referenceRelevant(const QString &dir, const QString &description,
                                        bool parseAll)
{
    const QString target = CategoryKey::fromDescription(description);
    QStringList names = QDir(dir).entryList({u"*.json"_s}, QDir::Files, QDir::NoSort);
    std::sort(names.begin(), names.end()); // libuv's scandir sorts by name
    QList<CategoryMemory> out;
    for (const QString &name : std::as_const(names)) {
        const QString key = name.chopped(5);
        const bool related = CategoryKey::related(target, key);
        if (!related && !parseAll)
            continue;
        QStringList problems;
        const CategoryMemory m = CategoryMemory::fromJson(readObject(dir + u'/' + name), &problems);
        if (related)
            out.append(m);
    }
    return out;
}

double msPerQuery(qint64 ns, int queries)
{
    return double(ns) / 1e6 / queries;
}

} // namespace

class BenchMemory : public QObject
{
    Q_OBJECT
private slots:
    void lookupAndInjection()
    {
        QRandomGenerator rng(20250701);
        const QString dir = freshDir();
        QElapsedTimer setup;
        setup.start();
        const MemoryStore writer(dir);
        QSet<QString> keys;
        while (keys.size() < Categories) {
            const QString description = words(rng, 3 + int(rng.bounded(3)));
            const QString key = CategoryKey::fromDescription(description);
            if (keys.contains(key))
                continue;
            keys.insert(key);
            CategoryMemory m;
            m.category = key;
            for (int i = 0; i < LearningsPerCategory; ++i) {
                Learning l;
                l.id = NanoId::generate();
                l.runId = NanoId::generate();
                l.extractedAt = options().now.addDays(-int(rng.bounded(300)));
                l.topicCategory = key;
                l.topicDescription = description;
                l.insight =
                    u"Learning %1: "_s.arg(i) + words(rng, 6) + u" improved "_s + words(rng, 5);
                l.strategy = words(rng, 8);
                l.outcome = rng.bounded(3) == 0 ? u"degraded"_s : u"improved"_s;
                l.changeType = u"both"_s;
                l.corroborations = int(rng.bounded(6));
                l.tags = {u"brevity"_s};
                m.learnings.append(l);
            }
            m.antiPatterns = {u"Avoid "_s + words(rng, 4)};
            QVERIFY(writer.save(m).isEmpty());
        }
        std::printf("BENCH memory setup: %d categories, %d learnings written in %lld ms\n",
                    Categories, Categories * LearningsPerCategory,
                    static_cast<long long>(setup.elapsed()));

        QStringList queries;
        for (int q = 0; q < Queries; ++q)
            queries.append(words(rng, 2 + int(rng.bounded(3))));

        // Reference paths (and the expected texts).
        QStringList expected;
        qint64 relevantTotal = 0;
        QElapsedTimer t;
        t.start();
        for (const QString &q : std::as_const(queries)) {
            const QList<CategoryMemory> ms = referenceRelevant(dir, q, false);
            relevantTotal += ms.size();
            expected.append(MemoryInjector::build(ms, options()).text);
        }
        const qint64 original = t.nsecsElapsed();
        t.restart();
        for (const QString &q : std::as_const(queries))
            MemoryInjector::build(referenceRelevant(dir, q, true), options());
        const qint64 parseAll = t.nsecsElapsed();

        // Cold: a new store (empty cache) per query.
        t.restart();
        for (int i = 0; i < queries.size(); ++i) {
            const MemoryStore cold(dir);
            QCOMPARE(cold.inject(queries.at(i), options(), false).text, expected.at(i));
        }
        const qint64 cold = t.nsecsElapsed();

        // Warm: one store, after one pass to fill the cache.
        const MemoryStore warm(dir);
        for (const QString &q : std::as_const(queries))
            warm.inject(q, options(), false);
        const int parsedBefore = warm.parseCount();
        constexpr int Passes = 5;
        t.restart();
        for (int pass = 0; pass < Passes; ++pass) {
            for (int i = 0; i < queries.size(); ++i)
                QCOMPARE(warm.inject(queries.at(i), options(), false).text, expected.at(i));
        }
        const qint64 warmNs = t.nsecsElapsed();
        const int warmParses = warm.parseCount() - parsedBefore;

        const double originalMs = msPerQuery(original, Queries);
        const double parseAllMs = msPerQuery(parseAll, Queries);
        const double coldMs = msPerQuery(cold, Queries);
        const double warmMs = msPerQuery(warmNs, Queries * Passes);
        std::printf("BENCH memory queries: %d, %.1f relevant categories per query on average\n",
                    Queries, double(relevantTotal) / Queries);
        std::printf("BENCH memory reference, parse every file per query:      %8.3f ms/query\n",
                    parseAllMs);
        std::printf("BENCH memory reference, original (parse relevant files): %8.3f ms/query\n",
                    originalMs);
        std::printf("BENCH memory store, cold (new cache per query):          %8.3f ms/query\n",
                    coldMs);
        std::printf("BENCH memory store, warm (cached, %d files re-parsed):    %8.3f ms/query\n",
                    warmParses, warmMs);
        std::printf("BENCH memory speed-up warm vs parse-every-file: %.0fx, vs original: %.0fx; "
                    "cold vs original: %.2fx\n",
                    parseAllMs / warmMs, originalMs / warmMs, originalMs / coldMs);
        std::fflush(stdout);
        QCOMPARE(warmParses, 0);
    }
};

QTEST_GUILESS_MAIN(BenchMemory)
#include "bench_memory.moc"
