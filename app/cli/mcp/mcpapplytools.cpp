#include "mcpapplytools.h"

#include "mcpcall.h"
#include "mcpcommandtool.h"
#include "mcpschema.h"

#include "../cli.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace McpSchema;

namespace {


QString printedHash(const QByteArray &out)
{
    static const QRegularExpression line(u"^Plan hash: ([0-9a-f]{64})$"_s, QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(out)).captured(1);
}

// The command's flags, then "--" and the run id (a run id may start with "-").
QStringList commandLine(const McpToolContext &context, const QString &command, const QJsonObject &a, QStringList flags)
{
    if (a.contains(u"iteration"_s))
        flags << u"--iteration"_s << QString::number(a.value(u"iteration"_s).toInt());
    if (context.sandboxFor(a))
        flags << u"--sandbox"_s;
    return QStringList{command} + flags + QStringList{u"--"_s, a.value(u"run_id"_s).toString()};
}

void applyPlan(const McpToolContext &context, McpCall *call)
{
    const QJsonObject &a = call->arguments();
    const bool revert = a.value(u"action"_s).toString() == "revert"_L1;
    if (revert && a.contains(u"iteration"_s))
        return call->fail(u"apply_plan: a revert undoes the run's last apply; it takes no iteration."_s);
    const QStringList line = revert ? commandLine(context, u"revert"_s, a, {u"--plan"_s}) : commandLine(context, u"apply"_s, a, {});
    McpCommandRun::start(context, call, line, [revert](McpCall *call, const McpCommandRun::Outcome &o) {
        const QString hash = printedHash(o.out);
        // Exit 5: printed, not written; exit 0: production holds the plan already.
        if (o.crashed || (o.exitCode != ExitCode::NotConfirmed && o.exitCode != ExitCode::Ok) || hash.isEmpty())
            return call->fail(u"apply_plan: "_s + o.lastError() + u'.');
        const QString text = QString::fromUtf8(o.out).trimmed();
        call->succeed({{u"run_id"_s, call->arguments().value(u"run_id"_s).toString()},
                       {u"action"_s, revert ? u"revert"_s : u"apply"_s},
                       {u"plan"_s, text},
                       {u"plan_hash"_s, hash},
                       {u"changes_nothing"_s, !revert && o.exitCode == ExitCode::Ok},
                       {u"changes_action"_s, text.contains(u"--change-action"_s)}});
    });
}

void write(const McpToolContext &context, McpCall *call, const QString &command)
{
    if (!context.allowWrites)
        return call->fail(u"%1: this server may not write to production: it was started without --allow-writes "
                          "(`daystrom mcp --allow-writes`); apply_plan shows the plan without writing."_s.arg(command));
    const QJsonObject &a = call->arguments();
    QStringList flags{u"--plan-hash"_s, a.value(u"plan_hash"_s).toString()};
    if (command == "apply"_L1) {
        flags.prepend(u"--yes"_s);
        if (a.value(u"change_action"_s).toBool())
            flags << u"--change-action"_s;
    } else if (a.value(u"force"_s).toBool()) {
        flags << u"--force"_s;
    }
    McpCommandRun::start(context, call, commandLine(context, command, a, flags),
                         [command](McpCall *call, const McpCommandRun::Outcome &o) {
                             if (o.crashed || o.exitCode != ExitCode::Ok)
                                 return call->fail(command + u": "_s + o.lastError() + u'.');
                             const QString text = QString::fromUtf8(o.out).trimmed();
                             call->succeed({{u"run_id"_s, call->arguments().value(u"run_id"_s).toString()},
                                            {u"written"_s, !text.contains(u"nothing was written"_s)
                                                               && !text.contains(u"nothing to write"_s)},
                                            {u"output"_s, text}});
                         });
}

} // namespace

QList<McpTool> McpApplyTools::tools(const McpToolContext &context)
{
    const QJsonObject runId = string(u"The run"_s, 64);
    const QJsonObject sandbox = boolean(u"A sandbox run, on the sandbox's tenant (default: as the server was started)"_s);
    const QJsonObject hash = {{u"type"_s, u"string"_s},
                              {u"pattern"_s, u"^[0-9a-f]{64}$"_s},
                              {u"description"_s, u"The plan_hash apply_plan returned for the plan shown"_s}};
    const QJsonObject written = object({{u"run_id"_s, typed("string")}, {u"written"_s, typed("boolean")}, {u"output"_s, typed("string")}},
                                       {u"run_id"_s, u"written"_s, u"output"_s}, false);
    QList<McpTool> tools;
    tools.append({u"apply_plan"_s,
                  u"Show what applying or reverting would change"_s,
                  u"The plan for writing an iteration's topic (default the run's best) to the run's production "
                  "profile, or with action revert for undoing the run's last apply, and the plan's hash. Writes "
                  "nothing. Show the plan to the person; apply and revert need its hash."_s,
                  object({{u"run_id"_s, runId},
                          {u"action"_s, oneOf({u"apply"_s, u"revert"_s}, u"apply (default) or revert"_s)},
                          {u"iteration"_s, integer(u"apply: the iteration (default the run's best)"_s, 1, 100000)},
                          {u"sandbox"_s, sandbox}},
                         {u"run_id"_s}),
                  object({{u"run_id"_s, typed("string")},
                          {u"action"_s, typed("string")},
                          {u"plan"_s, typed("string")},
                          {u"plan_hash"_s, typed("string")},
                          {u"changes_nothing"_s, typed("boolean")},
                          {u"changes_action"_s, typed("boolean")}},
                         {u"run_id"_s, u"action"_s, u"plan"_s, u"plan_hash"_s}, false),
                  {{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, true}},
                  [context](McpCall *call) { applyPlan(context, call); }});
    tools.append({u"apply"_s,
                  u"Apply an iteration to production"_s,
                  u"Writes the plan apply_plan showed to the production profile (recorded for revert). Only when the "
                  "server runs with --allow-writes and plan_hash is that plan's hash: when production moved since, "
                  "nothing is written and the call says so."_s,
                  object({{u"run_id"_s, runId},
                          {u"plan_hash"_s, hash},
                          {u"iteration"_s, integer(u"The iteration the plan was for (default the run's best)"_s, 1, 100000)},
                          {u"change_action"_s, boolean(u"Agree to the plan's change of the action for unmatched prompts"_s)},
                          {u"sandbox"_s, sandbox}},
                         {u"run_id"_s, u"plan_hash"_s}),
                  written,
                  {{u"readOnlyHint"_s, false}, {u"destructiveHint"_s, true}, {u"openWorldHint"_s, true}},
                  [context](McpCall *call) { write(context, call, u"apply"_s); }});
    tools.append({u"revert"_s,
                  u"Revert the run's last apply"_s,
                  u"Undoes the run's last apply three-way (what colleagues changed since stays). Only when the server "
                  "runs with --allow-writes and plan_hash is the hash apply_plan (action revert) returned."_s,
                  object({{u"run_id"_s, runId},
                          {u"plan_hash"_s, hash},
                          {u"force"_s, boolean(u"Take back the apply's side also where production changed since"_s)},
                          {u"sandbox"_s, sandbox}},
                         {u"run_id"_s, u"plan_hash"_s}),
                  written,
                  {{u"readOnlyHint"_s, false}, {u"destructiveHint"_s, true}, {u"openWorldHint"_s, true}},
                  [context](McpCall *call) { write(context, call, u"revert"_s); }});
    return tools;
}
