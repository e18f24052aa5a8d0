#include "experimentcommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "config/config.h"
#include "domain/nanoid.h"
#include "domain/outputfile.h"
#include "domain/printable.h"
#include "reports/experimentreport.h"
#include "interruptwatcher.h"
#include "models/session/runenvironment.h"
#include "models/session/experimentrunner.h"
#include "models/session/sandboxhost.h"
#include "runcommandsupport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace {

struct Args
{
    QStringList topics;
    int orders = 2;
    std::optional<quint32> seed;
    RunSettings settings;
    bool sandbox = false;
    bool json = false;
    QString resume;
    QHash<QString, QString> configFlags;
};

QString parse(const QStringList &arguments, Args *out, bool *help, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"experiment");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom experiment"_s} + arguments))
        return flagError(p);
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        *help = true;
        return {};
    }
    const QStringList positional = p.positionalArguments();
    if (positional.size() != 1 || positional.first() != "memory"_L1)
        return positional.isEmpty() ? u"which experiment? The one there is: daystrom experiment memory"_s
                                    : u"unknown experiment \"%1\"; the one there is: memory"_s.arg(
                                          Printable::escaped(positional.join(u' ')));
    out->sandbox = p.isSet(u"sandbox"_s);
    out->resume = p.value(u"resume"_s).trimmed();
    if (p.isSet(u"format"_s)) {
        const QString format = p.value(u"format"_s).trimmed().toLower();
        if (format != "text"_L1 && format != "json"_L1)
            return u"--format must be text or json, not \"%1\""_s.arg(Printable::escaped(p.value(u"format"_s)));
        out->json = format == "json"_L1;
    }
    QString error;
    if (!CliRun::readInt(p, u"orders"_s, 1, 20, &out->orders, &error) || !CliRun::checkScanFlags(p, &error))
        return error;
    if (p.isSet(u"seed"_s)) {
        bool ok = false;
        const qulonglong seed = p.value(u"seed"_s).trimmed().toULongLong(&ok);
        if (!ok || seed > 0xffffffffULL)
            return u"--seed must be a whole number from 0 to 4294967295, not \"%1\""_s.arg(Printable::escaped(p.value(u"seed"_s)));
        out->seed = quint32(seed);
    }
    RunSettings &s = out->settings;
    s.maxIterations = 10;
    double target = 90;
    if (!CliRun::readInt(p, u"max-iterations"_s, 1, 100, &s.maxIterations, &error)
        || !CliRun::readDouble(p, u"target-coverage"_s, 10, 100, &target, &error)
        || !CliRun::readInt(p, u"benchmark"_s, 10, 1000, &s.benchmarkSize, &error))
        return error;
    s.targetCoverage = target / 100.0;
    s.profileName = p.value(u"profile"_s).trimmed();
    if (s.profileName.isEmpty() && out->sandbox)
        s.profileName = SandboxHost::ProfileName;
    if (s.profileName.isEmpty() && out->resume.isEmpty())
        return u"--profile is required: the AIRS security profile the runs copy (it is never changed)"_s;
    if (p.isSet(u"intent"_s)) {
        const auto intent = intentFromName(p.value(u"intent"_s).trimmed().toLower());
        if (!intent)
            return u"--intent must be block or allow, not \"%1\""_s.arg(Printable::escaped(p.value(u"intent"_s)));
        s.intent = *intent;
    }
    if (!out->resume.isEmpty()) {
        for (const QString &flag : {u"topics"_s, u"orders"_s, u"seed"_s, u"profile"_s, u"intent"_s, u"max-iterations"_s,
                                    u"target-coverage"_s, u"benchmark"_s}) {
            if (p.isSet(flag))
                return u"--%1 cannot change an experiment being resumed"_s.arg(flag);
        }
    }
    out->topics = ExperimentPlan::defaultTopics();
    if (p.isSet(u"topics"_s)) {
        out->topics = ExperimentPlan::readTopics(p.value(u"topics"_s), &error);
        if (!error.isEmpty())
            return error;
    }
    CliRun::passServiceFlags(p, &out->configFlags);
    return {};
}

QString writeFile(const QString &path, const QByteArray &bytes)
{
    return OutputFile::write(path, bytes);
}

} // namespace

