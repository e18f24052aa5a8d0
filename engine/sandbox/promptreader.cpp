#include "promptreader.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

PromptReader::PromptReader(const QString &system, const QString &user)
    : m_system(system)
    , m_lines(user.split(u'\n'))
{
    for (QString &line : m_lines)
        line = line.trimmed();
}

qsizetype PromptReader::find(QStringView prefix, qsizetype from) const
{
    for (qsizetype i = qMax<qsizetype>(0, from); i < m_lines.size(); ++i) {
        if (m_lines.at(i).startsWith(prefix))
            return i;
    }
    return -1;
}

QString PromptReader::value(QStringView label, qsizetype from) const
{
    const QString prefix = label.toString() + u':';
    const qsizetype i = find(prefix, from);
    return i < 0 ? QString() : m_lines.at(i).mid(prefix.size()).trimmed();
}

Intent PromptReader::intent() const
{
    const QString v = value(u"Intent").toLower();
    if (v.startsWith(u"allow"))
        return Intent::Allow;
    if (v.startsWith(u"block"))
        return Intent::Block;
    return m_system.contains(u"Intent: allow"_s) ? Intent::Allow : Intent::Block;
}

QStringList PromptReader::numberedAfter(qsizetype headingLine) const
{
    static const QRegularExpression item(u"^(\\d+)\\.\\s+(.*)$"_s);
    QStringList out;
    for (qsizetype i = headingLine + 1; i < m_lines.size(); ++i) {
        const QRegularExpressionMatch m = item.match(m_lines.at(i));
        if (!m.hasMatch())
            break;
        out.append(m.captured(2).trimmed());
    }
    return out;
}

QStringList PromptReader::examples(QStringView label, qsizetype from) const
{
    const QString prefix = label.toString() + u':';
    const qsizetype i = find(prefix, from);
    if (i < 0)
        return {};
    const QString rest = m_lines.at(i).mid(prefix.size()).trimmed();
    if (rest.isEmpty())
        return numberedAfter(i);
    if (rest.startsWith(u'"'))
        return splitQuoted(rest);
    return {}; // "None (description-only…)"
}

Topic PromptReader::topic(qsizetype from) const
{
    Topic t;
    t.name = value(u"Name", from);
    if (t.name.isEmpty())
        t.name = value(u"Topic name", from);
    t.description = value(u"Description", from);
    t.examples = examples(u"Examples", from);
    return t;
}

QStringList PromptReader::splitQuoted(const QString &inlineList)
{
    QString s = inlineList.trimmed();
    if (s.size() < 2 || !s.startsWith(u'"') || !s.endsWith(u'"'))
        return {};
    s = s.mid(1, s.size() - 2);
    QStringList out;
    for (const QString &part : s.split(u"\", \""_s)) {
        if (!part.trimmed().isEmpty())
            out.append(part.trimmed());
    }
    return out;
}

QList<PromptReader::Listed> PromptReader::listed(QStringView heading) const
{
    QList<Listed> out;
    const qsizetype start = find(heading);
    if (start < 0)
        return out;
    for (qsizetype i = start + 1; i < m_lines.size(); ++i) {
        const QString &line = m_lines.at(i);
        if (line.isEmpty())
            break;
        if (!line.startsWith(u"- \""))
            continue; // "None", "- … and 3 more"
        QString body = line.mid(3);
        Listed item;
        const qsizetype cat = body.lastIndexOf(u"\" ("_s);
        if (body.endsWith(u')') && cat >= 0) {
            item.category = body.mid(cat + 3, body.size() - cat - 4);
            body.truncate(cat);
        } else if (body.endsWith(u'"')) {
            body.chop(1);
        }
        if (body.endsWith(u'…'))
            body.chop(1); // a clipped prompt: the words before the cut still count
        item.prompt = body.trimmed();
        if (!item.prompt.isEmpty())
            out.append(item);
    }
    return out;
}

double PromptReader::parsePercent(QStringView text)
{
    static const QRegularExpression pct(u"(-?\\d+(?:\\.\\d+)?)%"_s);
    const QRegularExpressionMatch m = pct.match(text.toString());
    return m.hasMatch() ? m.captured(1).toDouble() / 100.0 : -1.0;
}

double PromptReader::percent(QStringView label, qsizetype from) const
{
    const QString v = value(label, from);
    return v.isEmpty() ? -1.0 : parsePercent(v);
}

QList<CategoryBreakdown> PromptReader::breakdown() const
{
    static const QRegularExpression line(
        u"^- (.+): (\\d+)/(\\d+) errors \\((\\d+)%\\) — (\\d+) FP, (\\d+) FN$"_s);
    QList<CategoryBreakdown> out;
    for (const QString &l : m_lines) {
        const QRegularExpressionMatch m = line.match(l);
        if (!m.hasMatch())
            continue;
        CategoryBreakdown b;
        b.category = m.captured(1);
        b.total = m.captured(3).toInt();
        b.fp = m.captured(5).toInt();
        b.fn = m.captured(6).toInt();
        b.errorRate = b.total > 0 ? double(b.fp + b.fn) / b.total : 0.0;
        out.append(b);
    }
    return out;
}

QString PromptReader::notesLanguage() const
{
    static const QRegularExpression code(uR"re(language code "([a-z]{2,3})")re"_s);
    return code.match(m_system).captured(1);
}
