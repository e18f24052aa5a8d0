// The man pages' text (issue 60): Roff::text, Roff::literal and Roff::argument over any text a
// description could hold. Properties: only ASCII comes out; no line starts with "." or "'"
// (a roff request); every backslash starts one of the escapes the functions write; filled text
// has no empty line and no line over 78 bytes but a single word; and a second route, the
// escapes undone, gives back the text where it had a glyph for every character.
#include "../fuzztarget.h"

#include "cli/roff.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {
const QRegularExpression Escape(u"\\\\(e|-|&|\\(dq|\\[u[0-9A-F]{4,6}\\])"_s);

QString undone(QString roff)
{
    QString out;
    qsizetype at = 0;
    for (auto m = Escape.globalMatch(roff); m.hasNext();) {
        const QRegularExpressionMatch e = m.next();
        out += roff.mid(at, e.capturedStart() - at);
        const QString code = e.captured(1);
        if (code == "e"_L1)
            out += u'\\';
        else if (code == "-"_L1)
            out += u'-';
        else if (code == "(dq"_L1)
            out += u'"';
        else if (code.startsWith(u'['))
            out += QString::fromUcs4(std::array<char32_t, 1>{char32_t(code.mid(2, code.size() - 3).toUInt(nullptr, 16))}.data(), 1);
        at = e.capturedEnd();
    }
    return out + roff.mid(at);
}

void checkLines(const QString &roff, const char *what)
{
    for (const QString &line : roff.split(u'\n')) {
        FUZZ_REQUIRE(!line.startsWith(u'.') && !line.startsWith(u'\''), QLatin1StringView(what) + u": a request line: "_s + line);
        for (QChar c : line)
            FUZZ_REQUIRE(c.unicode() >= 0x20 && c.unicode() < 0x7f, QLatin1StringView(what) + u": not printable ASCII: "_s + line);
        QString rest = line;
        rest.remove(Escape);
        FUZZ_REQUIRE(!rest.contains(u'\\'), QLatin1StringView(what) + u": a stray backslash: "_s + line);
    }
}

// Every character has a glyph and is no space roff would not see as one: printable ASCII or a
// printable character of the BMP below the noncharacters (no surrogates: they come out as "?"
// when alone, and the reading back here is per code unit).
bool allGlyphs(const QString &text)
{
    for (QChar c : text) {
        const char16_t u = c.unicode();
        if (u == u'\n' || (u >= 0x20 && u < 0x7f))
            continue;
        if (u < 0xa0 || c.isSurrogate() || u >= 0xfdd0 || !c.isPrint() || c.isSpace())
            return false;
    }
    return true;
}
} // namespace

DAYSTROM_FUZZ_TARGET(roff_text)
{
    const QString input = QString::fromUtf8(data);
    const QString text = Roff::text(input);
    checkLines(text, "text");
    for (const QString &line : text.split(u'\n')) {
        FUZZ_REQUIRE(!line.isEmpty() || text.isEmpty(), u"text: an empty line"_s);
        FUZZ_REQUIRE(line == line.trimmed(), u"text: white space at an end: "_s + line);
        FUZZ_REQUIRE(line.size() <= 78 || !line.contains(u' '), u"text: a line over 78 bytes: "_s + line);
    }
    const QString literal = Roff::literal(input);
    checkLines(literal, "literal");
    FUZZ_REQUIRE(literal.count(u'\n') == input.count(u'\n'), u"literal: lines added or lost"_s);
    const QString argument = Roff::argument(input);
    checkLines(argument, "argument");
    FUZZ_REQUIRE(argument.size() >= 2 && argument.startsWith(u'"') && argument.endsWith(u'"')
                     && !argument.mid(1, argument.size() - 2).contains(u'"') && !argument.contains(u'\n'),
                 u"argument: not one quoted word: "_s + argument);
    if (allGlyphs(input)) {
        const QString words = QString(input).replace(u'\n', u' ').simplified();
        FUZZ_REQUIRE(undone(text).replace(u'\n', u' ') == words, u"text: read back, the words differ: "_s + text);
        FUZZ_REQUIRE(undone(argument) == u'"' + words + u'"', u"argument: read back, the words differ: "_s + argument);
    }
}
