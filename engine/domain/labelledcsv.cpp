#include "labelledcsv.h"

#include "boundedread.h"
#include "printable.h"
#include "promptrewrites.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;

QList<LabelledCsv::Record> LabelledCsv::records(const QString &text, QString *error)
{
    QList<Record> out;
    Record current;
    QString field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    int line = 1;
    current.line = 1;
    auto endField = [&] {
        current.fields.append(field);
        field.clear();
        fieldWasQuoted = false;
    };
    auto endRecord = [&] {
        endField();
        const bool blank = current.fields.size() == 1 && current.fields.first().isEmpty();
        if (!blank)
            out.append(current);
        current = Record{};
        current.line = line;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == u'"') {
                if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                    field.append(u'"');
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == u'\n' || (c == u'\r' && (i + 1 >= text.size() || text.at(i + 1) != u'\n')))
                    ++line;
                field.append(c);
            }
            continue;
        }
        if (c == u'"') {
            if (!field.isEmpty() || fieldWasQuoted) {
                if (error)
                    *error = u"line %1: a quote inside an unquoted field (quote the whole field and double inner quotes)"_s.arg(line);
                return {};
            }
            inQuotes = true;
            fieldWasQuoted = true;
        } else if (c == u',') {
            endField();
        } else if (c == u'\r') {
            // CR LF is one line end; a CR alone (a file saved with classic Mac line ends) is one too.
            if (i + 1 < text.size() && text.at(i + 1) == u'\n')
                continue;
            ++line;
            endRecord();
        } else if (c == u'\n') {
            ++line;
            endRecord();
        } else {
            if (fieldWasQuoted) {
                if (error)
                    *error = u"line %1: text after a closing quote"_s.arg(line);
                return {};
            }
            field.append(c);
        }
    }
    if (inQuotes) {
        if (error)
            *error = u"line %1: a quoted field is never closed"_s.arg(current.line);
        return {};
    }
    if (!field.isEmpty() || !current.fields.isEmpty() || fieldWasQuoted)
        endRecord();
    return out;
}

QString LabelledCsv::encodingProblem(const QByteArray &csv)
{
    if (csv.startsWith(QByteArrayView("\xFF\xFE\x00\x00", 4)) || csv.startsWith(QByteArrayView("\x00\x00\xFE\xFF", 4)))
        return u"the file is UTF-32; save it as UTF-8"_s;
    if (csv.startsWith("\xFF\xFE") || csv.startsWith("\xFE\xFF"))
        return u"the file is UTF-16; save it as UTF-8"_s;
    const qsizetype nul = csv.indexOf('\0');
    if (nul >= 0) {
        // UTF-16 without a byte order mark: every other byte of ASCII text is zero.
        const QByteArrayView head = QByteArrayView(csv).first(std::min<qsizetype>(csv.size(), 512));
        if (head.count('\0') * 3 >= head.size())
            return u"the file is UTF-16 or UTF-32; save it as UTF-8"_s;
        return u"line %1: a NUL byte; this is not a text file, or not UTF-8 (save it as UTF-8)"_s.arg(
            csv.first(nul).count('\n') + 1);
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    qsizetype start = 0;
    int line = 1;
    while (start < csv.size()) {
        qsizetype end = csv.indexOf('\n', start);
        if (end < 0)
            end = csv.size();
        decoder.resetState();
        (void)QString(decoder(QByteArrayView(csv).sliced(start, end - start)));
        if (decoder.hasError())
            return u"line %1 is not valid UTF-8; save the file as UTF-8"_s.arg(line);
        start = end + 1;
        ++line;
    }
    return {};
}

LabelledCsv::Parsed LabelledCsv::readFile(const QString &path, const QString &shownName)
{
    Parsed out;
    const BoundedRead::Result file = BoundedRead::file(path, BoundedRead::CsvLimit, shownName);
    if (!file.ok()) {
        out.error = file.error;
        return out;
    }
    out = parse(file.bytes);
    if (!out.ok())
        out.error = (shownName.isEmpty() ? Printable::escaped(path, 200) : shownName) + u": "_s + out.error;
    return out;
}

QString LabelledCsv::checkOneIntent(const QString &shownName, const QList<Row> &rows, std::optional<Intent> *intent,
                                    bool intentGiven)
{
    for (const Row &row : rows) {
        if (!row.intent || intentGiven)
            continue;
        if (!*intent)
            *intent = row.intent;
        else if (*row.intent != **intent)
            return u"%1: line %2 mixes intents; use one intent per file or pass --intent"_s.arg(shownName).arg(row.line);
    }
    return {};
}

static std::optional<bool> parseExpected(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == "true"_L1 || t == "1"_L1 || t == "yes"_L1)
        return true;
    if (t == "false"_L1 || t == "0"_L1 || t == "no"_L1)
        return false;
    return std::nullopt;
}

