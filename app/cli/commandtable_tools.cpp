#include "commandtables.h"

using namespace Qt::StringLiterals;

// The commands around the engine (sandbox, mcp, completion, the hidden __complete) and the
// options several commands share.
namespace {
CommandSpec sandboxServe()
{
    CommandSpec c;
    c.name = u"sandbox"_s;
    c.synopsis = u"daystrom sandbox serve [--port N] [--faults SPEC] [--propagation-ms N]\n"
                 "                      [--scan-latency-ms N] [--llm-latency-ms N]"_s;
    c.summary = u"Serve the AIRS and LLM emulators on 127.0.0.1 until interrupted"_s;
    c.words = {u"serve"_s};
    c.description =
        u"Serves the AIRS emulator (scan, OAuth2, management, Red Team prompt sets) and\n"
        "the sandbox LLM (OpenAI-compatible) on 127.0.0.1 with a ready profile, prints\n"
        "the settings that point the CLI at it, and serves until interrupted (Ctrl+C).\n\n"
        "--faults SPEC injects faults, for testing a client's retries. SPEC is\n"
        "comma-separated ROUTE.KIND=RATE entries plus optional\n"
        "seed=N (default 1) and retry-after=SECONDS (default 0.2).\n\n"
        "  ROUTE  scan (POST /v1/scan/sync/request), token (OAuth2 token), mgmt\n"
        "         (topics, profiles), redteam (custom prompt sets), llm, or all\n"
        "  KIND   503, 5xx (500/502/503/504), 429 (with Retry-After), hang (never\n"
        "         answered), cut (performed; the connection closes after half the\n"
        "         body), truncated (performed; 200 with half the JSON body), echo\n"
        "         (401 quoting the request's credentials back); and for scan\n"
        "         only, poison: that share of distinct prompts (picked by the seed)\n"
        "         has every scan cut, whatever the other rates\n"
        "  RATE   probability from 0 to 1; a request gets at most one fault, so a\n"
        "         route's rates add up to at most 1. A ROUTE entry overrides\n"
        "         \"all\".\n\n"
        "  Example: --faults scan.503=0.2,token.cut=0.2,all.truncated=0.1,seed=7\n\n"
        "Faults other than cut and truncated are answered without performing the\n"
        "request. Rates, not positions, are the contract: the same spec and seed\n"
        "repeat a route's fault sequence only if its requests arrive in the same\n"
        "order. GET /_sandbox/faults on either emulator counts the faults injected."_s;
    c.options = {{{u"port"_s}, u"N"_s, u"Port of the AIRS emulator on 127.0.0.1 (default: any free port)"_s, u"0"_s, {}, ValueKind::None, false, true},
                 {{u"faults"_s}, u"SPEC"_s, u"Inject faults at these rates (the grammar is above)"_s},
                 {{u"propagation-ms"_s}, u"N"_s,
                  u"A topic or profile change reaches scans N ms after it was made; a scan before that sees the old state and "
                  "is listed at GET /_sandbox/propagation (default 0)"_s, u"0"_s, {}, ValueKind::None, false, true},
                 {{u"scan-latency-ms"_s}, u"N"_s, u"Every scan is answered after N ms (default 0)"_s, u"0"_s, {}, ValueKind::None, false, true},
                 {{u"llm-latency-ms"_s}, u"N"_s, u"Every LLM call is answered after N ms (default 0)"_s, u"0"_s, {}, ValueKind::None, false, true}};
    return c;
}

CommandSpec mcp()
{
    CommandSpec c;
    c.name = u"mcp"_s;
    c.synopsis = u"daystrom mcp [--allow-writes] [--sandbox]"_s;
    c.summary = u"Serve the engine to agents over the Model Context Protocol (stdio)"_s;
    c.description =
        u"Serves the engine to agents over the Model Context Protocol, revision 2025-11-25 (JSON-RPC 2.0, one\n"
        "message per line on standard input and output; logs on standard error only). Tools: design_start,\n"
        "run_status, run_steer, run_report, eval, compare, compare_runs, audit, library_list, library_show,\n"
        "memory_search, apply_plan, apply and revert, each with input and output schemas; resources\n"
        "daystrom://runs/<id> and daystrom://runs/<id>/report. Long jobs send progress notifications; a client's cancellation\n"
        "stops the job as Cancel does. apply and revert write only when the server was started with\n"
        "--allow-writes and the call carries the hash of the plan apply_plan showed. When the client goes\n"
        "away, runs still going are cancelled (in-place runs put production back)."_s;
    c.options = {{{u"allow-writes"_s}, {}, u"Let the apply and revert tools write to the tenant (each call must carry the plan's hash)"_s},
                 CommandTables::sandbox(u"Tools use the built-in AIRS and LLM emulators unless a call says sandbox: false"_s)};
    return c;
}

CommandSpec completion()
{
    CommandSpec c;
    c.name = u"completion"_s;
    c.synopsis = u"daystrom completion bash|zsh|fish"_s;
    c.summary = u"Print the shell completion script for bash, zsh or fish"_s;
    c.description = u"Prints a script that completes commands, flags, flag values, run ids and profile names. For this shell\n"
                    "only: source <(daystrom completion bash); the Debian package installs all three."_s;
    c.words = {u"bash"_s, u"zsh"_s, u"fish"_s};
    return c;
}

CommandSpec complete()
{
    CommandSpec c;
    c.name = u"__complete"_s;
    c.synopsis = u"daystrom __complete runs|profiles|categories [--sandbox]"_s;
    c.summary = u"What the completion scripts ask: run ids, profile names or memory categories, one a line"_s;
    c.words = {u"runs"_s, u"profiles"_s, u"categories"_s};
    c.hidden = true;
    c.options = {CommandTables::sandbox(u"The sandbox's runs and learnings"_s)};
    return c;
}
} // namespace

QList<CommandSpec> CommandTables::toolCommands()
{
    return {sandboxServe(), mcp(), completion(), complete()};
}

OptionSpec CommandTables::provider(const QString &description)
{
    return {{u"provider"_s}, u"name"_s, description, {},
            {u"claude-api"_s, u"openai"_s, u"openai-compatible"_s, u"gemini-api"_s, u"ollama"_s, u"gemini-vertex"_s,
             u"claude-vertex"_s, u"claude-bedrock"_s}};
}

OptionSpec CommandTables::model()
{
    return {{u"model"_s}, u"name"_s, u"LLM model"_s};
}

OptionSpec CommandTables::rate()
{
    return {{u"rate"_s}, u"n"_s, u"At most this many scans per second"_s};
}

OptionSpec CommandTables::concurrency(const QString &description)
{
    return {{u"concurrency"_s}, u"N"_s, description};
}

OptionSpec CommandTables::sandbox(const QString &description)
{
    return {{u"sandbox"_s}, {}, description};
}

OptionSpec CommandTables::intent(const QString &description)
{
    return {{u"intent"_s}, u"intent"_s, description, u"block"_s, {u"block"_s, u"allow"_s}};
}

OptionSpec CommandTables::format(const QStringList &allowed, const QString &description, bool parserDefault)
{
    return {{u"format"_s}, u"format"_s, description, u"text"_s, allowed, ValueKind::None, false, parserDefault};
}
