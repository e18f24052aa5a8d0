#include "sandboxsubject.h"

#include "sandboxcorpus.h"
#include "templatebank.h"
#include "topicrequest.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace {
// Request boilerplate in front of the subject: "Block requests for", "Allow questions about",
// "Detect attempts to", "Only allow conversations about the", …
const QSet<QString> kLeading{
    u"block"_s,       u"blocks"_s,     u"detect"_s,        u"detects"_s,
    u"allow"_s,       u"allows"_s,     u"permit"_s,        u"flag"_s,
    u"catch"_s,       u"stop"_s,       u"prevent"_s,       u"deny"_s,
    u"refuse"_s,      u"filter"_s,     u"only"_s,          u"please"_s,
    u"any"_s,         u"all"_s,        u"requests"_s,      u"request"_s,
    u"questions"_s,   u"question"_s,   u"prompts"_s,       u"prompt"_s,
    u"messages"_s,    u"message"_s,    u"queries"_s,       u"query"_s,
    u"attempts"_s,    u"attempt"_s,    u"conversations"_s, u"conversation"_s,
    u"discussions"_s, u"discussion"_s, u"chats"_s,         u"help"_s,
    u"content"_s,     u"people"_s,     u"users"_s,         u"someone"_s,
    u"anyone"_s,      u"asking"_s,     u"seeking"_s,       u"wanting"_s,
    u"trying"_s,      u"that"_s,       u"which"_s,         u"who"_s,
    u"ask"_s,         u"asks"_s,       u"seek"_s,          u"seeks"_s,
    u"want"_s,        u"wants"_s,      u"try"_s,           u"for"_s,
    u"about"_s,       u"on"_s,         u"regarding"_s,     u"with"_s,
    u"related"_s,     u"involving"_s,  u"around"_s,        u"concerning"_s,
    u"to"_s,          u"of"_s,         u"the"_s,           u"a"_s,
    u"an"_s};
// Words that close a subject without belonging to it.
const QSet<QString> kTrailing{u"questions"_s,
                              u"question"_s,
                              u"requests"_s,
                              u"request"_s,
                              u"prompts"_s,
                              u"queries"_s,
                              u"messages"_s,
                              u"content"_s,
                              u"topics"_s,
                              u"topic"_s,
                              u"conversations"_s,
                              u"discussions"_s,
                              u"chats"_s,
                              u"please"_s,
                              u"and"_s,
                              u"or"_s,
                              u"of"_s,
                              u"for"_s,
                              u"about"_s,
                              u"the"_s,
                              u"a"_s,
                              u"an"_s,
                              u"to"_s,
                              u"with"_s,
                              u"in"_s,
                              u"on"_s,
                              u"etc"_s};
// Verbs that may follow the first one in "to obtain, build or use …".
const QSet<QString> kVerbs{
    u"obtain"_s,      u"build"_s,      u"use"_s,    u"buy"_s,    u"sell"_s,       u"make"_s,
    u"get"_s,         u"create"_s,     u"write"_s,  u"commit"_s, u"hide"_s,       u"launder"_s,
    u"steal"_s,       u"forge"_s,      u"evade"_s,  u"cheat"_s,  u"hack"_s,       u"plan"_s,
    u"run"_s,         u"find"_s,       u"share"_s,  u"spread"_s, u"produce"_s,    u"acquire"_s,
    u"manufacture"_s, u"distribute"_s, u"trade"_s,  u"order"_s,  u"carry"_s,      u"modify"_s,
    u"assemble"_s,    u"convert"_s,    u"bypass"_s, u"rig"_s,    u"manipulate"_s, u"promote"_s,
    u"post"_s,        u"generate"_s,   u"give"_s,   u"take"_s,   u"learn"_s,      u"discuss"_s};

// The length of the non-letter, non-digit run at the end of `word`, in UTF-16 units; a letter
// outside the BMP (a surrogate pair) counts as a letter.
qsizetype punctuationTail(QStringView word)
{
    qsizetype end = word.size();
    while (end > 0) {
        char32_t c = word.at(end - 1).unicode();
        qsizetype width = 1;
        if (QChar::isLowSurrogate(c) && end > 1 && word.at(end - 2).isHighSurrogate()) {
            c = QChar::surrogateToUcs4(word.at(end - 2), word.at(end - 1));
            width = 2;
        }
        if (QChar::isLetterOrNumber(c))
            break;
        end -= width;
    }
    return word.size() - end;
}

// Every pass of a loop below removes at least one character or one word, so it ends on any
// text (a word of punctuation alone, "--" or "★", once chopped to nothing and read forever).
void chopPunctuation(QString &word)
{
    word.chop(punctuationTail(word));
}

QString bare(const QString &word)
{
    QString w = word.toLower();
    chopPunctuation(w);
    return w;
}

QString gerund(const QString &verb)
{
    static const QHash<QString, QString> irregular{
        {u"get"_s, u"getting"_s},       {u"run"_s, u"running"_s}, {u"plan"_s, u"planning"_s},
        {u"commit"_s, u"committing"_s}, {u"rig"_s, u"rigging"_s}, {u"stop"_s, u"stopping"_s},
        {u"be"_s, u"being"_s},          {u"see"_s, u"seeing"_s}};
    const QString lower = bare(verb);
    if (irregular.contains(lower))
        return irregular.value(lower);
    if (lower.endsWith(u"ie"))
        return lower.chopped(2) + u"ying"_s;
    if (lower.endsWith(u'e') && !lower.endsWith(u"ee") && lower.size() > 2)
        return lower.chopped(1) + u"ing"_s;
    return lower + u"ing"_s;
}

