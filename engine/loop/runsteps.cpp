// The per-iteration steps of RefinementRun: from the start of an iteration to its record.
#include "refinementrun.h"

#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "llm/prompts/promptbook.h"
#include "looplog.h"
#include "looppolicy.h"
#include "runmemory.h"
#include "steeringedits.h"
#include "tenant/runworkspace.h"
#include "tenant/topicdeployer.h"

#include <QDateTime>
#include <QTimer>

using namespace Qt::StringLiterals;


void RefinementRun::enterLoadMemory()
{
    emit stepChanged(u"load-memory"_s);
    m_loadMemoryPiece = m_schedule.begin(u"load-memory"_s, 0);
    // A run resumed to finish writes no topic: reading (and so recalling) learnings is moot.
    if (!m_services.memory || !m_checkpoint.finishReason.isEmpty()) {
        m_schedule.end(m_loadMemoryPiece);
        advance(StepMachine::Trigger::Done);
        return;
    }
    m_services.memory->load(m_run.userInput, [this](const RunMemory::Loaded &loaded) {
        QMetaObject::invokeMethod(this, [this, loaded] {
            if (m_stepName != "load-memory"_L1)
                return;
            m_schedule.end(m_loadMemoryPiece);
            if (!loaded.error.isEmpty())
                emit warning(u"memory could not be read: "_s + loaded.error);
            m_memorySection = loaded.section;
            emit memoryLoaded(loaded.learningCount);
            advance(StepMachine::Trigger::Done);
        }, Qt::QueuedConnection);
    });
}

void RefinementRun::enterPrepare()
{
    emit stepChanged(u"prepare"_s);
    const int piece = m_schedule.begin(u"prepare"_s, 0);
    m_workspace->prepare(m_run.id, m_run.userInput, m_run.tenant, [this, piece](const QString &profile, const QString &error) {
        if (!error.isEmpty())
            return fail(error);
        m_schedule.end(piece);
        m_profile = profile;
        advance(StepMachine::Trigger::Done);
    });
}

void RefinementRun::enterBenchmark()
{
    const RunSettings &in = m_run.userInput;
    auto frozen = [this] {
        emit benchmarkReady(int(m_run.benchmarkSet.size()));
        advance(StepMachine::Trigger::Done);
    };
    if (!m_run.benchmarkSet.isEmpty() || (in.benchmarkTests.isEmpty() && in.benchmarkSize <= 0)) {
        if (!m_run.benchmarkSet.isEmpty())
            return frozen(); // resumed: the same set
        advance(StepMachine::Trigger::Done);
        return;
    }
    emit stepChanged(u"benchmark"_s);
    if (!in.benchmarkTests.isEmpty()) { // the person's own labelled set
        m_run.benchmarkSet = in.benchmarkTests;
        for (TestCase &t : m_run.benchmarkSet)
            t.source = TestSource::Benchmark;
        if (saveCheckpoint())
            frozen();
        return;
    }
    // The set needs only the run's settings: with overlapped steps it is written while the
    // first iteration starts, and that iteration's scan waits for it.
    const bool background = m_services.overlapSteps;
    m_benchmarkPiece = m_schedule.begin(u"benchmark"_s, 0);
    m_benchmarkPending = true;
    llm(PromptBook::generateBenchmark({in.topicDescription, in.intent, in.seedExamples, in.benchmarkSize}),
        [this, background](const QJsonObject &o) {
            const QList<TestCase> set = PromptBook::benchmarkFromJson(o, m_run.userInput.benchmarkSize);
            const QStringList problems = PromptBook::testsProblems(set);
            if (!problems.isEmpty())
                return fail(u"generate_benchmark: "_s + problems.join(u"; "_s));
            m_run.benchmarkSet = set;
            if (!saveCheckpoint()) // frozen in the run file before the first scan
                return;
            m_schedule.end(m_benchmarkPiece);
            m_benchmarkPending = false;
            emit benchmarkReady(int(m_run.benchmarkSet.size()));
            if (!background)
                advance(StepMachine::Trigger::Done);
            else if (std::exchange(m_scanWaits, false))
                startScan();
        });
    if (background && m_benchmarkPending)
        advance(StepMachine::Trigger::Done);
}

