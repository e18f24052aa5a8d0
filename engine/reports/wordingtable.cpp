#include "wordingtable.h"

#include <QCoreApplication>

#include <utility>

WordingTable::WordingTable(const char *context, QList<Row> rows)
    : m_context(context)
    , m_rows(std::move(rows))
{}

std::optional<QString> WordingTable::reworded(const QString &line,
                                              QString (*value)(const QString &)) const
{
    for (const Row &row : m_rows) {
        const QRegularExpressionMatch m = row.pattern.match(line);
        if (!m.hasMatch())
            continue;
        QString out = QCoreApplication::translate(m_context, row.text);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            out = out.arg(value ? value(m.captured(i)) : m.captured(i));
        return out;
    }
    return std::nullopt;
}
