// Which learnings a topic receives (issue 16 items 4, 5b and 6): files named by Unicode keys,
// relevance by subject words with the reason shown, intent filtering, and a memory section
// that keeps negative knowledge at every budget.
#include "memorytestdata.h"

#include "memorystore/categorykey.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QDateTime kNow = QDateTime::fromString(u"2025-07-01T00:00:00.000Z"_s, Qt::ISODateWithMs);

Learning learning(const QString &id, const QString &insight, const QString &outcome = u"improved"_s)
{
    Learning l;
    l.id = id;
    l.insight = insight;
    l.outcome = outcome;
    l.changeType = u"both"_s;
    l.extractedAt = kNow;
    return l;
}

// Files the learnings under the category of `description`, as a run would.
QString file(const MemoryStore &store, const QString &description, const QList<Learning> &ls,
             const QStringList &antiPatterns = {})
{
    const QString category = CategoryKey::fromDescription(description);
    const MemoryStore::Updated u = store.update(
        category,
        [&](CategoryMemory &m) {
            for (Learning l : ls) {
                l.topicCategory = category;
                l.topicDescription = description;
                m.learnings.append(l);
            }
            m.antiPatterns += antiPatterns;
            return true;
        },
        kNow);
    return u.ok() ? category : QString();
}

// What `daystrom memory preview` uses: decay on (the default 90 days), intent block.
InjectorOptions preview(int maxChars, Intent intent = Intent::Block)
{
    InjectorOptions o;
    o.maxChars = maxChars;
    o.now = kNow;
    o.intent = intent;
    return o;
}

bool hasNegativeKnowledge(const Injection &in)
{
    return in.text.contains(u"\n- [AVOID] "_s) || in.antiPatternCount > 0;
}

} // namespace

