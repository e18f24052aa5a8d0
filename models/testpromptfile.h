#pragma once

#include "domain/runsettings.h"
#include "domain/testcase.h"

#include <QList>
#include <QString>

#include <optional>

// A labelled CSV file (prompt,expected[,intent][,category]) read as a test set: New run's
// "From CSV…" and the dialog that adds prompts to a live run. At most MaxBytes (every prompt is
// scanned in every iteration: a larger file is a mistake), and one intent.
struct TestPromptFile
{
    static constexpr qint64 MaxBytes = 4 * 1024 * 1024;

    QList<TestCase> tests;
    std::optional<Intent> intent; // named by the file's intent column, if it names one
    QString error;                // names the file (and the line)
    bool ok() const { return error.isEmpty(); }

    static TestPromptFile read(const QString &path);
};
