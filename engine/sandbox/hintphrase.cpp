#include "hintphrase.h"

#include "topicwriter.h"

#include "domain/utf8.h"

#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {
// Words that say how to change the topic, not what it is about.
const QSet<QString> kInstruction{
    u"please"_s,  u"also"_s,        u"and"_s,      u"then"_s,     u"so"_s,        u"just"_s,
    u"could"_s,   u"can"_s,         u"would"_s,    u"you"_s,      u"kindly"_s,    u"the"_s,
    u"topic"_s,   u"description"_s, u"it"_s,       u"should"_s,   u"must"_s,      u"needs"_s,
    u"need"_s,    u"to"_s,          u"i"_s,        u"we"_s,       u"want"_s,      u"cover"_s,
    u"covers"_s,  u"covering"_s,    u"include"_s,  u"includes"_s, u"including"_s, u"add"_s,
    u"mention"_s, u"name"_s,        u"list"_s,     u"catch"_s,    u"detect"_s,    u"block"_s,
    u"handle"_s,  u"capture"_s,     u"consider"_s, u"focus"_s,    u"on"_s,        u"more"_s,
    u"about"_s,   u"target"_s,      u"address"_s,  u"stress"_s,   u"extend"_s,    u"expand"_s,
    u"widen"_s,   u"broaden"_s,     u"with"_s,     u"as"_s,       u"well"_s};
// Instruction words that ask to leave something out.
const QSet<QString> kExclusion{u"exclude"_s, u"excluding"_s, u"avoid"_s, u"drop"_s,  u"remove"_s,
                               u"skip"_s,    u"ignore"_s,    u"allow"_s, u"not"_s,   u"don't"_s,
                               u"dont"_s,    u"do"_s,        u"stop"_s,  u"leave"_s, u"out"_s,
                               u"less"_s,    u"without"_s,   u"never"_s, u"no"_s};
// Instructions a description cannot carry: the sandbox leaves the description as it is.
const QSet<QString> kUnexpressible{
    u"make"_s,     u"keep"_s,    u"be"_s,       u"use"_s,      u"write"_s,  u"shorten"_s,
    u"simplify"_s, u"try"_s,     u"narrow"_s,   u"rephrase"_s, u"reword"_s, u"change"_s,
    u"fix"_s,      u"improve"_s, u"split"_s,    u"tighten"_s,  u"loosen"_s, u"rewrite"_s,
    u"shorter"_s,  u"longer"_s,  u"stricter"_s, u"looser"_s,   u"fewer"_s,  u"again"_s};
// Words that may close a hint without belonging to its subject ("… as well", "… too").
const QSet<QString> kClosing{u"too"_s,  u"also"_s, u"please"_s, u"as"_s,
                             u"well"_s, u"and"_s,  u"or"_s,     u"then"_s};

QString bare(const QString &word)
{
    QString w = word.toLower();
    qsizetype begin = 0, end = w.size();
    while (begin < end && !w.at(begin).isLetterOrNumber())
        ++begin;
    while (end > begin && !w.at(end - 1).isLetterOrNumber() && w.at(end - 1) != u'\'')
        --end;
    return w.mid(begin, end - begin);
}

QString withoutEnd(QString text)
{
    text = text.trimmed();
    while (!text.isEmpty() && QStringView(u".!;:,").contains(text.back()))
        text = text.chopped(1).trimmed();
    return text;
}
} // namespace

namespace HintPhrase {

Phrase of(const QString &hint)
{
    Phrase p;
    QStringList words = withoutEnd(hint.simplified()).split(u' ', Qt::SkipEmptyParts);
    qsizetype i = 0;
    for (; i < words.size(); ++i) {
        const QString b = bare(words.at(i));
        if (kExclusion.contains(b))
            p.exclude = true;
        else if (!kInstruction.contains(b))
            break;
    }
    words = words.mid(i);
    while (!words.isEmpty() &&
           (kClosing.contains(bare(words.last())) || bare(words.last()).isEmpty()))
        words.removeLast();
    if (words.isEmpty() || kUnexpressible.contains(bare(words.first())))
        return {};
    QString text = withoutEnd(words.join(u' '));
    // Quotes around the whole phrase go; quotes inside it ("such as 'party favours'") stay.
    while (text.size() > 1 && QStringView(u"\"'“”„‘’").contains(text.front()) &&
           QStringView(u"\"'“”„‘’").contains(text.back()))
        text = withoutEnd(text.mid(1).chopped(1).trimmed());
    if (text.size() > 1 && text.at(0).isUpper() && !text.at(1).isUpper())
        text[0] = text.at(0).toLower();
    p.text = text;
    return p.text.isEmpty() ? Phrase{} : p;
}

QString extendedTail(const QString &tail, const Phrase &phrase)
{
    if (phrase.text.isEmpty())
        return tail;
    const QString &connector = phrase.exclude ? NotConnector : AlsoConnector;
    const QString &other = phrase.exclude ? AlsoConnector : NotConnector;
    const qsizetype last = tail.lastIndexOf(connector);
    // An earlier hint of the same kind, not followed by one of the other kind: "…as well as X and
    // Y".
    const bool extend = last >= 0 && !tail.mid(last).contains(other);
    return tail + (extend ? (phrase.exclude ? u" or "_s : u" and "_s) : connector) + phrase.text;
}

QString applied(const QString &description, const QString &hint, qsizetype maxBytes)
{
    const Phrase p = of(hint);
    if (p.text.isEmpty() || description.contains(p.text, Qt::CaseInsensitive))
        return description;
    QString base = withoutEnd(description);
    // The closing part an earlier hint left stays where it is.
    qsizetype tailAt = -1;
    for (const QString &connector : {AlsoConnector, NotConnector}) {
        const qsizetype at = base.indexOf(connector);
        if (at > 0 && (tailAt < 0 || at < tailAt))
            tailAt = at;
    }
    const QString tail = extendedTail(tailAt > 0 ? base.mid(tailAt) : QString(), p) + u'.';
    if (tailAt > 0)
        base.truncate(tailAt);
    const qsizetype room = maxBytes - Utf8::size(tail);
    if (room < Utf8::size(tail) || room <= 0) // a hint longer than what it amends is not worked in
        return description;
    base = TopicWriter::fitWords(base, room);
    if (base.isEmpty())
        return description;
    return base + tail;
}

} // namespace HintPhrase
