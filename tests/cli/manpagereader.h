#pragma once

#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QStringList>

// The flags a generated man page documents, read back from its roff (not from the tables it
// was written from): per ".SS" command, every ".TP" tag's names and whether it takes a value.
namespace ManPageReader {
struct Flag
{
    QStringList names; // "--topic", "-h"
    bool takesValue = false;
};

inline QString plain(QString roff)
{
    static const QRegularExpression font(QStringLiteral("\\\\f[BIR]"));
    return roff.remove(font).replace(QStringLiteral("\\-"), QStringLiteral("-")).replace(QStringLiteral("\\(dq"), QStringLiteral("\""));
}

inline QString read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Command name ("generate", "memory show"; "" for the page's OPTIONS section) -> its flags.
inline QMap<QString, QList<Flag>> flags(const QString &page)
{
    QMap<QString, QList<Flag>> out;
    QString current;
    bool inOptions = false; // the top-level OPTIONS section, or a command's subsection
    const QStringList lines = page.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.startsWith(QStringLiteral(".SH "))) {
            inOptions = line == QStringLiteral(".SH OPTIONS");
            current.clear();
        } else if (line.startsWith(QStringLiteral(".SS "))) {
            current = plain(line.mid(4)).remove(u'"');
            inOptions = true;
            out[current]; // a command without flags is listed too
        } else if (line == QStringLiteral(".TP") && inOptions && i + 1 < lines.size()) {
            Flag flag;
            for (const QString &word : plain(lines.at(i + 1)).split(QRegularExpression(QStringLiteral("[ ,]+")), Qt::SkipEmptyParts)) {
                if (word.startsWith(u'-'))
                    flag.names.append(word);
                else
                    flag.takesValue = true;
            }
            if (!flag.names.isEmpty())
                out[current].append(flag);
        }
    }
    return out;
}
} // namespace ManPageReader
