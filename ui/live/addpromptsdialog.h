#pragma once

#include "domain/runstate.h"
#include "domain/runsteering.h"
#include "domain/testcase.h"

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QToolButton;
class StudioContext;

// "Add prompts…": labelled prompts a person adds to the live run, typed or pasted one per
// line ("prompt, yes|no", see TypedPrompts) and/or loaded from a labelled CSV file, for the
// working suite or the held-out benchmark (which then starts a new version; not offered when the
// run has none). A preview counts them; bad input is named by line and keeps "Add" disabled.
// They are scanned from the next iteration on.
class AddPromptsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AddPromptsDialog)
public:
    explicit AddPromptsDialog(StudioContext *context, QWidget *parent = nullptr);

    // Shows the dialog for `parent` (one at a time), window-modal: what the Run menu's action
    // and the Live page's button do. Null when no run is live.
    static AddPromptsDialog *openFor(StudioContext *context, QWidget *parent);

    QList<TestCase> tests() const; // typed, then loaded from the file
    PromptTarget target() const;
    QString problem() const { return m_problem; } // why "Add" is disabled, or empty
    // What "Load CSV…" does with the chosen file; returns the error shown, or empty.
    QString loadCsv(const QString &path);
    void setNativeFileDialogs(bool native) { m_nativeDialogs = native; }
    // Whether the run scores a held-out benchmark (prompts can join it).
    static bool hasBenchmark(const RunState &run);

public slots:
    void accept() override;

private:
    void chooseCsv();
    void clearFile();
    void validate();

    QPointer<StudioContext> m_context;
    QPlainTextEdit *m_text;
    QPushButton *m_load;
    QLabel *m_file;
    QToolButton *m_clearFile;
    QRadioButton *m_workingSuite;
    QRadioButton *m_benchmark;
    QLabel *m_benchmarkNote;
    QLabel *m_preview;
    QDialogButtonBox *m_buttons;
    QList<TestCase> m_fileTests;
    QString m_fileName;
    QString m_fileError;
    QString m_problem;
    QString m_lastDir;
    bool m_nativeDialogs = true;
};