int experimentCommand(const QStringList &arguments, CliContext &ctx)
{
    Args args;
    bool help = false;
    if (const QString error = parse(arguments, &args, &help, ctx); !error.isEmpty()) {
        ctx.err << "daystrom experiment: " << error << '\n';
        return ExitCode::Usage;
    }
    if (help)
        return ExitCode::Ok;
    const Config::Result config = loadConfig(ctx.env, args.configFlags);
    for (const QString &w : config.warnings)
        ctx.err << "daystrom: warning: " << w << '\n';
    if (!config.ok()) {
        ctx.err << "daystrom experiment: " << config.errors.first() << '\n';
        return ExitCode::Usage;
    }
    // Next to the runs and memory of the same kind: the sandbox's experiments live apart.
    const QString experiments =
        QDir(args.sandbox ? config.config.sandboxHome() : config.config.home()).filePath(u"experiments"_s);
    ExperimentPlan plan;
    if (!args.resume.isEmpty()) {
        QString error;
        plan = ExperimentRunner::loadPlan(QDir(experiments).filePath(args.resume), &error);
        if (!error.isEmpty()) {
            ctx.err << "daystrom experiment: " << error << '\n';
            return ExitCode::Usage;
        }
        if (plan.sandbox != args.sandbox) {
            ctx.err << "daystrom experiment: experiment " << plan.id << (plan.sandbox ? " ran in the sandbox; resume it with --sandbox\n"
                                                                                     : " is a real one; resume it without --sandbox\n");
            return ExitCode::Usage;
        }
    } else {
        plan = ExperimentPlan::create(args.topics, args.orders, args.seed.value_or(QRandomGenerator::system()->generate()),
                                      args.settings);
        plan.id = NanoId::generate();
        plan.sandbox = args.sandbox;
    }
    if (config.config.source(ConfigKeys::ScanConcurrency) == ConfigSource::CommandLine)
        plan.base.scanConcurrency = config.config.integer(ConfigKeys::ScanConcurrency);
    if (config.config.source(ConfigKeys::ScanRate) == ConfigSource::CommandLine)
        plan.base.scanRate = config.config.number(ConfigKeys::ScanRate);

    SandboxHost host;
    RunEnvironment env;
    if (!CliRun::environmentFor(args.sandbox, host, config.config, plan.base, &env, ctx, u"experiment"_s))
        return ExitCode::Usage;
    // Both arms of every topic with the same LLM: a resume may not switch it.
    if (args.resume.isEmpty()) {
        plan.provider = env.llm.provider;
        plan.model = env.llm.model;
    } else if (plan.provider != env.llm.provider || plan.model != env.llm.model) {
        ctx.err << "daystrom experiment: experiment " << plan.id << " ran with " << plan.provider << '/' << plan.model
                << "; this would use " << env.llm.provider << '/' << env.llm.model
                << " (set --provider and --model to match)\n";
        return ExitCode::Usage;
    }
    RunMemorySettings memory = RunMemorySettings::fromConfig(config.config).value_or(RunMemorySettings{});
    const QString directory = QDir(experiments).filePath(plan.id);
    ExperimentRunner runner(plan, directory, env, memory);

    // With --format json, standard output is the report alone: progress goes to stderr.
    QTextStream &progress = args.json ? ctx.err : ctx.out;
    const int total = int(plan.runs.size());
    progress << (args.resume.isEmpty() ? "Experiment " : "Resuming experiment ") << plan.id << ": " << plan.topics.size()
            << " topics x " << plan.orders << " orders x 2 arms = " << total << " runs (seed " << plan.seed << ")\n";
    if (plan.sandbox)
        progress << "Sandbox: " << ExperimentOutcome::sandboxCaveat() << '\n';
    progress.flush();
    QObject::connect(&runner, &ExperimentRunner::runStarting, &runner,
                     [&](int index, const QString &runId, const QString &topic, bool memoryOn, bool resumed) {
                         const ExperimentPlan::Run &r = runner.plan().runs.at(index);
                         progress << '[' << (index + 1) << '/' << total << "] order " << r.order << ", topic "
                                  << r.position << ", memory " << (memoryOn ? "on " : "off") << ": " << topic << " (run "
                                  << runId << (resumed ? ", resumed" : "") << ")\n";
                         progress.flush();
                     });
    QObject::connect(&runner, &ExperimentRunner::iterationRecorded, &runner, [&](int, int iteration, double coverage) {
        progress << "    iteration " << iteration << ": coverage " << QString::number(coverage * 100, 'f', 1) << "%\n";
        progress.flush();
    });
    int code = ExitCode::Ok;
    QObject::connect(&runner, &ExperimentRunner::finished, &runner, [&](bool stopped, const QString &error) {
        if (!error.isEmpty()) {
            ctx.err << "daystrom experiment: " << error << "; `daystrom experiment memory --resume " << plan.id
                    << (plan.sandbox ? " --sandbox" : "") << "` tries again\n";
            code = ExitCode::Failed;
        } else if (stopped) {
            ctx.err << "daystrom experiment: stopped; `daystrom experiment memory --resume " << plan.id
                    << (plan.sandbox ? " --sandbox" : "") << "` continues\n";
            code = ExitCode::Stopped;
        }
        QCoreApplication::exit(code);
    });
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &runner, [&](int) {
        ctx.err << "\ndaystrom experiment: pausing the current run after its step\n";
        ctx.err.flush();
        runner.cancel();
    });
    runner.start();
    QCoreApplication::exec();

    // The report, also of an unfinished experiment (its missing pairs are marked).
    const ExperimentOutcome outcome = runner.outcome();
    const QString text = ExperimentReport::text(outcome);
    const QByteArray json = QJsonDocument(ExperimentReport::json(outcome)).toJson();
    for (const auto &[name, bytes] : {std::pair{u"report.txt"_s, text.toUtf8()}, std::pair{u"report.json"_s, json},
                                      std::pair{u"report.html"_s, ExperimentReport::html(outcome).toUtf8()}}) {
        if (const QString error = writeFile(QDir(directory).filePath(name), bytes); !error.isEmpty())
            ctx.err << "daystrom experiment: " << error << '\n';
    }
    if (args.json)
        ctx.out << json;
    else
        ctx.out << '\n' << text << "\nReport: " << QDir(directory).filePath(u"report.html"_s) << '\n';
    ctx.out.flush();
    return code;
}
