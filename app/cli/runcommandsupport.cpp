#include "runcommandsupport.h"

#include "config/config.h"
#include "domain/decision.h"
#include "domain/format.h"
#include "domain/numbercheck.h"
#include "domain/printable.h"
#include "domain/runfilecheck.h"
#include "interruptwatcher.h"
#include "loop/runbudget.h"
#include "models/session/runcontroller.h"
#include "models/session/runenvironment.h"
#include "models/session/sandboxhost.h"
#include "runprinter.h"
#include "runs/runstore.h"
#include "reports/usagetext.h"
#include "stepprompter.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace CliRun {

bool readInt(const QCommandLineParser &p, const QString &name, int min, int max, int *out, QString *error)
{
    if (!p.isSet(name))
        return true;
    bool ok = false;
    const int v = p.value(name).trimmed().toInt(&ok);
    if (!ok || v < min || v > max) {
        *error = u"--%1 must be a whole number from %2 to %3, not \"%4\""_s.arg(name).arg(min).arg(max).arg(
            Printable::escaped(p.value(name)));
        return false;
    }
    *out = v;
    return true;
}

bool readDouble(const QCommandLineParser &p, const QString &name, double min, double max, double *out, QString *error)
{
    if (!p.isSet(name))
        return true;
    const std::optional<double> v = NumberCheck::parseFinite(p.value(name));
    if (!v || !NumberCheck::within(*v, min, max)) {
        *error = u"--%1 must be a number from %2, not \"%3\""_s.arg(name, NumberCheck::rangeText(min, max),
                                                                 Printable::escaped(p.value(name)));
        return false;
    }
    *out = *v;
    return true;
}

// --rate and --concurrency go to the config cascade; checked here so the message names the flag.
bool checkScanFlags(const QCommandLineParser &p, QString *error)
{
    double rate = 0;
    int concurrency = 0;
    return readDouble(p, u"rate"_s, 0, 1000, &rate, error) && readInt(p, u"concurrency"_s, 1, 20, &concurrency, error);
}

void passServiceFlags(const QCommandLineParser &p, QHash<QString, QString> *configFlags)
{
    const QList<QPair<QString, QString>> flags{{u"provider"_s, u"llmProvider"_s}, {u"model"_s, u"llmModel"_s},
                                               {u"concurrency"_s, u"scanConcurrency"_s}, {u"rate"_s, u"scanRate"_s}};
    for (const auto &[flag, key] : flags) {
        if (p.isSet(flag))
            configFlags->insert(key, p.value(flag));
    }
}

bool readBudget(const QCommandLineParser &p, RunSettings *settings, QString *error)
{
    if (p.isSet(u"max-tokens"_s)) {
        bool ok = false;
        const qint64 v = p.value(u"max-tokens"_s).trimmed().toLongLong(&ok);
        if (!ok || v < 1 || v > RunFileCheck::MaxBudgetTokens) {
            *error = u"--max-tokens must be a whole number of tokens from 1 to %1, not \"%2\""_s.arg(
                UsageText::count(RunFileCheck::MaxBudgetTokens), Printable::escaped(p.value(u"max-tokens"_s)));
            return false;
        }
        settings->maxTokens = v;
    }
    if (p.isSet(u"max-cost"_s)) {
        QString text = p.value(u"max-cost"_s).trimmed();
        if (text.startsWith(u'$'))
            text.remove(0, 1);
        const std::optional<double> v = NumberCheck::parseFinite(text);
        if (!v || *v <= 0 || *v > RunFileCheck::MaxBudgetCost) {
            *error = u"--max-cost must be an amount in US dollars above 0 and at most %1, not \"%2\""_s.arg(
                UsageText::count(qint64(RunFileCheck::MaxBudgetCost)), Printable::escaped(p.value(u"max-cost"_s)));
            return false;
        }
        settings->maxCost = *v;
    }
    return true;
}

