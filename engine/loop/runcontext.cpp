#include "runcontext.h"

#include "domain/decision.h"
#include "llmgate.h"
#include "loopeventjson.h"
#include "loopevents.h"
#include "looplog.h"
#include "refinement.h"
#include "runmemory.h"
#include "runs/runstore.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

RunContext::RunContext(LoopEvents &loopEvents, RunServices runServices, RunState state)
    : events(loopEvents)
    , services(std::move(runServices))
    , run(std::move(state))
{
    if (run.checkpoint)
        checkpoint = *run.checkpoint;
    else
        checkpoint.nextIteration = 1;
}

RunContext::~RunContext() = default;

void RunContext::submit(ChartEvent event)
{
    QMetaObject::invokeMethod(&events, [this, event] {
        if (chart->isRunning())
            chart->submitEvent(QString(chartEventName(event)));
        else if (!finished && (event == ChartEvent::RunCancel || (event == ChartEvent::RunPause && !hasStartEvent))) {
            startEvent = event; // not started yet: taken as soon as it is
            hasStartEvent = true;
        }
    }, Qt::QueuedConnection);
}

bool RunContext::running() const
{
    return chart->isRunning();
}

bool RunContext::inState(const char *stateId) const
{
    return running() && chart->isActive(QString::fromLatin1(stateId));
}

QString RunContext::activeStep() const
{
    return chart->activeStateNames().join(u'/');
}

void RunContext::beginIteration(int number)
{
    it = IterationWork{};
    it.number = number;
    it.startMs = QDateTime::currentMSecsSinceEpoch();
}

void RunContext::fail(const QString &problem)
{
    if (!error.isEmpty())
        return;
    if (!running()) {
        // An answer to a request the pause, cancel or shutdown aborted: not a failure of the run.
        qCDebug(lcLoop).noquote() << "run" << run.id << ": after the run stopped:" << problem;
        return;
    }
    error = problem;
    qCWarning(lcLoop).noquote() << "run" << run.id << "failed in" << activeStep() << ":" << problem;
    submit(ChartEvent::RunFail);
}

void RunContext::pauseWith(const QString &reason)
{
    pauseReason = reason;
    submit(ChartEvent::RunPause);
}

void RunContext::stopWith(ChartEvent event, const QString &reason)
{
    run.decision = Decision(run.userInput).record(run);
    const QString why = run.decision->explainStop(reason);
    run.stopReason = why;
    checkpoint.finishReason = why;
    checkpoint.decisionPending = false;
    submit(event);
}

bool RunContext::llm(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early)
{
    return llmGate->ask(prompt, std::move(onOk), early);
}

bool RunContext::usable(QLatin1StringView call, const QList<TestCase> &tests)
{
    const QStringList problems = PromptBook::testsProblems(tests);
    if (!problems.isEmpty())
        fail(call + u": "_s + problems.join(u"; "_s));
    return problems.isEmpty();
}

void RunContext::addUsage(const RunUsage &usage, bool iterationWork)
{
    if (usage.isEmpty())
        return;
    run.usage += usage;
    // Work started outside the iteration (the benchmark set, written while iteration 1
    // starts) stays in the run's total only.
    if (it.counting && iterationWork)
        checkpoint.iterationUsage += usage;
    emit events.usageChanged(run.usage, it.counting ? checkpoint.iterationUsage : RunUsage());
}

QString RunContext::writeRunFile()
{
    run.checkpoint = checkpoint;
    run.updatedAt = QDateTime::currentDateTimeUtc();
    return RunStore(services.runsDirectory).save(run);
}

bool RunContext::save()
{
    if (const QString problem = writeRunFile(); !problem.isEmpty()) {
        fail(u"cannot save the checkpoint: "_s + problem);
        return false;
    }
    return true;
}

QString RunContext::sessionId() const
{
    return u"daystrom-%1-iter%2"_s.arg(run.id.left(7)).arg(it.number);
}

void RunContext::record(const QJsonObject &event)
{
    const QJsonObject entry = LoopEventJson::logEntry(event, QDateTime::currentDateTimeUtc());
    run.appendEvent(entry);
    emit events.eventRecorded(entry);
}

void RunContext::recordEnd(const QString &type)
{
    // The end as loop:* would say it, without serialising the whole run state.
    QJsonObject e{{u"type"_s, type}, {u"status"_s, runStatusName(run.status)}};
    if (type == "loop:failed"_L1)
        e.insert(u"error"_s, error);
    if (!run.stopReason.isEmpty())
        e.insert(u"stopReason"_s, run.stopReason);
    e.insert(u"usage"_s, run.usage.toJson()); // what the run used up to here
    if (type == "loop:complete"_L1) {
        if (const IterationResult *best = run.bestResult())
            e.insert(u"bestResult"_s, QJsonObject{{u"iteration"_s, best->iteration},
                                                   {u"metrics"_s, best->metrics.toJson()}});
    }
    record(e);
}

void RunContext::onAbort(std::function<void()> abort)
{
    m_aborts.append(std::move(abort));
}

void RunContext::abortInFlight()
{
    llmGate->abort();
    for (const auto &abort : std::as_const(m_aborts))
        abort();
}

void RunContext::cancelExtraction()
{
    // Not from the run's destructor: the memory is a sibling QObject that may be gone by then
    // (and takes its extraction with it).
    if (services.memory)
        services.memory->cancel();
}
