#include "commandspec.h"
#include "helplayout.h"

using namespace Qt::StringLiterals;

// What `daystrom --help` and the man pages say about the CLI as a whole: exit codes (cli.h's
// ExitCode), the environment (engine/config/configkeys.cpp and the providers), the files under
// the home (DESIGN.md "Files"), examples.
const QList<CliDocs::Entry> &CliDocs::exitStatuses()
{
    static const QList<Entry> codes{
        {u"0"_s, u"ok"_s},
        {u"1"_s, u"below a threshold (eval's gate; a run that completed below its target)"_s},
        {u"2"_s, u"bad usage or input"_s},
        {u"3"_s, u"failed (the service, or the run)"_s},
        {u"4"_s, u"run paused or cancelled"_s},
        {u"5"_s, u"a change planned but not made (apply without --yes, revert that needs --force)"_s},
    };
    return codes;
}

const QList<CliDocs::Entry> &CliDocs::environment()
{
    static const QList<Entry> variables{
        {u"DAYSTROM_HOME"_s, u"The home directory (default ~/.daystrom)"_s},
        {u"DATA_DIR"_s, u"Where runs are kept (default $DAYSTROM_HOME/runs)"_s},
        {u"MEMORY_DIR"_s, u"Where the memory is kept (default $DAYSTROM_HOME/memory)"_s},
        {u"MEMORY_ENABLED"_s, u"Whether runs read and write learnings (true/false, 1/0, yes/no, on/off)"_s},
        {u"MAX_MEMORY_CHARS"_s, u"The memory section's budget in characters (default 3000)"_s},
        {u"MEMORY_HALF_LIFE_DAYS"_s, u"Days in which a learning's confidence halves (0: no decay)"_s},
        {u"SCAN_CONCURRENCY"_s, u"Scans in parallel (1-20, default 5)"_s},
        {u"SCAN_RATE"_s, u"At most this many scans per second"_s},
        {u"PROPAGATION_DELAY_MS"_s, u"The wait after a deploy (AIRS needs about 10 s)"_s},
        {u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, u"Each attempt of an AIRS request (default 30000, 500-600000)"_s},
        {u"DAYSTROM_LLM_TIMEOUT_MS"_s, u"Each attempt of an LLM call (default 180000, 500-900000)"_s},
        {u"PANW_AI_SEC_API_KEY"_s, u"The AIRS scan API key"_s},
        {u"PANW_AI_SEC_API_ENDPOINT"_s, u"The scan host (/v1/scan/sync/request is appended)"_s},
        {u"PANW_AI_SEC_PROFILE_NAME"_s, u"The default AIRS security profile"_s},
        {u"PANW_MGMT_CLIENT_ID"_s, u"The management OAuth2 client id"_s},
        {u"PANW_MGMT_CLIENT_SECRET"_s, u"The management OAuth2 client secret"_s},
        {u"PANW_MGMT_TSG_ID"_s, u"The tenant service group id"_s},
        {u"PANW_MGMT_ENDPOINT"_s, u"The management API, ending in /aisec"_s},
        {u"PANW_MGMT_TOKEN_ENDPOINT"_s, u"The full OAuth2 token URL"_s},
        {u"PANW_RED_TEAM_MGMT_ENDPOINT"_s, u"The Red Team management base, for prompt sets"_s},
        {u"LLM_PROVIDER"_s, u"The LLM provider (see --provider)"_s},
        {u"LLM_MODEL"_s, u"The LLM model"_s},
        {u"ANTHROPIC_API_KEY"_s, u"The key for claude-api"_s},
        {u"ANTHROPIC_BASE_URL"_s, u"The Anthropic host (/v1/messages is appended)"_s},
        {u"OPENAI_API_KEY"_s, u"The key for openai and openai-compatible"_s},
        {u"OPENAI_BASE_URL"_s, u"The OpenAI-compatible base, ending in /v1"_s},
        {u"GOOGLE_API_KEY"_s, u"The key for gemini-api"_s},
        {u"GEMINI_BASE_URL"_s, u"The Gemini host"_s},
        {u"OLLAMA_BASE_URL"_s, u"The Ollama server"_s},
        {u"GOOGLE_APPLICATION_CREDENTIALS"_s, u"A service account key file for Vertex AI"_s},
        {u"GOOGLE_CLOUD_PROJECT"_s, u"The Vertex AI project (also ANTHROPIC_VERTEX_PROJECT_ID)"_s},
        {u"GOOGLE_CLOUD_LOCATION"_s, u"The Vertex AI region (also CLOUD_ML_REGION; default us-central1)"_s},
        {u"GOOGLE_VERTEX_BASE_URL"_s, u"The endpoint for gemini-vertex"_s},
        {u"ANTHROPIC_VERTEX_BASE_URL"_s, u"The endpoint for claude-vertex"_s},
        {u"AWS_ACCESS_KEY_ID"_s, u"Bedrock credentials, with AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN"_s},
        {u"AWS_PROFILE"_s, u"Else this profile (default default) in AWS_SHARED_CREDENTIALS_FILE"_s},
        {u"AWS_REGION"_s, u"The Bedrock region (also AWS_DEFAULT_REGION; default us-east-1)"_s},
        {u"ANTHROPIC_BEDROCK_BASE_URL"_s, u"The endpoint for claude-bedrock (also AWS_ENDPOINT_URL_BEDROCK_RUNTIME)"_s},
    };
    return variables;
}