// Runs to the end on this thread's event loop (the application's main loop) and maps the
// outcome to an exit code (runcommandsupport.h). Ctrl+C pauses cleanly after the checkpoint.
int drive(const RunEnvironment &env, const RunState &run, bool jsonEvents, CliContext &ctx)
{
    RunController controller;
    RunPrinter printer(ctx, jsonEvents ? RunPrinter::Mode::JsonLines : RunPrinter::Mode::Human);
    printer.setModel(env.llm.model);
    printer.setSettings(run.userInput);
    printer.attach(&controller);
    std::unique_ptr<StepPrompter> prompter;
    if (run.steering.stepMode)
        prompter = std::make_unique<StepPrompter>(ctx, &controller, run.steering.keptExamples, run.responseSet);
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &controller, [&](int) {
        ctx.err << "\ndaystrom: pausing after the current step (Ctrl+C again to quit at once)\n";
        ctx.err.flush();
        controller.pause();
    });
    int code = ExitCode::Failed;
    QObject::connect(&controller, &RunController::finished, &controller, [&code](RunStatus status) {
        code = status == RunStatus::Completed ? ExitCode::Ok
             : status == RunStatus::Failed    ? ExitCode::Failed
                                              : ExitCode::Stopped;
        QCoreApplication::exit(code);
    });
    controller.start(env, run);
    QCoreApplication::exec();
    if (code == ExitCode::Ok) {
        // Completed is not passed: a run that ended (max iterations, plateau, …) without any
        // iteration reaching the target is below its threshold, as for eval's gate.
        const RunStore::Loaded ended = RunStore(env.runsDirectory).load(run.id);
        if (ended.ok() && !Decision::recordOf(ended.run).targetReached()) {
            ctx.err << "daystrom: the run ended below its target coverage of "
                    << Format::percent(ended.run.userInput.targetCoverage) << " (exit 1)\n";
            code = ExitCode::BelowThreshold;
        }
    }
    return code;
}

// Step mode asks on the terminal: without one it would wait for ever.
const char *const StepNeedsTerminal =
    ": --step asks you about each proposal on standard input, which is not a terminal here; run without --step "
    "to let the loop decide by itself, or use the desktop app\n";

// Where the run's services point: the built-in sandbox, or the configured AIRS and LLM.
bool environmentFor(bool sandbox, SandboxHost &host, const Config &config, const RunSettings &settings,
                    RunEnvironment *env, CliContext &ctx, const QString &command)
{
    // Prices come from the real config.json, for the sandbox too (its model is daystrom-sandbox).
    QString pricesError;
    const PriceTable prices = PriceTable::fromConfigFile(config.home(), &pricesError);
    if (!pricesError.isEmpty()) {
        ctx.err << "daystrom " << command << ": " << pricesError << '\n';
        return false;
    }
    const auto costNeedsPrice = [&](const QString &model) {
        const QString error = RunBudget::costNeedsPrice(settings, prices, model);
        if (!error.isEmpty())
            ctx.err << "daystrom " << command << ": " << error << '\n';
        return !error.isEmpty();
    };
    if (!sandbox) {
        QString error;
        *env = RunEnvironment::fromConfig(config, &error);
        if (!error.isEmpty()) {
            ctx.err << "daystrom " << command << ": " << error << " (or use --sandbox to try it without an account)\n";
            return false;
        }
        return !costNeedsPrice(env->llm.model);
    }
    if (costNeedsPrice(host.llmEndpoint().model)) // a constant: known before the emulators start
        return false;
    QString error;
    // One sandbox tenant for the app and every command (issue 58): what the app applied is
    // there for `audit --sandbox`, and the other way round.
    // A host already running (the MCP server's, shared by its runs) is used as it is.
    if (!host.isRunning())
        host.setTenantFile(SandboxHost::tenantFileIn(config.sandboxHome()));
    if (!host.isRunning() && !host.start(&error)) {
        ctx.err << "daystrom " << command << ": " << error << '\n';
        return false;
    }
    if (!host.tenantNote().isEmpty())
        ctx.err << "daystrom " << command << ": warning: " << host.tenantNote() << '\n';
    // The sandbox's runs and learnings live apart from real ones (<home>/sandbox): a sandbox
    // run never reads or writes the real memory, as in the desktop app's sandbox.
    const Config sandboxed = config.sandboxed();
    env->airs = host.airsSettings();
    env->llm = host.llmEndpoint();
    env->runsDirectory = sandboxed.dataDir();
    env->scanConcurrency = sandboxed.integer(ConfigKeys::ScanConcurrency);
    env->scanRate = sandboxed.number(ConfigKeys::ScanRate);
    env->propagationDelayMs = 0; // the emulator applies changes at once
    env->useMemoryFrom(sandboxed);
    env->prices = prices;
    return true;
}

} // namespace CliRun
