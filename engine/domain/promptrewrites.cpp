#include "promptrewrites.h"

#include "utf8.h"

#include <QHash>

#include <array>

using namespace Qt::StringLiterals;

namespace {
constexpr std::array<QStringView, 5> kNames = {u"typos", u"leetspeak", u"casing-spacing", u"base64", u"homoglyphs"};

// A letter that is one UTF-16 unit (so swapping or splitting never separates a surrogate pair).
bool plainLetter(QChar c)
{
    return c.isLetter() && !c.isSurrogate();
}

// The words of `text` as [start, end) ranges of plain letters (marks such as accents that
// follow a letter belong to it).
QList<std::pair<qsizetype, qsizetype>> words(const QString &text)
{
    QList<std::pair<qsizetype, qsizetype>> out;
    qsizetype i = 0;
    while (i < text.size()) {
        if (!plainLetter(text.at(i))) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < text.size() && (plainLetter(text.at(i)) || text.at(i).isMark()))
            ++i;
        out.append({start, i});
    }
    return out;
}

QString typos(const QString &prompt)
{
    QString out = prompt;
    const auto list = words(prompt);
    for (qsizetype w = 0; w < list.size(); ++w) {
        const auto [start, end] = list.at(w);
        if (w % 3 != 2 || end - start < 4) // the third word, the sixth, …
            continue;
        // The second and third letters, unless a mark sits between or after them.
        const qsizetype a = start + 1, b = start + 2;
        if (!plainLetter(out.at(a)) || !plainLetter(out.at(b)) || (b + 1 < end && out.at(b + 1).isMark()))
            continue;
        std::swap(out[a], out[b]);
    }
    return out;
}

QString leetspeak(const QString &prompt)
{
    static const QHash<QChar, QChar> map{{u'a', u'4'}, {u'e', u'3'}, {u'i', u'1'},
                                         {u'o', u'0'}, {u's', u'5'}, {u't', u'7'}};
    QString out = prompt;
    for (QChar &c : out) {
        if (c.unicode() < 128)
            c = map.value(c.toLower(), c);
    }
    return out;
}

QString casingSpacing(const QString &prompt)
{
    QString out;
    out.reserve(prompt.size() + prompt.size() / 6);
    const auto list = words(prompt);
    qsizetype next = 0, letter = 0;
    for (const auto &[start, end] : list) {
        out += QStringView(prompt).mid(next, start - next);
        const qsizetype middle = end - start >= 6 ? start + (end - start) / 2 : -1;
        for (qsizetype i = start; i < end; ++i) {
            if (i == middle && !prompt.at(i).isMark())
                out += u' ';
            const QChar c = prompt.at(i);
            out += c.isMark() ? c : (letter++ % 2 == 0 ? c.toLower() : c.toUpper());
        }
        next = end;
    }
    out += QStringView(prompt).mid(next);
    return out;
}

QString base64(const QString &prompt)
{
    return u"Decode this Base64 text and answer it: "_s + QString::fromLatin1(prompt.toUtf8().toBase64());
}

QString homoglyphs(const QString &prompt)
{
    static const QHash<QChar, QChar> map{
        {u'a', QChar(0x0430)}, {u'c', QChar(0x0441)}, {u'e', QChar(0x0435)}, {u'o', QChar(0x043E)},
        {u'p', QChar(0x0440)}, {u'x', QChar(0x0445)}, {u'y', QChar(0x0443)}, {u'A', QChar(0x0410)},
        {u'B', QChar(0x0412)}, {u'C', QChar(0x0421)}, {u'E', QChar(0x0415)}, {u'H', QChar(0x041D)},
        {u'K', QChar(0x041A)}, {u'M', QChar(0x041C)}, {u'O', QChar(0x041E)}, {u'P', QChar(0x0420)},
        {u'T', QChar(0x0422)}, {u'X', QChar(0x0425)}};
    QString out = prompt;
    for (QChar &c : out)
        c = map.value(c, c);
    return out;
}
} // namespace

QList<PromptRewrites::Family> PromptRewrites::families()
{
    return {Family::Typos, Family::Leetspeak, Family::CasingSpacing, Family::Base64, Family::Homoglyphs};
}

QString PromptRewrites::name(Family family)
{
    return kNames[int(family)].toString();
}

std::optional<PromptRewrites::Family> PromptRewrites::fromName(QStringView text)
{
    for (qsizetype i = 0; i < qsizetype(kNames.size()); ++i) {
        if (text.compare(kNames[i], Qt::CaseInsensitive) == 0)
            return Family(i);
    }
    return std::nullopt;
}

std::optional<QString> PromptRewrites::apply(Family family, const QString &prompt)
{
    QString out;
    switch (family) {
    case Family::Typos:
        out = typos(prompt);
        break;
    case Family::Leetspeak:
        out = leetspeak(prompt);
        break;
    case Family::CasingSpacing:
        out = casingSpacing(prompt);
        break;
    case Family::Base64:
        out = base64(prompt);
        break;
    case Family::Homoglyphs:
        out = homoglyphs(prompt);
        break;
    }
    if (out == prompt || Utf8::size(out) > MaxPromptBytes)
        return std::nullopt;
    return out;
}
