#include "diffhtml.h"

using namespace Qt::StringLiterals;

QString DiffHtml::added(const QString &words, const DiffColours &colours)
{
    return u"<span style=\"background-color:%1; color:%2; text-decoration:underline;\">%3</span>"_s
        .arg(colours.addedBackground, colours.text, words.toHtmlEscaped());
}

QString DiffHtml::removed(const QString &words, const DiffColours &colours)
{
    return u"<span style=\"background-color:%1; color:%2; text-decoration:line-through;\">%3</span>"_s
        .arg(colours.removedBackground, colours.removedText, words.toHtmlEscaped());
}

QString DiffHtml::html(const QList<DiffSpan> &spans, const DiffColours &colours)
{
    QString out;
    DiffSpan::Kind previous = DiffSpan::Kind::Same;
    for (const DiffSpan &s : spans) {
        // A thin space between a struck-out phrase and its replacement, for reading only.
        if (previous == DiffSpan::Kind::Removed && s.kind == DiffSpan::Kind::Added)
            out += QChar(0x2009);
        previous = s.kind;
        switch (s.kind) {
        case DiffSpan::Kind::Same:
            out += s.text.toHtmlEscaped();
            break;
        case DiffSpan::Kind::Added:
            out += added(s.text, colours);
            break;
        case DiffSpan::Kind::Removed:
            out += removed(s.text, colours);
            break;
        }
    }
    return out;
}
