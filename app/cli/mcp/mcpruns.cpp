#include "mcpruns.h"

#include "mcpcall.h"
#include "mcpschema.h"
#include "mcprunstatus.h"

#include "../generatecommand.h"
#include "../runcommandsupport.h"

#include "common/configloader.h"
#include "domain/printable.h"
#include "models/session/runcontroller.h"
#include "models/session/runenvironment.h"
#include "reports/runreport.h"
#include "runs/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace McpSchema;

struct McpRuns::Live
{
    QString id;
    QString runsDir;
    bool sandbox = false;
    std::unique_ptr<RunController> controller;
    RunEnvironment environment;
    McpRunStatus::LiveState state;
    QList<QPointer<McpCall>> waiters; // design_start with wait: true
    double events = 0;                // the waiters' progress: one step per event
};

namespace {

// A one-line message a command would have printed as "daystrom <command>: …", without that.
QString firstError(const QString &printed)
{
    QString line = printed.trimmed().section(u'\n', 0, 0);
    for (const QString prefix : {u"daystrom mcp: "_s, u"daystrom generate: "_s, u"daystrom resume: "_s, u"daystrom: "_s}) {
        if (line.startsWith(prefix))
            line = line.mid(prefix.size());
    }
    return line.isEmpty() ? u"the run could not start"_s : line;
}

// design_start's arguments as the flags `daystrom generate` takes: the run is then checked by
// the CLI's own parser, so an agent gets exactly the limits and messages a person does.
QStringList generateFlags(const QJsonObject &a, bool sandbox)
{
    QStringList flags{u"--topic"_s, a.value(u"topic"_s).toString()};
    const auto text = [&](const char *key, const QString &flag) {
        if (a.contains(QLatin1StringView(key)))
            flags << flag << a.value(QLatin1StringView(key)).toString();
    };
    const auto whole = [&](const char *key, const QString &flag) {
        if (a.contains(QLatin1StringView(key)))
            flags << flag << QString::number(a.value(QLatin1StringView(key)).toInteger());
    };
    const auto real = [&](const char *key, const QString &flag) {
        if (a.contains(QLatin1StringView(key)))
            flags << flag << QString::number(a.value(QLatin1StringView(key)).toDouble(), 'g', 12);
    };
    text("intent", u"--intent"_s);
    text("profile", u"--profile"_s);
    text("provider", u"--provider"_s);
    text("model", u"--model"_s);
    text("decide_on", u"--decide-on"_s);
    whole("max_iterations", u"--max-iterations"_s);
    real("target_coverage", u"--target-coverage"_s);
    whole("max_regressions", u"--max-regressions"_s);
    whole("benchmark", u"--benchmark"_s);
    whole("concurrency", u"--concurrency"_s);
    whole("max_tokens", u"--max-tokens"_s);
    real("max_cost", u"--max-cost"_s);
    for (const QJsonValue &seed : a.value(u"seeds"_s).toArray())
        flags << u"--seed"_s << seed.toString();
    if (a.value(u"in_place"_s).toBool())
        flags << u"--in-place"_s;
    if (a.contains(u"memory"_s) && !a.value(u"memory"_s).toBool())
        flags << u"--no-memory"_s;
    if (a.value(u"step_mode"_s).toBool())
        flags << u"--step"_s;
    if (sandbox)
        flags << u"--sandbox"_s;
    return flags;
}

QJsonObject runIdArgument()
{
    return string(u"A run id, as design_start returned it or `daystrom runs` lists it"_s, 64);
}

} // namespace

McpRuns::McpRuns(const McpToolContext &context, QObject *parent) : QObject(parent), m_context(context) {}

McpRuns::~McpRuns() = default;

McpRuns::Live *McpRuns::live(const QString &runId) const
{
    const auto it = m_live.find(runId);
    return it == m_live.end() ? nullptr : it->second.get();
}

bool McpRuns::isIdle() const
{
    return std::none_of(m_live.begin(), m_live.end(), [](const auto &entry) { return entry.second->controller->isActive(); });
}

void McpRuns::stopAll()
{
    m_stopping = true;
    for (auto &[id, live] : m_live) {
        if (live->controller->isActive())
            live->controller->cancel();
    }
    if (isIdle())
        emit idle();
}

