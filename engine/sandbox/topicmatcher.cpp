#include "topicmatcher.h"

#include "sandboxlanguages.h"

#include <QStringView>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace {
// Function words and request boilerplate ("how do I", "tell me", "please explain") that say
// nothing about a topic. Words under three letters are dropped before this list is consulted.
constexpr std::array kStopWords = {
    u"about",   u"above",    u"after", u"again",  u"all",     u"also",    u"and",     u"any",
    u"are",     u"because",  u"been",  u"before", u"being",   u"best",    u"between", u"both",
    u"but",     u"can",      u"could", u"did",    u"does",    u"doing",   u"down",    u"during",
    u"each",    u"explain",  u"few",   u"for",    u"from",    u"further", u"get",     u"give",
    u"had",     u"has",      u"have",  u"having", u"her",     u"here",    u"hers",    u"him",
    u"his",     u"how",      u"into",  u"its",    u"just",    u"know",    u"like",    u"more",
    u"most",    u"need",     u"nor",   u"not",    u"now",     u"off",     u"once",    u"only",
    u"other",   u"our",      u"out",   u"over",   u"own",     u"please",  u"same",    u"she",
    u"should",  u"show",     u"some",  u"such",   u"tell",    u"than",    u"that",    u"the",
    u"their",   u"them",     u"then",  u"there",  u"these",   u"they",    u"this",    u"those",
    u"through", u"too",      u"under", u"until",  u"very",    u"want",    u"was",     u"way",
    u"ways",    u"were",     u"what",  u"when",   u"where",   u"which",   u"while",   u"who",
    u"whom",    u"why",      u"will",  u"with",   u"without", u"would",   u"you",     u"your",
    u"yours",   u"yourself",
};

bool isStopWord(QStringView word)
{
    static const QSet<QString> words = [] {
        QSet<QString> set;
        for (const char16_t *w : kStopWords)
            set.insert(QStringView(w).toString());
        return set;
    }();
    return words.contains(word.toString());
}

bool isVowel(QChar c)
{
    return QStringView(u"aeiouy").contains(c);
}

// "stopp" -> "stop" after stripping -ing/-ed, but keep "ll", "ss", "zz" ("spelling" -> "spell").
QString undouble(QString word)
{
    const qsizetype n = word.size();
    if (n >= 3 && word.at(n - 1) == word.at(n - 2) && !isVowel(word.at(n - 1)) &&
        !QStringView(u"lsz").contains(word.at(n - 1)))
        word.chop(1);
    return word;
}
} // namespace

TopicMatcher::TopicMatcher(double threshold)
    : m_threshold(threshold)
{}

QString TopicMatcher::stem(const QString &word)
{
    // A final silent 'e' goes too, so "bake", "baked" and "baking" all become "bak".
    QString s = stripSuffix(word);
    if (s.size() > 3 && s.endsWith(u'e') && !s.endsWith(u"ee"))
        s.chop(1);
    return s;
}

QString TopicMatcher::stripSuffix(const QString &word)
{
    const qsizetype n = word.size();
    if (n > 4 && word.endsWith(u"ies"))
        return word.left(n - 3) + u'y';
    if (n > 5 && word.endsWith(u"ing"))
        return undouble(word.left(n - 3));
    if (n > 4 && word.endsWith(u"ed") && !word.endsWith(u"eed"))
        return undouble(word.left(n - 2));
    if (n > 4 && (word.endsWith(u"ches") || word.endsWith(u"shes") || word.endsWith(u"xes") ||
                  word.endsWith(u"sses") || word.endsWith(u"zes")))
        return word.left(n - 2);
    if (n > 3 && word.endsWith(u's') && !word.endsWith(u"ss") && !word.endsWith(u"us") &&
        !word.endsWith(u"is"))
        return word.left(n - 1);
    return word;
}

QStringList TopicMatcher::contentTokens(const QString &text)
{
    QStringList out;
    const QString lower = text.toLower();
    qsizetype start = -1;
    auto flush = [&](qsizetype end) {
        if (start < 0)
            return;
        const QStringView word = QStringView(lower).sliced(start, end - start);
        start = -1;
        if (word.size() < 3 || isStopWord(word))
            return;
        out.append(stem(word.toString()));
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

QSet<QString> TopicMatcher::trigrams(const QStringList &tokens)
{
    QSet<QString> out;
    const QString joined = u' ' + tokens.join(u' ') + u' ';
    for (qsizetype i = 0; i + 3 <= joined.size(); ++i)
        out.insert(joined.mid(i, 3));
    return out;
}

double TopicMatcher::textScore(const QStringList &promptTokens, const QString &text)
{
    const QStringList textTokens = contentTokens(text);
    if (promptTokens.isEmpty() || textTokens.isEmpty())
        return 0;

    const QSet<QString> promptSet(promptTokens.cbegin(), promptTokens.cend());
    const QSet<QString> textSet(textTokens.cbegin(), textTokens.cend());
    qsizetype covered = 0;
    for (const QString &t : promptSet) {
        if (textSet.contains(t))
            ++covered;
    }
    const double coverage = double(covered) / double(promptSet.size());

    const QSet<QString> a = trigrams(promptTokens);
    const QSet<QString> b = trigrams(textTokens);
    const qsizetype common = QSet<QString>(a).intersect(b).size();
    const qsizetype all = a.size() + b.size() - common;
    const double jaccard = all > 0 ? double(common) / double(all) : 0.0;

    return std::clamp(CoverageWeight * coverage + (1.0 - CoverageWeight) * jaccard, 0.0, 1.0);
}

double TopicMatcher::score(const QString &prompt, const Topic &topic) const
{
    if (!SandboxLanguages::looksEnglish(prompt)) // custom topics are documented as English-only
        return 0;
    const QStringList tokens = contentTokens(prompt);
    if (tokens.isEmpty())
        return 0;
    double best = textScore(tokens, topic.description);
    for (const QString &example : topic.examples)
        best = std::max(best, textScore(tokens, example));
    // The topic as a whole, too: a prompt whose words are spread over the description and
    // several examples is on the topic even when no single text holds most of them.
    if (!topic.examples.isEmpty())
        best = std::max(best, textScore(tokens, topic.description + u' ' + topic.examples.join(u' ')));
    return best;
}

bool TopicMatcher::matches(const QString &prompt, const Topic &topic) const
{
    return score(prompt, topic) >= m_threshold;
}
