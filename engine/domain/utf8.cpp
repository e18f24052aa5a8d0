#include "utf8.h"

#include <QTextBoundaryFinder>

qsizetype Utf8::size(QStringView text)
{
    qsizetype bytes = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c < 0x80) {
            bytes += 1;
        } else if (c < 0x800) {
            bytes += 2;
        } else if (QChar::isHighSurrogate(c) && i + 1 < text.size()
                   && QChar::isLowSurrogate(text.at(i + 1).unicode())) {
            bytes += 4;
            ++i;
        } else {
            bytes += 3; // BMP character (a lone surrogate is over-counted: harmless for limits)
        }
    }
    return bytes;
}

QString Utf8::truncated(const QString &text, qsizetype maxBytes)
{
    if (maxBytes <= 0)
        return {};
    if (size(text) <= maxBytes)
        return text;
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, text);
    qsizetype lastFit = 0;
    qsizetype bytes = 0;
    qsizetype prev = 0;
    for (qsizetype pos = finder.toNextBoundary(); pos > 0; pos = finder.toNextBoundary()) {
        // Qt 6.4's grapheme finder can report a boundary inside a surrogate pair (seen after
        // U+0085 and U+FFFD by the fuzzer): never cut there, the pair belongs to the next segment.
        if (pos < text.size() && text.at(pos).isLowSurrogate() && text.at(pos - 1).isHighSurrogate())
            continue;
        bytes += size(QStringView(text).sliced(prev, pos - prev));
        if (bytes > maxBytes)
            break;
        lastFit = pos;
        prev = pos;
    }
    return text.left(lastFit);
}
