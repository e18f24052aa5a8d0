// One iteration's own steps, from its start to its record: the proposal (generate or improve),
// the duplicate check, the composed suite, and the record with its judgement.
#include "iterationsteps.h"

#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "loopevents.h"
#include "looppolicy.h"
#include "steeringedits.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

IterationSteps::IterationSteps(RunContext &ctx, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
{
}

void IterationSteps::enterStart()
{
    if (!m_ctx.checkpoint.finishReason.isEmpty()) { // paused or cancelled while finishing
        m_ctx.stopWith(ChartEvent::LoopStop, m_ctx.checkpoint.finishReason);
        return;
    }
    if (m_ctx.checkpoint.decisionPending && m_ctx.run.lastRecorded()) {
        // Killed between recording an iteration and deciding on it: decide now, as the
        // uninterrupted run would have (target, recovery, regressions, plateau).
        m_ctx.beginIteration(m_ctx.run.lastRecorded()->iteration);
        m_ctx.submit(ChartEvent::DecisionPending);
        return;
    }
    const int number = m_ctx.checkpoint.nextIteration;
    if (number > m_ctx.run.userInput.maxIterations) {
        m_ctx.stopWith(ChartEvent::LoopStop, u"reached the maximum of %1 iterations"_s.arg(m_ctx.run.userInput.maxIterations));
        return;
    }
    m_ctx.beginIteration(number);
    m_ctx.run.currentIteration = number;
    if (const int added = SteeringEdits::startPendingBenchmark(m_ctx.run); added > 0) {
        // Figures of the new version are compared with earlier ones only on the prompts both asked.
        emit m_ctx.events.warning(u"the benchmark has %1 more prompts from iteration %2 on (version %3); earlier iterations are "
                     "compared with it on the first %4"_s.arg(added).arg(number)
                         .arg(m_ctx.run.steering.benchmarkVersion())
                         .arg(m_ctx.run.steering.benchmarkSize(m_ctx.run.steering.benchmarkVersion() - 1, 0)));
        if (!m_ctx.save())
            return;
        emit m_ctx.events.benchmarkReady(int(m_ctx.run.benchmarkSet.size()));
    }
    // From here to the record, calls and scans count towards this iteration (a resumed one
    // goes on from what the checkpoint says it used before the pause). The first topic is
    // written here, so it counts in iteration 1, like its companion topic (apply step).
    m_ctx.it.counting = true;
    emit m_ctx.events.iterationStarted(number);
    m_ctx.submit(ChartEvent::StepDone);
}

const IterationResult *IterationSteps::improveBase() const
{
    if (const IterationResult *it = m_ctx.run.iterationByNumber(m_ctx.checkpoint.improveFrom))
        return it;
    return m_ctx.run.lastRecorded();
}

void IterationSteps::enterGenerate()
{
    emit m_ctx.events.stepChanged(u"generate"_s);
    // Ended when the topic exists (the review step); the first needs the memory's section.
    m_ctx.it.pieces.generate = m_ctx.schedule.begin(u"generate"_s, m_ctx.it.number, {m_ctx.chainPiece, m_ctx.loadMemoryPiece});
    const RunSettings &in = m_ctx.run.userInput;
    // A proposal still waiting for the person (the run was paused or closed there): back to it.
    if (const std::optional<PendingProposal> &p = m_ctx.run.steering.pending; p && p->iteration == m_ctx.it.number) {
        m_ctx.it.topic = p->proposal;
        m_ctx.it.deployAsIs = m_ctx.checkpoint.deployAsIs;
        m_ctx.it.proposal = p->kind;
        m_ctx.submit(ChartEvent::StepDone);
        return;
    }
    const bool first = !m_ctx.checkpoint.currentTopic.has_value();
    if (first) {
        PromptBook::GenerateTopicInput input{in.topicDescription, in.intent, in.seedExamples, m_ctx.memorySection, takeGuidance()};
        m_ctx.llm(PromptBook::generateTopic(input), [this](const QJsonObject &o) {
            m_ctx.it.topic = PromptBook::topicFromJson(o);
            // Until the topic is deployed its name may change (another proposal); then it is locked,
            // and a resumed first iteration keeps the name it already deployed under.
            if (m_ctx.checkpoint.lockedName.isEmpty() || m_ctx.checkpoint.topicId.isEmpty())
                m_ctx.checkpoint.lockedName = m_ctx.it.topic.name;
            else
                m_ctx.it.topic.name = m_ctx.checkpoint.lockedName;
            proposed(ProposalKind::Generate);
        });
        return;
    }
    m_ctx.it.deployAsIs = m_ctx.checkpoint.deployAsIs;
    if (m_ctx.it.deployAsIs || !improveBase()) {
        m_ctx.it.topic = *m_ctx.checkpoint.currentTopic;
        m_ctx.it.topic.name = m_ctx.checkpoint.lockedName;
        // A simplification, proposed in the recovery step, is reviewed; else nothing new is.
        m_ctx.it.proposal = m_ctx.it.deployAsIs ? std::optional(ProposalKind::Simplify) : std::nullopt;
        m_ctx.submit(ChartEvent::StepDone);
        return;
    }
    const IterationResult *base = improveBase();
    PromptBook::ImproveInput input;
    input.current = *m_ctx.checkpoint.currentTopic;
    input.fromIteration = base->iteration;
    input.nextIteration = m_ctx.it.number;
    input.metrics = base->metrics;
    input.analysis = base->analysis;
    input.results = base->testResults;
    input.target = in.targetCoverage;
    input.intent = in.intent;
    if (const IterationResult *best = m_ctx.run.iterationByNumber(m_ctx.run.bestIteration))
        input.best = PromptBook::BestContext{best->iteration, best->metrics.coverage, best->topic, best->metrics, best->analysis};
    input.memory = m_ctx.memorySection;
    input.guidance = takeGuidance();
    m_ctx.llm(PromptBook::improveTopic(input), [this](const QJsonObject &o) {
        m_ctx.it.topic = PromptBook::topicFromJson(o);
        m_ctx.it.topic.name = m_ctx.checkpoint.lockedName; // the name is locked after iteration 1
        proposed(ProposalKind::Improve);
    });
}

void IterationSteps::enterDuplicateCheck()
{
    // A topic chosen to be tested as it is (after a simplification) is not a duplicate path.
    if (m_ctx.it.number > 1 && !m_ctx.it.deployAsIs) {
        m_ctx.it.duplicateOf = LoopPolicy::duplicateOf(m_ctx.run, m_ctx.it.topic);
        if (m_ctx.it.duplicateOf > 0) {
            m_ctx.submit(ChartEvent::TopicDuplicate);
            return;
        }
    }
    emit m_ctx.events.generateComplete(m_ctx.it.topic);
    m_ctx.submit(ChartEvent::StepDone);
}

void IterationSteps::enterCompose()
{
    const RunSettings &in = m_ctx.run.userInput;
    CompositionInput c;
    c.iteration = m_ctx.it.number;
    c.generated = m_ctx.it.generated;
    c.previous = m_ctx.it.number > 1 ? m_ctx.run.lastRecorded() : nullptr;
    c.accumulate = in.accumulateTests;
    c.cap = in.maxAccumulatedTests;
    c.regressionSample = in.regressionSample;
    for (const TestCase &t : std::as_const(m_ctx.run.benchmarkSet))
        c.heldOut.insert(dedupKey(t.prompt)); // the benchmark stays out of what the LLM sees
    const CompositionResult r = composeTestSuite(c);
    // The person's own prompts lead every suite from the iteration after they were added.
    QList<TestCase> suite;
    QSet<QString> seen;
    for (const QList<TestCase> *part : {&std::as_const(m_ctx.run.steering.addedTests), &r.suite}) {
        for (const TestCase &t : *part) {
            const QString key = dedupKey(t.prompt);
            if (!c.heldOut.contains(key) && !seen.contains(key)) {
                seen.insert(key);
                suite.append(t);
            }
        }
    }
    m_ctx.it.suite = suite;
    SteeringEdits::applyCorrections(m_ctx.run.steering, m_ctx.it.suite); // a corrected label holds in new tests too
    m_ctx.checkpoint.accumulatedTests = m_ctx.it.suite;
    if (m_ctx.it.number > 1) {
        emit m_ctx.events.testsComposed(r.generated, r.carriedFailures, r.regressionTier, r.total());
        if (in.accumulateTests)
            emit m_ctx.events.testsAccumulated(r.generated, r.total(), r.droppedByCap);
    }
    m_ctx.submit(ChartEvent::StepDone);
}

void IterationSteps::enterRecord()
{
    emit m_ctx.events.stepChanged(u"record"_s);
    const int piece = m_ctx.schedule.begin(u"record"_s, m_ctx.it.number, {m_ctx.it.pieces.analyze, m_ctx.it.pieces.scanBenchmark});
    IterationResult it;
    it.iteration = m_ctx.it.number;
    it.timestamp = QDateTime::currentDateTimeUtc();
    it.topic = m_ctx.it.topic;
    it.testCases = m_ctx.it.suite;
    it.testResults = m_ctx.it.results;
    it.metrics = m_ctx.it.metrics;
    it.analysis = m_ctx.it.analysis;
    it.benchmark = m_ctx.it.benchmarkScore;
    it.responses = m_ctx.it.responseScore;
    it.robustness = m_ctx.it.robustnessResults;
    it.durationMs = QDateTime::currentMSecsSinceEpoch() - m_ctx.it.startMs;
    it.usage = m_ctx.checkpoint.iterationUsage; // saved in the same checkpoint: never counted twice
    m_ctx.checkpoint.iterationUsage = {};
    m_ctx.it.counting = false;
    it.judgedAgainst = m_ctx.run.bestIteration;
    it.judgement = LoopPolicy::judgement(m_ctx.run, it);
    m_ctx.run.iterations.append(it);
    LoopPolicy::updateBest(m_ctx.run, it);
    m_ctx.checkpoint.currentTopic = m_ctx.it.topic;
    m_ctx.checkpoint.improveFrom = m_ctx.it.number;
    m_ctx.checkpoint.deployAsIs = false;
    m_ctx.checkpoint.nextIteration = m_ctx.it.number + 1;
    m_ctx.checkpoint.decisionPending = true; // taken by decide/recover, or by a resume
    if (!m_ctx.save())
        return;
    m_ctx.schedule.end(piece);
    m_ctx.chainPiece = piece;
    emit m_ctx.events.iterationComplete(it);
    m_ctx.submit(ChartEvent::StepDone);
}

PromptBook::Guidance IterationSteps::takeGuidance()
{
    return {m_ctx.run.steering.hint, m_ctx.it.rejected, m_ctx.run.steering.keptExamples};
}

void IterationSteps::proposed(ProposalKind kind)
{
    // The hint has reached the LLM: it is spent (it stays in the run's list of hints).
    m_ctx.it.proposal = kind;
    m_ctx.run.steering.hint.clear();
    m_ctx.it.rejected.reset();
    m_ctx.submit(ChartEvent::StepDone);
}

