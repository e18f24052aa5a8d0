// The per-iteration steps of RefinementRun: from the start of an iteration to its record.
#include "refinementrun.h"

#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "llm/prompts/promptbook.h"
#include "looplog.h"
#include "looppolicy.h"
#include "runmemory.h"
#include "steeringedits.h"
#include "tenant/profiledrift.h"
#include "tenant/runworkspace.h"
#include "tenant/topicdeployer.h"

#include <QDateTime>

using namespace Qt::StringLiterals;


void RefinementRun::enterLoadMemory()
{
    emit stepChanged(u"load-memory"_s);
    m_loadMemoryPiece = m_schedule.begin(u"load-memory"_s, 0);
    // A run resumed to finish writes no topic: reading (and so recalling) learnings is moot.
    if (!m_services.memory || !m_checkpoint.finishReason.isEmpty()) {
        m_schedule.end(m_loadMemoryPiece);
        submit(u"step.done"_s);
        return;
    }
    const quint64 entry = m_stepEntries;
    m_services.memory->load(m_run.userInput, [this, entry](const RunMemory::Loaded &loaded) {
        QMetaObject::invokeMethod(this, [this, entry, loaded] {
            if (entry != m_stepEntries)
                return; // the step was left (paused, cancelled, failed)
            m_schedule.end(m_loadMemoryPiece);
            if (!loaded.error.isEmpty())
                emit warning(u"memory could not be read: "_s + loaded.error);
            m_memorySection = loaded.section;
            emit memoryLoaded(loaded.learningCount);
            submit(u"step.done"_s);
        }, Qt::QueuedConnection);
    });
}

void RefinementRun::enterPrepare()
{
    if (!m_checkpoint.finishReason.isEmpty()) {
        // Resumed only to finish (learnings, the prompt set): nothing is deployed or scanned,
        // so no profile is prepared (nor production read, which may be gone by now).
        submit(u"step.done"_s);
        return;
    }
    emit stepChanged(u"prepare"_s);
    const int piece = m_schedule.begin(u"prepare"_s, 0);
    m_workspace->prepare(m_run.id, m_run.userInput, m_run.tenant, [this, piece](const QString &profile, const QString &error) {
        if (!error.isEmpty())
            return fail(error);
        m_schedule.end(piece);
        m_profile = profile;
        if (const std::optional<QJsonObject> &read = m_workspace->productionRead(); read && !m_run.productionAtStart) {
            m_run.productionAtStart = read;
            if (const QString misfit = ProfileDrift::actionMisfit(*read, m_run.userInput); !misfit.isEmpty())
                emit warning(misfit);
        }
        submit(u"step.done"_s);
    });
}

void RefinementRun::enterBenchmark()
{
    const RunSettings &in = m_run.userInput;
    // The benchmark, then the sets written beside it (response tests, robustness rewrites).
    auto frozen = [this] {
        prepareExtras([this] {
            if (!m_run.benchmarkSet.isEmpty())
                emit benchmarkReady(int(m_run.benchmarkSet.size()));
            submit(u"step.done"_s);
        });
    };
    if (!m_run.benchmarkSet.isEmpty() || (in.benchmarkTests.isEmpty() && in.benchmarkSize <= 0))
        return frozen(); // resumed (the same sets), or no benchmark
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
    // first iteration starts, and that iteration's scan waits for it (and the sets beside it).
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
            prepareExtras([this, background] {
                m_schedule.end(m_benchmarkPiece);
                m_benchmarkPending = false;
                emit benchmarkReady(int(m_run.benchmarkSet.size()));
                if (!background)
                    submit(u"step.done"_s);
                else if (std::exchange(m_scanWaits, false))
                    startScan();
            });
        });
    if (background && m_benchmarkPending)
        submit(u"step.done"_s);
}

