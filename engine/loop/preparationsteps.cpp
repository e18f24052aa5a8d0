// A run's steps before its first iteration: the memory read, the run's profile prepared
// (RunWorkspace), the held-out benchmark frozen, and the sets written beside it (issue 43: the
// response tests, and the robustness rewrites of a sample of the benchmark).
#include "preparationsteps.h"

#include "domain/robustness.h"
#include "loopevents.h"
#include "runmemory.h"
#include "steeringedits.h"
#include "tenant/profiledrift.h"
#include "tenant/runworkspace.h"

using namespace Qt::StringLiterals;

PreparationSteps::PreparationSteps(RunContext &ctx, RunWorkspace *workspace, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
    , m_workspace(workspace)
{
}

void PreparationSteps::enterLoadMemory()
{
    emit m_ctx.events.stepChanged(u"load-memory"_s);
    m_ctx.loadMemoryPiece = m_ctx.schedule.begin(u"load-memory"_s, 0);
    // A run resumed to finish writes no topic: reading (and so recalling) learnings is moot.
    if (!m_ctx.services.memory || !m_ctx.checkpoint.finishReason.isEmpty()) {
        m_ctx.schedule.end(m_ctx.loadMemoryPiece);
        m_ctx.submit(ChartEvent::StepDone);
        return;
    }
    const quint64 entry = m_ctx.stepEntries;
    m_ctx.services.memory->load(m_ctx.run.userInput, [this, entry](const RunMemory::Loaded &loaded) {
        QMetaObject::invokeMethod(this, [this, entry, loaded] {
            if (entry != m_ctx.stepEntries)
                return; // the step was left (paused, cancelled, failed)
            m_ctx.schedule.end(m_ctx.loadMemoryPiece);
            if (!loaded.error.isEmpty())
                emit m_ctx.events.warning(u"memory could not be read: "_s + loaded.error);
            m_ctx.memorySection = loaded.section;
            emit m_ctx.events.memoryLoaded(loaded.learningCount);
            m_ctx.submit(ChartEvent::StepDone);
        }, Qt::QueuedConnection);
    });
}

void PreparationSteps::enterPrepare()
{
    if (!m_ctx.checkpoint.finishReason.isEmpty()) {
        // Resumed only to finish (learnings, the prompt set): nothing is deployed or scanned,
        // so no profile is prepared (nor production read, which may be gone by now).
        m_ctx.submit(ChartEvent::StepDone);
        return;
    }
    emit m_ctx.events.stepChanged(u"prepare"_s);
    const int piece = m_ctx.schedule.begin(u"prepare"_s, 0);
    m_workspace->prepare(m_ctx.run.id, m_ctx.run.userInput, m_ctx.run.tenant, [this, piece](const QString &profile, const QString &error) {
        if (!error.isEmpty())
            return m_ctx.fail(error);
        m_ctx.schedule.end(piece);
        m_ctx.profile = profile;
        if (const std::optional<QJsonObject> &read = m_workspace->productionRead(); read && !m_ctx.run.productionAtStart) {
            m_ctx.run.productionAtStart = read;
            if (const QString misfit = ProfileDrift::actionMisfit(*read, m_ctx.run.userInput); !misfit.isEmpty())
                emit m_ctx.events.warning(misfit);
        }
        m_ctx.submit(ChartEvent::StepDone);
    });
}

void PreparationSteps::enterBenchmark()
{
    const RunSettings &in = m_ctx.run.userInput;
    // The benchmark, then the sets written beside it (response tests, robustness rewrites).
    auto frozen = [this] {
        prepareExtras([this] {
            if (!m_ctx.run.benchmarkSet.isEmpty())
                emit m_ctx.events.benchmarkReady(int(m_ctx.run.benchmarkSet.size()));
            m_ctx.submit(ChartEvent::StepDone);
        });
    };
    if (!m_ctx.run.benchmarkSet.isEmpty() || (in.benchmarkTests.isEmpty() && in.benchmarkSize <= 0))
        return frozen(); // resumed (the same sets), or no benchmark
    emit m_ctx.events.stepChanged(u"benchmark"_s);
    if (!in.benchmarkTests.isEmpty()) { // the person's own labelled set
        m_ctx.run.benchmarkSet = in.benchmarkTests;
        for (TestCase &t : m_ctx.run.benchmarkSet)
            t.source = TestSource::Benchmark;
        if (m_ctx.save())
            frozen();
        return;
    }
    // The set needs only the run's settings: with overlapped steps it is written while the
    // first iteration starts, and that iteration's scan waits for it (and the sets beside it).
    const bool background = m_ctx.services.overlapSteps;
    m_ctx.benchmarkPiece = m_ctx.schedule.begin(u"benchmark"_s, 0);
    const bool asked = m_ctx.llm(PromptBook::generateBenchmark({in.topicDescription, in.intent, in.seedExamples, in.benchmarkSize}),
        [this, background](const QJsonObject &o) {
            const QList<TestCase> set = PromptBook::benchmarkFromJson(o, m_ctx.run.userInput.benchmarkSize);
            if (!m_ctx.usable("generate_benchmark"_L1, set))
                return;
            m_ctx.run.benchmarkSet = set;
            if (!m_ctx.save()) // frozen in the run file before the first scan
                return;
            prepareExtras([this, background] {
                m_ctx.schedule.end(m_ctx.benchmarkPiece);
                emit m_ctx.events.benchmarkReady(int(m_ctx.run.benchmarkSet.size()));
                // In the background, a scan waiting for it starts now (the chart's region
                // "background").
                m_ctx.submit(background ? ChartEvent::BenchmarkWritten : ChartEvent::StepDone);
            });
        });
    if (background && asked) { // (not asked: the run is pausing or failing)
        m_ctx.submit(ChartEvent::BenchmarkStarted);
        m_ctx.submit(ChartEvent::StepDone);
    }
}

void PreparationSteps::prepareExtras(std::function<void()> then)
{
    const RunSettings &in = m_ctx.run.userInput;
    if (in.responseTests > 0 && m_ctx.run.responseSet.isEmpty()) {
        m_ctx.llm(PromptBook::generateResponses({in.topicDescription, in.intent, in.responseTests}),
            [this, then](const QJsonObject &o) {
                const QList<TestCase> set = PromptBook::responsesFromJson(o, m_ctx.run.userInput.responseTests);
                if (!m_ctx.usable("generate_responses"_L1, set))
                    return;
                m_ctx.run.responseSet = set;
                if (m_ctx.save())
                    prepareExtras(then);
            });
        return;
    }
    if (!in.robustnessFamilies.isEmpty() && m_ctx.run.robustnessSample.isEmpty() && !m_ctx.run.benchmarkSet.isEmpty()) {
        const QList<int> sample = Robustness::sampleOf(m_ctx.run.benchmarkSet, in.robustnessSample);
        QList<TestCase> rewrites = Robustness::deterministicRewrites(m_ctx.run.benchmarkSet, sample, in.robustnessFamilies);
        PromptBook::RewriteInput ask;
        for (const QString &family : in.robustnessFamilies) {
            if (Robustness::isLlmFamily(family))
                ask.families.append(family);
        }
        for (int index : sample) {
            TestCase t = m_ctx.run.benchmarkSet.at(index);
            t.rewriteOf = index;
            ask.prompts.append(t);
        }
        auto freeze = [this, then, sample](QList<TestCase> set) {
            // Written from the labels of the moment the LLM was asked: a label the person
            // corrected since holds in its rewrites too (issue 56).
            SteeringEdits::applyCorrections(m_ctx.run.steering, m_ctx.run.benchmarkSet, set);
            m_ctx.run.robustnessSample = sample;
            m_ctx.run.robustnessSet = set;
            if (m_ctx.save())
                then();
        };
        if (ask.families.isEmpty())
            return freeze(rewrites);
        m_ctx.llm(PromptBook::rewritePrompts(ask), [ask, rewrites, freeze](const QJsonObject &o) {
            freeze(rewrites + PromptBook::rewritesFromJson(o, ask));
        });
        return;
    }
    then();
}
