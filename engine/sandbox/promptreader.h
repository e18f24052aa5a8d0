#pragma once

#include "domain/categorybreakdown.h"
#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QStringList>

#include <optional>

// Reads the prompt book's formats back out of a chat request, the way the sandbox LLM
// "understands" its prompt: labelled lines ("Description: …"), numbered lists ("1. …"),
// quoted inline lists ("\"a\", \"b\""), prompt lists (`- "<prompt>" (<category>)`), the
// breakdown lines of generate_tests and the history blocks of extract_learnings. Tolerant by
// design: unknown lines are skipped, text appended after the prompt (a retry note) is ignored.
class PromptReader final
{
public:
    PromptReader(const QString &system, const QString &user);

    // Index of the first user line at or after `from` that starts with `prefix`; -1 if none.
    qsizetype find(QStringView prefix, qsizetype from = 0) const;
    // The text after "<label>: " on the first such line at or after `from`; empty if absent.
    QString value(QStringView label, qsizetype from = 0) const;
    bool has(QStringView label, qsizetype from = 0) const { return find(label, from) >= 0; }

    // The language the system message asks the free text in ("de"; empty: not asked, English):
    // the code of PromptFormat::notesLanguageLine().
    QString notesLanguage() const;
    Intent intent() const; // "Intent: allow|block" in the user message, else the system's
    // "Examples:" in either shape (numbered lines below, or a quoted inline list); "None …"
    // gives an empty list.
    QStringList examples(QStringView label = u"Examples", qsizetype from = 0) const;
    QStringList numberedAfter(qsizetype headingLine) const;
    Topic topic(qsizetype from = 0) const; // Name / Description / Examples from `from` on

    struct Listed
    {
        QString prompt;
        QString category; // empty when the list has none
    };
    // The `- "…"` lines below the first line starting with `heading`, up to a blank line.
    QList<Listed> listed(QStringView heading) const;
    // A "45.0%" value of a labelled line, as a fraction; -1 when absent or not a percentage.
    double percent(QStringView label, qsizetype from = 0) const;
    QList<CategoryBreakdown> breakdown() const;

    static QStringList splitQuoted(const QString &inlineList);
    static double parsePercent(QStringView text); // "45.0%" -> 0.45, -1 if not one

    const QStringList &lines() const { return m_lines; }
    const QString &system() const { return m_system; }

private:
    QString m_system;
    QStringList m_lines;
};
