#include "cli.h"

#include "reportcommand.h"
#include "runscommand.h"
#include "sandboxcommand.h"

using namespace Qt::StringLiterals;

QString cliUsage()
{
    return uR"(Usage: daystrom <command> [options]

Design Prisma AIRS custom-topic guardrails with an LLM refinement loop (headless).

Commands:
  runs                      List stored runs (newest first)
  report <run-id>           Show a run: its best iteration, or the one chosen
      --iteration N           the iteration numbered N (numbers can have gaps)
      --format text|json      output format (default text)
      --tests                 include every test and its result
  sandbox serve             Serve the AIRS emulator on 127.0.0.1 until interrupted
      --port N                port (default: any free port)

Options:
  -h, --help                Show this help (also: daystrom <command> --help)
  -v, --version             Show the version

Files: $DAYSTROM_HOME (default ~/.daystrom): config.json, runs/, memory/.
Exit codes: 0 ok, 2 bad usage or input, 3 run failed, 4 run paused or cancelled.
)"_s;
}

int runCli(const QStringList &arguments, CliContext &ctx)
{
    if (arguments.isEmpty() || arguments.first() == "-h"_L1 || arguments.first() == "--help"_L1
        || arguments.first() == "help"_L1) {
        ctx.out << cliUsage();
        ctx.out.flush();
        return arguments.isEmpty() ? ExitCode::Usage : ExitCode::Ok;
    }
    const QString command = arguments.first();
    const QStringList rest = arguments.mid(1);
    if (command == "-v"_L1 || command == "--version"_L1) {
        ctx.out << "daystrom " << DAYSTROM_VERSION << '\n';
        return ExitCode::Ok;
    }
    if (command == "runs"_L1)
        return runsCommand(rest, ctx);
    if (command == "report"_L1)
        return reportCommand(rest, ctx);
    if (command == "sandbox"_L1)
        return sandboxCommand(rest, ctx);
    ctx.err << "daystrom: unknown command \"" << command << "\"; see daystrom --help\n";
    return ExitCode::Usage;
}
