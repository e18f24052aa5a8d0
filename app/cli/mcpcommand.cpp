#include "mcpcommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "interruptwatcher.h"
#include "mcp/mcpapplytools.h"
#include "mcp/mcpcommandtool.h"
#include "mcp/mcpmemorytool.h"
#include "mcp/mcpruns.h"
#include "mcp/mcpserver.h"
#include "mcp/mcpstdio.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

const char *const Instructions =
    "Daystrom designs Prisma AIRS custom-topic guardrails with an LLM refinement loop. Start a design with "
    "design_start (sandbox: true needs no account), follow it with run_status, steer it with run_steer, read the "
    "result with run_report; eval scores a profile on labelled prompts, audit measures a whole profile, compare "
    "judges two iterations, compare_runs ranks several runs' topics on one benchmark, memory_search reads what earlier runs learned. apply_plan shows what applying an "
    "iteration would change and its hash; apply and revert write only when the server runs with --allow-writes "
    "and the call carries that hash.";

} // namespace

int mcpCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"mcp");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom mcp"_s} + arguments)) {
        ctx.err << "daystrom mcp: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    if (!p.positionalArguments().isEmpty()) {
        ctx.err << "daystrom mcp: unexpected argument \"" << p.positionalArguments().first() << "\"\n";
        return ExitCode::Usage;
    }
    McpToolContext context;
    context.env = ctx.env;
    context.sandboxByDefault = p.isSet(u"sandbox"_s);
    context.allowWrites = p.isSet(u"allow-writes"_s);
    context.program = QCoreApplication::applicationFilePath();

    McpServer server;
    server.setServerInfo(u"daystrom"_s, u"Daystrom Studio"_s, QStringLiteral(DAYSTROM_VERSION), QString::fromLatin1(Instructions));
    McpRuns runs(context);
    for (const McpTool &tool : runs.tools())
        server.addTool(tool);
    for (const McpTool &tool : McpCommandTools::tools(context))
        server.addTool(tool);
    server.addTool(McpMemoryTool::tool(context));
    for (const McpTool &tool : McpApplyTools::tools(context))
        server.addTool(tool);
    server.setResources(runs.resources());

    McpStdio stdio;
    QObject::connect(&server, &McpServer::send, &stdio, &McpStdio::write);
    QObject::connect(&stdio, &McpStdio::lineReceived, &server, &McpServer::receive);
    QObject::connect(&stdio, &McpStdio::lineTooLong, &server, [&server] {
        server.receive(QByteArrayLiteral("too long")); // answered as the parse error it is
    });
    // The client is gone (end of input, Ctrl+C, SIGTERM): calls are cancelled, runs still going
    // are cancelled the way Cancel does, and the server ends once they have.
    bool callsDone = false, runsIdle = false;
    const auto maybeQuit = [&] {
        if (callsDone && runsIdle)
            QCoreApplication::exit(ExitCode::Ok);
    };
    QObject::connect(&server, &McpServer::callsDone, &server, [&] {
        callsDone = true;
        maybeQuit();
    });
    QObject::connect(&runs, &McpRuns::idle, &server, [&] {
        runsIdle = true;
        maybeQuit();
    });
    const auto shutDown = [&] {
        ctx.err << "daystrom mcp: the client is gone; stopping\n";
        ctx.err.flush();
        server.cancelAll();
        runs.stopAll();
    };
    QObject::connect(&stdio, &McpStdio::closed, &server, shutDown);
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &server, [&](int count) {
        if (count > 1)
            QCoreApplication::exit(ExitCode::Stopped);
        shutDown();
    });
    ctx.err << "daystrom mcp: serving on standard input and output" << (context.allowWrites ? " (writes allowed)" : "")
            << (context.sandboxByDefault ? " (sandbox)" : "") << '\n';
    ctx.err.flush();
    return QCoreApplication::exec();
}