// Drops what closes a clause without belonging to its subject: the trailing punctuation of the
// last word, words that were punctuation alone ("--", "★", an escape character) and closing
// words ("questions", "and"), while more than `keep` words are left.
void trimTail(QStringList &words, qsizetype keep)
{
    while (!words.isEmpty()) {
        chopPunctuation(words.last());
        const bool closes = words.last().isEmpty() || kTrailing.contains(bare(words.last()));
        if (!closes || words.size() <= keep)
            return;
        words.removeLast();
    }
}

// The subject of one clause (no sentence punctuation inside); empty when it is all boilerplate.
QString clauseSubject(const QString &clause, bool firstOfText)
{
    QStringList words = clause.simplified().split(u' ', Qt::SkipEmptyParts);
    qsizetype i = 0;
    bool afterTo = false;
    while (i < words.size() && kLeading.contains(bare(words.at(i))) &&
           !words.at(i).endsWith(u',')) {
        afterTo = bare(words.at(i)) == u"to";
        ++i;
    }
    const bool stripped = i > 0;
    words = words.mid(i);
    if (words.isEmpty())
        return {};
    if (afterTo) {
        // "obtain, build or use illegal weapons" -> "obtaining, building or using illegal weapons"
        bool expectVerb = true;
        for (qsizetype k = 0; k < words.size(); ++k) {
            const QString b = bare(words.at(k));
            if (b == u"or" || b == u"and") {
                expectVerb = true;
                continue;
            }
            // Also a later verb after its own object: "launder money or run scams" ->
            // "laundering money or running scams".
            if (!expectVerb || (k > 0 && !kVerbs.contains(b))) {
                expectVerb = words.at(k).endsWith(u',') && k + 1 < words.size() &&
                             kVerbs.contains(bare(words.at(k + 1)));
                continue;
            }
            const QString tail = words.at(k).mid(b.size()); // trailing punctuation
            words[k] = gerund(b) + tail;
            expectVerb = tail.contains(u',');
        }
    }
    trimTail(words, 0);
    if (words.isEmpty())
        return {};
    // Only the words that can matter: far more than a subject holds, so the shortening below
    // (a word at a time, joined again each time) stays short on a text of any length.
    qsizetype kept = 0, bytes = 0;
    while (kept < words.size() && bytes <= 4 * SandboxSubject::MaxSubjectBytes)
        bytes += Utf8::size(words.at(kept++)) + 1;
    words.resize(kept);
    QString subject = words.join(u' ');
    while (Utf8::size(subject) > SandboxSubject::MaxSubjectBytes && words.size() > 1) {
        words.removeLast();
        trimTail(words, 1);
        subject = words.join(u' ');
    }
    // A single word longer than the limit is cut inside; the cut ends on a letter too.
    subject = Utf8::truncated(subject, SandboxSubject::MaxSubjectBytes);
    chopPunctuation(subject);
    // A capitalised first word of the text is sentence case, not a name ("Bitcoin" mid-text
    // keeps its capital; "ATM" keeps its case).
    if (firstOfText && !stripped && subject.size() > 1 && subject.at(0).isUpper() &&
        !subject.at(1).isUpper())
        subject[0] = subject.at(0).toLower();
    return subject;
}
} // namespace

namespace SandboxSubject {

QString fromText(const QString &topicText)
{
    static const QString breaks = u".;:?!()[]\n"_s;
    // A request typed in German reads as its English ("Anfragen zum Kauf von Waffen
    // blockieren" -> "Block requests for buying weapons"), so the intent verb never becomes
    // part of the subject and the subject matches a domain as the English would.
    const QString text = TopicRequest::inEnglish(topicText);
    QStringList clauses{QString()};
    for (const QChar c : text) {
        if (breaks.contains(c))
            clauses.append(QString());
        else
            clauses.last().append(c);
    }
    for (qsizetype i = 0; i < clauses.size(); ++i) {
        const QString s = clauseSubject(clauses.at(i), i == 0);
        if (!s.isEmpty())
            return s;
    }
    return u"this subject"_s;
}

QString fromName(const QString &name)
{
    QString s = name.simplified();
    chopPunctuation(s);
    if (s.size() > 1 && s.at(0).isUpper() && !s.at(1).isUpper())
        s[0] = s.at(0).toLower();
    return s.isEmpty() ? u"this subject"_s : s;
}

QString capitalised(const QString &text)
{
    if (text.isEmpty())
        return text;
    return text.at(0).toUpper() + text.mid(1);
}

QString nameFor(const QString &subject)
{
    return Utf8::truncated(capitalised(subject), TopicLimits::NameBytes);
}

CorpusDomain domainFor(const SandboxCorpus &corpus, const QString &subject, Intent intent)
{
    if (const CorpusDomain *d = corpus.bestMatch(subject))
        return *d;
    return TemplateBank::domain(subject, intent);
}

SandboxSubjectAssessment assess(const QString &topicText, Intent)
{
    SandboxSubjectAssessment a;
    a.subject = fromText(topicText);
    a.topicName = nameFor(a.subject);
    if (const CorpusDomain *d = SandboxCorpus::bundled().bestMatch(a.subject)) {
        a.curated = true;
        a.domainTitle = d->title;
    }
    return a;
}

} // namespace SandboxSubject
