#pragma once

#include "domain/runsettings.h"
#include "domain/testcase.h"
#include "models/testpromptfile.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

// The New run form's "Test prompts" row: by default the LLM writes tests for each iteration;
// "From CSV…" loads labelled prompts (prompt,expected[,intent][,category]) that are scanned
// every iteration instead. A file that cannot be used is reported by name and line and the
// previous choice is kept; "Use generated" goes back to LLM-written tests.
class TestPromptsField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestPromptsField)
public:
    static constexpr qint64 MaxFileBytes = TestPromptFile::MaxBytes;

    explicit TestPromptsField(QWidget *parent = nullptr);

    QList<TestCase> tests() const { return m_tests; }
    // `origin` says where they came from in the summary (a file name, or empty).
    void setTests(const QList<TestCase> &tests, const QString &origin = {});
    // Reads and checks `path`; returns an error message (the previous set is kept) or empty.
    QString loadFile(const QString &path);

    // The intent named by the loaded file's intent column, when it names one.
    std::optional<Intent> fileIntent() const { return m_fileIntent; }
    QString lastDirectory() const { return m_lastDir; }
    void setLastDirectory(const QString &dir) { m_lastDir = dir; }

signals:
    void testsChanged();
    // The loaded file labels its rows for this intent.
    void fileIntentFound(Intent intent);

private:
    void chooseFile();
    void showSummary(const QString &problem = {});

    QList<TestCase> m_tests;
    QString m_origin;
    std::optional<Intent> m_fileIntent;
    QString m_lastDir;
    QLabel *m_icon;
    QLabel *m_summary;
    QPushButton *m_load;
    QPushButton *m_clear;
};
