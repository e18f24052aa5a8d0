#include "helplayout.h"

#include <QStringList>

using namespace Qt::StringLiterals;

QString HelpLayout::wrap(const QString &text, int width, int indent)
{
    QString out;
    int column = 0;
    const QString pad(indent, u' ');
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (column > 0 && column + 1 + word.size() > width - indent) {
            out += u'\n' + pad;
            column = 0;
        } else if (column > 0) {
            out += u' ';
            ++column;
        }
        out += word;
        column += int(word.size());
    }
    return out;
}

QString HelpLayout::entry(const QString &label, const QString &text)
{
    QString out;
    const QStringList labelLines = label.split(u'\n');
    for (qsizetype i = 0; i + 1 < labelLines.size(); ++i)
        out += u"  "_s + labelLines.at(i) + u'\n';
    const QString last = u"  "_s + labelLines.constLast();
    if (last.size() <= TextColumn - 2)
        out += last.leftJustified(TextColumn);
    else
        out += last + u'\n' + QString(TextColumn, u' ');
    return out + wrap(text, Width, TextColumn) + u'\n';
}

QString HelpLayout::withoutProgram(const QString &synopsis, const QString &command)
{
    const QString prefix = command.isEmpty() ? u"daystrom "_s : u"daystrom "_s + command + u' ';
    QStringList lines = synopsis.split(u'\n');
    for (QString &line : lines) {
        if (line.startsWith(prefix))
            line = line.mid(prefix.size());
        else if (line.startsWith(QString(prefix.size(), u' ')))
            line = line.mid(prefix.size());
    }
    return lines.join(u'\n');
}
