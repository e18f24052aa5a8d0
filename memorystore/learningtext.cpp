#include "learningtext.h"

#include "learning.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
}

bool isBlank(char32_t c)
{
    return c == u' ' || QChar::isSpace(c);
}

} // namespace

QString LearningText::normalised(QStringView text)
{
    if (text.startsWith(Learning::PitfallPrefix, Qt::CaseInsensitive))
        text = text.mid(Learning::PitfallPrefix.size());
    const QString lower = text.toString().toLower();
    QString out;
    out.reserve(lower.size());
    bool pendingSpace = false;
    for (qsizetype i = 0; i < lower.size(); ++i) {
        const QChar c = lower.at(i);
        if (c.isLetterOrNumber() || c.isMark() || c.isSurrogate()) {
            if (pendingSpace && !out.isEmpty())
                out.append(u' ');
            pendingSpace = false;
            out.append(c);
        } else {
            pendingSpace = true;
        }
    }
    return out;
}

QSet<quint64> LearningText::trigrams(QStringView s)
{
    QSet<quint64> out;
    if (s.isEmpty())
        return out;
    const auto code = [&](qsizetype i) -> quint64 {
        return s.at(i).unicode();
    };
    if (s.size() < 3) {
        out.insert((code(0) << 32) | (s.size() > 1 ? code(1) << 16 : 0) | 0xffffu);
        return out;
    }
    out.reserve(s.size());
    for (qsizetype i = 0; i + 2 < s.size(); ++i)
        out.insert((code(i) << 32) | (code(i + 1) << 16) | code(i + 2));
    return out;
}

double LearningText::similarity(const QSet<quint64> &a, const QSet<quint64> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 1.0;
    if (a.isEmpty() || b.isEmpty())
        return 0.0;
    const QSet<quint64> &small = a.size() <= b.size() ? a : b;
    const QSet<quint64> &large = a.size() <= b.size() ? b : a;
    qsizetype shared = 0;
    for (quint64 g : small) {
        if (large.contains(g))
            ++shared;
    }
    return double(shared) / double(a.size() + b.size() - shared);
}

double LearningText::similarity(QStringView a, QStringView b)
{
    const QString na = normalised(a);
    const QString nb = normalised(b);
    if (na == nb)
        return 1.0;
    return similarity(trigrams(na), trigrams(nb));
}

bool LearningText::isNearDuplicate(QStringView a, QStringView b, double threshold)
{
    return similarity(a, b) >= threshold;
}

quint64 LearningText::normalisedHash(QStringView text)
{
    quint64 h = 14695981039346656037ull;
    const auto feed = [&h](char16_t u) {
        h ^= u;
        h *= 1099511628211ull;
    };
    // Lowering is not per code unit outside ASCII: U+0130 becomes two units and a surrogate pair
    // lowers as a pair. Such text is hashed through normalised() itself, so the two cannot differ.
    const bool ascii = std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
    if (!ascii) {
        for (QChar c : normalised(text))
            feed(c.unicode());
        return h;
    }
    // FNV-1a over the code units of normalised(text), without building it.
    if (text.startsWith(Learning::PitfallPrefix, Qt::CaseInsensitive))
        text = text.mid(Learning::PitfallPrefix.size());
    bool pendingSpace = false;
    bool any = false;
    for (QChar c : text) {
        if (c.isLetterOrNumber()) {
            if (pendingSpace && any)
                feed(u' ');
            pendingSpace = false;
            any = true;
            feed(c.toLower().unicode());
        } else {
            pendingSpace = true;
        }
    }
    return h;
}

QString LearningText::promptLine(const QString &text, int maxChars)
{
    const bool clean =
        std::none_of(text.cbegin(), text.cend(), [](QChar c) { return isControl(c.unicode()); });
    if (clean && (maxChars <= 0 || text.size() <= maxChars))
        return text;
    QString line;
    bool changed = false;
    line.reserve(text.size());
    for (qsizetype i = 0; i < text.size();) {
        // A run of whitespace and control characters; it collapses only if it holds a control.
        qsizetype j = i;
        bool control = false;
        while (j < text.size() &&
               (isBlank(text.at(j).unicode()) || isControl(text.at(j).unicode()))) {
            control = control || isControl(text.at(j).unicode());
            ++j;
        }
        if (j > i) {
            if (control) {
                changed = true;
                if (i > 0 && j < text.size())
                    line.append(u' ');
            } else {
                line.append(QStringView(text).mid(i, j - i));
            }
            i = j;
            continue;
        }
        line.append(text.at(i));
        ++i;
    }
    if (!changed)
        line = text;
    if (maxChars <= 0 || line.size() <= maxChars)
        return line;
    qsizetype cut = maxChars - 1; // room for the ellipsis
    if (cut > 0 && line.at(cut - 1).isHighSurrogate())
        --cut;
    const qsizetype space = line.lastIndexOf(u' ', cut);
    if (space > 0 && space >= (maxChars * 2) / 3)
        cut = space;
    QString out = line.left(cut);
    while (out.endsWith(u' '))
        out.chop(1);
    return out + u"…"_s;
}
