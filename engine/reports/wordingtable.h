#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>

#include <optional>

// The engine writes what happened in short English lines (a run's stop reason, what it did to
// the tenant); the app shows them in the person's language. A WordingTable holds the lines it
// knows: each a pattern whose captures are the line's values, and the wording to show, a tr()
// source marked with QT_TRANSLATE_NOOP in the table's context, %1… the captures in order.
// DisplayFormat::stopReason and TenantDoneText each keep one.
class WordingTable final
{
public:
    struct Row
    {
        QRegularExpression pattern; // the engine's line, its values captured
        const char *text;           // the wording's source text, %1… the captures in order
    };

    // `context` is the tr() context the texts are marked in ("DisplayFormat").
    WordingTable(const char *context, QList<Row> rows);

    // The first row whose pattern matches `line`, worded in the person's language with each
    // capture passed through `value` (or as it came, without one); nullopt when none matches.
    std::optional<QString> reworded(const QString &line,
                                    QString (*value)(const QString &) = nullptr) const;

private:
    const char *m_context;
    QList<Row> m_rows;
};
