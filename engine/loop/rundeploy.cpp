// RefinementRun's apply step: the topic (and, for block intent, its companion) created or
// updated in AIRS and pinned on the run's profile, then the propagation wait; and the
// iteration's tests written, at the same time when steps overlap (they need the topic only).
#include "refinementrun.h"

#include "domain/categorybreakdown.h"
#include "llm/prompts/promptbook.h"
#include "tenant/runworkspace.h"
#include "tenant/topicdeployer.h"

#include <QTimer>

using namespace Qt::StringLiterals;

Topic RefinementRun::deployed(const Topic &topic, const QString &topicId) const
{
    Topic t = topic;
    if (const QString name = m_workspace->deployedName(topicId); !name.isEmpty())
        t.name = name;
    return t;
}

void RefinementRun::enterApply()
{
    emit stepChanged(u"apply"_s);
    m_it.pieces.deploy = m_schedule.begin(u"deploy"_s, m_it.number, {m_it.pieces.generate});
    deployTopic();
    if (m_services.overlapSteps) // the tests need the topic, not its deployment
        startTests();
}

void RefinementRun::deployTopic()
{
    const auto record = [this](const QString &name) { return m_workspace->recordTopic(name); };
    if (m_checkpoint.topicId.isEmpty()) {
        m_deployer->create(m_it.topic, [this](const AirsResult<AirsTopic> &r) {
            if (!r.ok())
                return fail(r.error.toString());
            m_checkpoint.topicId = r.value.id;
            if (!m_workspace->recordTopicId(r.value.name, r.value.id))
                return;
            if (r.value.name != m_it.topic.name) {
                emit warning(u"a topic named \"%1\" already exists in AIRS; this run tests its candidate as "
                             "\"%2\" and deletes it when it ends (an apply writes \"%1\")"_s.arg(m_it.topic.name, r.value.name));
            }
            applyTopic(r.value);
        }, record);
        return;
    }
    m_deployer->update(m_checkpoint.topicId, deployed(m_it.topic, m_checkpoint.topicId), [this](const AirsResult<AirsTopic> &r) {
        if (r.error.kind == AirsError::Kind::NotFound) {
            // Deleted in AIRS since (or a fresh sandbox on resume): deploy it again.
            emit warning(u"topic %1 no longer exists in AIRS; creating it again"_s.arg(m_checkpoint.topicId));
            m_checkpoint.topicId.clear();
            m_checkpoint.companionTopicId.clear();
            m_companion.reset();
            deployTopic();
            return;
        }
        if (!r.ok())
            return fail(r.error.toString());
        applyTopic(r.value);
    });
}

void RefinementRun::applyTopic(const AirsTopic &target)
{
    const RunSettings &in = m_run.userInput;
    if (in.intent == Intent::Allow || m_companion || !m_checkpoint.companionTopicId.isEmpty()) {
        if (in.intent == Intent::Block && !m_companion && m_run.companionTopic)
            m_companion = AirsTopic{m_checkpoint.companionTopicId, m_run.companionTopic->name, {}, {}, true, 0, {}};
        assignProfile(target);
        return;
    }
    // Block intent, first deployment: a benign companion in the same vocabulary. One the run
    // already wrote (before a crash, or before AIRS lost it) is deployed again as it was: its
    // create finds the topic AIRS may already hold, and an apply writes the same companion.
    auto deploy = [this, target](const Topic &companion) {
        m_deployer->create(companion, [this, target, companion](const AirsResult<AirsTopic> &r) {
            if (!r.ok())
                return fail(r.error.toString());
            m_companion = r.value;
            m_checkpoint.companionTopicId = r.value.id;
            if (!m_workspace->recordTopicId(r.value.name, r.value.id)) // saves the checkpoint
                return;
            emit companionCreated(r.value.id, companion);
            assignProfile(target);
        }, [this](const QString &name) { return m_workspace->recordTopic(name); });
    };
    if (m_run.companionTopic)
        return deploy(*m_run.companionTopic);
    llm(PromptBook::generateCompanion({m_it.topic.name, m_it.topic.description}), [this, deploy](const QJsonObject &o) {
        const Topic companion = PromptBook::topicFromJson(o);
        emit companionGenerated(companion);
        m_run.companionTopic = companion; // under its own name: what an apply writes
        if (saveCheckpoint()) // before the create: a resume deploys this one, not a new one
            deploy(companion);
    });
}

void RefinementRun::assignProfile(const AirsTopic &target)
{
    // The run's candidates stand in for production topics of the same names, as after an apply.
    QStringList candidates{m_checkpoint.lockedName};
    if (m_run.userInput.intent == Intent::Block && m_run.companionTopic)
        candidates.append(m_run.companionTopic->name);
    m_deployer->assign(m_profile, m_run.userInput.intent, target, m_companion,
                       [this](const AirsResult<AirsProfile> &r) {
        if (!r.ok())
            return fail(r.error.toString());
        m_schedule.end(m_it.pieces.deploy);
        m_it.pieces.propagate = m_schedule.begin(u"propagate"_s, m_it.number, {m_it.pieces.deploy});
        if (m_services.propagationDelayMs <= 0)
            return propagated();
        connect(m_delay, &QTimer::timeout, this, &RefinementRun::propagated, Qt::SingleShotConnection);
        m_delay->start(m_services.propagationDelayMs);
    }, m_workspace->replacedNames(candidates));
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
    for (const LabelCorrection &c : std::as_const(m_run.steering.corrections))
        input.corrected.append(TestCase{c.prompt, c.expectedTriggered, {}, TestSource::Generated, {}});
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
