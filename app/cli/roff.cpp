#include "roff.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype MaxLine = 78; // mandoc -T lint: "input text line longer than 80 bytes"

bool hasGlyph(char32_t c)
{
    if (c < 0x20 || (c >= 0x7f && c < 0xa0))
        return false;
    if (c >= 0xd800 && c < 0xe000)
        return false;
    if ((c & 0xfffe) == 0xfffe || (c >= 0xfdd0 && c <= 0xfdef) || c > 0x10ffff)
        return false;
    return true;
}

// One line's characters escaped; whitespace runs are kept (the caller trims).
QString escapeLine(QStringView line)
{
    QString out;
    out.reserve(line.size() + 8);
    for (qsizetype i = 0; i < line.size(); ++i) {
        char32_t c = line.at(i).unicode();
        if (QChar::isHighSurrogate(c) && i + 1 < line.size() && line.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(line.at(i), line.at(i + 1));
            ++i;
        }
        if (c == u'\t') {
            out += u' ';
        } else if (c == u'\\') {
            out += u"\\e"_s;
        } else if (c == u'-') {
            out += u"\\-"_s;
        } else if (c < 0x80 && hasGlyph(c)) {
            out += QChar(char16_t(c));
        } else if (hasGlyph(c)) {
            out += u"\\[u"_s + QString::number(uint(c), 16).toUpper().rightJustified(4, u'0') + u']';
        } else {
            out += u'?';
        }
    }
    return out;
}

// Guards a line that would start with a request character.
QString guarded(const QString &line)
{
    return line.startsWith(u'.') || line.startsWith(u'\'') ? u"\\&"_s + line : line;
}
} // namespace

QString Roff::text(const QString &plain)
{
    // Filled text: the words rewrapped to lines of at most MaxLine bytes (a longer word alone).
    QStringList lines;
    QString line;
    for (const QString &word : escapeLine(QString(plain).replace(u'\n', u' ')).split(u' ', Qt::SkipEmptyParts)) {
        const qsizetype guard = line.startsWith(u'.') || line.startsWith(u'\'') ? 2 : 0; // the "\\&" guarded() puts in front
        if (!line.isEmpty() && guard + line.size() + 1 + word.size() > MaxLine) {
            lines.append(guarded(line));
            line.clear();
        }
        line += line.isEmpty() ? word : u' ' + word;
    }
    if (!line.isEmpty())
        lines.append(guarded(line));
    return lines.join(u'\n');
}

QString Roff::argument(const QString &plain)
{
    QString flat = plain;
    flat.replace(u'\n', u' ').replace(u'\r', u' ');
    return u'"' + escapeLine(flat).simplified().replace(u'"', u"\\(dq"_s) + u'"';
}

QString Roff::literal(const QString &plain)
{
    QStringList lines;
    for (QStringView line : plain.split(u'\n')) {
        QString escaped = escapeLine(line);
        while (!escaped.isEmpty() && escaped.back().isSpace())
            escaped.chop(1);
        lines.append(escaped.isEmpty() ? u"\\&"_s : guarded(escaped));
    }
    return lines.join(u'\n');
}
