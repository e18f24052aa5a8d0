#include "categorykey.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// NFKC with full case folding (Unicode's NFKC_Casefold, in effect): decomposed first, so that
// QString's simple folding reaches every letter (a combining ypogegrammeni folds to iota, a
// dotted capital I to "i" and a dot), "ß" (and "ẞ", which folds to it) then written "ss" as
// full folding does, and composed again. ASCII text comes out lower-cased and otherwise
// unchanged.
QString folded(const QString &text)
{
    const bool ascii =
        std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
    if (ascii)
        return text.toLower();
    QString out = text.normalized(QString::NormalizationForm_KD).toCaseFolded();
    out.replace(u'\u00DF', u"ss"_s);
    return out.normalized(QString::NormalizationForm_KC);
}

bool keptInKey(char32_t c)
{
    if (c < 0x80)
        return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
    return QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

// Intent words: what the guardrail does with the subject. The allow and block families also
// decide statedIntent().
const QStringList &allowWords()
{
    static const QStringList words{u"allow"_s,  u"allowed"_s, u"allowing"_s,
                                   u"allows"_s, u"permit"_s,  u"permitted"_s};
    return words;
}

const QStringList &blockWords()
{
    static const QStringList words{
        u"block"_s,   u"blocked"_s,   u"blocking"_s,   u"blocks"_s,    u"deny"_s,
        u"detect"_s,  u"filter"_s,    u"flag"_s,       u"forbid"_s,    u"prevent"_s,
        u"prohibit"_s, u"refuse"_s,   u"restrict"_s,   u"stop"_s};
    return words;
}

} // namespace

QString CategoryKey::fromDescription(const QString &description)
{
    static const QSet<QString> stopWords{
        u"a"_s,  u"an"_s,   u"the"_s, u"and"_s,  u"or"_s,   u"of"_s,   u"about"_s,
        u"for"_s, u"in"_s,  u"on"_s,  u"to"_s,   u"with"_s, u"that"_s, u"this"_s,
        u"is"_s, u"are"_s,  u"was"_s, u"were"_s};
    const QString text = folded(description);
    QString kept;
    kept.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text.at(i).unicode();
        const bool pair =
            QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        if (pair)
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
        if (keptInKey(c))
            kept.append(QStringView(text).mid(i, pair ? 2 : 1));
        else if (QChar::isSpace(c))
            kept.append(u' ');
        if (pair)
            ++i;
    }
    QStringList words;
    for (const QString &w : kept.split(u' ', Qt::SkipEmptyParts)) {
        if (!stopWords.contains(w) && !words.contains(w))
            words.append(w);
    }
    std::sort(words.begin(), words.end());
    return words.isEmpty() ? u"uncategorized"_s : words.join(u'-');
}

QStringList CategoryKey::words(const QString &key)
{
    QStringList out = folded(key).split(u'-', Qt::SkipEmptyParts);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const QStringList &CategoryKey::framingWords()
{
    static const QStringList words = [] {
        QStringList w = allowWords() + blockWords();
        w += {// How the subject comes up.
              u"ask"_s, u"asking"_s, u"asks"_s, u"content"_s, u"contents"_s, u"conversation"_s,
              u"conversations"_s, u"discuss"_s, u"discussing"_s, u"discussion"_s,
              u"discussions"_s, u"mention"_s, u"mentions"_s, u"message"_s, u"messages"_s,
              u"queries"_s, u"query"_s, u"question"_s, u"questions"_s, u"request"_s,
              u"requesting"_s, u"requests"_s, u"talk"_s, u"talking"_s, u"text"_s, u"topic"_s,
              u"topics"_s,
              // What is sought about it.
              u"advice"_s, u"guidance"_s, u"help"_s, u"info"_s, u"information"_s,
              u"instructions"_s, u"tips"_s,
              // Generic acts and fillers.
              u"all"_s, u"any"_s, u"buy"_s, u"buying"_s, u"get"_s, u"getting"_s, u"how"_s,
              u"make"_s, u"making"_s, u"related"_s, u"regarding"_s, u"sell"_s, u"selling"_s,
              u"use"_s, u"user"_s, u"users"_s, u"using"_s,
              // The commonest of these in German, French, Spanish and Russian.
              u"anfragen"_s, u"blockieren"_s, u"diskussionen"_s, u"erlauben"_s, u"fragen"_s,
              u"gespräche"_s, u"inhalte"_s, u"sperren"_s, u"themen"_s, u"zulassen"_s,
              u"autoriser"_s, u"bloquer"_s, u"contenu"_s, u"contenus"_s, u"demandes"_s,
              u"sujets"_s, u"bloquear"_s, u"contenido"_s, u"discusiones"_s, u"permitir"_s,
              u"preguntas"_s, u"solicitudes"_s, u"temas"_s, u"блокировать"_s, u"вопросы"_s,
              u"запросы"_s, u"контент"_s, u"обсуждение"_s, u"обсуждения"_s, u"разрешить"_s,
              u"темы"_s};
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        return w;
    }();
    return words;
}

bool CategoryKey::isFramingWord(const QString &word)
{
    const QStringList &w = framingWords();
    return std::binary_search(w.cbegin(), w.cend(), word);
}

QStringList CategoryKey::subjectWords(const QString &key)
{
    QStringList out = words(key);
    out.removeIf([](const QString &w) { return isFramingWord(w); });
    return out;
}

CategoryKey::Match CategoryKey::matchSubjects(const QStringList &topicSubjects,
                                              const QStringList &fileSubjects)
{
    Match m;
    for (auto i = topicSubjects.cbegin(), j = fileSubjects.cbegin();
         i != topicSubjects.cend() && j != fileSubjects.cend();) {
        const int c = i->compare(*j);
        if (c == 0) {
            m.sharedWords.append(*i);
            ++i;
            ++j;
        } else if (c < 0) {
            ++i;
        } else {
            ++j;
        }
    }
    const qsizetype smaller = std::min(topicSubjects.size(), fileSubjects.size());
    m.related = smaller > 0 && 2 * m.sharedWords.size() >= smaller;
    return m;
}

CategoryKey::Match CategoryKey::match(const QString &topicKey, const QString &fileKey)
{
    Match m = matchSubjects(subjectWords(topicKey), subjectWords(fileKey));
    if (!topicKey.isEmpty() && words(topicKey) == words(fileKey)) {
        m.sameKey = true;
        m.related = true;
    }
    return m;
}

bool CategoryKey::related(const QString &a, const QString &b)
{
    return match(a, b).related;
}

Intent CategoryKey::statedIntent(const QString &key)
{
    const QStringList w = words(key);
    const auto any = [&w](const QStringList &family) {
        return std::any_of(family.cbegin(), family.cend(),
                           [&w](const QString &f) { return w.contains(f); });
    };
    return any(allowWords()) && !any(blockWords()) ? Intent::Allow : Intent::Block;
}
