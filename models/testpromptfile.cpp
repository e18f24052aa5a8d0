#include "testpromptfile.h"

#include "domain/labelledcsv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

// The messages keep the context of the New run field that first read these files
// (TestPromptsField), so their translations stay.
TestPromptFile TestPromptFile::read(const QString &path)
{
    const QString name = QDir::toNativeSeparators(path);
    TestPromptFile out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = QCoreApplication::translate("TestPromptsField", "Cannot read %1: %2")
                        .arg(name, file.errorString());
        return out;
    }
    // A file this large would stall the window while it is read. (A device or a pipe has no
    // size: what is read is bounded too.)
    const QByteArray bytes = file.read(MaxBytes + 1);
    if (file.size() > MaxBytes || bytes.size() > MaxBytes) {
        out.error = QCoreApplication::translate(
                        "TestPromptsField",
                        "%1 cannot be used: it has more than %2 MB; a test set is at most %2 MB.")
                        .arg(name, QString::number(MaxBytes / (1024 * 1024)));
        return out;
    }
    const LabelledCsv::Parsed csv = LabelledCsv::parse(bytes);
    if (!csv.ok()) {
        out.error = QCoreApplication::translate("TestPromptsField", "%1 cannot be used: %2")
                        .arg(name, csv.error);
        return out;
    }
    for (const LabelledCsv::Row &row : csv.rows) {
        if (row.intent && out.intent && *row.intent != *out.intent) {
            out.error = QCoreApplication::translate(
                            "TestPromptsField",
                            "%1 cannot be used: line %2 is labelled for another intent than the "
                            "lines before it; a run tests one intent.")
                            .arg(name, QString::number(row.line));
            out.tests.clear();
            out.intent.reset();
            return out;
        }
        if (row.intent)
            out.intent = row.intent;
        out.tests.append(row.test);
    }
    return out;
}
