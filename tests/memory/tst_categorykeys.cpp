// Category keys for letters of every script (issue 16 item 4) and relevance by subject words
// (item 5b): ASCII topics keep the original's keys exactly; other scripts get their own keys
// instead of all sharing "uncategorized"; framing words no longer decide transfer.
#include "memorystore/categorykey.h"

#include "testmain.h"

#include <QRandomGenerator>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {

// The original's key (behaviour reference §4.1), step by step, for comparison.
QString originalKey(const QString &description)
{
    static const QStringList stop{u"a"_s,     u"an"_s,   u"the"_s, u"and"_s, u"or"_s,  u"of"_s,
                                  u"about"_s, u"for"_s,  u"in"_s,  u"on"_s,  u"to"_s,  u"with"_s,
                                  u"that"_s,  u"this"_s, u"is"_s,  u"are"_s, u"was"_s, u"were"_s};
    QString kept;
    for (QChar c : description.toLower()) {
        if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'))
            kept.append(c);
        else if (c.isSpace())
            kept.append(u' ');
    }
    QStringList words;
    for (const QString &w : kept.split(u' ', Qt::SkipEmptyParts)) {
        if (!stop.contains(w) && !words.contains(w))
            words.append(w);
    }
    std::sort(words.begin(), words.end());
    return words.isEmpty() ? u"uncategorized"_s : words.join(u'-');
}

// The original's relevance: half of the smaller set of all key words.
bool originalRelated(const QString &a, const QString &b)
{
    const QStringList la = a.split(u'-', Qt::SkipEmptyParts);
    const QStringList lb = b.split(u'-', Qt::SkipEmptyParts);
    const QSet<QString> sa(la.cbegin(), la.cend());
    const QSet<QString> sb(lb.cbegin(), lb.cend());
    const qsizetype smaller = std::min(sa.size(), sb.size());
    return smaller > 0 && 2 * QSet<QString>(sa).intersect(sb).size() >= smaller;
}

} // namespace