const QList<CliDocs::Entry> &CliDocs::files()
{
    static const QList<Entry> paths{
        {u"~/.daystrom/config.json"_s, u"Settings (camelCase keys, never secrets)"_s},
        {u"~/.daystrom/runs/<run-id>.json"_s, u"A run, checkpointed after every iteration (DATA_DIR moves them)"_s},
        {u"~/.daystrom/memory/<category>.json"_s, u"Learnings by category (MEMORY_DIR moves them)"_s},
        {u"~/.daystrom/memory/feedback-log.jsonl"_s, u"Every change made to the memory"_s},
        {u"~/.daystrom/audits/<id>.json"_s, u"Profile audits"_s},
        {u"~/.daystrom/experiments/<id>/"_s, u"Memory experiments: experiment.json, memory/order-N/, report.txt, report.json, report.html"_s},
        {u"~/.daystrom/sandbox/runs/"_s, u"The sandbox's runs, apart from real ones (also sandbox/memory, sandbox/audits, sandbox/experiments)"_s},
        {u"~/.daystrom/sandbox/tenant.json"_s, u"The sandbox's AIRS tenant, shared by the app and every --sandbox command"_s},
    };
    return paths;
}

const QList<CliDocs::Entry> &CliDocs::examples()
{
    static const QList<Entry> commands{
        {u"daystrom generate --sandbox --topic \"Block requests to buy weapons\""_s, u"A whole run on the built-in sandbox, no account needed"_s},
        {u"daystrom generate --topic \"Block requests to buy weapons\" --profile my-profile"_s, u"A run against your tenant"_s},
        {u"daystrom runs"_s, u"The stored runs, newest first"_s},
        {u"daystrom report <run-id> --format json"_s, u"A run's best iteration as JSON"_s},
        {u"daystrom apply <run-id> --yes"_s, u"Write the best iteration's topic to the production profile"_s},
        {u"daystrom eval --prompts labelled.csv --profile my-profile --min-coverage 90"_s, u"A CI gate: exit 1 below 90 % coverage"_s},
        {u"source <(daystrom completion bash)"_s, u"Tab completion in this bash session"_s},
    };
    return commands;
}

QString CliDocs::providers()
{
    return u"LLM providers (--provider, LLM_PROVIDER): claude-api, openai, openai-compatible, gemini-api,\n"
           "ollama, gemini-vertex, claude-vertex (GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_PROJECT,\n"
           "CLOUD_ML_REGION or GOOGLE_CLOUD_LOCATION), claude-bedrock (AWS_ACCESS_KEY_ID and\n"
           "AWS_SECRET_ACCESS_KEY or AWS_PROFILE, AWS_REGION). Endpoints: GOOGLE_VERTEX_BASE_URL,\n"
           "ANTHROPIC_VERTEX_BASE_URL, ANTHROPIC_BEDROCK_BASE_URL (see README \"Providers\")."_s;
}

QString CliDocs::usage()
{
    QString text = u"Usage: daystrom <command> [options]\n\n"
                   "Design Prisma AIRS custom-topic guardrails with an LLM refinement loop (headless).\n\n"
                   "Commands:\n"_s;
    for (const CommandSpec &c : CommandSpec::all()) {
        if (c.hidden || !c.children().isEmpty())
            continue;
        text += HelpLayout::entry(HelpLayout::withoutProgram(c.synopsis), c.summary);
    }
    text += u"  memory … --sandbox        Any of these on the sandbox's learnings instead of the real ones\n\n"
            "Options:\n"_s
            + HelpLayout::entry(u"-h, --help"_s, u"Show this help (also: daystrom <command> --help)"_s)
            + HelpLayout::entry(u"-v, --version"_s, u"Show the version"_s) + u'\n' + providers() + u"\n\nFiles:\n"_s;
    for (const Entry &f : files())
        text += HelpLayout::entry(f.name, f.meaning);
    QStringList codes;
    for (const Entry &e : exitStatuses())
        codes.append(e.name + u' ' + e.meaning);
    return text + u"\nExit codes: "_s + HelpLayout::wrap(codes.join(u"; "_s) + u'.', HelpLayout::Width, 0) + u'\n';
}

const CommandSpec &CliDocs::studio()
{
    static const CommandSpec spec = [] {
        CommandSpec c;
        c.name = u"daystrom-studio"_s;
        c.synopsis = u"daystrom-studio [--sandbox]"_s;
        c.summary = u"Design Prisma AIRS custom-topic guardrails"_s;
        c.description =
            u"The desktop app: an LLM writes a topic, the app deploys it to an AIRS security profile, scans labelled test\n"
            "prompts live, measures efficacy and improves the topic until it reaches the target coverage. You compare\n"
            "iterations, apply the one you like, revert it, audit a whole profile and curate the memory. Without an\n"
            "account it offers the built-in sandbox. It shares its home, runs and memory with daystrom(1)."_s;
        c.options = {{{u"sandbox"_s}, {}, u"Use the built-in AIRS and LLM emulators (no account needed)"_s},
                     {{u"version"_s, u"v"_s}, {}, u"Displays version information."_s},
                     {{u"help-all"_s}, {}, u"Displays help including Qt specific options."_s}};
        return c;
    }();
    return spec;
}

const QList<CliDocs::Entry> &CliDocs::studioEnvironment()
{
    static const QList<Entry> variables = [] {
        QList<Entry> v{{u"DISPLAY"_s, u"The X11 display; without it and WAYLAND_DISPLAY the app says so and exits 1"_s},
                       {u"WAYLAND_DISPLAY"_s, u"The Wayland display"_s},
                       {u"QT_QPA_PLATFORM"_s, u"Qt's platform plugin (offscreen, xcb, wayland)"_s},
                       {u"LANG"_s, u"The language of the window (English or German)"_s}};
        return v + environment();
    }();
    return variables;
}
