// Every CSV reader (eval --prompts, label files, --topic-prompts, New run's benchmark field):
// LabelledCsv::parse. Properties: an error names a line; parsed rows written back the way the
// tool writes a CSV (RunReport::testsCsv, spreadsheet-safe text cells) parse to the same
// prompts, labels and categories; records() of quote()d fields gives the fields back.
#include "../fuzztarget.h"

#include "domain/iterationresult.h"
#include "domain/labelledcsv.h"
#include "reports/runreport.h"

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(labelled_csv)
{
    const LabelledCsv::Parsed parsed = LabelledCsv::parse(data);
    if (!parsed.ok()) {
        FUZZ_REQUIRE(!parsed.error.trimmed().isEmpty(), u"an empty error"_s);
    } else {
        IterationResult it;
        for (const LabelledCsv::Row &row : parsed.rows) {
            TestResult r;
            r.testCase = row.test;
            it.testResults.append(r);
        }
        const QString written = RunReport::testsCsv(it);
        const LabelledCsv::Parsed again = LabelledCsv::parse(written.toUtf8());
        FUZZ_REQUIRE(again.ok(), again.error + u"\n"_s + written.left(400));
        FUZZ_REQUIRE(again.rows.size() == parsed.rows.size(),
                     u"%1 rows read, %2 read back"_s.arg(parsed.rows.size()).arg(again.rows.size()));
        for (qsizetype i = 0; i < parsed.rows.size(); ++i) {
            const TestCase &a = parsed.rows.at(i).test, &b = again.rows.at(i).test;
            FUZZ_REQUIRE(a.prompt == b.prompt, u"prompt changed: \""_s + a.prompt + u"\" -> \""_s + b.prompt + u'"');
            FUZZ_REQUIRE(a.expectedTriggered == b.expectedTriggered, a.prompt);
            FUZZ_REQUIRE(a.category == b.category, a.category + u" -> "_s + b.category);
        }
    }

    // Fields of any text survive quoting (one empty field is a blank line, which CSV skips).
    const QStringList fields = Fuzz::split(data.left(2000), 8);
    if (fields == QStringList{QString()})
        return;
    QStringList quoted;
    for (const QString &f : fields)
        quoted.append(LabelledCsv::quote(f));
    QString error;
    const QList<LabelledCsv::Record> records = LabelledCsv::records(quoted.join(u',') + u"\n"_s, &error);
    FUZZ_REQUIRE(error.isEmpty(), error);
    FUZZ_REQUIRE(records.size() == 1 && records.first().fields == fields,
                 u"quoted fields did not read back: "_s + quoted.join(u','));
    for (const QString &f : fields)
        FUZZ_REQUIRE(LabelledCsv::readText(LabelledCsv::textCell(f)).size() >= 0, f);
}