class TestMemoryRelevance : public QObject
{
    Q_OBJECT
private slots:
    // Non-English topics get files of their own, named by their key, and do not see each
    // other's learnings (they all shared uncategorized.json before).
    void unicodeCategoriesAreFilesOfTheirOwn()
    {
        const QString dir = freshDir();
        const MemoryStore store(dir);
        const QStringList topics{u"Waffenkauf blockieren"_s, u"武器の購入をブロック"_s,
                                 u"Блокировать продажу оружия"_s,
                                 u"Блокировать советы по криптовалюте"_s};
        for (int i = 0; i < topics.size(); ++i)
            QVERIFY(
                !file(store, topics.at(i), {learning(QString::number(i), topics.at(i))}).isEmpty());
        QStringList expected;
        for (const QString &t : topics)
            expected.append(CategoryKey::fromDescription(t));
        std::sort(expected.begin(), expected.end(),
                  [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
        QCOMPARE(store.categories(), expected); // byte order of the UTF-8 names
        for (const QString &key : expected)
            QVERIFY2(QFile::exists(dir + u'/' + key + u".json"_s), qPrintable(key));
        QVERIFY(!QFile::exists(dir + u"/uncategorized.json"_s));
        for (int i = 0; i < topics.size(); ++i) {
            const Injection in = store.inject(topics.at(i), preview(3000), false);
            QCOMPARE(in.injectedIds, QStringList{QString::number(i)});
            QCOMPARE(in.matches.size(), 1);
            QVERIFY(in.matches.at(0).sameKey);
        }
        // A reopened store (another process) lists and finds them the same way.
        const MemoryStore again(dir);
        QCOMPARE(again.categories(), expected);
        QCOMPARE(again.relevant(topics.at(1)).size(), 1);
    }

    // A long non-ASCII key is shortened to 200 UTF-8 bytes with a hash, deterministically,
    // and its topic still finds it.
    void longUnicodeKeysStayWithinTheFileNameLimit()
    {
        const QString topic = QString(90, QChar(u'武')) + u" "_s + QString(90, QChar(u'器'));
        const QString key = CategoryKey::fromDescription(topic);
        QVERIFY(key.toUtf8().size() > MemoryStore::MaxFileKeyBytes);
        const QString fileKey = MemoryStore::fileKeyFor(key);
        QVERIFY(fileKey.toUtf8().size() <= MemoryStore::MaxFileKeyBytes);
        QCOMPARE(MemoryStore::fileKeyFor(key), fileKey);
        QVERIFY(MemoryStore::isValidCategory(fileKey));
        const QString dir = freshDir();
        const MemoryStore store(dir);
        QVERIFY(!file(store, topic, {learning(u"long"_s, u"Long"_s)}).isEmpty());
        QVERIFY(QFile::exists(dir + u'/' + fileKey + u".json"_s));
        const Injection in = store.inject(topic, preview(3000), false);
        QCOMPARE(in.injectedIds, QStringList{u"long"_s});
        QVERIFY(in.matches.at(0).sameKey);
    }

    // A file whose name is in NFD (as macOS writes it) matches its NFC topic.
    void decomposedFileNamesMatch()
    {
        const QString dir = freshDir();
        const QString nfd = u"a\u0308rzte-waffen"_s;
        QVERIFY(QFile::copy(fixture(u"original"_s, u"block-use-weapons.json"_s),
                            dir + u'/' + nfd + u".json"_s));
        const MemoryStore store(dir);
        const MemoryStore::RelevantSet set = store.relevantSet(u"Ärzte Waffen"_s);
        QCOMPARE(set.keys, QStringList{nfd});
        QVERIFY(set.matches.at(0).sameKey);
    }

    // The pair no longer shares learnings; the seed pair still does, and the preview
    // says why.
    void relevanceBySubjectWords()
    {
        const QString dir = freshDir();
        const MemoryStore store(dir);
        QCOMPARE(file(store, u"Block requests to buy weapons"_s,
                      {learning(u"w"_s, u"Weapons learning"_s)}),
                 u"block-buy-requests-weapons"_s);
        QCOMPARE(file(store, u"Block violence and weapons"_s,
                      {learning(u"v"_s, u"Violence learning"_s)}),
                 u"block-violence-weapons"_s);
        QCOMPARE(file(store, u"Block requests for cryptocurrency investment advice"_s,
                      {learning(u"c"_s, u"Crypto learning"_s)}),
                 u"advice-block-cryptocurrency-investment-requests"_s);

        const Injection crypto = store.inject(
            u"Block requests for cryptocurrency investment advice"_s, preview(3000), false);
        QCOMPARE(crypto.injectedIds, QStringList{u"c"_s});
        QCOMPARE(
            MemoryInjector::matchReasons(crypto),
            QStringList{u"advice-block-cryptocurrency-investment-requests (its own category)"_s});

        const Injection weapons =
            store.inject(u"Block weapons discussions"_s, preview(3000), false);
        QCOMPARE(weapons.injectedIds, (QStringList{u"w"_s, u"v"_s}));
        QCOMPARE(MemoryInjector::matchReasons(weapons),
                 (QStringList{u"block-buy-requests-weapons (shares: weapons)"_s,
                              u"block-violence-weapons (shares: weapons)"_s}));
        QCOMPARE(weapons.matches.at(1).sharedWords, QStringList{u"weapons"_s});

        const Injection buying =
            store.inject(u"Block requests to buy weapons"_s, preview(3000), false);
        QCOMPARE(buying.injectedIds, (QStringList{u"w"_s, u"v"_s}));
        QVERIFY(!buying.injectedIds.contains(u"c"_s));
    }

    // Learnings carry their intent: an allow topic gets no block learning unless it is
    // intent-neutral, and the other way round; learnings without a recorded intent (the
    // original's) count as the intent their category states.
    void intentFiltering()
    {
        const QString dir =
            dirWith(u"original"_s, {u"block-use-weapons"_s, u"allow-medical-questions"_s});
        const MemoryStore store(dir);
        Learning block = learning(u"block"_s, u"Widen coverage with more examples"_s);
        block.intent = Intent::Block;
        Learning neutral = learning(u"neutral"_s, u"Short examples work better"_s);
        neutral.intent = Intent::Block;
        neutral.intentNeutral = true;
        Learning allow = learning(u"allow"_s, u"Keep allow topics narrow"_s);
        allow.intent = Intent::Allow;
        Learning unknown = learning(u"unknown"_s, u"No intent recorded"_s);
        QVERIFY(!file(store, u"Medical advice"_s, {block, neutral, allow, unknown},
                      {u"Vague wording"_s})
                     .isEmpty());

        // Allow run on "Medical advice": matches advice-medical (its own) and
        // allow-medical-questions (shares "medical").
        const Injection a = store.inject(u"Medical advice"_s, preview(3000, Intent::Allow), false);
        QCOMPARE(a.matchedCategories,
                 (QStringList{u"advice-medical"_s, u"allow-medical-questions"_s}));
        QCOMPARE(MemoryInjector::matchReasons(a),
                 (QStringList{u"advice-medical (its own category)"_s,
                              u"allow-medical-questions (shares: medical)"_s}));
        QVERIFY(a.injectedIds.contains(u"neutral"_s));
        QVERIFY(a.injectedIds.contains(u"allow"_s));
        QVERIFY(a.injectedIds.contains(u"Qz9yX7wV5uT3sR1qP9oNm"_s)); // original, "allow-…"
        QVERIFY(!a.injectedIds.contains(u"block"_s));
        // Unknown intent in "advice-medical" (no allow word): the original's default, block.
        QVERIFY(!a.injectedIds.contains(u"unknown"_s));
        QCOMPARE(a.otherIntentIds, (QStringList{u"block"_s, u"unknown"_s}));
        // The file's learnings record both intents: its anti-patterns go to either.
        QCOMPARE(a.antiPatternCount, 1);

        const Injection b = store.inject(u"Medical advice"_s, preview(3000, Intent::Block), false);
        QVERIFY(b.injectedIds.contains(u"block"_s));
        QVERIFY(b.injectedIds.contains(u"neutral"_s));
        QVERIFY(b.injectedIds.contains(u"unknown"_s));
        QVERIFY(!b.injectedIds.contains(u"allow"_s));
        QVERIFY(!b.injectedIds.contains(u"Qz9yX7wV5uT3sR1qP9oNm"_s));

        // An original block file's learnings and anti-patterns stay out of an allow run.
        const Injection w = store.inject(u"Allow questions about weapons use"_s,
                                         preview(3000, Intent::Allow), false);
        QCOMPARE(w.matchedCategories, QStringList{u"block-use-weapons"_s});
        QVERIFY(w.isEmpty());
        QCOMPARE(w.otherIntentIds.size(), 3);

        // Without an intent (MemoryInjector's default), every learning, as the original.
        InjectorOptions any = preview(3000);
        any.intent.reset();
        QCOMPARE(store.inject(u"Medical advice"_s, any, false).injectedIds.size(), 5);
    }

    // Item 6: at every budget from 500 to 1400 the preview keeps the only [AVOID] learning of
    // the fixture, which ranks last, and never overshoots.
    void previewKeepsNegativeKnowledge_data()
    {
        QTest::addColumn<bool>("appWritten");
        QTest::addColumn<bool>("antiPattern");
        QTest::newRow("original file, decay on") << false << false;
        QTest::newRow("original file, decay on, with an anti-pattern") << false << true;
        QTest::newRow("app-written, decay off") << true << false;
        QTest::newRow("app-written, decay off, with an anti-pattern") << true << true;
    }
    void previewKeepsNegativeKnowledge()
    {
        QFETCH(bool, appWritten);
        QFETCH(bool, antiPattern);
        const QString dir = dirWith(u"negative"_s, {u"block-buy-requests-weapons"_s});
        const MemoryStore store(dir);
        if (appWritten || antiPattern) {
            QVERIFY(store
                        .update(u"block-buy-requests-weapons"_s,
                                [&](CategoryMemory &m) {
                                    for (Learning &l : m.learnings) {
                                        if (appWritten)
                                            l.source = u"run model"_s;
                                    }
                                    if (antiPattern)
                                        m.antiPatterns.append(
                                            u"Excluding licensed dealers in the description"_s);
                                    return true;
                                })
                        .written);
        }
        const QString avoid =
            u"- [AVOID] Adding an exclusion for licensed dealers to the description made the "
            "guardrail miss most purchase requests"_s;
        for (int budget = 500; budget <= 1400; budget += 10) {
            InjectorOptions o = preview(budget);
            if (appWritten)
                o.halfLifeDays = 0;
            const Injection in = store.inject(u"Block requests to buy weapons"_s, o, false);
            const QString at = QString::number(budget);
            QVERIFY2(in.text.size() <= budget, qPrintable(at));
            QVERIFY2(hasNegativeKnowledge(in), qPrintable(at));
            // The [AVOID] learning (verbose or compact) is always there ...
            QVERIFY2(in.text.contains(avoid), qPrintable(at));
            QVERIFY2(in.injectedIds.contains(u"Nd8aB2cD3eF4gH5iJ6kLm"_s), qPrintable(at));
            // ... and so is the anti-pattern, when there is one.
            if (antiPattern)
                QVERIFY2(in.text.contains(
                             u"\n\nKnown anti-patterns:\n- Excluding licensed dealers in the "
                             "description"_s),
                         qPrintable(at));
            QVERIFY2(!in.text.endsWith(u"Known anti-patterns:"_s), qPrintable(at));
            // The learnings above it keep their rank order.
            QCOMPARE(in.injectedIds.constLast(), u"Nd8aB2cD3eF4gH5iJ6kLm"_s);
        }
        // The case: at 600 the [AVOID] line replaces weaker [DO] lines.
        const Injection at600 =
            store.inject(u"Block requests to buy weapons"_s, preview(600), false);
        QVERIFY(at600.omittedCount > 0);
        QVERIFY(at600.text.contains(avoid));
    }

    // Learnings of a file that a topic's intent leaves out do not hold room for themselves.
    void negativeKnowledgeOfTheOtherIntentIsNotReserved()
    {
        const QString dir = dirWith(u"negative"_s, {u"block-buy-requests-weapons"_s});
        const MemoryStore store(dir);
        const Injection in =
            store.inject(u"Block requests to buy weapons"_s, preview(3000, Intent::Allow), false);
        QVERIFY(in.isEmpty());
        QCOMPARE(in.otherIntentIds.size(), 8);
    }
};

QTEST_GUILESS_MAIN(TestMemoryRelevance)
#include "tst_memoryrelevance.moc"