LabelledCsv::Parsed LabelledCsv::parse(const QByteArray &csv)
{
    Parsed out;
    out.error = encodingProblem(csv);
    if (!out.ok())
        return out;
    QString text = QString::fromUtf8(csv);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const QList<Record> recs = records(text, &out.error);
    if (!out.ok())
        return out;
    if (recs.isEmpty()) {
        out.error = u"the file is empty: expected a header line \"prompt,expected,intent\""_s;
        return out;
    }
    QStringList header;
    for (const QString &h : recs.first().fields)
        header.append(h.trimmed().toLower());
    const qsizetype promptCol = header.indexOf(u"prompt"_s);
    // The test-results export (prompt,expected_triggered,category,…) reads back as well.
    qsizetype expectedCol = header.indexOf(u"expected"_s);
    if (expectedCol < 0)
        expectedCol = header.indexOf(u"expected_triggered"_s);
    const qsizetype intentCol = header.indexOf(u"intent"_s);
    const qsizetype categoryCol = header.indexOf(u"category"_s);
    // A column named twice would be read from one place and ignored in the other: refused.
    for (const QString &name : {u"prompt"_s, u"expected"_s, u"expected_triggered"_s, u"intent"_s, u"category"_s}) {
        if (header.count(name) > 1) {
            out.error = u"line 1: the header names the column %1 twice; keep one"_s.arg(name);
            return out;
        }
    }
    if (promptCol < 0 || expectedCol < 0) {
        out.error = u"line 1: the header must name the columns prompt and expected (and optionally intent), "
                    "found: "_s + Printable::escaped(recs.first().fields.join(u','));
        return out;
    }
    for (qsizetype r = 1; r < recs.size(); ++r) {
        const Record &rec = recs.at(r);
        if (rec.fields.size() != header.size()) {
            out.error = u"line %1: %2 fields, but the header has %3"_s.arg(rec.line).arg(rec.fields.size()).arg(header.size());
            return out;
        }
        Row row;
        row.line = rec.line;
        row.test.prompt = readText(rec.fields.at(promptCol)).trimmed();
        row.test.category = categoryCol >= 0 ? readText(rec.fields.at(categoryCol)).trimmed() : QString();
        if (row.test.category.isEmpty())
            row.test.category = u"labelled"_s;
        if (row.test.prompt.isEmpty()) {
            out.error = u"line %1: the prompt is empty"_s.arg(rec.line);
            return out;
        }
        // AIRS refuses a larger prompt (HTTP 413): said here, before anything is scanned.
        if (const qsizetype bytes = row.test.prompt.toUtf8().size(); bytes > PromptRewrites::MaxPromptBytes) {
            out.error = u"line %1: the prompt is %2 MiB of UTF-8; AIRS scans prompts of at most 2 MiB"_s.arg(rec.line).arg(
                double(bytes) / (1024 * 1024), 0, 'f', 1);
            return out;
        }
        const auto expected = parseExpected(rec.fields.at(expectedCol));
        if (!expected) {
            out.error = u"line %1: expected must be true or false, not \"%2\""_s.arg(rec.line).arg(Printable::escaped(rec.fields.at(expectedCol)));
            return out;
        }
        row.test.expectedTriggered = *expected;
        if (intentCol >= 0 && !rec.fields.at(intentCol).trimmed().isEmpty()) {
            row.intent = intentFromName(rec.fields.at(intentCol).trimmed().toLower());
            if (!row.intent) {
                out.error = u"line %1: intent must be block or allow, not \"%2\""_s.arg(rec.line).arg(Printable::escaped(rec.fields.at(intentCol)));
                return out;
            }
        }
        out.rows.append(row);
    }
    if (out.rows.isEmpty())
        out.error = u"the file has a header but no prompts"_s;
    return out;
}

namespace {
// The text would start a formula in a spreadsheet.
bool formulaLike(QStringView text)
{
    if (text.isEmpty())
        return false;
    if (text.front() == u'\t' || text.front() == u'\r')
        return true;
    qsizetype i = 0;
    while (i < text.size() && text.at(i).isSpace())
        ++i;
    if (i >= text.size())
        return false;
    const QChar c = text.at(i);
    return c == u'=' || c == u'+' || c == u'-' || c == u'@';
}
} // namespace

QString LabelledCsv::textCell(const QString &text)
{
    QString q = formulaLike(text) ? u"'"_s + text : text;
    q.replace(u"\""_s, u"\"\""_s);
    return u'"' + q + u'"';
}

QString LabelledCsv::readText(const QString &field)
{
    if (field.startsWith(u'\'') && formulaLike(QStringView(field).mid(1)))
        return field.mid(1);
    return field;
}

QString LabelledCsv::quote(const QString &field)
{
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n') && !field.contains(u'\r'))
        return field;
    QString q = field;
    q.replace(u"\""_s, u"\"\""_s);
    return u'"' + q + u'"';
}
