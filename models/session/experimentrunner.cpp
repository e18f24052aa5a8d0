#include "experimentrunner.h"

#include "domain/decision.h"
#include "domain/jsonfile.h"
#include "domain/nanoid.h"
#include "memorystore/memorystore.h"
#include "runcontroller.h"
#include "runs/runstore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

ExperimentRunner::ExperimentRunner(ExperimentPlan plan, QString directory, RunEnvironment environment,
                                   RunMemorySettings memory, QObject *parent)
    : QObject(parent), m_plan(std::move(plan)), m_directory(std::move(directory)),
      m_environment(std::move(environment)), m_memory(std::move(memory))
{
    // Learnings reach the next topic only when nobody has to approve them first.
    m_memory.requireReview = false;
}

ExperimentRunner::~ExperimentRunner() = default;

QString ExperimentRunner::planPath(const QString &directory)
{
    return QDir(directory).filePath(u"experiment.json"_s);
}

ExperimentPlan ExperimentRunner::loadPlan(const QString &directory, QString *error)
{
    QFile file(planPath(directory));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"%1: %2"_s.arg(file.fileName(), file.errorString());
        return {};
    }
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (!doc.isObject()) {
        *error = u"%1: not a JSON object (%2)"_s.arg(file.fileName(), parse.errorString());
        return {};
    }
    ExperimentPlan plan = ExperimentPlan::fromJson(doc.object(), error);
    if (!error->isEmpty())
        *error = file.fileName() + u": "_s + *error;
    return plan;
}

QString ExperimentRunner::savePlan() const
{
    if (!QDir().mkpath(m_directory))
        return u"cannot create %1"_s.arg(m_directory);
    QSaveFile file(planPath(m_directory));
    if (!file.open(QIODevice::WriteOnly))
        return u"%1: %2"_s.arg(file.fileName(), file.errorString());
    file.write(QJsonDocument(m_plan.toJson()).toJson());
    if (!file.commit())
        return u"%1: %2"_s.arg(file.fileName(), file.errorString());
    return {};
}

QString ExperimentRunner::memoryDirectory(int order) const
{
    return QDir(m_directory).filePath(u"memory/order-%1"_s.arg(order));
}

void ExperimentRunner::start()
{
    m_stopping = false;
    if (const QString error = savePlan(); !error.isEmpty()) {
        QTimer::singleShot(0, this, [this, error] { emit finished(false, error); });
        return;
    }
    QTimer::singleShot(0, this, &ExperimentRunner::next);
}

void ExperimentRunner::cancel()
{
    m_stopping = true;
    if (m_controller && m_controller->isActive())
        m_controller->pause();
}

int ExperimentRunner::completedRuns() const
{
    const RunStore store(m_environment.runsDirectory);
    int done = 0;
    for (const ExperimentPlan::Run &r : m_plan.runs) {
        if (r.runId.isEmpty())
            continue;
        const RunStore::Loaded loaded = store.load(r.runId);
        done += loaded.ok() && loaded.run.status == RunStatus::Completed;
    }
    return done;
}

void ExperimentRunner::next()
{
    if (m_stopping) {
        emit finished(true, {});
        return;
    }
    const RunStore store(m_environment.runsDirectory);
    for (int i = 0; i < m_plan.runs.size(); ++i) {
        const ExperimentPlan::Run &r = m_plan.runs.at(i);
        if (!r.runId.isEmpty()) {
            const RunStore::Loaded loaded = store.load(r.runId);
            if (loaded.ok() && loaded.run.status == RunStatus::Completed)
                continue;
        }
        startRun(i);
        return;
    }
    emit finished(false, {});
}

RunState ExperimentRunner::newRun(const ExperimentPlan::Run &planned) const
{
    RunState run;
    run.id = NanoId::generate();
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    run.userInput = m_plan.base;
    run.userInput.topicDescription = m_plan.topics.at(planned.topic);
    run.experiment = ExperimentTag{m_plan.id, planned.order, planned.position, planned.memoryOn};
    // The topic's other arm, when it ran first, wrote the benchmark both arms are scored on.
    const RunStore store(m_environment.runsDirectory);
    for (const ExperimentPlan::Run &other : m_plan.runs) {
        if (other.order != planned.order || other.position != planned.position || other.memoryOn == planned.memoryOn
            || other.runId.isEmpty())
            continue;
        if (const RunStore::Loaded loaded = store.load(other.runId); loaded.ok() && !loaded.run.benchmarkSet.isEmpty())
            run.userInput.benchmarkTests = loaded.run.benchmarkSet;
    }
    return run;
}

