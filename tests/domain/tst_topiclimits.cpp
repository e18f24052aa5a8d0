// Utf8::size / Utf8::truncated and TopicLimits::clamp / validate (behaviour reference §1 and
// §3.1; topiclimits.h: cuts fall on grapheme cluster boundaries, never below 2 examples).

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include "testmain.h"

#include <QTextBoundaryFinder>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// The units every row is built from, with their UTF-8 sizes.
const QString Ascii = u"a"_s;                                  // 1 byte
const QString TwoByte = u"\u00e9"_s;                            // é, 2 bytes
const QString ThreeByte = u"\u6f22"_s;                          // 漢, 3 bytes
const QString Emoji = u"\U0001F600"_s;                          // 😀, 4 bytes, a surrogate pair
const QString Combining = u"e\u0301"_s;                         // e + COMBINING ACUTE, 3 bytes
const QString Family = u"\U0001F468\u200D\U0001F469\u200D\U0001F467"_s; // ZWJ sequence, 18 bytes
const QString Flag = u"\U0001F1E9\U0001F1EA"_s;                // 🇩🇪 regional-indicator pair, 8 bytes
const QString Thumb = u"\U0001F44D\U0001F3FD"_s;                // 👍🏽 emoji + skin tone, 8 bytes

QString repeated(const QString &unit, qsizetype times)
{
    return unit.repeated(times);
}

bool isValidUtf8RoundTrip(const QString &s)
{
    return QString::fromUtf8(s.toUtf8()) == s;
}

// True if `prefixLength` falls on a grapheme cluster boundary of `text`.
bool onGraphemeBoundary(const QString &text, qsizetype prefixLength)
{
    if (prefixLength == 0 || prefixLength == text.size())
        return true;
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, text);
    finder.setPosition(prefixLength);
    return finder.isAtBoundary();
}

// The grapheme cluster of `text` that starts at `position` (empty at the end).
QString clusterAt(const QString &text, qsizetype position)
{
    if (position >= text.size())
        return {};
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, text);
    finder.setPosition(position);
    const qsizetype next = finder.toNextBoundary();
    return text.mid(position, next - position);
}

// Checks every property a cut must have: a prefix of the input, on a grapheme boundary, valid
// UTF-8, within the limit, and the longest such prefix (the next cluster would not fit).
void verifyCut(const QString &input, const QString &cut, qsizetype limit)
{
    QVERIFY2(input.startsWith(cut), "the cut is not a prefix of the input");
    QVERIFY2(onGraphemeBoundary(input, cut.size()), "the cut splits a grapheme cluster");
    QVERIFY2(isValidUtf8RoundTrip(cut), "the cut is not valid UTF-8");
    QCOMPARE(Utf8::size(cut), qsizetype(cut.toUtf8().size()));
    QVERIFY2(Utf8::size(cut) <= std::max<qsizetype>(limit, 0), "the cut is over the limit");
    if (cut.size() < input.size()) {
        const QString next = clusterAt(input, cut.size());
        QVERIFY2(Utf8::size(cut) + Utf8::size(next) > limit, "the cut is shorter than needed");
    }
}

Topic topic(const QString &name, const QString &description, const QStringList &examples)
{
    return Topic{name, description, examples};
}

QStringList fieldsOf(const QList<TopicLimits::Violation> &violations)
{
    QStringList fields;
    for (const TopicLimits::Violation &v : violations)
        fields.append(v.field);
    return fields;
}

} // namespace

Q_DECLARE_METATYPE(Topic)

