#pragma once

#include <QString>
#include <QStringList>

// The pieces the help pages are written in: each page is a sequence of headings (each with its
// anchor, which F1 and the links open) and paragraphs, one translatable string each. The
// strings may hold <b>, <i> and <code>; headings are plain text.
namespace HelpSections {

inline QString heading(int level, const QString &anchor, const QString &title)
{
    const QString h = QString::number(level);
    return QStringLiteral("<h") + h + QStringLiteral("><a name=\"") + anchor +
           QStringLiteral("\">") + title.toHtmlEscaped() + QStringLiteral("</a></h") + h +
           QStringLiteral(">\n");
}

inline QString paragraph(const QString &text)
{
    return QStringLiteral("<p>") + text + QStringLiteral("</p>\n");
}

inline QString list(const QStringList &items, bool numbered = false)
{
    QString out = numbered ? QStringLiteral("<ol>") : QStringLiteral("<ul>");
    for (const QString &item : items)
        out += QStringLiteral("<li>") + item + QStringLiteral("</li>");
    return out + (numbered ? QStringLiteral("</ol>\n") : QStringLiteral("</ul>\n"));
}

// A link to a section of a help page: "help:figures#coverage".
inline QString link(const QString &page, const QString &anchor, const QString &text)
{
    return QStringLiteral("<a href=\"help:") + page + u'#' + anchor + QStringLiteral("\">") + text +
           QStringLiteral("</a>");
}

} // namespace HelpSections
