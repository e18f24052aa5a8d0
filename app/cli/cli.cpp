#include "cli.h"

#include "domain/nanoid.h"
#include "domain/printable.h"

#include "commandspec.h"
#include "comparecommand.h"
#include "completioncommand.h"
#include "auditcommand.h"
#include "librarycommand.h"
#include "evalcommand.h"
#include "experimentcommand.h"
#include "generatecommand.h"
#include "mcpcommand.h"
#include "memorycommand.h"
#include "reportcommand.h"
#include "runscommand.h"
#include "sandboxcommand.h"
#include "tenantcommands.h"

using namespace Qt::StringLiterals;

QString cliUsage()
{
    return CliDocs::usage(); // from the option tables (commandspec.h), as the man page is
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
    // A run id may start with "-" (the original tool's do): before "--" it reads as options.
    for (const QString &a : rest) {
        if (a == "--"_L1)
            break;
        if (a.startsWith(u'-') && !a.startsWith("--"_L1) && a.size() >= 15 && NanoId::isValid(a)) {
            ctx.err << "daystrom " << command << ": \"" << Printable::escaped(a)
                    << "\" looks like a run id that starts with \"-\": put it after \"--\", as in daystrom "
                    << command << " -- " << Printable::escaped(a) << '\n';
            return ExitCode::Usage;
        }
    }
    if (command == "-v"_L1 || command == "--version"_L1) {
        ctx.out << "daystrom " << DAYSTROM_VERSION << '\n';
        return ExitCode::Ok;
    }
    if (command == "runs"_L1)
        return runsCommand(rest, ctx);
    if (command == "report"_L1)
        return reportCommand(rest, ctx);
    if (command == "compare"_L1)
        return compareCommand(rest, ctx);
    if (command == "sandbox"_L1)
        return sandboxCommand(rest, ctx);
    if (command == "generate"_L1)
        return generateCommand(rest, ctx);
    if (command == "experiment"_L1)
        return experimentCommand(rest, ctx);
    if (command == "resume"_L1)
        return resumeCommand(rest, ctx);
    if (command == "eval"_L1)
        return evalCommand(rest, ctx);
    if (command == "audit"_L1)
        return auditCommand(rest, ctx);
    if (command == "library"_L1)
        return libraryCommand(rest, ctx);
    if (command == "memory"_L1)
        return memoryCommand(rest, ctx);
    if (command == "apply"_L1)
        return applyCommand(rest, ctx);
    if (command == "revert"_L1)
        return revertCommand(rest, ctx);
    if (command == "cleanup"_L1)
        return cleanupCommand(rest, ctx);
    if (command == "mcp"_L1)
        return mcpCommand(rest, ctx);
    if (command == "completion"_L1)
        return completionCommand(rest, ctx);
    if (command == "__complete"_L1)
        return completeCommand(rest, ctx);
    ctx.err << "daystrom: unknown command \"" << command << "\"; see daystrom --help\n";
    return ExitCode::Usage;
}
