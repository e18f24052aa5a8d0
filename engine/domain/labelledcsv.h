#pragma once

#include "runsettings.h"
#include "testcase.h"

#include <QList>
#include <QStringList>

#include <optional>

// Labelled prompts in CSV (`prompt,expected,intent`, RFC 4180: quoted fields, "" inside
// quotes, commas and newlines inside quotes). `expected` is true/false (also 1/0, yes/no);
// the `intent` and `category` columns are optional, other columns are ignored, so a test-results
// export (`prompt,expected_triggered,category,…`) reads back as a test set. A bad row is an
// error naming its line; nothing is guessed.
namespace LabelledCsv {

struct Row
{
    TestCase test;                 // source Generated, category from the file or "labelled"
    std::optional<Intent> intent;  // from the row, when the column is present and non-empty
    int line = 0;                  // where the row starts in the file (1-based)
};

struct Parsed
{
    QList<Row> rows;
    QString error; // "line 7: expected must be true or false, not \"maybe\""
    bool ok() const { return error.isEmpty(); }
};

Parsed parse(const QByteArray &csv);

// Reads and parses a CSV file of at most BoundedRead::CsvLimit bytes; every error names the
// file ("prompts.csv: line 3: ..."; "prompts.csv is larger than 16 MiB; ...").
Parsed readFile(const QString &path, const QString &shownName = {});

// Why the bytes are not UTF-8 text (a UTF-16/UTF-32 byte order mark, NUL bytes, an invalid
// UTF-8 sequence, with its line), or empty.
QString encodingProblem(const QByteArray &csv);

// The file's one intent: rows naming different intents are refused (unless the intent was
// given on the command line), with the same message for eval and generate. Sets `intent` from
// the rows when it is unset.
QString checkOneIntent(const QString &shownName, const QList<Row> &rows, std::optional<Intent> *intent, bool intentGiven);

// Splits CSV text into records of fields, tracking each record's first line. Returns an error
// for an unterminated quote or a stray quote inside an unquoted field.
struct Record
{
    QStringList fields;
    int line = 0;
};
QList<Record> records(const QString &text, QString *error);

// Quotes a field when it holds a comma, a quote or a line break.
QString quote(const QString &field);

// A text cell as this tool writes it (issue 41): quoted, and kept from being read as a formula
// by a spreadsheet. A text that starts with =, +, -, @, a tab or a carriage return (or whose
// first character after leading white space is one of =, +, -, @) gets a leading apostrophe,
// which spreadsheets show as text and readText() takes off again.
QString textCell(const QString &text);
// A field read back: the apostrophe textCell() added is removed; anything else is unchanged.
QString readText(const QString &field);

} // namespace LabelledCsv