void RefinementRun::enterStart()
{
    if (!m_checkpoint.finishReason.isEmpty()) { // paused or cancelled while finishing
        stopWith(u"loop.stop"_s, m_checkpoint.finishReason);
        return;
    }
    if (m_checkpoint.decisionPending && m_run.lastRecorded()) {
        // Killed between recording an iteration and deciding on it: decide now, as the
        // uninterrupted run would have (target, recovery, regressions, plateau).
        beginIteration(m_run.lastRecorded()->iteration);
        submit(u"decision.pending"_s);
        return;
    }
    const int number = m_checkpoint.nextIteration;
    if (number > m_run.userInput.maxIterations) {
        stopWith(u"loop.stop"_s, u"reached the maximum of %1 iterations"_s.arg(m_run.userInput.maxIterations));
        return;
    }
    beginIteration(number);
    m_run.currentIteration = number;
    if (const int added = SteeringEdits::startPendingBenchmark(m_run); added > 0) {
        // Figures of the new version are compared with earlier ones only on the prompts both asked.
        emit warning(u"the benchmark has %1 more prompts from iteration %2 on (version %3); earlier iterations are "
                     "compared with it on the first %4"_s.arg(added).arg(number)
                         .arg(m_run.steering.benchmarkVersion())
                         .arg(m_run.steering.benchmarkSize(m_run.steering.benchmarkVersion() - 1, 0)));
        if (!saveCheckpoint())
            return;
        emit benchmarkReady(int(m_run.benchmarkSet.size()));
    }
    // From here to the record, calls and scans count towards this iteration (a resumed one
    // goes on from what the checkpoint says it used before the pause). The first topic is
    // written here, so it counts in iteration 1, like its companion topic (apply step).
    m_it.counting = true;
    emit iterationStarted(number);
    submit(u"step.done"_s);
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
    // Ended when the topic exists (the review step); the first needs the memory's section.
    m_it.pieces.generate = m_schedule.begin(u"generate"_s, m_it.number, {m_chainPiece, m_loadMemoryPiece});
    const RunSettings &in = m_run.userInput;
    // A proposal still waiting for the person (the run was paused or closed there): back to it.
    if (const std::optional<PendingProposal> &p = m_run.steering.pending; p && p->iteration == m_it.number) {
        m_it.topic = p->proposal;
        m_it.deployAsIs = m_checkpoint.deployAsIs;
        m_it.proposal = p->kind;
        submit(u"step.done"_s);
        return;
    }
    const bool first = !m_checkpoint.currentTopic.has_value();
    if (first) {
        PromptBook::GenerateTopicInput input{in.topicDescription, in.intent, in.seedExamples, m_memorySection, takeGuidance()};
        llm(PromptBook::generateTopic(input), [this](const QJsonObject &o) {
            m_it.topic = PromptBook::topicFromJson(o);
            // Until the topic is deployed its name may change (another proposal); then it is locked,
            // and a resumed first iteration keeps the name it already deployed under.
            if (m_checkpoint.lockedName.isEmpty() || m_checkpoint.topicId.isEmpty())
                m_checkpoint.lockedName = m_it.topic.name;
            else
                m_it.topic.name = m_checkpoint.lockedName;
            proposed(ProposalKind::Generate);
        });
        return;
    }
    m_it.deployAsIs = m_checkpoint.deployAsIs;
    if (m_it.deployAsIs || !improveBase()) {
        m_it.topic = *m_checkpoint.currentTopic;
        m_it.topic.name = m_checkpoint.lockedName;
        // A simplification, proposed in the recovery step, is reviewed; else nothing new is.
        m_it.proposal = m_it.deployAsIs ? std::optional(ProposalKind::Simplify) : std::nullopt;
        submit(u"step.done"_s);
        return;
    }
    const IterationResult *base = improveBase();
    PromptBook::ImproveInput input;
    input.current = *m_checkpoint.currentTopic;
    input.fromIteration = base->iteration;
    input.nextIteration = m_it.number;
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
        m_it.topic = PromptBook::topicFromJson(o);
        m_it.topic.name = m_checkpoint.lockedName; // the name is locked after iteration 1
        proposed(ProposalKind::Improve);
    });
}