void ExperimentRunner::startRun(int index)
{
    ExperimentPlan::Run &planned = m_plan.runs[index];
    RunState run;
    bool resumed = false;
    if (!planned.runId.isEmpty()) {
        const RunStore::Loaded loaded = RunStore(m_environment.runsDirectory).load(planned.runId);
        if (loaded.ok() && loaded.run.checkpoint) {
            run = loaded.run;
            resumed = true;
        }
    }
    if (!resumed) {
        run = newRun(planned);
        planned.runId = run.id;
        if (const QString error = savePlan(); !error.isEmpty()) {
            emit finished(false, error);
            return;
        }
    }
    RunEnvironment environment = m_environment;
    if (planned.memoryOn) {
        RunMemorySettings memory = m_memory;
        memory.directory = memoryDirectory(planned.order);
        environment.memoryFactory = [memory](QObject *owner, const QString &source, LlmProvider *llm) -> RunMemory * {
            return new StoreRunMemory(memory, llm, source, owner);
        };
    } else {
        environment.memoryFactory = nullptr;
    }
    m_controller = std::make_unique<RunController>();
    connect(m_controller.get(), &RunController::iterationComplete, this, [this, index](const IterationResult &result) {
        emit iterationRecorded(index, result.iteration, Decision(m_plan.base).coverage(result));
    });
    connect(m_controller.get(), &RunController::loopFailed, this, [this](const QString &error) { m_lastError = error; });
    connect(m_controller.get(), &RunController::finished, this,
            [this, index](RunStatus status) { onRunFinished(index, status); });
    m_lastError.clear();
    emit runStarting(index, run.id, run.userInput.topicDescription, planned.memoryOn, resumed);
    if (!m_controller->start(environment, run))
        QTimer::singleShot(0, this, [this, index] { onRunFinished(index, RunStatus::Failed); });
}

void ExperimentRunner::onRunFinished(int index, RunStatus status)
{
    emit runEnded(index, status);
    // The controller is released in the next pass: this slot runs inside its signal.
    QTimer::singleShot(0, this, [this, status] {
        m_controller.reset();
        if (status == RunStatus::Completed)
            next();
        else if (status == RunStatus::Failed)
            emit finished(false, m_lastError.isEmpty() ? u"a run failed"_s : m_lastError);
        else
            emit finished(true, {});
    });
}

ExperimentOutcome ExperimentRunner::outcome() const
{
    ExperimentOutcome o;
    o.id = m_plan.id;
    o.createdAt = m_plan.createdAt;
    o.sandbox = m_plan.sandbox;
    o.provider = m_plan.provider.isEmpty() ? m_environment.llm.provider : m_plan.provider;
    o.model = m_plan.model.isEmpty() ? m_environment.llm.model : m_plan.model;
    o.orders = m_plan.orders;
    o.seed = m_plan.seed;
    o.targetCoverage = m_plan.base.targetCoverage;
    o.maxIterations = m_plan.base.maxIterations;
    o.topics = m_plan.topics;
    const RunStore store(m_environment.runsDirectory);
    for (const ExperimentPlan::Run &r : m_plan.runs) {
        auto it = std::find_if(o.trials.begin(), o.trials.end(), [&r](const TopicTrial &t) {
            return t.order == r.order && t.position == r.position;
        });
        if (it == o.trials.end()) {
            TopicTrial trial;
            trial.order = r.order;
            trial.position = r.position;
            trial.topic = m_plan.topics.at(r.topic);
            o.trials.append(trial);
            it = o.trials.end() - 1;
        }
        ArmOutcome arm;
        arm.runId = r.runId;
        if (!r.runId.isEmpty()) {
            if (const RunStore::Loaded loaded = store.load(r.runId); loaded.ok())
                arm = ArmOutcome::fromRun(loaded.run);
        }
        (r.memoryOn ? it->memoryOn : it->memoryOff) = arm;
    }
    // What the memory-on arm of each trial could read: the learnings of this order's earlier
    // topics (the order's memory also holds what its later topics taught by now).
    for (TopicTrial &t : o.trials) {
        QStringList earlierRuns;
        for (const ExperimentPlan::Run &r : m_plan.runs) {
            if (r.order == t.order && r.position < t.position && r.memoryOn && !r.runId.isEmpty())
                earlierRuns << r.runId;
        }
        if (earlierRuns.isEmpty())
            continue;
        const MemoryStore memory(memoryDirectory(t.order));
        for (const CategoryMemory &category : memory.relevant(t.topic)) {
            t.learningsAvailable += int(std::count_if(category.learnings.cbegin(), category.learnings.cend(),
                                                      [&](const Learning &l) { return earlierRuns.contains(l.runId); }));
        }
    }
    return o;
}
