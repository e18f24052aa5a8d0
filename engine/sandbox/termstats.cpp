#include "termstats.h"

#include "topicmatcher.h"

#include <algorithm>

QList<TermStats::Term> TermStats::terms(const QString &text)
{
    QList<Term> out;
    const QString lower = text.toLower();
    qsizetype start = -1;
    auto flush = [&](qsizetype end) {
        if (start < 0)
            return;
        const QString word = lower.mid(start, end - start);
        start = -1;
        // One word in, at most one stem out: the matcher's stop words and length rule apply.
        const QStringList stem = TopicMatcher::contentTokens(word);
        if (!stem.isEmpty())
            out.append({stem.first(), word});
    };
    for (qsizetype i = 0; i < lower.size(); ++i) {
        if (lower.at(i).isLetterOrNumber()) {
            if (start < 0)
                start = i;
        } else {
            flush(i);
        }
    }
    flush(lower.size());
    return out;
}

QSet<QString> TermStats::stems(const QString &text)
{
    QSet<QString> out;
    for (const Term &t : terms(text))
        out.insert(t.stem);
    return out;
}

QSet<QString> TermStats::stems(const QStringList &texts)
{
    QSet<QString> out;
    for (const QString &t : texts)
        out.unite(stems(t));
    return out;
}

double TermStats::coverage(const QSet<QString> &prompt, const QSet<QString> &text)
{
    if (prompt.isEmpty())
        return 0;
    qsizetype hit = 0;
    for (const QString &s : prompt) {
        if (text.contains(s))
            ++hit;
    }
    return double(hit) / double(prompt.size());
}

TermStats::Counts TermStats::count(const QStringList &texts)
{
    Counts c;
    c.texts = int(texts.size());
    for (const QString &text : texts) {
        QSet<QString> seen;
        for (const Term &t : terms(text)) {
            if (seen.contains(t.stem))
                continue;
            seen.insert(t.stem);
            if (!c.count.contains(t.stem)) {
                c.order.append(t.stem);
                c.surface.insert(t.stem, t.surface);
            }
            ++c.count[t.stem];
        }
    }
    return c;
}

QStringList TermStats::Counts::ranked(int minCount) const
{
    QStringList out;
    for (const QString &s : order) {
        if (count.value(s) >= minCount)
            out.append(s);
    }
    std::stable_sort(out.begin(), out.end(),
                     [this](const QString &a, const QString &b) { return count[a] > count[b]; });
    return out;
}
