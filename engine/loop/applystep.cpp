#include "applystep.h"

#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "loopevents.h"
#include "topicdeployment.h"

using namespace Qt::StringLiterals;

ApplyStep::ApplyStep(RunContext &ctx, TopicDeployer *deployer, RunWorkspace *workspace, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
{
    TopicDeployment::Parts parts{deployer, workspace, ctx.llmGate, [&ctx] { return ctx.save(); },
                                 ctx.services.propagationDelayMs};
    m_deployment = new TopicDeployment(std::move(parts), ctx.run, ctx.checkpoint, this);
    connect(m_deployment, &TopicDeployment::assigned, this, &ApplyStep::deploymentAssigned);
    connect(m_deployment, &TopicDeployment::live, this, &ApplyStep::propagated);
    connect(m_deployment, &TopicDeployment::failed, this, [&ctx](const QString &error) { ctx.fail(error); });
    connect(m_deployment, &TopicDeployment::warning, &ctx.events, &LoopEvents::warning);
    connect(m_deployment, &TopicDeployment::companionGenerated, &ctx.events, &LoopEvents::companionGenerated);
    connect(m_deployment, &TopicDeployment::companionCreated, &ctx.events, &LoopEvents::companionCreated);
    ctx.onAbort([this] { m_deployment->abort(); });
}

void ApplyStep::enterApply()
{
    emit m_ctx.events.stepChanged(u"apply"_s);
}

void ApplyStep::enterDeploying()
{
    IterationWork &it = m_ctx.it;
    it.pieces.deploy = m_ctx.schedule.begin(u"deploy"_s, it.number, {it.pieces.generate});
    m_deployment->deploy(it.topic, m_ctx.profile);
}

void ApplyStep::enterWritingTests()
{
    if (m_ctx.services.overlapSteps) // the tests need the topic, not its deployment
        startTests();
}

void ApplyStep::deploymentAssigned()
{
    IterationWork &it = m_ctx.it;
    m_ctx.schedule.end(it.pieces.deploy);
    it.pieces.propagate = m_ctx.schedule.begin(u"propagate"_s, it.number, {it.pieces.deploy});
}

void ApplyStep::propagated()
{
    m_ctx.schedule.end(m_ctx.it.pieces.propagate);
    emit m_ctx.events.applyComplete(m_ctx.checkpoint.topicId);
    emit m_ctx.events.stepChanged(u"test"_s); // the tests' step, in its documented place (it may be done)
    if (!m_ctx.services.overlapSteps)
        startTests();
    // Compose (and tests:composed) follows apply:complete, whichever finished first.
    m_ctx.submit(ChartEvent::DeployDone);
}

void ApplyStep::startTests()
{
    IterationWork &it = m_ctx.it;
    const RunState &run = m_ctx.run;
    it.pieces.tests = m_ctx.schedule.begin(u"tests"_s, it.number, {it.pieces.generate});
    if (!run.userInput.fixedTests.isEmpty()) {
        it.generated = run.userInput.fixedTests; // imported from CSV: no LLM call
        testsWritten();
        return;
    }
    PromptBook::TestsInput input{it.topic, run.userInput.intent, {}, m_ctx.memorySection, {}};
    // The person's corrections, except on held-out prompts: the benchmark is never shown to the
    // LLM, in any form (a corrected benchmark label would teach it those prompts).
    QSet<QString> heldOut;
    for (const QList<TestCase> *set : {&run.benchmarkSet, &run.steering.pendingBenchmark}) {
        for (const TestCase &t : *set)
            heldOut.insert(dedupKey(t.prompt));
    }
    for (const LabelCorrection &c : std::as_const(run.steering.corrections)) {
        if (!heldOut.contains(dedupKey(c.prompt)))
            input.corrected.append(TestCase{c.prompt, c.expectedTriggered, {}, TestSource::Generated, {}});
    }
    if (it.number > 1) {
        if (const IterationResult *last = run.lastRecorded())
            input.breakdown = CategoryBreakdown::compute(last->testResults);
    }
    m_ctx.llm(PromptBook::generateTests(input), [this](const QJsonObject &o) {
        m_ctx.it.generated = PromptBook::testsFromJson(o);
        if (m_ctx.usable("generate_tests"_L1, m_ctx.it.generated))
            testsWritten();
    });
}

void ApplyStep::testsWritten()
{
    m_ctx.schedule.end(m_ctx.it.pieces.tests);
    m_ctx.submit(ChartEvent::TestsDone);
}
