#include "sandboxcommand.h"

#include "sandbox/airsemulator.h"
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
    if (!parser.parse(QStringList{u"daystrom sandbox"_s} + arguments)) {
        ctx.err << "daystrom sandbox: " << parser.errorText() << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << "Usage: daystrom sandbox serve [--port N]\n\n"
                   "Serves the AIRS emulator (scan, OAuth2, management, Red Team prompt sets) and\n"
                   "the sandbox LLM (OpenAI-compatible) on 127.0.0.1 with a ready profile, prints the settings that point the CLI at it,\n"
                   "and serves until interrupted (Ctrl+C).\n";
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
    auto *airs = new AirsEmulator({}, QCoreApplication::instance());
    if (airs->start(quint16(port)) == 0) {
        ctx.err << "daystrom sandbox: cannot listen on 127.0.0.1:" << port << '\n';
        return ExitCode::Usage;
    }
    airs->addProfile(SandboxProfile);
    auto *llm = new LlmEmulator(QCoreApplication::instance());
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
            << "Serving until interrupted (Ctrl+C).\n";
    ctx.out.flush();
    return QCoreApplication::exec();
}
