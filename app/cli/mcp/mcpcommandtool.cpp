#include "mcpcommandtool.h"

#include "mcpcall.h"
#include "mcpschema.h"

#include "domain/labelledcsv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryFile>
#include <QTimer>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace McpSchema;

QString McpCommandRun::Outcome::lastError() const
{
    const QStringList lines = err.split(u'\n', Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (it->startsWith(u"daystrom"_s)) {
            const qsizetype colon = it->indexOf(u": "_s);
            return colon > 0 ? it->mid(colon + 2) : *it;
        }
    }
    if (crashed)
        return u"the command stopped unexpectedly"_s;
    return lines.isEmpty() ? u"the command ended with exit status %1"_s.arg(exitCode) : lines.last();
}

McpCommandRun::McpCommandRun(McpCall *call, const Done &done) : QObject(call), m_call(call), m_done(done) {}

McpCommandRun::~McpCommandRun()
{
    // A call ended without the command (the server went away): the command does not outlive it.
    if (m_process.state() != QProcess::NotRunning) {
        m_process.disconnect(this);
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void McpCommandRun::start(const McpToolContext &context, McpCall *call, const QStringList &arguments, const Done &done,
                          std::unique_ptr<QTemporaryFile> keep)
{
    auto *run = new McpCommandRun(call, done); // owned by the call: gone when the call ends
    run->m_keep = std::move(keep);
    QProcess &p = run->m_process;
    p.setProcessEnvironment(context.env);
    p.setProgram(context.program);
    p.setArguments(arguments);
    p.setStandardInputFile(QProcess::nullDevice()); // never a question on a terminal
    connect(&p, &QProcess::readyReadStandardError, run, &McpCommandRun::readErrors);
    connect(&p, &QProcess::finished, run, &McpCommandRun::finished);
    connect(&p, &QProcess::errorOccurred, run, [run](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            run->m_call->fail(u"%1: could not start %2: %3."_s.arg(run->m_call->tool(), run->m_process.program(),
                                                                     run->m_process.errorString()));
    });
    connect(call, &McpCall::cancelled, run, [run] {
        // The command's own Ctrl+C: it stops the way it does at a terminal (an audit removes
        // its scratch profile first); after a minute, it is stopped regardless.
        if (run->m_process.state() == QProcess::NotRunning)
            return;
        ::kill(pid_t(run->m_process.processId()), SIGINT);
        QTimer::singleShot(60000, run, [run] { run->m_process.kill(); });
    });
    p.start();
}

void McpCommandRun::readErrors()
{
    m_errBuffer += m_process.readAllStandardError();
    for (qsizetype end = m_errBuffer.indexOf('\n'); end >= 0; end = m_errBuffer.indexOf('\n')) {
        const QString line = QString::fromUtf8(m_errBuffer.left(end)).trimmed();
        m_errBuffer.remove(0, end + 1);
        m_err += line + u'\n';
        if (!line.isEmpty())
            m_call->progress(++m_lines, 0, line);
    }
}

void McpCommandRun::finished(int exitCode, QProcess::ExitStatus status)
{
    readErrors();
    Outcome o;
    o.exitCode = exitCode;
    o.crashed = status == QProcess::CrashExit;
    o.out = m_process.readAllStandardOutput();
    o.err = m_err + QString::fromUtf8(m_errBuffer);
    m_done(m_call, o); // ends the call, which deletes this
}

namespace {

// The command's JSON answer as the tool's result, for the exit codes that carry one.
McpCommandRun::Done jsonAnswer(QList<int> okCodes)
{
    return [okCodes](McpCall *call, const McpCommandRun::Outcome &o) {
        if (call->isCancelled())
            return call->fail(call->tool() + u": cancelled."_s);
        if (o.crashed || !okCodes.contains(o.exitCode))
            return call->fail(call->tool() + u": "_s + o.lastError() + u'.');
        const QJsonDocument doc = QJsonDocument::fromJson(o.out);
        if (!doc.isObject())
            return call->fail(call->tool() + u": the command's answer was not the JSON object expected."_s);
        call->succeed(doc.object());
    };
}

QJsonObject open(const QJsonObject &properties, const QStringList &required)
{
    return object(properties, required, false);
}


QJsonObject sandboxArgument()
{
    return boolean(u"Use the built-in sandbox tenant (default: as the server was started)"_s);
}

QStringList withSandbox(const McpToolContext &context, const QJsonObject &a, QStringList flags)
{
    if (context.sandboxFor(a))
        flags << u"--sandbox"_s;
    return flags;
}

// eval's inline prompts as the labelled CSV `daystrom eval --prompts` reads.
std::unique_ptr<QTemporaryFile> promptsFile(const QJsonArray &prompts, QString *error)
{
    auto file = std::make_unique<QTemporaryFile>(u"daystrom-mcp-eval-XXXXXX.csv"_s);
    if (!file->open()) {
        *error = u"eval: cannot write a temporary file for the prompts: "_s + file->errorString() + u'.';
        return nullptr;
    }
    QByteArray csv = "prompt,expected\n";
    for (const QJsonValue &v : prompts) {
        const QJsonObject p = v.toObject();
        csv += LabelledCsv::quote(p.value(u"prompt"_s).toString()).toUtf8() + ','
               + (p.value(u"expected_triggered"_s).toBool() ? "true" : "false") + '\n';
    }
    file->write(csv);
    file->flush();
    return file;
}

void evalTool(const McpToolContext &context, McpCall *call)
{
    const QJsonObject &a = call->arguments();
    if (a.contains(u"prompts_csv"_s) == a.contains(u"prompts"_s))
        return call->fail(u"eval: give either prompts_csv (a labelled CSV file) or prompts (a list), one of them."_s);
    if (!context.sandboxFor(a) && !a.contains(u"profile"_s))
        return call->fail(u"eval: give the AIRS security profile to scan against (profile), or sandbox: true."_s);
    QStringList flags{u"eval"_s, u"--format"_s, u"json"_s};
    std::unique_ptr<QTemporaryFile> file;
    if (a.contains(u"prompts"_s)) {
        QString error;
        file = promptsFile(a.value(u"prompts"_s).toArray(), &error);
        if (!file)
            return call->fail(error);
        flags << u"--prompts"_s << file->fileName();
    } else {
        flags << u"--prompts"_s << a.value(u"prompts_csv"_s).toString();
    }
    for (const auto &[key, flag] : {std::pair{"profile", "--profile"}, std::pair{"intent", "--intent"}, std::pair{"gate", "--gate"}}) {
        if (a.contains(QLatin1StringView(key)))
            flags << QLatin1StringView(flag) << a.value(QLatin1StringView(key)).toString();
    }
    for (const auto &[key, flag] : {std::pair{"min_coverage", "--min-coverage"}, std::pair{"min_tpr", "--min-tpr"},
                                    std::pair{"min_tnr", "--min-tnr"}, std::pair{"repeat", "--repeat"}}) {
        if (a.contains(QLatin1StringView(key)))
            flags << QLatin1StringView(flag) << QString::number(a.value(QLatin1StringView(key)).toDouble(), 'g', 12);
    }
    // Exit 1 is a gate that was missed: the figures and the verdict are the answer.
    McpCommandRun::start(context, call, withSandbox(context, a, flags), jsonAnswer({0, 1}), std::move(file));
}

} // namespace

QList<McpTool> McpCommandTools::tools(const McpToolContext &context)
{
    const QJsonObject labelled = object({{u"prompt"_s, string(u"The prompt"_s, 20000)},
                                         {u"expected_triggered"_s, boolean(u"true: the guardrail should fire"_s)}},
                                        {u"prompt"_s, u"expected_triggered"_s});
    QList<McpTool> tools;
    tools.append(
        {u"eval"_s,
         u"Score a profile on labelled prompts"_s,
         u"Scans labelled prompts against a profile as it is now (no LLM) and returns coverage, TPR, TNR, accuracy "
         "and F1 with their 95% intervals, every prompt's verdict, and with a threshold the gate's verdict "
         "(`daystrom eval --format json`). Rates are fractions 0–1; thresholds are percent."_s,
         object({{u"prompts_csv"_s, string(u"A labelled CSV file: prompt,expected[,intent][,category]"_s, 4096)},
                 {u"prompts"_s, array(labelled, u"Or the labelled prompts themselves"_s, 5000)},
                 {u"profile"_s, string(u"The AIRS security profile to scan against"_s, 200)},
                 {u"intent"_s, oneOf({u"block"_s, u"allow"_s}, u"The profile's intent for these prompts (default block)"_s)},
                 {u"sandbox"_s, sandboxArgument()},
                 {u"min_coverage"_s, number(u"Gate: the least coverage, in percent"_s, 0, 100)},
                 {u"min_tpr"_s, number(u"Gate: the least TPR, in percent"_s, 0, 100)},
                 {u"min_tnr"_s, number(u"Gate: the least TNR, in percent"_s, 0, 100)},
                 {u"gate"_s, oneOf({u"point"_s, u"lower-bound"_s}, u"Hold the figures (point) or their interval's lower bounds"_s)},
                 {u"repeat"_s, integer(u"Scan each prompt this many times; the majority decides"_s, 1, 10)}}),
         open({{u"profile"_s, typed("string")},
               {u"intent"_s, typed("string")},
               {u"metrics"_s, typed("object")},
               {u"intervals"_s, typed("object")},
               {u"repeats"_s, typed("integer")},
               {u"results"_s, typed("array")},
               {u"gate"_s, open({{u"passed"_s, typed("boolean")}, {u"misses"_s, typed("array")}}, {u"passed"_s})}},
              {u"profile"_s, u"metrics"_s, u"intervals"_s, u"results"_s}),
         {{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, true}},
         [context](McpCall *call) { evalTool(context, call); }});
    tools.append(
        {u"compare"_s,
         u"Compare two iterations of a run"_s,
         u"Whether iteration b is better than a on the prompts both scanned: fixed and broken prompts, the exact "
         "McNemar p-value per class, and the run's own decision (better, worse, within noise) "
         "(`daystrom compare --format json`)."_s,
         object({{u"run_id"_s, string(u"The run"_s, 64)},
                 {u"a"_s, integer(u"The earlier iteration's number"_s, 1, 100000)},
                 {u"b"_s, integer(u"The iteration compared with it"_s, 1, 100000)},
                 {u"sandbox"_s, sandboxArgument()}},
                {u"run_id"_s, u"a"_s, u"b"_s}),
         open({{u"iterationA"_s, typed("integer")},
               {u"iterationB"_s, typed("integer")},
               {u"verdict"_s, typed("string")},
               {u"decision"_s, open({{u"judgement"_s, typed("string")}, {u"suite"_s, typed("string")}}, {u"judgement"_s})}},
              {u"iterationA"_s, u"iterationB"_s, u"verdict"_s, u"decision"_s}),
         {{u"readOnlyHint"_s, true}},
         [context](McpCall *call) {
             const QJsonObject &a = call->arguments();
             // Flags first: after "--" everything is a positional argument (a run id may start with "-").
             const QStringList line = withSandbox(context, a, {u"compare"_s, u"--format"_s, u"json"_s})
                                      + QStringList{u"--"_s, a.value(u"run_id"_s).toString(),
                                                    QString::number(a.value(u"a"_s).toInt()),
                                                    QString::number(a.value(u"b"_s).toInt())};
             McpCommandRun::start(context, call, line, jsonAnswer({0}));
         }});
    tools.append(
        {u"compare_runs"_s,
         u"Rank several runs' topics on one benchmark"_s,
         u"Which run designed the best topic: candidates (\"RUN\" for a run's best iteration, or \"RUN:ITERATION\") "
         "ranked on one shared benchmark with coverage, TPR and TNR and their intervals, the paired verdict against "
         "the leader (better or worse only beyond noise), the prompts that separate them and each topic as a word "
         "diff against the leader's (`daystrom compare RUN RUN … --format json`). Candidates whose stored verdicts do "
         "not cover the shared prompts are scanned in a scratch profile only with scan: true (the refusal states the "
         "cost); cancelling stops and cleans up."_s,
         object({{u"runs"_s, [] {
                      QJsonObject a = array(string(u"RUN or RUN:ITERATION"_s, 80), u"The candidates, two or more"_s, 20);
                      a.insert(u"minItems"_s, 2);
                      return a;
                  }()},
                 {u"benchmark"_s, string(u"common (default), union, run:ID or csv:FILE"_s, 4096)},
                 {u"scan"_s, boolean(u"Scan the candidates that need it (without: the cost is said, nothing scanned)"_s)},
                 {u"sandbox"_s, sandboxArgument()}},
                {u"runs"_s}),
         open({{u"benchmark"_s, open({{u"source"_s, typed("string")}, {u"prompts"_s, typed("integer")}}, {u"source"_s, u"prompts"_s})},
               {u"candidates"_s, array(open({{u"run"_s, typed("string")},
                                             {u"iteration"_s, typed("integer")},
                                             {u"metrics"_s, typed("object")},
                                             {u"intervals"_s, typed("object")}},
                                            {u"run"_s, u"iteration"_s, u"metrics"_s, u"intervals"_s}),
                                       u"Ranked, the leader first"_s)}},
              {u"benchmark"_s, u"candidates"_s}),
         {{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, true}},
         [context](McpCall *call) {
             const QJsonObject &a = call->arguments();
             QStringList flags{u"compare"_s, u"--format"_s, u"json"_s};
             if (a.contains(u"benchmark"_s))
                 flags << u"--benchmark"_s << a.value(u"benchmark"_s).toString();
             if (a.value(u"scan"_s).toBool())
                 flags << u"--yes"_s;
             QStringList line = withSandbox(context, a, flags) + QStringList{u"--"_s};
             for (const QJsonValue &run : a.value(u"runs"_s).toArray())
                 line << run.toString();
             McpCommandRun::start(context, call, line, [](McpCall *call, const McpCommandRun::Outcome &o) {
                 if (!call->isCancelled() && o.exitCode == 5) { // scans needed, not asked for: the cost, in its words
                     const QStringList said = o.err.split(u'\n', Qt::SkipEmptyParts);
                     return call->fail(u"compare_runs: "_s + said.join(u' ').replace(u"--yes"_s, u"scan: true"_s).trimmed()
                                       + (said.isEmpty() || said.last().endsWith(u'.') ? QString() : u"."_s));
                 }
                 jsonAnswer({0})(call, o);
             });
         }});
    tools.append(
        {u"audit"_s,
         u"Audit a whole profile"_s,
         u"Measures every custom topic of a profile together in a scratch copy (never production): per-topic "
         "figures, the benign prompts the profile acts on, and conflicts (prompts one topic wrote that another "
         "caught). Takes minutes on a real tenant: progress notifications follow it; cancelling removes the scratch "
         "profile (`daystrom audit --format json --yes`)."_s,
         object({{u"profile"_s, string(u"The AIRS security profile to audit"_s, 200)},
                 {u"sandbox"_s, sandboxArgument()},
                 {u"benchmark"_s, integer(u"Held-out prompts the LLM writes per topic (default 30)"_s, 4, 200)},
                 {u"new"_s, boolean(u"Start afresh even when an unfinished audit of the profile exists"_s)}}),
         open({{u"audit"_s, typed("string")}, {u"profileName"_s, typed("string")}}, {u"audit"_s, u"profileName"_s}),
         {{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, true}},
         [context](McpCall *call) {
             const QJsonObject &a = call->arguments();
             if (!context.sandboxFor(a) && !a.contains(u"profile"_s))
                 return call->fail(u"audit: give the AIRS security profile to audit (profile), or sandbox: true."_s);
             QStringList flags{u"audit"_s, u"--format"_s, u"json"_s, u"--yes"_s};
             if (a.contains(u"profile"_s))
                 flags << u"--profile"_s << a.value(u"profile"_s).toString();
             else
                 flags << u"--profile"_s << u"daystrom-sandbox"_s;
             if (a.contains(u"benchmark"_s))
                 flags << u"--benchmark"_s << QString::number(a.value(u"benchmark"_s).toInt());
             if (a.value(u"new"_s).toBool())
                 flags << u"--new"_s;
             McpCommandRun::start(context, call, withSandbox(context, a, flags), jsonAnswer({0}));
         }});
    tools.append({u"library_list"_s,
                  u"List the starter topics"_s,
                  u"Starter topics enterprises commonly need, each within the AIRS topic limits: a starting point "
                  "for design_start (`daystrom library list --format json`)."_s,
                  object({}),
                  open({{u"topics"_s, array(open({{u"key"_s, typed("string")}, {u"name"_s, typed("string")}},
                                                 {u"key"_s, u"name"_s}),
                                            u"The starter topics"_s)}},
                       {u"topics"_s}),
                  {{u"readOnlyHint"_s, true}},
                  [context](McpCall *call) {
                      McpCommandRun::start(context, call, {u"library"_s, u"list"_s, u"--format"_s, u"json"_s}, jsonAnswer({0}));
                  }});
    tools.append({u"library_show"_s,
                  u"Show a starter topic"_s,
                  u"One starter topic by its key or name: name, description, examples, intent and what it is for "
                  "(`daystrom library show --format json`)."_s,
                  object({{u"name"_s, string(u"The topic's key or name, as library_list gives it"_s, 200)}}, {u"name"_s}),
                  open({{u"key"_s, typed("string")},
                        {u"intent"_s, typed("string")},
                        {u"name"_s, typed("string")},
                        {u"description"_s, typed("string")},
                        {u"examples"_s, array(typed("string"), u"Its examples"_s)},
                        {u"note"_s, typed("string")}},
                       {u"key"_s, u"name"_s, u"description"_s, u"examples"_s}),
                  {{u"readOnlyHint"_s, true}},
                  [context](McpCall *call) {
                      McpCommandRun::start(context, call,
                                           {u"library"_s, u"show"_s, u"--format"_s, u"json"_s, u"--"_s,
                                            call->arguments().value(u"name"_s).toString()},
                                           jsonAnswer({0}));
                  }});
    return tools;
}
