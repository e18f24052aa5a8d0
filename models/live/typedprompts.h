#pragma once

#include "domain/testcase.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

// Labelled prompts a person types or pastes, one per line: the prompt, a comma, and whether
// the guardrail should trigger on it (yes/no; also true/false, 1/0, hit/miss). The label is
// after the last comma, so a prompt may hold commas unquoted; a prompt in CSV quotes has them
// removed, and a "prompt,expected" header line is skipped, so the first two columns of a
// labelled CSV file paste as they are. Blank lines are ignored; nothing is guessed.
class TypedPrompts final
{
    Q_DECLARE_TR_FUNCTIONS(TypedPrompts)
public:
    struct Parsed
    {
        QList<TestCase> tests; // category "added"
        QString error;         // "Line 3: …", the first problem
        int errorLine = 0;
        bool ok() const { return error.isEmpty(); }
    };
    static Parsed parse(const QString &text);
    static std::optional<bool> parseLabel(const QString &text);
};
