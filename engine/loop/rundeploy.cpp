// RefinementRun's apply step: the topic deployed (TopicDeployment: created or updated in AIRS
// with its companion, pinned on the run's profile, then the propagation wait), and the
// iteration's tests written, at the same time when steps overlap (they need the topic only).
#include "refinementrun.h"

#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "llm/prompts/promptbook.h"
#include "topicdeployment.h"

using namespace Qt::StringLiterals;

void RefinementRun::enterApply()
{
    emit stepChanged(u"apply"_s);
    m_it.pieces.deploy = m_schedule.begin(u"deploy"_s, m_it.number, {m_it.pieces.generate});
    m_deployment->deploy(m_it.topic, m_profile);
    if (m_services.overlapSteps) // the tests need the topic, not its deployment
        startTests();
}

void RefinementRun::deploymentAssigned()
{
    m_schedule.end(m_it.pieces.deploy);
    m_it.pieces.propagate = m_schedule.begin(u"propagate"_s, m_it.number, {m_it.pieces.deploy});
}

void RefinementRun::propagated()
{
    m_schedule.end(m_it.pieces.propagate);
    m_it.deployDone = true;
    emit applyComplete(m_checkpoint.topicId);
    emit stepChanged(u"test"_s); // the tests' step, in its documented place (it may be done)
    if (!m_it.testsStarted)
        startTests();
    else
        joinApply();
}

void RefinementRun::startTests()
{
    m_it.testsStarted = true;
    m_it.pieces.tests = m_schedule.begin(u"tests"_s, m_it.number, {m_it.pieces.generate});
    if (!m_run.userInput.fixedTests.isEmpty()) {
        m_it.generated = m_run.userInput.fixedTests; // imported from CSV: no LLM call
        testsWritten();
        return;
    }
    PromptBook::TestsInput input{m_it.topic, m_run.userInput.intent, {}, m_memorySection, {}};
    // The person's corrections, except on held-out prompts: the benchmark is never shown to the
    // LLM, in any form (a corrected benchmark label would teach it those prompts).
    QSet<QString> heldOut;
    for (const QList<TestCase> *set : {&m_run.benchmarkSet, &m_run.steering.pendingBenchmark}) {
        for (const TestCase &t : *set)
            heldOut.insert(dedupKey(t.prompt));
    }
    for (const LabelCorrection &c : std::as_const(m_run.steering.corrections)) {
        if (!heldOut.contains(dedupKey(c.prompt)))
            input.corrected.append(TestCase{c.prompt, c.expectedTriggered, {}, TestSource::Generated, {}});
    }
    if (m_it.number > 1) {
        if (const IterationResult *last = m_run.lastRecorded())
            input.breakdown = CategoryBreakdown::compute(last->testResults);
    }
    llm(PromptBook::generateTests(input), [this](const QJsonObject &o) {
        m_it.generated = PromptBook::testsFromJson(o);
        const QStringList problems = PromptBook::testsProblems(m_it.generated);
        if (!problems.isEmpty())
            return fail(u"generate_tests: "_s + problems.join(u"; "_s));
        testsWritten();
    });
}

void RefinementRun::testsWritten()
{
    m_schedule.end(m_it.pieces.tests);
    m_it.testsDone = true;
    joinApply();
}

void RefinementRun::joinApply()
{
    // Compose (and tests:composed) follows apply:complete, whichever finished first.
    if (m_it.deployDone && m_it.testsDone)
        submit(u"step.done"_s);
}
