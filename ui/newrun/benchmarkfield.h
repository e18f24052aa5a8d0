#pragma once

#include "domain/testcase.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

// The New run form's "Benchmark prompts" row (in Advanced): how many held-out prompts the LLM
// writes once, or labelled prompts from a CSV file used as they are ("From CSV…"; "LLM-written"
// goes back), and a summary below that says which, or why a file could not be used. Under it,
// what that size can show (issue 39): how precisely it measures a coverage near 90 %, and the
// size a precision the person wants would need ("Use that size" takes it).
class BenchmarkField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BenchmarkField)
public:
    explicit BenchmarkField(QWidget *parent = nullptr);

    int size() const;
    void setSize(int size);
    QList<TestCase> tests() const { return m_tests; }
    // Prompts of a copied run (no file name to show).
    void setTests(const QList<TestCase> &tests);
    // Uses the labelled prompts of a CSV file; returns an error message (the previous choice
    // is kept) or empty.
    QString loadFile(const QString &path);
    QSpinBox *sizeSpin() const { return m_size; }

private:
    void showSummary(const QString &problem = {});
    void updatePrecision(); // the precision line and the Use button

    QSpinBox *m_size;
    QDoubleSpinBox *m_width;
    QPushButton *m_useWidth;
    QLabel *m_precision;
    QPushButton *m_file;
    QPushButton *m_generated;
    QLabel *m_summary;
    QList<TestCase> m_tests;
    QString m_origin;
};
