#include "categorykey.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

QString CategoryKey::fromDescription(const QString &description)
{
    static const QSet<QString> stopWords{
        u"a"_s,  u"an"_s,   u"the"_s, u"and"_s,  u"or"_s,   u"of"_s,   u"about"_s,
        u"for"_s, u"in"_s,  u"on"_s,  u"to"_s,   u"with"_s, u"that"_s, u"this"_s,
        u"is"_s, u"are"_s,  u"was"_s, u"were"_s};
    QString kept;
    kept.reserve(description.size());
    for (QChar c : description.toLower()) {
        const char16_t u = c.unicode();
        if ((u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9'))
            kept.append(c);
        else if (c.isSpace())
            kept.append(u' ');
    }
    QStringList words;
    for (const QString &w : kept.split(u' ', Qt::SkipEmptyParts)) {
        if (!stopWords.contains(w) && !words.contains(w))
            words.append(w);
    }
    std::sort(words.begin(), words.end());
    return words.isEmpty() ? u"uncategorized"_s : words.join(u'-');
}

bool CategoryKey::related(const QString &a, const QString &b)
{
    const QStringList wa = a.split(u'-', Qt::SkipEmptyParts);
    const QStringList wb = b.split(u'-', Qt::SkipEmptyParts);
    const QSet<QString> sa(wa.cbegin(), wa.cend());
    const QSet<QString> sb(wb.cbegin(), wb.cend());
    const qsizetype smaller = std::min(sa.size(), sb.size());
    if (smaller == 0)
        return false;
    const qsizetype shared = QSet<QString>(sa).intersect(sb).size();
    return double(shared) / double(smaller) >= 0.5;
}