void RefinementRun::enterDuplicateCheck()
{
    // A topic chosen to be tested as it is (after a simplification) is not a duplicate path.
    if (m_it.number > 1 && !m_it.deployAsIs) {
        m_it.duplicateOf = LoopPolicy::duplicateOf(m_run, m_it.topic);
        if (m_it.duplicateOf > 0) {
            submit(u"topic.duplicate"_s);
            return;
        }
    }
    emit generateComplete(m_it.topic);
    submit(u"step.done"_s);
}

void RefinementRun::enterCompose()
{
    const RunSettings &in = m_run.userInput;
    CompositionInput c;
    c.iteration = m_it.number;
    c.generated = m_it.generated;
    c.previous = m_it.number > 1 ? m_run.lastRecorded() : nullptr;
    c.accumulate = in.accumulateTests;
    c.cap = in.maxAccumulatedTests;
    c.regressionSample = in.regressionSample;
    for (const TestCase &t : std::as_const(m_run.benchmarkSet))
        c.heldOut.insert(dedupKey(t.prompt)); // the benchmark stays out of what the LLM sees
    const CompositionResult r = composeTestSuite(c);
    // The person's own prompts lead every suite from the iteration after they were added.
    QList<TestCase> suite;
    QSet<QString> seen;
    for (const QList<TestCase> *part : {&std::as_const(m_run.steering.addedTests), &r.suite}) {
        for (const TestCase &t : *part) {
            const QString key = dedupKey(t.prompt);
            if (!c.heldOut.contains(key) && !seen.contains(key)) {
                seen.insert(key);
                suite.append(t);
            }
        }
    }
    m_it.suite = suite;
    SteeringEdits::applyCorrections(m_run.steering, m_it.suite); // a corrected label holds in new tests too
    m_checkpoint.accumulatedTests = m_it.suite;
    if (m_it.number > 1) {
        emit testsComposed(r.generated, r.carriedFailures, r.regressionTier, r.total());
        if (in.accumulateTests)
            emit testsAccumulated(r.generated, r.total(), r.droppedByCap);
    }
    submit(u"step.done"_s);
}

void RefinementRun::enterRecord()
{
    emit stepChanged(u"record"_s);
    const int piece = m_schedule.begin(u"record"_s, m_it.number, {m_it.pieces.analyze, m_it.pieces.scanBenchmark});
    IterationResult it;
    it.iteration = m_it.number;
    it.timestamp = QDateTime::currentDateTimeUtc();
    it.topic = m_it.topic;
    it.testCases = m_it.suite;
    it.testResults = m_it.results;
    it.metrics = m_it.metrics;
    it.analysis = m_it.analysis;
    it.benchmark = m_it.benchmarkScore;
    it.responses = m_it.responseScore;
    it.robustness = m_it.robustnessResults;
    it.durationMs = QDateTime::currentMSecsSinceEpoch() - m_it.startMs;
    it.usage = m_checkpoint.iterationUsage; // saved in the same checkpoint: never counted twice
    m_checkpoint.iterationUsage = {};
    m_it.counting = false;
    it.judgedAgainst = m_run.bestIteration;
    it.judgement = LoopPolicy::judgement(m_run, it);
    m_run.iterations.append(it);
    LoopPolicy::updateBest(m_run, it);
    m_checkpoint.currentTopic = m_it.topic;
    m_checkpoint.improveFrom = m_it.number;
    m_checkpoint.deployAsIs = false;
    m_checkpoint.nextIteration = m_it.number + 1;
    m_checkpoint.decisionPending = true; // taken by decide/recover, or by a resume
    if (!saveCheckpoint())
        return;
    m_schedule.end(piece);
    m_chainPiece = piece;
    emit iterationComplete(it);
    submit(u"step.done"_s);
}