class TestCategoryKeys : public QObject
{
    Q_OBJECT
private slots:
    // Keys the original writes for ASCII topics, unchanged (shared homes keep working).
    void originalAsciiKeys_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("key");
        QTest::newRow("reference") << u"Block the use of weapons"_s << u"block-use-weapons"_s;
        QTest::newRow("seed") << u"Block weapons discussions"_s << u"block-discussions-weapons"_s;
        QTest::newRow("issue, weapons")
            << u"Block requests to buy weapons"_s << u"block-buy-requests-weapons"_s;
        QTest::newRow("issue, crypto") << u"Block requests for cryptocurrency investment advice"_s
                                       << u"advice-block-cryptocurrency-investment-requests"_s;
        QTest::newRow("allow") << u"Allow medical questions"_s << u"allow-medical-questions"_s;
        QTest::newRow("hyphen merges") << u"Block self-harm talk"_s << u"block-selfharm-talk"_s;
        QTest::newRow("apostrophe merges") << u"Don't discuss PINs"_s << u"discuss-dont-pins"_s;
        QTest::newRow("digits and case")
            << u"Block CVE-2024 EXPLOITS in C2"_s << u"block-c2-cve2024-exploits"_s;
        QTest::newRow("whitespace kinds")
            << u"Weapons\tand\nviolence\r\fnow"_s << u"now-violence-weapons"_s;
        QTest::newRow("punctuation only") << u"!!! ??? ..."_s << u"uncategorized"_s;
        QTest::newRow("stop words only") << u"The and of, is"_s << u"uncategorized"_s;
        QTest::newRow("duplicates") << u"Weapons, weapons & WEAPONS!"_s << u"weapons"_s;
        QTest::newRow("empty") << QString() << u"uncategorized"_s;
    }
    void originalAsciiKeys()
    {
        QFETCH(QString, description);
        QFETCH(QString, key);
        QCOMPARE(originalKey(description), key); // the table is the original's
        QCOMPARE(CategoryKey::fromDescription(description), key);
    }

    // Any ASCII text: the same key as the original's algorithm.
    void randomAsciiMatchesTheOriginal()
    {
        QRandomGenerator rng(16);
        for (int n = 0; n < 5000; ++n) {
            QString s;
            const int length = rng.bounded(40);
            for (int i = 0; i < length; ++i) {
                const int pick = rng.bounded(10);
                s.append(pick < 2   ? QChar(u' ')
                         : pick < 3 ? QChar(char16_t(u"\t\n\v\f\r"[rng.bounded(5)]))
                                    : QChar(char16_t(rng.bounded(0x20, 0x7f))));
            }
            QCOMPARE(CategoryKey::fromDescription(s), originalKey(s));
        }
    }

    void unicodeKeys_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("key");
        // German: umlauts survive, sorted by code unit (ü after w).
        QTest::newRow("German ä, ü") << u"Gespräche über Waffengewalt blockieren"_s
                                     << u"blockieren-gespräche-waffengewalt-über"_s;
        // ß case-folds to ss.
        QTest::newRow("German ß") << u"Straßenverkauf von Waffen"_s
                                  << u"strassenverkauf-von-waffen"_s;
        // Japanese is written without spaces: a run of letters is one word.
        QTest::newRow("Japanese") << u"武器の購入をブロック"_s << u"武器の購入をブロック"_s;
        // The ideographic space separates words (NFKC makes it a space).
        QTest::newRow("Japanese, ideographic space")
            << u"武器の購入　ブロック"_s << u"ブロック-武器の購入"_s;
        QTest::newRow("Cyrillic") << u"Блокировать обсуждение оружия"_s
                                  << u"блокировать-обсуждение-оружия"_s;
        QTest::newRow("mixed scripts")
            << u"Block Waffen und оружие 武器!"_s << u"block-und-waffen-оружие-武器"_s;
        // Letters outside the BMP (surrogate pairs) are kept; symbols (emoji) are not.
        QTest::newRow("supplementary letters, emoji")
            << u"Block 🔫 𠀋 weapons"_s << u"block-weapons-𠀋"_s;
        // NFKC: full-width and mathematical letters are their plain forms.
        QTest::newRow("full-width is ASCII")
            << u"Ｂｌｏｃｋ ｗｅａｐｏｎｓ"_s << u"block-weapons"_s;
        QTest::newRow("math bold is ASCII") << u"𝐁𝐥𝐨𝐜𝐤 the weapons"_s << u"block-weapons"_s;
        // Greek: final sigma folds to sigma.
        QTest::newRow("Greek") << u"ΌΠΛΑ όπλας"_s << u"όπλα-όπλασ"_s;
        QTest::newRow("non-ascii only punctuation") << u"«» — …"_s << u"uncategorized"_s;
    }
    void unicodeKeys()
    {
        QFETCH(QString, description);
        QFETCH(QString, key);
        QCOMPARE(CategoryKey::fromDescription(description), key);
    }

    // Spellings of one topic that differ only in normal form or case share one key.
    void equivalentSpellings_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("composed, decomposed ä") << u"Ärzte fragen"_s << u"A\u0308rzte FRAGEN"_s;
        QTest::newRow("ß, SS, ss") << u"Straße"_s << u"STRASSE"_s;
        QTest::newRow("ß, ss") << u"Straße"_s << u"strasse"_s;
        QTest::newRow("half-width katakana") << u"ﾌﾞﾛｯｸ 武器"_s << u"ブロック 武器"_s;
        QTest::newRow("Cyrillic case") << u"ОРУЖИЕ"_s << u"оружие"_s;
    }
    void equivalentSpellings()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QCOMPARE(CategoryKey::fromDescription(a), CategoryKey::fromDescription(b));
    }

    // The bug: every non-English topic was "uncategorized", so they all shared one file.
    void nonEnglishTopicsNoLongerShareAKey()
    {
        const QStringList topics{
            u"Waffenkauf blockieren"_s,      u"Drogenhandel blockieren"_s,
            u"武器の購入をブロック"_s,       u"暗号資産の投資助言をブロック"_s,
            u"Блокировать продажу оружия"_s, u"Блокировать советы по криптовалюте"_s};
        QSet<QString> keys;
        for (const QString &t : topics) {
            const QString key = CategoryKey::fromDescription(t);
            QVERIFY2(key != u"uncategorized"_s, qPrintable(t));
            keys.insert(key);
        }
        QCOMPARE(keys.size(), topics.size());
        for (const QString &a : topics) {
            for (const QString &b : topics) {
                if (a != b)
                    QVERIFY2(!CategoryKey::related(CategoryKey::fromDescription(a),
                                                   CategoryKey::fromDescription(b)),
                             qPrintable(a + u" / "_s + b));
            }
        }
        // The original filed the Japanese and Russian topics together.
        QCOMPARE(originalKey(topics.at(2)), u"uncategorized"_s);
        QCOMPARE(originalKey(topics.at(4)), u"uncategorized"_s);
    }

    void framingWordsAreOneSortedList()
    {
        const QStringList &w = CategoryKey::framingWords();
        QVERIFY(std::is_sorted(w.cbegin(), w.cend()));
        QCOMPARE(QSet<QString>(w.cbegin(), w.cend()).size(), w.size());
        for (const QString &word : {u"block"_s, u"allow"_s, u"requests"_s, u"questions"_s,
                                    u"discussions"_s, u"content"_s, u"topics"_s, u"advice"_s})
            QVERIFY2(CategoryKey::isFramingWord(word), qPrintable(word));
        for (const QString &word : {u"weapons"_s, u"violence"_s, u"cryptocurrency"_s, u"medical"_s,
                                    u"injection"_s, u"prompt"_s})
            QVERIFY2(!CategoryKey::isFramingWord(word), qPrintable(word));
        // Every entry is a word a key can hold (folded, no separator).
        for (const QString &word : w)
            QCOMPARE(CategoryKey::fromDescription(word), word);
    }

    void relevanceBySubject_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("related");
        QTest::addColumn<QStringList>("shared");
        QTest::addColumn<bool>("originalRelated");
        // The issue: framing words made these share 50 % of the smaller key.
        QTest::newRow("weapons vs crypto advice")
            << u"Block requests to buy weapons"_s
            << u"Block requests for cryptocurrency investment advice"_s << false << QStringList{}
            << true;
        QTest::newRow("weapons discussions vs violence and weapons")
            << u"Block weapons discussions"_s << u"Block violence and weapons"_s << true
            << QStringList{u"weapons"_s} << true;
        QTest::newRow("buying weapons vs weapons discussions")
            << u"Block requests to buy weapons"_s << u"Block weapons discussions"_s << true
            << QStringList{u"weapons"_s} << true;
        QTest::newRow("block vs allow of one subject")
            << u"Block medical questions"_s << u"Allow medical questions"_s << true
            << QStringList{u"medical"_s} << true;
        QTest::newRow("only framing words in common")
            << u"Allow medical questions"_s << u"Allow cooking questions"_s << false
            << QStringList{} << true;
        QTest::newRow("subject words still need half of the smaller set")
            << u"Block drugs and alcohol and tobacco"_s << u"Block weapons and drugs trade"_s
            << false << QStringList{u"drugs"_s} << true;
        QTest::newRow("German subject")
            << u"Gespräche über Waffengewalt blockieren"_s << u"Waffengewalt in Filmen"_s << true
            << QStringList{u"waffengewalt"_s} << true;
        // Issue 40: the key keeps German articles and prepositions ("von", "beim", "zum") and
        // deletes the hyphens of "Phishing-E-Mails", so a related German run found nothing.
        QTest::newRow("German stop words and a hyphenated compound")
            << u"Anfragen zu Phishing-E-Mails blockieren"_s
            << u"Phishing-Nachrichten und gefälschte E-Mails blockieren"_s << true
            << QStringList{u"emails"_s, u"phishingemails"_s} << false;
        QTest::newRow("a compound holds the English words")
            << u"Block phishing emails"_s << u"Anfragen zum Versand von Phishing-E-Mails blockieren"_s
            << true << QStringList{u"emails"_s, u"phishing"_s, u"phishingemails"_s} << false;
        QTest::newRow("German articles alone relate nothing")
            << u"Die Waffen der Jäger"_s << u"Die Drogen der Händler"_s << false << QStringList{}
            << true;
        QTest::newRow("a short word is not found inside another")
            << u"Block arms trade"_s << u"Block self harms"_s << false << QStringList{} << false;
    }
    void relevanceBySubject()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, related);
        QFETCH(QStringList, shared);
        QFETCH(bool, originalRelated);
        const QString ka = CategoryKey::fromDescription(a);
        const QString kb = CategoryKey::fromDescription(b);
        QCOMPARE(::originalRelated(ka, kb), originalRelated);
        const CategoryKey::Match m = CategoryKey::match(ka, kb);
        QCOMPARE(m.related, related);
        QCOMPARE(m.sharedWords, shared);
        QVERIFY(!m.sameKey);
        QCOMPARE(CategoryKey::related(kb, ka), related);
    }

    // Keys stay the original's (files are shared with it): only relevance changed.
    void germanKeysAreTheOriginals()
    {
        QCOMPARE(CategoryKey::fromDescription(u"Anfragen zum Versand von Phishing-E-Mails blockieren"_s),
                 u"anfragen-blockieren-phishingemails-versand-von-zum"_s);
        QCOMPARE(CategoryKey::subjectWords(u"anfragen-blockieren-phishingemails-versand-von-zum"_s),
                 (QStringList{u"phishingemails"_s, u"versand"_s}));
    }

    // A key made only of framing words still finds its own file, and nothing else.
    void ownCategoryAlwaysMatches()
    {
        const QString key = CategoryKey::fromDescription(u"Block requests"_s);
        QCOMPARE(key, u"block-requests"_s);
        QVERIFY(CategoryKey::subjectWords(key).isEmpty());
        const CategoryKey::Match own = CategoryKey::match(key, key);
        QVERIFY(own.related);
        QVERIFY(own.sameKey);
        QVERIFY(!CategoryKey::related(key, u"block-requests-weapons"_s));
        QVERIFY(CategoryKey::related(u"uncategorized"_s, u"uncategorized"_s));
    }

    // A file name listed in another normal form (e.g. copied from macOS, NFD) has the same
    // words, so it still matches.
    void keyWordsIgnoreNormalForm()
    {
        QCOMPARE(CategoryKey::words(u"a\u0308rzte-blockieren"_s),
                 (QStringList{u"blockieren"_s, u"ärzte"_s}));
        QVERIFY(CategoryKey::match(u"ärzte"_s, u"a\u0308rzte"_s).sameKey);
    }

    void statedIntent_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("allow");
        QTest::newRow("allow") << u"allow-medical-questions"_s << true;
        QTest::newRow("permitted") << u"permitted-recipes"_s << true;
        QTest::newRow("block") << u"block-use-weapons"_s << false;
        QTest::newRow("neither: the original's default") << u"medical-questions"_s << false;
        QTest::newRow("both: block wins") << u"allow-block-weapons"_s << false;
    }
    void statedIntent()
    {
        QFETCH(QString, key);
        QFETCH(bool, allow);
        QCOMPARE(CategoryKey::statedIntent(key) == Intent::Allow, allow);
    }
};

QTEST_GUILESS_MAIN(TestCategoryKeys)
#include "tst_categorykeys.moc"
