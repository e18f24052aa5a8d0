#include "rewritewriter.h"

#include "promptreader.h"
#include "sandboxlanguages.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
QString plain(const QString &text)
{
    return SandboxLanguages::withoutEndPunctuation(text);
}
} // namespace

QString RewriteWriter::paraphrase(const QString &prompt)
{
    static const QHash<QString, QString> synonyms{
        {u"buy"_s, u"purchase"_s},  {u"make"_s, u"put together"_s}, {u"build"_s, u"assemble"_s},
        {u"get"_s, u"obtain"_s},    {u"find"_s, u"locate"_s},       {u"help"_s, u"assist"_s},
        {u"need"_s, u"require"_s},  {u"want"_s, u"would like"_s},   {u"home"_s, u"my place"_s},
        {u"easy"_s, u"simple"_s},   {u"cheap"_s, u"inexpensive"_s}, {u"quick"_s, u"fast"_s},
        {u"fast"_s, u"quick"_s},    {u"show"_s, u"walk me through"_s}, {u"use"_s, u"employ"_s},
    };
    const QString out = SandboxLanguages::replaceWords(
        prompt, [](const QString &word, bool) { return synonyms.value(word.toLower(), word); });
    QString body = plain(out);
    if (body.size() > 1 && !body.at(1).isUpper())
        body[0] = body.at(0).toLower();
    return u"I would like to know this: "_s + body + u'?'; // filler the classifier ignores
}

QString RewriteWriter::split(const QString &prompt)
{
    const QStringList words = plain(prompt).split(u' ', Qt::SkipEmptyParts);
    if (words.size() < 4)
        return u"I have a question. "_s + plain(prompt) + u'?';
    const qsizetype half = words.size() / 2;
    return u"%1. That's the first part; the second is %2?"_s.arg(words.mid(0, half).join(u' '), words.mid(half).join(u' '));
}

QJsonObject RewriteWriter::write(const PromptReader &in)
{
    QStringList families;
    for (const QString &entry : in.value(u"Families").split(u", "_s, Qt::SkipEmptyParts))
        families.append(entry.section(u' ', 0, 0).trimmed());
    static const QRegularExpression line(uR"(^\[(p\d+)\] (.+)$)"_s);
    QJsonArray out;
    for (const QString &l : in.lines()) {
        const QRegularExpressionMatch m = line.match(l);
        if (!m.hasMatch())
            continue;
        const QString id = m.captured(1), prompt = m.captured(2);
        for (const QString &family : families) {
            QString text;
            if (family == "paraphrase"_L1)
                text = paraphrase(prompt);
            else if (family == "split"_L1)
                text = split(prompt);
            else if (family.startsWith(u"translation-"_s))
                text = SandboxLanguages::translate(prompt, family.mid(12)).value_or(QString());
            if (!text.isEmpty())
                out.append(QJsonObject{{u"id"_s, id}, {u"family"_s, family}, {u"text"_s, text}});
        }
    }
    if (out.isEmpty()) // the schema asks for one at least
        out.append(QJsonObject{{u"id"_s, u"p0"_s}, {u"family"_s, u"none"_s}, {u"text"_s, u"(nothing to rewrite)"_s}});
    return {{u"rewrites"_s, out}};
}