QList<McpTool> McpRuns::tools()
{
    const QJsonObject statusSchema = McpRunStatus::schema();
    QList<McpTool> tools;
    tools.append(
        {u"design_start"_s,
         u"Design a guardrail topic"_s,
         u"Starts the refinement loop for a custom topic: the LLM writes it, AIRS scans labelled prompts, the LLM "
         "improves it until coverage (min of TPR and TNR) reaches the target. Returns the run id at once; the run goes "
         "on in the server (run_status, run_steer, run_report). With wait: true the call stays open until the run "
         "ends, with progress notifications, and cancelling the call cancels the run. Runs on its own copy of the "
         "profile (never production) unless in_place. Without an AIRS account use sandbox: true."_s,
         object({{u"topic"_s, string(u"What the guardrail should detect"_s, 2000)},
                 {u"intent"_s, oneOf({u"block"_s, u"allow"_s}, u"block: catch matches (default); allow: only matches pass"_s)},
                 {u"profile"_s, string(u"The AIRS security profile the topic is for (the run tests on its own copy)"_s, 200)},
                 {u"sandbox"_s, boolean(u"Use the built-in AIRS and LLM emulators (no account)"_s)},
                 {u"seeds"_s, array(string(u"A seed example"_s, 1000), u"Seed examples for the first topic"_s, 10)},
                 {u"max_iterations"_s, integer(u"Iterations at most (default 20)"_s, 1, 100)},
                 {u"target_coverage"_s, number(u"Stop at this coverage, in percent (default 90)"_s, 10, 100)},
                 {u"max_regressions"_s, integer(u"Stop after this many regressions in a row (0 = never; default 3)"_s, 0, 100)},
                 {u"benchmark"_s, integer(u"Held-out prompts scored every iteration (0 = none; default 60)"_s, 0, 1000)},
                 {u"decide_on"_s, oneOf({u"benchmark"_s, u"working"_s}, u"The suite the decisions use (default benchmark)"_s)},
                 {u"provider"_s, string(u"LLM provider (claude-api, openai, openai-compatible, gemini-api, ollama, …)"_s, 40)},
                 {u"model"_s, string(u"LLM model"_s, 200)},
                 {u"memory"_s, boolean(u"Read and write learnings (default true)"_s)},
                 {u"in_place"_s, boolean(u"Deploy on the profile itself; its topics are put back when the run ends"_s)},
                 {u"step_mode"_s, boolean(u"Wait after each proposal for run_steer accept or another_proposal"_s)},
                 {u"concurrency"_s, integer(u"Scans in parallel (default 5)"_s, 1, 20)},
                 {u"max_tokens"_s, integer(u"Pause before an LLM call that would take the run past this many tokens"_s, 1, 2000000000)},
                 {u"max_cost"_s, number(u"Pause before an LLM call that would take the estimated cost past this many US dollars"_s, 0.0001, 100000)},
                 {u"wait"_s, boolean(u"Keep the call open until the run ends (progress notifications)"_s)}},
                {u"topic"_s}),
         statusSchema,
         {{u"readOnlyHint"_s, false}, {u"destructiveHint"_s, false}, {u"openWorldHint"_s, true}},
         [this](McpCall *call) { designStart(call); }});
    tools.append({u"run_status"_s,
                  u"A run's progress and figures"_s,
                  u"Where a run stands: its state and step, the scan in progress, each recorded iteration's coverage, "
                  "TPR and TNR (fractions 0–1, on the held-out benchmark when the run has one), and the decision: the "
                  "best iteration, whether the target is reached, and why."_s,
                  object({{u"run_id"_s, runIdArgument()}}, {u"run_id"_s}),
                  statusSchema,
                  {{u"readOnlyHint"_s, true}},
                  [this](McpCall *call) { runStatus(call); }});
    tools.append(
        {u"run_steer"_s,
         u"Steer a run"_s,
         u"Steers a run: pause (after the current step), resume (a paused, cancelled or failed run goes on in this "
         "server, from its last checkpoint), cancel (production put back for in-place runs), correct_label (the prompt's expected label is wrong), add_prompts (labelled prompts to the "
         "working suite or the benchmark), step_mode on or off, and in step mode accept the proposal waiting for "
         "review or ask for another_proposal with a hint."_s,
         object({{u"run_id"_s, runIdArgument()},
                 {u"action"_s, oneOf({u"pause"_s, u"resume"_s, u"cancel"_s, u"correct_label"_s, u"add_prompts"_s, u"step_mode"_s,
                                      u"accept"_s, u"another_proposal"_s},
                                     u"What to do"_s)},
                 {u"prompt"_s, string(u"correct_label: the prompt whose expected label is wrong"_s, 20000)},
                 {u"prompts"_s, array(object({{u"prompt"_s, string(u"The prompt"_s, 20000)},
                                              {u"expected_triggered"_s, boolean(u"true: the guardrail should fire"_s)}},
                                             {u"prompt"_s, u"expected_triggered"_s}),
                                      u"add_prompts: labelled prompts"_s, 500)},
                 {u"target"_s, oneOf({u"working"_s, u"benchmark"_s}, u"add_prompts: where they go (default working)"_s)},
                 {u"on"_s, boolean(u"step_mode: on or off"_s)},
                 {u"hint"_s, string(u"another_proposal: what the next proposal should do differently"_s, 2000)},
                 {u"max_iterations"_s, integer(u"resume: up to this many more iterations"_s, 1, 100)}},
                {u"run_id"_s, u"action"_s}),
         statusSchema,
         {{u"readOnlyHint"_s, false}, {u"destructiveHint"_s, false}},
         [this](McpCall *call) { runSteer(call); }});
    tools.append({u"run_report"_s,
                  u"A run's report"_s,
                  u"The report `daystrom report --format json` prints: the run, and every recorded iteration (or the "
                  "one asked for) with its topic, figures and intervals."_s,
                  object({{u"run_id"_s, runIdArgument()},
                          {u"iteration"_s, integer(u"Only this iteration (default: every one)"_s, 1, 100000)},
                          {u"include_tests"_s, boolean(u"Every test and its result too"_s)}},
                         {u"run_id"_s}),
                  object({{u"version"_s, QJsonObject{{u"type"_s, u"integer"_s}}},
                          {u"generatedAt"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                          {u"run"_s, QJsonObject{{u"type"_s, u"object"_s}}},
                          {u"iterations"_s, QJsonObject{{u"type"_s, u"array"_s}}}},
                         {u"version"_s, u"run"_s, u"iterations"_s}, false),
                  {{u"readOnlyHint"_s, true}},
                  [this](McpCall *call) { runReport(call); }});
    return tools;
}

void McpRuns::designStart(McpCall *call)
{
    const QJsonObject &a = call->arguments();
    const bool sandbox = m_context.sandboxFor(a);
    if (!sandbox && !a.contains(u"profile"_s))
        return call->fail(u"design_start: give the AIRS security profile (profile), or sandbox: true to use the built-in emulators."_s);
    QString printed, errors;
    QTextStream out(&printed), err(&errors);
    CliContext ctx{out, err, m_context.env};
    GenerateArgs args;
    bool help = false;
    if (const QString problem = parseGenerateArgs(generateFlags(a, sandbox), &args, &help, ctx); !problem.isEmpty())
        return call->fail(u"design_start: "_s + problem);
    std::optional<RunLaunch> launch = CliRun::prepareLaunch(args, m_sandbox, ctx, u"mcp"_s);
    err.flush();
    if (!launch)
        return call->fail(u"design_start: "_s + firstError(errors));

    auto owned = std::make_unique<Live>();
    Live *l = owned.get();
    l->id = launch->run.id;
    l->sandbox = args.sandbox;
    l->runsDir = launch->environment.runsDirectory;
    l->environment = launch->environment;
    l->controller = std::make_unique<RunController>();
    l->state.stepMode = launch->run.steering.stepMode;
    m_live.emplace(l->id, std::move(owned));
    attach(l);
    if (!l->controller->start(l->environment, launch->run))
        return call->fail(u"design_start: the run could not start"_s);
    if (!a.value(u"wait"_s).toBool()) {
        QString error;
        return call->succeed(status(l->id, &error));
    }
    l->waiters.append(call);
    QObject::connect(call, &McpCall::cancelled, l->controller.get(), [l] {
        // The client stopped waiting: the run is cancelled as Cancel does it.
        if (l->controller->isActive())
            l->controller->cancel();
    });
    notifyWaiters(l, u"run %1 started: %2"_s.arg(l->id, Printable::escaped(launch->run.userInput.topicDescription, 200)));
}

void McpRuns::attach(Live *l)
{
    RunController *c = l->controller.get();
    McpRunStatus::LiveState &s = l->state;
    s.active = true;
    connect(c, &LoopEvents::stepChanged, this, [this, l](const QString &step) {
        l->state.step = step;
        notifyWaiters(l, McpRunStatus::progressLine(l->state));
    });
    connect(c, &LoopEvents::iterationStarted, this, [l](int iteration) {
        l->state.iteration = iteration;
        l->state.scanned = l->state.total = 0;
    });
    connect(c, &LoopEvents::testProgress, this, [this, l](int done, int total) {
        l->state.scanned = done;
        l->state.total = total;
        notifyWaiters(l, McpRunStatus::progressLine(l->state));
    });
    connect(c, &LoopEvents::iterationComplete, this, [this, l](const IterationResult &r) {
        notifyWaiters(l, u"iteration %1 recorded: coverage %2"_s.arg(r.iteration).arg(r.metrics.coverage * 100, 0, 'f', 1)
                             + u" %"_s);
    });
    connect(c, &LoopEvents::proposalReady, this, [this, l](const PendingProposal &p) {
        l->state.proposal = p;
        notifyWaiters(l, u"iteration %1: a proposal waits for review (run_steer accept or another_proposal)"_s.arg(p.iteration));
    });
    connect(c, &LoopEvents::decisionMade, this, [l] { l->state.proposal.reset(); });
    connect(c, &LoopEvents::stepModeChanged, this, [l](bool on) { l->state.stepMode = on; });
    connect(c, &LoopEvents::loopFailed, this, [l](const QString &error) { l->state.error = error; });
    connect(c, &LoopEvents::warning, this, [l](const QString &message) { l->state.warnings.append(message); });
    connect(c, &RunController::finished, this, [this, l](RunStatus status) { ended(l, status); });
}

void McpRuns::notifyWaiters(Live *l, const QString &message)
{
    l->events += 1;
    for (const QPointer<McpCall> &call : std::as_const(l->waiters)) {
        if (call)
            call->progress(l->events, 0, message);
    }
}

void McpRuns::ended(Live *l, RunStatus how)
{
    l->state.active = false;
    l->state.step.clear();
    l->state.proposal.reset();
    l->state.ended = how;
    const QList<QPointer<McpCall>> waiters = std::exchange(l->waiters, {});
    QString error;
    const QJsonObject result = status(l->id, &error);
    for (const QPointer<McpCall> &call : waiters) {
        if (call)
            call->succeed(result);
    }
    if (m_stopping && isIdle())
        emit idle();
}

McpRuns::Located McpRuns::locate(const QString &runId) const
{
    Located found;
    if (const Live *l = live(runId)) {
        found.runsDir = l->runsDir;
        found.sandbox = l->sandbox;
        const RunStore::Loaded loaded = RunStore(l->runsDir).load(runId);
        if (loaded.ok())
            found.run = loaded.run;
        return found;
    }
    const Config::Result config = loadConfig(m_context.env);
    if (!config.ok()) {
        found.error = config.errors.first();
        return found;
    }
    // The server's default first: a sandbox server looks in the sandbox's runs before the real ones.
    const bool sandboxFirst = m_context.sandboxByDefault;
    for (const bool sandbox : {sandboxFirst, !sandboxFirst}) {
        const QString dir = sandbox ? config.config.sandboxed().dataDir() : config.config.dataDir();
        const RunStore::Loaded loaded = RunStore(dir).load(runId);
        if (loaded.ok()) {
            found.runsDir = dir;
            found.sandbox = sandbox;
            found.run = loaded.run;
            return found;
        }
        if (found.error.isEmpty() || !loaded.error.startsWith(u"no run"_s))
            found.error = loaded.error;
    }
    return found;
}

QJsonObject McpRuns::status(const QString &runId, QString *error) const
{
    const Located found = locate(runId);
    const Live *l = live(runId);
    if (!found.run && !l) {
        *error = found.error.isEmpty() ? u"no run with id "_s + Printable::escaped(runId, 64) : found.error;
        return {};
    }
    return McpRunStatus::json(runId, found.sandbox, found.run ? &*found.run : nullptr, l ? &l->state : nullptr);
}

void McpRuns::runStatus(McpCall *call)
{
    QString error;
    const QJsonObject s = status(call->arguments().value(u"run_id"_s).toString(), &error);
    if (s.isEmpty())
        return call->fail(u"run_status: "_s + error + u'.');
    call->succeed(s);
}

void McpRuns::runSteer(McpCall *call)
{
    const QJsonObject &a = call->arguments();
    const QString id = a.value(u"run_id"_s).toString();
    const QString action = a.value(u"action"_s).toString();
    Live *l = live(id);
    if (action == "resume"_L1)
        return resume(call, l);
    if (!l || !l->controller->isActive()) {
        QString error;
        const QJsonObject s = status(id, &error);
        if (s.isEmpty())
            return call->fail(u"run_steer: "_s + error + u'.');
        return call->fail(u"run_steer: run %1 is not going on in this server (it is %2); action resume continues a "
                          "paused, cancelled or failed run"_s.arg(id, s.value(u"state"_s).toString())
                          + u'.');
    }
    RunController *c = l->controller.get();
    const auto needs = [&](const char *key) {
        if (a.contains(QLatin1StringView(key)))
            return true;
        call->fail(u"run_steer: %1 needs \"%2\"."_s.arg(action, QLatin1StringView(key)));
        return false;
    };
    if (action == "pause"_L1) {
        c->pause();
    } else if (action == "cancel"_L1) {
        c->cancel();
    } else if (action == "step_mode"_L1) {
        if (!needs("on"))
            return;
        c->steer(SteeringRequest::stepMode(a.value(u"on"_s).toBool()));
    } else if (action == "correct_label"_L1) {
        if (!needs("prompt"))
            return;
        c->steer(SteeringRequest::correctLabel(a.value(u"prompt"_s).toString()));
    } else if (action == "add_prompts"_L1) {
        if (!needs("prompts"))
            return;
        QList<TestCase> tests;
        for (const QJsonValue &v : a.value(u"prompts"_s).toArray()) {
            TestCase t;
            t.prompt = v.toObject().value(u"prompt"_s).toString().trimmed();
            t.expectedTriggered = v.toObject().value(u"expected_triggered"_s).toBool();
            t.source = TestSource::Added;
            if (t.prompt.isEmpty())
                return call->fail(u"run_steer: add_prompts: a prompt is empty."_s);
            tests.append(t);
        }
        if (tests.isEmpty())
            return call->fail(u"run_steer: add_prompts needs at least one prompt."_s);
        const PromptTarget target =
            a.value(u"target"_s).toString() == "benchmark"_L1 ? PromptTarget::Benchmark : PromptTarget::WorkingSuite;
        c->steer(SteeringRequest::addPrompts(tests, target));
    } else if (action == "accept"_L1 || action == "another_proposal"_L1) {
        if (!l->state.proposal)
            return call->fail(u"run_steer: %1: no proposal is waiting for review (step_mode must be on, and the run at "
                              "a proposal)."_s.arg(action));
        ProposalDecision decision;
        decision.action = action == "accept"_L1 ? ProposalDecision::Action::Accept : ProposalDecision::Action::Retry;
        decision.hint = a.value(u"hint"_s).toString().trimmed();
        l->state.proposal.reset();
        c->steer(SteeringRequest::decide(decision));
    }
    QString error;
    call->succeed(status(id, &error));
}

void McpRuns::resume(McpCall *call, Live *existing)
{
    const QJsonObject &a = call->arguments();
    const QString id = a.value(u"run_id"_s).toString();
    if (existing && existing->controller->isActive())
        return call->fail(u"run_steer: resume: run %1 is going on already."_s.arg(id));
    const Located found = locate(id);
    if (!found.run)
        return call->fail(u"run_steer: "_s + found.error + u'.');
    // `daystrom resume`'s own checks (completed, no checkpoint, driven by another process, budget).
    QStringList flags;
    if (found.sandbox)
        flags << u"--sandbox"_s;
    if (a.contains(u"max_iterations"_s))
        flags << u"--max-iterations"_s << QString::number(a.value(u"max_iterations"_s).toInt());
    QString printed, errors;
    QTextStream out(&printed), err(&errors);
    CliContext ctx{out, err, m_context.env};
    RunLaunch launch;
    bool json = false;
    const int stop = CliRun::prepareResume(flags + QStringList{u"--"_s, id}, m_sandbox, ctx, &launch, &json, false);
    err.flush();
    if (stop >= 0)
        return call->fail(u"run_steer: resume: "_s + firstError(errors) + u'.');
    m_live.erase(id);
    auto owned = std::make_unique<Live>();
    Live *l = owned.get();
    l->id = id;
    l->sandbox = found.sandbox;
    l->runsDir = launch.environment.runsDirectory;
    l->environment = launch.environment;
    l->controller = std::make_unique<RunController>();
    l->state.stepMode = launch.run.steering.stepMode;
    m_live.emplace(id, std::move(owned));
    attach(l);
    if (!l->controller->start(l->environment, launch.run))
        return call->fail(u"run_steer: resume: the run could not start."_s);
    QString error;
    call->succeed(status(id, &error));
}

void McpRuns::runReport(McpCall *call)
{
    const QJsonObject &a = call->arguments();
    const Located found = locate(a.value(u"run_id"_s).toString());
    if (!found.run)
        return call->fail(u"run_report: "_s + found.error + u'.');
    RunReport::Options options;
    options.iteration = a.value(u"iteration"_s).toInt();
    options.includeTests = a.value(u"include_tests"_s).toBool();
    QString error;
    if (options.iteration > 0 && !RunReport::chosenIteration(*found.run, options.iteration, &error))
        return call->fail(u"run_report: "_s + error + u'.');
    call->succeed(RunReport::json(*found.run, options, QDateTime::currentDateTimeUtc()));
}

McpResources McpRuns::resources()
{
    McpResources r;
    r.templates = QJsonArray{
        QJsonObject{{u"uriTemplate"_s, u"daystrom://runs/{run_id}"_s},
                    {u"name"_s, u"run"_s},
                    {u"title"_s, u"A run's status and figures"_s},
                    {u"mimeType"_s, u"application/json"_s}},
        QJsonObject{{u"uriTemplate"_s, u"daystrom://runs/{run_id}/report"_s},
                    {u"name"_s, u"run-report"_s},
                    {u"title"_s, u"A run's report"_s},
                    {u"mimeType"_s, u"application/json"_s}}};
    r.list = [this] {
        QJsonArray list;
        QSet<QString> seen;
        const auto add = [&](const QString &id, const QString &topic, bool sandbox) {
            if (seen.contains(id))
                return;
            seen.insert(id);
            list.append(QJsonObject{{u"uri"_s, QString(u"daystrom://runs/"_s + id)},
                                    {u"name"_s, id},
                                    {u"title"_s, QString((sandbox ? u"Sandbox run: "_s : u"Run: "_s) + topic)},
                                    {u"mimeType"_s, u"application/json"_s}});
        };
        for (const auto &[id, l] : m_live)
            add(id, QString(), l->sandbox);
        const Config::Result config = loadConfig(m_context.env);
        if (config.ok()) {
            for (const bool sandbox : {false, true}) {
                const RunStore::Listing listing =
                    RunStore(sandbox ? config.config.sandboxed().dataDir() : config.config.dataDir()).list();
                for (const RunSummary &s : listing.runs.mid(0, 100))
                    add(s.id, s.topicDescription, sandbox);
            }
        }
        return list;
    };
    r.read = [this](const QString &uri, QString *error) -> std::optional<QJsonObject> {
        static const QString prefix = u"daystrom://runs/"_s;
        if (!uri.startsWith(prefix)) {
            *error = u"Resource not found: this server has daystrom://runs/<id> and daystrom://runs/<id>/report"_s;
            return std::nullopt;
        }
        QString id = uri.mid(prefix.size());
        const bool report = id.endsWith(u"/report"_s);
        if (report)
            id.chop(7);
        QJsonObject body;
        if (report) {
            const Located found = locate(id);
            if (!found.run) {
                *error = u"Resource not found: "_s + found.error;
                return std::nullopt;
            }
            body = RunReport::json(*found.run, {}, QDateTime::currentDateTimeUtc());
        } else {
            body = status(id, error);
            if (body.isEmpty()) {
                *error = u"Resource not found: "_s + *error;
                return std::nullopt;
            }
        }
        return QJsonObject{{u"uri"_s, uri},
                           {u"mimeType"_s, u"application/json"_s},
                           {u"text"_s, QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Indented))}};
    };
    return r;
}