void RefinementRun::enterStart()
{
    if (!m_checkpoint.finishReason.isEmpty()) { // paused or cancelled while finishing
        stopWith(m_checkpoint.finishReason);
        return;
    }
    if (m_checkpoint.decisionPending && m_run.lastRecorded()) {
        // Killed between recording an iteration and deciding on it: decide now, as the
        // uninterrupted run would have (target, recovery, regressions, plateau).
        m_iteration = m_run.lastRecorded()->iteration;
        m_duplicateOf = 0;
        advance(StepMachine::Trigger::Retry);
        return;
    }
    m_iteration = m_checkpoint.nextIteration;
    if (m_iteration > m_run.userInput.maxIterations) {
        stopWith(u"reached the maximum of %1 iterations"_s.arg(m_run.userInput.maxIterations));
        return;
    }
    m_iterationStartMs = QDateTime::currentMSecsSinceEpoch();
    m_run.currentIteration = m_iteration;
    if (const int added = SteeringEdits::startPendingBenchmark(m_run); added > 0) {
        // Figures of the new version are compared with earlier ones only on the prompts both asked.
        emit warning(u"the benchmark has %1 more prompts from iteration %2 on (version %3); earlier iterations are "
                     "compared with it on the first %4"_s.arg(added).arg(m_iteration)
                         .arg(m_run.steering.benchmarkVersion())
                         .arg(m_run.steering.benchmarkSize(m_run.steering.benchmarkVersion() - 1, 0)));
        if (!saveCheckpoint())
            return;
        emit benchmarkReady(int(m_run.benchmarkSet.size()));
    }
    m_generated.clear();
    m_suite.clear();
    m_results.clear();
    m_duplicateOf = 0;
    m_deployAsIs = false;
    m_pieces = {};
    // From here to the record, calls and scans count towards this iteration (a resumed one
    // goes on from what the checkpoint says it used before the pause). The first topic is
    // written here, so it counts in iteration 1, like its companion topic (apply step).
    m_inIteration = true;
    emit iterationStarted(m_iteration);
    advance(StepMachine::Trigger::Done);
}

const IterationResult *RefinementRun::improveBase() const
{
    if (const IterationResult *it = m_run.iterationByNumber(m_checkpoint.improveFrom))
        return it;
    return m_run.lastRecorded();
}

void RefinementRun::enterGenerate()
{
    emit stepChanged(u"generate"_s);
    m_proposal.reset();
    // Ended when the topic exists (the review step); the first needs the memory's section.
    m_pieces.generate = m_schedule.begin(u"generate"_s, m_iteration, {m_chainPiece, m_loadMemoryPiece});
    const RunSettings &in = m_run.userInput;
    // A proposal still waiting for the person (the run was paused or closed there): back to it.
    if (const std::optional<PendingProposal> &p = m_run.steering.pending; p && p->iteration == m_iteration) {
        m_topic = p->proposal;
        m_deployAsIs = m_checkpoint.deployAsIs;
        m_proposal = p->kind;
        advance(StepMachine::Trigger::Done);
        return;
    }
    const bool first = !m_checkpoint.currentTopic.has_value();
    if (first) {
        PromptBook::GenerateTopicInput input{in.topicDescription, in.intent, in.seedExamples, m_memorySection, takeGuidance()};
        llm(PromptBook::generateTopic(input), [this](const QJsonObject &o) {
            m_topic = PromptBook::topicFromJson(o);
            // Until the topic is deployed its name may change (another proposal); then it is locked,
            // and a resumed first iteration keeps the name it already deployed under.
            if (m_checkpoint.lockedName.isEmpty() || m_checkpoint.topicId.isEmpty())
                m_checkpoint.lockedName = m_topic.name;
            else
                m_topic.name = m_checkpoint.lockedName;
            proposed(ProposalKind::Generate);
        });
        return;
    }
    m_deployAsIs = m_checkpoint.deployAsIs;
    if (m_deployAsIs || !improveBase()) {
        m_topic = *m_checkpoint.currentTopic;
        m_topic.name = m_checkpoint.lockedName;
        if (m_deployAsIs) // a simplification, proposed in the recovery step
            m_proposal = ProposalKind::Simplify;
        advance(StepMachine::Trigger::Done);
        return;
    }
    const IterationResult *base = improveBase();
    PromptBook::ImproveInput input;
    input.current = *m_checkpoint.currentTopic;
    input.fromIteration = base->iteration;
    input.nextIteration = m_iteration;
    input.metrics = base->metrics;
    input.analysis = base->analysis;
    input.results = base->testResults;
    input.target = in.targetCoverage;
    input.intent = in.intent;
    if (const IterationResult *best = m_run.iterationByNumber(m_run.bestIteration))
        input.best = PromptBook::BestContext{best->iteration, best->metrics.coverage, best->topic, best->metrics, best->analysis};
    input.memory = m_memorySection;
    input.guidance = takeGuidance();
    llm(PromptBook::improveTopic(input), [this](const QJsonObject &o) {
        m_topic = PromptBook::topicFromJson(o);
        m_topic.name = m_checkpoint.lockedName; // the name is locked after iteration 1
        proposed(ProposalKind::Improve);
    });
}

