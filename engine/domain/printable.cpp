#include "printable.h"

using namespace Qt::StringLiterals;

static bool needsEscape(char32_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)               // C0, DEL, C1 controls
           || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) // zero width, bidi
           || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

QString Printable::escaped(const QString &text, qsizetype maxChars)
{
    QString out;
    qsizetype shown = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (maxChars > 0 && shown >= maxChars) {
            out += u"…"_s;
            break;
        }
        const char32_t c = text.at(i).unicode();
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            // One character in two code units: shown whole, never split by the cut.
            out += QStringView(text).mid(i, 2);
            ++i;
            ++shown;
            continue;
        }
        if (c == u'\n')
            out += u"\\n"_s;
        else if (c == u'\r')
            out += u"\\r"_s;
        else if (c == u'\t')
            out += u"\\t"_s;
        else if (c < 0x100 && needsEscape(c))
            out += u"\\x"_s + QString::number(uint(c), 16).rightJustified(2, u'0');
        else if (needsEscape(c))
            out += u"\\u"_s + QString::number(uint(c), 16).rightJustified(4, u'0');
        else
            out += text.at(i);
        ++shown;
    }
    return out;
}
