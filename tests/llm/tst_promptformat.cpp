// The prompt book's text helpers: placeholder filling, clipping, lists.
#include "llm/prompts/promptformat.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestPromptFormat final : public QObject
{
    Q_OBJECT

private slots:
    void fill_data()
    {
        QTest::addColumn<QString>("templ");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << u"a {x} b {y}"_s << u"a 1 b {z}"_s;
        QTest::newRow("unknown stays") << u"{nope} {x}"_s << u"{nope} 1"_s;
        QTest::newRow("not a name") << u"{ x } {} {x"_s << u"{ x } {} {x"_s;
        QTest::newRow("adjacent") << u"{x}{x}"_s << u"11"_s;
    }

    void fill()
    {
        QFETCH(QString, templ);
        QFETCH(QString, expected);
        // y's value contains a placeholder: substituted text is never scanned again.
        QCOMPARE(
            PromptFormat::fill(templ, {{u"x"_s, u"1"_s}, {u"y"_s, u"{z}"_s}, {u"z"_s, u"!"_s}}),
            expected);
    }

    void clip_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("max");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fits") << u"short text"_s << 20 << u"short text"_s;
        QTest::newRow("word boundary") << u"alpha beta gamma delta"_s << 15 << u"alpha beta…"_s;
        QTest::newRow("cut on a space") << u"alpha beta gamma"_s << 12 << u"alpha beta…"_s;
        QTest::newRow("one long word") << u"abcdefghijklmnop"_s << 8 << u"abcdefg…"_s;
        QTest::newRow("no trailing comma") << u"alpha, beta gamma"_s << 8 << u"alpha…"_s;
        QTest::newRow("comma kept mid-text") << u"alpha, beta gamma"_s << 12 << u"alpha, beta…"_s;
        // 😀 is a surrogate pair: never split, whatever the limit.
        QTest::newRow("surrogate pair") << u"ab😀😀😀"_s << 5 << u"ab😀…"_s;
        QTest::newRow("surrogate pair edge") << u"ab😀😀😀"_s << 4 << u"ab…"_s;
        QTest::newRow("combining mark") << u"cafe\u0301s and more"_s << 6 << u"cafe\u0301…"_s;
    }

    void clip()
    {
        QFETCH(QString, text);
        QFETCH(int, max);
        QFETCH(QString, expected);
        const QString out = PromptFormat::clip(text, max);
        QCOMPARE(out, expected);
        QVERIFY(out.size() <= max);
    }

    void lists()
    {
        QCOMPARE(PromptFormat::numberedList({u"a"_s, u"b\nc"_s}), u"1. a\n2. b c"_s);
        QCOMPARE(PromptFormat::quotedList({u"a"_s, u"b"_s}), u"\"a\", \"b\""_s);
        QCOMPARE(PromptFormat::joinedOrNone({u" "_s, u""_s}, u"; "_s), u"None"_s);
        QCOMPARE(PromptFormat::joinedOrNone({u"x"_s, u""_s, u"y"_s}, u"; "_s), u"x; y"_s);
        QCOMPARE(PromptFormat::examplesInline({}), u"None (description-only)"_s);
        QCOMPARE(PromptFormat::examplesNumbered({}), u"None (description-only mode)"_s);
        QCOMPARE(PromptFormat::breakdownSection({}), QString());
    }

    void longPromptsAreClippedInLists()
    {
        const QString longPrompt = QString(u"word "_s).repeated(100).trimmed();
        const QString lines = PromptFormat::promptLines({TestCase{longPrompt, true, u"c"_s}}, true);
        QVERIFY(lines.startsWith(u"- \"word word"_s));
        QVERIFY(lines.endsWith(u"word…\" (c)"_s));
        QVERIFY(lines.size() <= PromptFormat::MaxPromptChars + 10);
    }
};

QTEST_GUILESS_MAIN(TestPromptFormat)
#include "tst_promptformat.moc"