void RefinementRun::enterDuplicateCheck()
{
    // A topic chosen to be tested as it is (after a simplification) is not a duplicate path.
    if (m_iteration > 1 && !m_deployAsIs) {
        m_duplicateOf = LoopPolicy::duplicateOf(m_run, m_topic);
        if (m_duplicateOf > 0) {
            advance(StepMachine::Trigger::Duplicate);
            return;
        }
    }
    emit generateComplete(m_topic);
    advance(StepMachine::Trigger::Done);
}

void RefinementRun::enterCompose()
{
    const RunSettings &in = m_run.userInput;
    CompositionInput c;
    c.iteration = m_iteration;
    c.generated = m_generated;
    c.previous = m_iteration > 1 ? m_run.lastRecorded() : nullptr;
    c.accumulate = in.accumulateTests;
    c.cap = in.maxAccumulatedTests;
    c.regressionSample = in.regressionSample;
    for (const TestCase &t : std::as_const(m_run.benchmarkSet))
        c.heldOut.insert(dedupKey(t.prompt)); // the benchmark stays out of what the LLM sees
    const CompositionResult r = composeTestSuite(c);
    // The person's own prompts lead every suite from the iteration after they were added.
    m_suite.clear();
    QSet<QString> seen;
    for (const QList<TestCase> *part : {&std::as_const(m_run.steering.addedTests), &r.suite}) {
        for (const TestCase &t : *part) {
            const QString key = dedupKey(t.prompt);
            if (!c.heldOut.contains(key) && !seen.contains(key)) {
                seen.insert(key);
                m_suite.append(t);
            }
        }
    }
    SteeringEdits::applyCorrections(m_run.steering, m_suite); // a corrected label holds in new tests too
    m_checkpoint.accumulatedTests = m_suite;
    if (m_iteration > 1) {
        emit testsComposed(r.generated, r.carriedFailures, r.regressionTier, r.total());
        if (in.accumulateTests)
            emit testsAccumulated(r.generated, r.total(), r.droppedByCap);
    }
    advance(StepMachine::Trigger::Done);
}

void RefinementRun::enterRecord()
{
    emit stepChanged(u"record"_s);
    const int piece = m_schedule.begin(u"record"_s, m_iteration, {m_pieces.analyze, m_pieces.scanBenchmark});
    IterationResult it;
    it.iteration = m_iteration;
    it.timestamp = QDateTime::currentDateTimeUtc();
    it.topic = m_topic;
    it.testCases = m_suite;
    it.testResults = m_results;
    it.metrics = m_metrics;
    it.analysis = m_analysis;
    it.benchmark = m_benchmarkScore;
    it.durationMs = QDateTime::currentMSecsSinceEpoch() - m_iterationStartMs;
    it.usage = m_checkpoint.iterationUsage; // saved in the same checkpoint: never counted twice
    m_checkpoint.iterationUsage = {};
    m_inIteration = false;
    m_run.iterations.append(it);
    LoopPolicy::updateBest(m_run, it);
    m_checkpoint.currentTopic = m_topic;
    m_checkpoint.improveFrom = m_iteration;
    m_checkpoint.deployAsIs = false;
    m_checkpoint.nextIteration = m_iteration + 1;
    m_checkpoint.decisionPending = true; // taken by decide/recover, or by a resume
    if (!saveCheckpoint())
        return;
    m_schedule.end(piece);
    m_chainPiece = piece;
    emit iterationComplete(it);
    advance(StepMachine::Trigger::Done);
}
