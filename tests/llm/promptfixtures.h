#pragma once

#include "llm/prompts/promptbook.h"

#include <QString>

// Small builders shared by the prompt-book tests.
namespace PromptFixtures {

// What the memory injector produces (behaviour reference §4.5): a leading newline, a heading.
inline QString memorySection()
{
    return QStringLiteral("\n## Learnings from Previous Runs\nThese are empirically validated "
                          "observations from prior guardrail generation runs:\n- [DO] Keep the "
                          "description short (description-only, seen 3x)");
}

inline TestResult result(const QString &prompt, bool expected, bool actual,
                         const QString &category = QStringLiteral("direct"))
{
    TestResult r;
    r.testCase.prompt = prompt;
    r.testCase.expectedTriggered = expected;
    r.testCase.category = category;
    r.actualTriggered = actual;
    r.correct = expected == actual;
    return r;
}

inline EfficacyMetrics metrics(double coverage, double tpr, double tnr, double accuracy = 0.5)
{
    EfficacyMetrics m;
    m.coverage = coverage;
    m.truePositiveRate = tpr;
    m.trueNegativeRate = tnr;
    m.accuracy = accuracy;
    return m;
}

inline Topic topic(const QString &name, const QString &description, const QStringList &examples)
{
    return Topic{name, description, examples};
}

} // namespace PromptFixtures
