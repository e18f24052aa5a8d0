#include "memorystore/categorykey.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestCategoryKey : public QObject
{
    Q_OBJECT
private slots:
    void key_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("key");
        QTest::newRow("reference example") << u"Block the use of weapons"_s << u"block-use-weapons"_s;
        QTest::newRow("seed example") << u"Block weapons discussions"_s << u"block-discussions-weapons"_s;
        QTest::newRow("punctuation and duplicates") << u"Weapons, weapons & WEAPONS!"_s << u"weapons"_s;
        QTest::newRow("hyphen merges words (original)") << u"self-harm talk"_s << u"selfharm-talk"_s;
        QTest::newRow("only stop words") << u"the and of"_s << u"uncategorized"_s;
        // The original dropped "ü" ("alles-ber-waffen"); letters of every script are kept.
        QTest::newRow("non-ascii letters kept") << u"Waffen über alles"_s << u"alles-waffen-über"_s;
        QTest::newRow("empty") << QString() << u"uncategorized"_s;
    }
    void key()
    {
        QFETCH(QString, description);
        QFETCH(QString, key);
        QCOMPARE(CategoryKey::fromDescription(description), key);
    }

    void related_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("related");
        QTest::newRow("seed transfer") << u"block-discussions-weapons"_s << u"block-violence-weapons"_s << true;
        QTest::newRow("half of smaller") << u"api-injection-sql"_s << u"injection-prompt"_s << true;
        QTest::newRow("below half") << u"a-b-c"_s << u"c-d-e"_s << false;
        QTest::newRow("empty") << QString() << u"a"_s << false;
    }
    void related()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, related);
        QCOMPARE(CategoryKey::related(a, b), related);
        QCOMPARE(CategoryKey::related(b, a), related);
    }
};

QTEST_GUILESS_MAIN(TestCategoryKey)
#include "tst_categorykey.moc"
