#pragma once

#include "domain/efficacymetrics.h"
#include "domain/testresult.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

// JUnit XML for CI servers (issue 44): one <testsuite> of one <testcase> per prompt. A wrong
// verdict is a <failure> naming the expected and the actual verdict; a prompt AIRS gave no
// verdict for, or one the metrics leave out (Suite::leftOut), is <skipped>; the metrics (and
// anything else given) are the suite's <properties>, and they count the same prompts as the
// test cases. The shape is the common JUnit schema CI servers read (testsuites › testsuite
// with name, tests, failures, errors, skipped, time › properties, testcase with name,
// classname, time).
namespace JUnitXml {

struct Suite
{
    QString name;      // e.g. "daystrom eval: my-profile"
    QString className; // each test case's classname, e.g. "daystrom.eval.my-profile"
    QList<TestResult> results;
    // Per result (same order), the share of repeated scans that gave the expected verdict;
    // empty when each prompt was scanned once.
    QList<double> passRates;
    EfficacyMetrics metrics;
    QList<QPair<QString, QString>> properties; // more <property> entries after the metrics
    double seconds = 0;
    // Results (indexes) the metrics leave out, e.g. unstable benchmark prompts: <skipped> test
    // cases saying so, so that the test cases and the figures describe the same prompts.
    QList<int> leftOut;
    QString leftOutReason;
};

QByteArray write(const Suite &suite);
// A test case's name: the prompt on one line, at most 200 characters.
QString caseName(const TestResult &result);

} // namespace JUnitXml
