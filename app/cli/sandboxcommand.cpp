#include "sandboxcommand.h"
#include "flagerror.h"

#include "interruptwatcher.h"

#include "sandbox/airsemulator.h"
#include "sandbox/faultspec.h"
#include "sandbox/llmemulator.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

static const QString SandboxProfile = u"daystrom-sandbox"_s;

int sandboxCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addPositionalArgument(u"serve"_s, u"Serve the emulators until interrupted"_s);
    const QCommandLineOption portOpt(u"port"_s, u"Port on 127.0.0.1 (default: any free port)"_s, u"N"_s, u"0"_s);
    parser.addOption(portOpt);
    const QCommandLineOption faultsOpt(u"faults"_s, u"Inject faults at these rates (see --help)"_s,
                                       u"SPEC"_s);
    parser.addOption(faultsOpt);
    const QCommandLineOption propagationOpt(u"propagation-ms"_s, u"Propagation delay"_s, u"N"_s,
                                            u"0"_s);
    const QCommandLineOption scanLatencyOpt(u"scan-latency-ms"_s, u"Scan latency"_s, u"N"_s,
                                            u"0"_s);
    const QCommandLineOption llmLatencyOpt(u"llm-latency-ms"_s, u"LLM latency"_s, u"N"_s, u"0"_s);
    parser.addOptions({propagationOpt, scanLatencyOpt, llmLatencyOpt});
    if (!parser.parse(QStringList{u"daystrom sandbox"_s} + arguments)) {
        ctx.err << "daystrom sandbox: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << "Usage: daystrom sandbox serve [--port N] [--faults SPEC] [--propagation-ms N]\n"
                   "                              [--scan-latency-ms N] [--llm-latency-ms N]\n\n"
                   "Serves the AIRS emulator (scan, OAuth2, management, Red Team prompt sets) and\n"
                   "the sandbox LLM (OpenAI-compatible) on 127.0.0.1 with a ready profile, prints\n"
                   "the settings that point the CLI at it, and serves until interrupted (Ctrl+C).\n"
                   "\n"
                   "  --port N        port of the AIRS emulator (default: any free port)\n"
                   "  --faults SPEC   inject faults, for testing a client's retries. SPEC is\n"
                   "                  comma-separated ROUTE.KIND=RATE entries plus optional\n"
                   "                  seed=N (default 1) and retry-after=SECONDS (default 0.2).\n"
                   "    ROUTE  scan (POST /v1/scan/sync/request), token (OAuth2 token), mgmt\n"
                   "           (topics, profiles), redteam (custom prompt sets), llm, or all\n"
                   "    KIND   503, 5xx (500/502/503/504), 429 (with Retry-After), hang (never\n"
                   "           answered), cut (performed; the connection closes after half the\n"
                   "           body), truncated (performed; 200 with half the JSON body), echo\n"
                   "           (401 quoting the request's credentials back); and for scan\n"
                   "           only, poison: that share of distinct prompts (picked by the seed)\n"
                   "           has every scan cut, whatever the other rates\n"
                   "    RATE   probability from 0 to 1; a request gets at most one fault, so a\n"
                   "           route's rates add up to at most 1. A ROUTE entry overrides\n"
                   "           \"all\".\n"
                   "  Example: --faults scan.503=0.2,token.cut=0.2,all.truncated=0.1,seed=7\n"
                   "  Faults other than cut and truncated are answered without performing the\n"
                   "  request. Rates, not positions, are the contract: the same spec and seed\n"
                   "  repeat a route's fault sequence only if its requests arrive in the same\n"
                   "  order. GET /_sandbox/faults on either emulator counts the faults injected.\n"
                   "  --propagation-ms N   a topic or profile change reaches scans N ms after it\n"
                   "                       was made; a scan before that sees the old state and is\n"
                   "                       listed at GET /_sandbox/propagation (default 0)\n"
                   "  --scan-latency-ms N  every scan is answered after N ms (default 0)\n"
                   "  --llm-latency-ms N   every LLM call is answered after N ms (default 0)\n";
        return ExitCode::Ok;
    }
    if (parser.positionalArguments() != QStringList{u"serve"_s}) {
        ctx.err << "daystrom sandbox: expected \"serve\"; see daystrom sandbox --help\n";
        return ExitCode::Usage;
    }
    bool ok = false;
    const int port = parser.value(portOpt).toInt(&ok);
    if (!ok || port < 0 || port > 65535) {
        ctx.err << "daystrom sandbox: --port must be a number from 0 to 65535, not \""
                << parser.value(portOpt) << "\"\n";
        return ExitCode::Usage;
    }
    int delays[3] = {0, 0, 0}; // propagation, scan latency, LLM latency
    const QCommandLineOption *delayOpts[3] = {&propagationOpt, &scanLatencyOpt, &llmLatencyOpt};
    for (int i = 0; i < 3; ++i) {
        delays[i] = parser.value(*delayOpts[i]).toInt(&ok);
        if (!ok || delays[i] < 0) {
            ctx.err << "daystrom sandbox: --" << delayOpts[i]->names().constFirst()
                    << " must be a whole number of milliseconds, not \""
                    << parser.value(*delayOpts[i]) << "\"\n";
            return ExitCode::Usage;
        }
    }
    FaultSpec faults;
    if (parser.isSet(faultsOpt)) {
        QString error;
        const auto spec = FaultSpec::parse(parser.value(faultsOpt), &error);
        if (!spec) {
            ctx.err << "daystrom sandbox: --faults: " << error << '\n';
            return ExitCode::Usage;
        }
        faults = *spec;
    }
    auto *airs = new AirsEmulator({}, QCoreApplication::instance());
    airs->setFaultSpec(faults);
    AirsEmulator::Faults airsFaults;
    airsFaults.propagationDelayMs = delays[0];
    airsFaults.scanLatencyMs = delays[1];
    airs->setFaults(airsFaults);
    if (airs->start(quint16(port)) == 0) {
        ctx.err << "daystrom sandbox: cannot listen on 127.0.0.1:" << port << '\n';
        return ExitCode::Usage;
    }
    airs->addProfile(SandboxProfile);
    auto *llm = new LlmEmulator(QCoreApplication::instance());
    llm->setFaultInjector(airs->faultInjector()); // one spec, one tally for both
    LlmEmulator::Faults llmFaults;
    llmFaults.latencyMs = delays[2];
    llm->setFaults(llmFaults);
    if (llm->start() == 0) {
        ctx.err << "daystrom sandbox: the LLM emulator cannot listen on 127.0.0.1\n";
        return ExitCode::Usage;
    }
    const AirsEmulator::Credentials c = airs->options().credentials;
    ctx.out << "AIRS sandbox listening on " << airs->baseUrl().toString() << "\n"
            << "LLM sandbox listening on " << llm->baseUrl().toString() << "\n"
            << "Sandbox credentials (not secret; they only open this emulator):\n"
            << "  PANW_AI_SEC_API_ENDPOINT=" << airs->scanEndpoint().toString() << '\n'
            << "  PANW_AI_SEC_API_KEY=" << c.apiKey << '\n'
            << "  PANW_MGMT_ENDPOINT=" << airs->managementEndpoint().toString() << '\n'
            << "  PANW_MGMT_TOKEN_ENDPOINT=" << airs->tokenEndpoint().toString() << '\n'
            << "  PANW_MGMT_CLIENT_ID=" << c.clientId << '\n'
            << "  PANW_MGMT_CLIENT_SECRET=" << c.clientSecret << '\n'
            << "  PANW_MGMT_TSG_ID=" << c.tsgId << '\n'
            << "  PANW_RED_TEAM_MGMT_ENDPOINT=" << airs->redTeamEndpoint().toString() << '\n'
            << "  LLM_PROVIDER=openai-compatible\n"
            << "  OPENAI_BASE_URL=" << llm->baseUrl().toString() << '\n'
            << "Security profile: " << SandboxProfile << "\n"
            << "Faults: " << (faults.isEmpty() ? u"none"_s : faults.toString()) << '\n'
            << (delays[0] + delays[1] + delays[2] > 0
                    ? u"Delays: propagation %1 ms, scan latency %2 ms, LLM latency %3 ms\n"_s.arg(
                          delays[0]).arg(delays[1]).arg(delays[2])
                    : QString())
            << "Serving until interrupted (Ctrl+C).\n";
    ctx.out.flush();
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, airs, [&ctx, airs](int) {
        ctx.err << "daystrom sandbox: stopped; faults injected: " << airs->faultInjector()->tally()
                << '\n';
        ctx.err.flush();
        QCoreApplication::exit(0);
    });
    return QCoreApplication::exec();
}
