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
    // Deleting a character can leave a letter next to a mark that composes with it ("a", a
    // deleted symbol, U+0308): normalised again, such a key equals the key of its own words.
    kept = kept.normalized(QString::NormalizationForm_KC);
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

const QStringList &CategoryKey::foreignStopWords()
{
    // Articles, prepositions and conjunctions of German, French and Spanish that a key keeps
    // (the original drops only English ones, and keys are named as the original names them).
    // Words that are also English words with a meaning ("die" aside, the commonest German
    // article) are left out.
    static const QStringList words = [] {
        QStringList w{// German
                      u"aus"_s, u"bei"_s, u"beim"_s, u"bzw"_s, u"das"_s, u"dem"_s, u"den"_s,
                      u"der"_s, u"des"_s, u"die"_s, u"durch"_s, u"ein"_s, u"eine"_s, u"einem"_s,
                      u"einen"_s, u"einer"_s, u"eines"_s, u"für"_s, u"gegen"_s, u"im"_s,
                      u"mit"_s, u"nach"_s, u"oder"_s, u"ohne"_s, u"sowie"_s, u"über"_s,
                      u"und"_s, u"vom"_s, u"von"_s, u"wie"_s, u"zu"_s, u"zum"_s, u"zur"_s,
                      // French
                      u"au"_s, u"aux"_s, u"avec"_s, u"du"_s, u"et"_s, u"la"_s, u"le"_s,
                      u"les"_s, u"ou"_s, u"par"_s, u"pour"_s, u"sur"_s, u"une"_s,
                      // Spanish
                      u"con"_s, u"del"_s, u"el"_s, u"las"_s, u"los"_s, u"para"_s, u"por"_s,
                      u"sobre"_s, u"una"_s, u"y"_s};
        for (QString &word : w)
            word = folded(word);
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        return w;
    }();
    return words;
}

QStringList CategoryKey::subjectWords(const QString &key)
{
    QStringList out = words(key);
    const QStringList &stop = foreignStopWords();
    out.removeIf([&stop](const QString &w) {
        return isFramingWord(w) || std::binary_search(stop.cbegin(), stop.cend(), w);
    });
    return out;
}

bool CategoryKey::sameSubject(const QString &a, const QString &b)
{
    if (a == b)
        return true;
    // A compound holds the other word at its start or end: "phishingemails" (the key of
    // "Phishing-E-Mails", whose hyphens the original deletes) holds "phishing" and "emails",
    // "waffenkauf" holds "waffen". Five letters at least, so that "arms" is not in "harms".
    constexpr qsizetype Least = 5;
    const QString &shorter = a.size() < b.size() ? a : b;
    const QString &longer = a.size() < b.size() ? b : a;
    return shorter.size() >= Least && (longer.startsWith(shorter) || longer.endsWith(shorter));
}

CategoryKey::Match CategoryKey::matchSubjects(const QStringList &topicSubjects,
                                              const QStringList &fileSubjects)
{
    Match m;
    // The smaller set's words that the other set has (the same word, or in a compound).
    const bool topicSmaller = topicSubjects.size() <= fileSubjects.size();
    const QStringList &smaller = topicSmaller ? topicSubjects : fileSubjects;
    const QStringList &larger = topicSmaller ? fileSubjects : topicSubjects;
    qsizetype shared = 0;
    for (const QString &w : smaller) {
        for (const QString &other : larger) {
            if (!sameSubject(w, other))
                continue;
            ++shared;
            if (!m.sharedWords.contains(w))
                m.sharedWords.append(w);
            if (!m.sharedWords.contains(other))
                m.sharedWords.append(other);
            break;
        }
    }
    std::sort(m.sharedWords.begin(), m.sharedWords.end());
    m.related = !smaller.isEmpty() && 2 * shared >= smaller.size();
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