class TestTopicLimits : public QObject
{
    Q_OBJECT
private slots:
    void utf8Size_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qsizetype>("bytes");
        QTest::newRow("empty") << QString() << qsizetype(0);
        QTest::newRow("ascii") << u"hello"_s << qsizetype(5);
        QTest::newRow("2-byte") << TwoByte << qsizetype(2);
        QTest::newRow("3-byte CJK") << ThreeByte << qsizetype(3);
        QTest::newRow("4-byte emoji (surrogate pair)") << Emoji << qsizetype(4);
        QTest::newRow("combining mark") << Combining << qsizetype(3);
        QTest::newRow("ZWJ family") << Family << qsizetype(18);
        QTest::newRow("flag") << Flag << qsizetype(8);
        QTest::newRow("skin tone") << Thumb << qsizetype(8);
        QTest::newRow("U+07FF (last 2-byte)") << u"\u07ff"_s << qsizetype(2);
        QTest::newRow("U+0800 (first 3-byte)") << u"\u0800"_s << qsizetype(3);
        QTest::newRow("U+FFFF (last BMP)") << QString(QChar(0xffff)) << qsizetype(3);
        QTest::newRow("U+10000 (first astral)") << u"\U00010000"_s << qsizetype(4);
        QTest::newRow("mixed") << (u"Caf"_s + TwoByte + u" "_s + ThreeByte + Emoji + Combining)
                               << qsizetype(3 + 2 + 1 + 3 + 4 + 3);
    }
    void utf8Size()
    {
        QFETCH(QString, text);
        QFETCH(qsizetype, bytes);
        QCOMPARE(Utf8::size(text), bytes);
        QCOMPARE(Utf8::size(text), qsizetype(text.toUtf8().size()));
    }

    void truncated_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qsizetype>("maxBytes");
        QTest::addColumn<QString>("expected");

        QTest::newRow("empty") << QString() << qsizetype(10) << QString();
        QTest::newRow("ascii fits") << u"hello"_s << qsizetype(5) << u"hello"_s;
        QTest::newRow("ascii one over") << u"hello"_s << qsizetype(4) << u"hell"_s;
        QTest::newRow("limit 0") << u"hello"_s << qsizetype(0) << QString();
        QTest::newRow("negative limit") << u"hello"_s << qsizetype(-5) << QString();
        QTest::newRow("2-byte fits") << (TwoByte + TwoByte) << qsizetype(4) << (TwoByte + TwoByte);
        QTest::newRow("2-byte: no half character") << (TwoByte + TwoByte) << qsizetype(3) << TwoByte;
        QTest::newRow("2-byte: 1 byte is nothing") << TwoByte << qsizetype(1) << QString();
        QTest::newRow("CJK: 5 of 6 bytes") << (ThreeByte + ThreeByte) << qsizetype(5) << ThreeByte;
        QTest::newRow("CJK: 2 of 3 bytes") << ThreeByte << qsizetype(2) << QString();
        QTest::newRow("emoji: no half surrogate pair")
            << (Ascii + Emoji) << qsizetype(4) << Ascii;
        QTest::newRow("emoji: 3 of 4 bytes, no lone high surrogate")
            << Emoji << qsizetype(3) << QString();
        QTest::newRow("emoji fits exactly") << (Ascii + Emoji) << qsizetype(5) << (Ascii + Emoji);
        QTest::newRow("combining: base kept with its mark")
            << (Ascii + Combining) << qsizetype(4) << (Ascii + Combining);
        QTest::newRow("combining: base dropped with its mark")
            << (Ascii + Combining) << qsizetype(3) << Ascii;
        QTest::newRow("combining: room for the base only")
            << (Ascii + Combining) << qsizetype(2) << Ascii;
        QTest::newRow("combining: two marks on one base")
            << (u"ab"_s + u"o\u0308\u0301"_s) << qsizetype(6) << u"ab"_s;
        QTest::newRow("ZWJ family: not split at a joiner")
            << (Ascii + Family) << qsizetype(18) << Ascii;
        QTest::newRow("ZWJ family: after the first person")
            << (Ascii + Family) << qsizetype(5) << Ascii;
        QTest::newRow("ZWJ family fits") << (Ascii + Family) << qsizetype(19) << (Ascii + Family);
        QTest::newRow("flags: whole pairs only")
            << (Flag + Flag) << qsizetype(12) << Flag;
        QTest::newRow("skin tone kept with its emoji") << (Thumb + Ascii) << qsizetype(7) << QString();
        QTest::newRow("CRLF is one cluster") << u"ab\r\n"_s << qsizetype(3) << u"ab"_s;
    }
    void truncated()
    {
        QFETCH(QString, text);
        QFETCH(qsizetype, maxBytes);
        QFETCH(QString, expected);
        const QString cut = Utf8::truncated(text, maxBytes);
        QCOMPARE(cut, expected);
        verifyCut(text, cut, maxBytes);
    }

    // Every unit at every byte limit from 0 to 40 over a long run of it: all properties hold.
    void truncated_everyLimit_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("ascii") << repeated(Ascii, 30);
        QTest::newRow("2-byte") << repeated(TwoByte, 15);
        QTest::newRow("CJK") << repeated(ThreeByte, 12);
        QTest::newRow("emoji") << repeated(Emoji, 9);
        QTest::newRow("combining") << repeated(Combining, 12);
        QTest::newRow("ZWJ family") << (Ascii + Family + TwoByte + Family);
        QTest::newRow("flags") << repeated(Flag, 5);
        QTest::newRow("mixed")
            << (Ascii + TwoByte + ThreeByte + Emoji + Combining + Flag + Thumb + Family + Ascii);
    }
    void truncated_everyLimit()
    {
        QFETCH(QString, text);
        for (qsizetype limit = 0; limit <= 40; ++limit) {
            const QString cut = Utf8::truncated(text, limit);
            verifyCut(text, cut, limit);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(u"at limit %1"_s.arg(limit)));
        }
    }

    // Each topic text field exactly at its limit and one byte over, with every kind of
    // character in the last position.
    void clampField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");

        const struct
        {
            const char *field;
            qsizetype limit;
        } fields[] = {{"name", TopicLimits::NameBytes},
                      {"description", TopicLimits::DescriptionBytes},
                      {"example", TopicLimits::ExampleBytes}};
        const struct
        {
            const char *label;
            QString unit;
        } units[] = {{"ascii", Ascii},        {"2-byte", TwoByte}, {"CJK", ThreeByte},
                     {"emoji", Emoji},        {"combining", Combining},
                     {"ZWJ family", Family},  {"flag", Flag}};
        for (const auto &f : fields) {
            const QString field = QString::fromLatin1(f.field);
            for (const auto &u : units) {
                const qsizetype unitBytes = Utf8::size(u.unit);
                const QString at = repeated(Ascii, f.limit - unitBytes) + u.unit;
                const QString over = repeated(Ascii, f.limit - unitBytes + 1) + u.unit;
                QTest::addRow("%s: %s exactly at %lld", f.field, u.label, qlonglong(f.limit))
                    << field << at << at;
                // One byte over: the whole last character goes, never a part of it.
                QTest::addRow("%s: %s one byte over", f.field, u.label)
                    << field << over << repeated(Ascii, f.limit - unitBytes + 1);
                // Only multi-byte characters: the cut lands on the last whole one that fits.
                const qsizetype fit = f.limit / unitBytes;
                QTest::addRow("%s: only %s, far over", f.field, u.label)
                    << field << repeated(u.unit, fit + 7) << repeated(u.unit, fit);
            }
            QTest::addRow("%s: short, untouched", f.field) << field << u"short"_s << u"short"_s;
        }
    }
    void clampField()
    {
        QFETCH(QString, field);
        QFETCH(QString, input);
        QFETCH(QString, expected);

        Topic in = topic(u"Weapons"_s, u"Discussions of weapons"_s, {u"one"_s, u"two"_s});
        qsizetype limit = 0;
        if (field == "name"_L1) {
            in.name = input;
            limit = TopicLimits::NameBytes;
        } else if (field == "description"_L1) {
            in.description = input;
            limit = TopicLimits::DescriptionBytes;
        } else {
            in.examples[1] = input;
            limit = TopicLimits::ExampleBytes;
        }
        const Topic out = TopicLimits::clamp(in);
        const QString actual = field == "name"_L1          ? out.name
                               : field == "description"_L1 ? out.description
                                                           : out.examples.value(1);
        QCOMPARE(actual, expected);
        verifyCut(input, actual, limit);
        QCOMPARE(out.examples.size(), 2);
        QVERIFY2(TopicLimits::validate(out).isEmpty(),
                 qPrintable(TopicLimits::describe(TopicLimits::validate(out))));
    }

    void clampExamples_data()
    {
        QTest::addColumn<int>("nameBytes");
        QTest::addColumn<int>("descriptionBytes");
        QTest::addColumn<QList<int>>("exampleBytes");
        QTest::addColumn<int>("keptExamples");

        QTest::newRow("valid topic untouched") << 10 << 20 << QList<int>{5, 5, 5} << 3;
        QTest::newRow("first 5 of 7 kept") << 10 << 20 << QList<int>{1, 2, 3, 4, 5, 6, 7} << 5;
        QTest::newRow("one example stays one (validate reports it)") << 10 << 20 << QList<int>{5} << 1;
        QTest::newRow("no examples stay none") << 10 << 20 << QList<int>{} << 0;
        // 100 + 250 + 4×150 + 50 = 1000: exactly at the combined limit.
        QTest::newRow("combined exactly 1000, all 5 kept")
            << 100 << 250 << QList<int>{150, 150, 150, 150, 50} << 5;
        QTest::newRow("combined 1001, last dropped")
            << 100 << 250 << QList<int>{150, 150, 150, 150, 51} << 4;
        // The name counts: 100 + 250 + 3×220 = 1010 > 1000 (without the name it would be 910).
        QTest::newRow("the name counts toward the total")
            << 100 << 250 << QList<int>{220, 220, 220} << 2;
        QTest::newRow("drops only as many as needed")
            << 10 << 10 << QList<int>{245, 245, 245, 245, 245} << 4;
        // Every field at its limit: 100 + 250 + 5×250 = 1600; 2 examples come to 850.
        QTest::newRow("all at their limits: down to 2")
            << 100 << 250 << QList<int>{250, 250, 250, 250, 250} << 2;
        // Over-long examples are cut to 250 first, then counted: 8 examples of 400 bytes.
        QTest::newRow("cut first, then counted")
            << 300 << 600 << QList<int>{400, 400, 400, 400, 400, 400, 400, 400} << 2;
        QTest::newRow("small examples beyond 5 dropped even under 1000")
            << 5 << 5 << QList<int>{1, 1, 1, 1, 1, 1} << 5;
    }
    void clampExamples()
    {
        QFETCH(int, nameBytes);
        QFETCH(int, descriptionBytes);
        QFETCH(QList<int>, exampleBytes);
        QFETCH(int, keptExamples);

        Topic in = topic(repeated(u"n"_s, nameBytes), repeated(u"d"_s, descriptionBytes), {});
        for (qsizetype i = 0; i < exampleBytes.size(); ++i) // distinct, so order is checkable
            in.examples.append(QString(QChar(char16_t(u'A' + i))) + repeated(u"x"_s, exampleBytes[i] - 1));
        const Topic out = TopicLimits::clamp(in);

        QCOMPARE(out.examples.size(), keptExamples);
        for (qsizetype i = 0; i < out.examples.size(); ++i) // the first ones, in order, each cut
            QCOMPARE(out.examples[i], Utf8::truncated(in.examples[i], TopicLimits::ExampleBytes));
        QCOMPARE(out.name, Utf8::truncated(in.name, TopicLimits::NameBytes));
        QCOMPARE(out.description, Utf8::truncated(in.description, TopicLimits::DescriptionBytes));
        if (keptExamples >= 2) {
            QVERIFY(TopicLimits::combinedBytes(out) <= TopicLimits::CombinedBytes);
            // Trailing examples are dropped only while over: one more would not have fit.
            if (out.examples.size() < std::min<qsizetype>(in.examples.size(), 5)) {
                Topic oneMore = out;
                oneMore.examples.append(
                    Utf8::truncated(in.examples[out.examples.size()], TopicLimits::ExampleBytes));
                QVERIFY(TopicLimits::combinedBytes(oneMore) > TopicLimits::CombinedBytes);
            }
        }
        QCOMPARE(TopicLimits::clamp(out), out); // idempotent
    }

    void combinedBytes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("description");
        QTest::addColumn<QStringList>("examples");
        QTest::addColumn<qsizetype>("bytes");
        QTest::newRow("ascii") << u"ab"_s << u"cde"_s << QStringList{u"f"_s, u"gh"_s} << qsizetype(8);
        QTest::newRow("multi-byte") << TwoByte << ThreeByte << QStringList{Emoji, Combining, Family}
                                    << qsizetype(2 + 3 + 4 + 3 + 18);
        QTest::newRow("empty") << QString() << QString() << QStringList() << qsizetype(0);
    }
    void combinedBytes()
    {
        QFETCH(QString, name);
        QFETCH(QString, description);
        QFETCH(QStringList, examples);
        QFETCH(qsizetype, bytes);
        QCOMPARE(TopicLimits::combinedBytes(topic(name, description, examples)), bytes);
    }

    void validate_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("description");
        QTest::addColumn<QStringList>("examples");
        QTest::addColumn<QStringList>("fields");

        const QString n100 = repeated(Ascii, 100);
        const QString d250 = repeated(Ascii, 250);
        const QString e250 = repeated(Ascii, 250);
        QTest::newRow("valid") << u"Weapons"_s << u"Weapons talk"_s
                               << QStringList{u"a gun"_s, u"a knife"_s} << QStringList();
        QTest::newRow("5 examples valid")
            << u"n"_s << u"d"_s << QStringList{u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s}
            << QStringList();
        QTest::newRow("every field at its limit, total 850")
            << n100 << d250 << QStringList{e250, e250} << QStringList();
        // 100 + 250 + 250 + 250 + 150 = 1000.
        QTest::newRow("total exactly 1000")
            << n100 << d250 << QStringList{e250, e250, repeated(Ascii, 150)} << QStringList();
        QTest::newRow("multi-byte at the limits")
            << repeated(Emoji, 25) << repeated(Combining, 83) + u"a"_s
            << QStringList{repeated(ThreeByte, 83) + u"a"_s, repeated(TwoByte, 125)}
            << QStringList();
        QTest::newRow("empty name + 1 example + an over-long example")
            << QString() << u"d"_s << QStringList{repeated(Ascii, 251)}
            << QStringList{u"name"_s, u"examples"_s, u"examples[0]"_s};
        QTest::newRow("blank name counts as empty")
            << u"  \t"_s << u"d"_s << QStringList{u"1"_s, u"2"_s} << QStringList{u"name"_s};
        QTest::newRow("name 101 bytes (2-byte chars)")
            << (repeated(TwoByte, 50) + Ascii) << u"d"_s << QStringList{u"1"_s, u"2"_s}
            << QStringList{u"name"_s};
        QTest::newRow("description 251 bytes (emoji)")
            << u"n"_s << (repeated(Emoji, 62) + u"abc"_s) << QStringList{u"1"_s, u"2"_s}
            << QStringList{u"description"_s};
        QTest::newRow("empty description")
            << u"n"_s << QString() << QStringList{u"1"_s, u"2"_s} << QStringList{u"description"_s};
        QTest::newRow("no examples") << u"n"_s << u"d"_s << QStringList() << QStringList{u"examples"_s};
        QTest::newRow("6 examples")
            << u"n"_s << u"d"_s
            << QStringList{u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s, u"6"_s}
            << QStringList{u"examples"_s};
        QTest::newRow("empty example at index 3")
            << u"n"_s << u"d"_s << QStringList{u"1"_s, u"2"_s, u"3"_s, QString()}
            << QStringList{u"examples[3]"_s};
        QTest::newRow("example 251 bytes (combining)")
            << u"n"_s << u"d"_s << QStringList{u"1"_s, repeated(Combining, 83) + u"ab"_s}
            << QStringList{u"examples[1]"_s};
        // Every field within its own limit, but 100 + 250 + 3×250 = 1100.
        QTest::newRow("only the total is over")
            << n100 << d250 << QStringList{e250, e250, e250} << QStringList{u"topic"_s};
        QTest::newRow("everything wrong at once")
            << QString() << repeated(Ascii, 300)
            << QStringList{u"a"_s, QString(), e250, e250, repeated(Ascii, 251), u"e"_s}
            << QStringList{u"name"_s,        u"description"_s, u"examples"_s,
                           u"examples[1]"_s, u"examples[4]"_s, u"topic"_s};
    }
    void validate()
    {
        QFETCH(QString, name);
        QFETCH(QString, description);
        QFETCH(QStringList, examples);
        QFETCH(QStringList, fields);

        const QList<TopicLimits::Violation> violations =
            TopicLimits::validate(topic(name, description, examples));
        QStringList actual = fieldsOf(violations);
        actual.sort();
        fields.sort();
        QCOMPARE(actual, fields);
        for (const TopicLimits::Violation &v : violations)
            QVERIFY2(!v.message.trimmed().isEmpty(), qPrintable(v.field));

        // describe(): "field: message" for every violation, in order, joined by "; ".
        QStringList parts;
        for (const TopicLimits::Violation &v : violations)
            parts.append(v.field + u": "_s + v.message);
        QCOMPARE(TopicLimits::describe(violations), parts.join(u"; "_s));
    }

    void validate_messagesMentionTheNumbers()
    {
        const QList<TopicLimits::Violation> v = TopicLimits::validate(
            topic(repeated(TwoByte, 51), u"d"_s, QStringList{u"1"_s, u"2"_s}));
        QCOMPARE(v.size(), 1);
        QCOMPARE(v[0].field, u"name"_s);
        QVERIFY2(v[0].message.contains(u"102"_s), qPrintable(v[0].message));
        QVERIFY2(v[0].message.contains(u"100"_s), qPrintable(v[0].message));
    }

    // Over-long input from an LLM, clamped, is deployable when at least 2 examples survive.
    void clampThenValidate_data()
    {
        QTest::addColumn<Topic>("input");
        QTest::addColumn<QStringList>("fields");
        QTest::newRow("all multi-byte, far over")
            << topic(repeated(Emoji, 300), repeated(ThreeByte, 1000),
                     QStringList(8, repeated(Combining, 200)))
            << QStringList();
        QTest::newRow("ZWJ sequences everywhere")
            << topic(repeated(Family, 20), repeated(Family + Ascii, 40),
                     QStringList{repeated(Family, 30), repeated(Flag, 50), repeated(Thumb, 70)})
            << QStringList();
        QTest::newRow("ascii, every field far over")
            << topic(repeated(Ascii, 5000), repeated(Ascii, 5000), QStringList(6, repeated(Ascii, 5000)))
            << QStringList();
        QTest::newRow("one example survives: still reported")
            << topic(repeated(Ascii, 300), repeated(Ascii, 300), QStringList{repeated(Ascii, 300)})
            << QStringList{u"examples"_s};
        QTest::newRow("an empty example is not invented away")
            << topic(u"n"_s, u"d"_s, QStringList{u"x"_s, QString()}) << QStringList{u"examples[1]"_s};
        QTest::newRow("empty name stays empty")
            << topic(QString(), repeated(Ascii, 400), QStringList{u"x"_s, u"y"_s})
            << QStringList{u"name"_s};
    }
    void clampThenValidate()
    {
        QFETCH(Topic, input);
        QFETCH(QStringList, fields);
        const Topic out = TopicLimits::clamp(input);
        QStringList actual = fieldsOf(TopicLimits::validate(out));
        actual.sort();
        QCOMPARE(actual, fields);
        QVERIFY(Utf8::size(out.name) <= TopicLimits::NameBytes);
        QVERIFY(Utf8::size(out.description) <= TopicLimits::DescriptionBytes);
        QVERIFY(out.examples.size() <= TopicLimits::MaxExamples);
        QVERIFY(out.examples.size() >= std::min<qsizetype>(input.examples.size(), 2));
        if (out.examples.size() >= 2)
            QVERIFY(TopicLimits::combinedBytes(out) <= TopicLimits::CombinedBytes);
        verifyCut(input.name, out.name, TopicLimits::NameBytes);
        verifyCut(input.description, out.description, TopicLimits::DescriptionBytes);
        for (qsizetype i = 0; i < out.examples.size(); ++i)
            verifyCut(input.examples[i], out.examples[i], TopicLimits::ExampleBytes);
    }
};

QTEST_GUILESS_MAIN(TestTopicLimits)
#include "tst_topiclimits.moc"
