#include "sandboxcommand.h"
#include "commandspec.h"
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
    const CommandSpec &spec = CommandSpec::get(u"sandbox");
    CommandSpec::addTo(parser, spec);
    if (!parser.parse(QStringList{u"daystrom sandbox"_s} + arguments)) {
        ctx.err << "daystrom sandbox: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    if (parser.positionalArguments() != QStringList{u"serve"_s}) {
        ctx.err << "daystrom sandbox: expected \"serve\"; see daystrom sandbox --help\n";
        return ExitCode::Usage;
    }
    bool ok = false;
    const int port = parser.value(u"port"_s).toInt(&ok);
    if (!ok || port < 0 || port > 65535) {
        ctx.err << "daystrom sandbox: --port must be a number from 0 to 65535, not \""
                << parser.value(u"port"_s) << "\"\n";
        return ExitCode::Usage;
    }
    int delays[3] = {0, 0, 0}; // propagation, scan latency, LLM latency
    const QString delayOpts[3] = {u"propagation-ms"_s, u"scan-latency-ms"_s, u"llm-latency-ms"_s};
    for (int i = 0; i < 3; ++i) {
        delays[i] = parser.value(delayOpts[i]).toInt(&ok);
        if (!ok || delays[i] < 0) {
            ctx.err << "daystrom sandbox: --" << delayOpts[i]
                    << " must be a whole number of milliseconds, not \""
                    << parser.value(delayOpts[i]) << "\"\n";
            return ExitCode::Usage;
        }
    }
    FaultSpec faults;
    if (parser.isSet(u"faults"_s)) {
        QString error;
        const auto spec = FaultSpec::parse(parser.value(u"faults"_s), &error);
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
