#include "generatecommand.h"
#include "commandspec.h"
#include "flagerror.h"
#include "runcommandsupport.h"

#include "common/configloader.h"
#include "domain/extratests.h"
#include "domain/labelledcsv.h"
#include "domain/robustness.h"
#include "domain/runsize.h"
#include "domain/nanoid.h"
#include "domain/numbercheck.h"
#include "domain/printable.h"
#include "domain/samplesize.h"
#include "interruptwatcher.h"
#include "loop/resumeplan.h"
#include "models/session/runenvironment.h"
#include "models/session/runcontroller.h"
#include "models/session/sandboxhost.h"
#include "runprinter.h"
#include "runs/runstore.h"
#include "sandbox/sandboxsubject.h"
#include "stepprompter.h"
#include "tenant/tenantcleaner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QLockFile>

using namespace Qt::StringLiterals;
using namespace CliRun;

namespace {
// Appends the labelled prompts of a CSV file (prompt,expected[,intent][,category]) to `out`;
// returns an error message naming the file, or empty. Mixed intents are refused as in eval.
QString readLabelledCsv(const QString &path, bool intentGiven, QList<TestCase> *out)
{
    const QString name = Printable::escaped(path, 200);
    const LabelledCsv::Parsed csv = LabelledCsv::readFile(path, name);
    if (!csv.ok())
        return csv.error;
    std::optional<Intent> intent;
    if (const QString mixed = LabelledCsv::checkOneIntent(name, csv.rows, &intent, intentGiven); !mixed.isEmpty())
        return mixed;
    for (const LabelledCsv::Row &row : csv.rows)
        out->append(row.test);
    return {};
}

} // namespace

namespace {
QString readGenerateArgs(const QStringList &arguments, GenerateArgs *out, bool *helpShown, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"generate");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom generate"_s} + arguments))
        return flagError(p);
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        *helpShown = true;
        return {};
    }
    if (!p.positionalArguments().isEmpty())
        return u"unexpected argument \""_s + p.positionalArguments().first() + u'"';
    RunSettings &s = out->settings;
    out->sandbox = p.isSet(u"sandbox"_s);
    s.topicDescription = p.value(u"topic"_s).trimmed();
    if (s.topicDescription.isEmpty())
        return u"--topic is required: describe what the guardrail should detect"_s;
    if (s.topicDescription.size() > MaxTopicDescriptionChars)
        return u"--topic is %1 characters long; describe what the guardrail should detect in at most %2"_s
            .arg(s.topicDescription.size())
            .arg(MaxTopicDescriptionChars);
    s.profileName = p.value(u"profile"_s).trimmed();
    if (s.profileName.isEmpty())
        s.profileName = out->sandbox ? SandboxHost::ProfileName : QString();
    if (s.profileName.isEmpty())
        return u"--profile is required: the AIRS security profile to deploy to"_s;
    if (p.isSet(u"intent"_s)) {
        const auto intent = intentFromName(p.value(u"intent"_s).trimmed().toLower());
        if (!intent)
            return u"--intent must be block or allow, not \""_s + p.value(u"intent"_s) + u'"';
        s.intent = *intent;
    }
    s.inPlace = p.isSet(u"in-place"_s);
    for (const QString &name : p.values(u"leave-out"_s)) {
        if (!name.trimmed().isEmpty())
            s.leaveOut.append(name.trimmed());
    }
    for (const QString &seed : p.values(u"seed"_s)) {
        if (!seed.trimmed().isEmpty())
            s.seedExamples.append(seed.trimmed());
    }
    QString error;
    double target = s.targetCoverage * 100;
    int cap = 0;
    if (!readInt(p, u"max-iterations"_s, 1, 100, &s.maxIterations, &error)
        || !readDouble(p, u"target-coverage"_s, 10, 100, &target, &error)
        || !readInt(p, u"max-regressions"_s, 0, 100, &s.maxRegressions, &error)
        || !readInt(p, u"plateau-window"_s, 0, 100, &s.plateauWindow, &error)
        || !readDouble(p, u"plateau-band"_s, 0, 1, &s.plateauBand, &error)
        || !readInt(p, u"max-accumulated-tests"_s, 0, 100000, &cap, &error)
        || !readInt(p, u"benchmark"_s, 0, 1000, &s.benchmarkSize, &error)
        || !readInt(p, u"scan-repeats"_s, 1, 10, &s.scanRepeats, &error)
        || !readInt(p, u"regression-sample"_s, 0, 1000, &s.regressionSample, &error)
        || !readInt(p, u"response-tests"_s, 0, MaxResponseTests, &s.responseTests, &error)
        || !readInt(p, u"robustness-sample"_s, 2, MaxRobustnessSample, &s.robustnessSample, &error)
        || !checkScanFlags(p, &error) || !readBudget(p, &s, &error))
        return error;
    if (p.isSet(u"benchmark-width"_s)) {
        if (p.isSet(u"benchmark"_s) || p.isSet(u"benchmark-prompts"_s))
            return u"--benchmark-width chooses the benchmark's size: give it without --benchmark or --benchmark-prompts"_s;
        double points = 0;
        if (!readDouble(p, u"benchmark-width"_s, 0.5, 50, &points, &error))
            return error;
        s.benchmarkSize = SampleSize::benchmarkFor(points / 100);
        if (s.benchmarkSize > 1000)
            return u"--benchmark-width %1 needs %2 prompts, more than the 1000 a benchmark may have"_s.arg(
                p.value(u"benchmark-width"_s), QString::number(s.benchmarkSize));
    }
    if (p.isSet(u"decide-on"_s)) {
        const QString on = p.value(u"decide-on"_s).trimmed().toLower();
        if (on != "benchmark"_L1 && on != "working"_L1)
            return u"--decide-on must be benchmark or working, not \""_s + p.value(u"decide-on"_s) + u'"';
        s.decideOnWorkingSuite = on == "working"_L1;
    }
    if (p.isSet(u"directions"_s)) {
        const QString which = p.value(u"directions"_s).trimmed().toLower();
        if (which != "prompt"_L1 && which != "both"_L1)
            return u"--directions must be prompt or both, not \""_s + p.value(u"directions"_s) + u'"';
        s.decideOnBothDirections = which == "both"_L1;
    }
    if (p.isSet(u"robustness"_s) && p.isSet(u"robustness-families"_s))
        return u"give --robustness (every default family) or --robustness-families LIST, not both"_s;
    if (p.isSet(u"robustness"_s))
        s.robustnessFamilies = Robustness::defaultFamilies();
    if (p.isSet(u"robustness-families"_s)) {
        for (const QString &family : p.value(u"robustness-families"_s).split(u',', Qt::SkipEmptyParts))
            s.robustnessFamilies.append(family.trimmed().toLower());
        if (s.robustnessFamilies.isEmpty())
            return u"--robustness-families needs at least one family"_s;
    }
    if (p.isSet(u"benchmark-prompts"_s)) {
        if (const QString error = readLabelledCsv(p.value(u"benchmark-prompts"_s), p.isSet(u"intent"_s), &s.benchmarkTests); !error.isEmpty())
            return error;
        bool positive = false, negative = false;
        for (const TestCase &t : std::as_const(s.benchmarkTests))
            (t.expectedTriggered ? positive : negative) = true;
        if (!positive || !negative)
            return p.value(u"benchmark-prompts"_s) + u": a benchmark needs prompts of both labels (expected true and false)"_s;
    }
    s.targetCoverage = target / 100.0;
    if (cap > 0)
        s.maxAccumulatedTests = cap;
    s.accumulateTests = p.isSet(u"accumulate-tests"_s);
    s.createPromptSet = p.isSet(u"create-prompt-set"_s);
    s.promptSetName = p.value(u"prompt-set-name"_s);
    if (p.isSet(u"prompts"_s)) {
        if (const QString error = readLabelledCsv(p.value(u"prompts"_s), p.isSet(u"intent"_s), &s.fixedTests); !error.isEmpty())
            return error;
    }
    if (const QString problem = ExtraTests::problem(s); !problem.isEmpty())
        return problem;
    // A run whose file would outgrow what can be read back is refused before it starts.
    if (const QString tooLarge = RunSize::problem(s); !tooLarge.isEmpty())
        return tooLarge;
    if (p.isSet(u"events"_s)) {
        if (p.value(u"events"_s) != "jsonl"_L1)
            return u"--events supports only jsonl, not \""_s + p.value(u"events"_s) + u'"';
        out->jsonEvents = true;
    }
    out->step = p.isSet(u"step"_s);
    passServiceFlags(p, &out->configFlags);
    if (p.isSet(u"no-memory"_s))
        out->configFlags.insert(u"memoryEnabled"_s, u"false"_s);
    return {};
}
} // namespace

QString parseGenerateArgs(const QStringList &arguments, GenerateArgs *out, bool *helpShown, CliContext &ctx)
{
    // The errors quote what was typed (a value, a file name, a stray argument), which can hold
    // a line break or a control sequence: one printable line (issue 54, cli_args fuzz target).
    return Printable::escaped(readGenerateArgs(arguments, out, helpShown, ctx), 1000);
}

std::optional<RunLaunch> CliRun::prepareLaunch(GenerateArgs &args, SandboxHost &host, CliContext &ctx, const QString &command)
{
    const Config::Result config = loadConfig(ctx.env, args.configFlags);
    for (const QString &w : config.warnings)
        ctx.err << "daystrom: warning: " << w << '\n';
    if (!config.ok()) {
        ctx.err << "daystrom " << command << ": " << config.errors.first() << '\n';
        return std::nullopt;
    }
    if (config.config.source(ConfigKeys::ScanConcurrency) == ConfigSource::CommandLine)
        args.settings.scanConcurrency = config.config.integer(ConfigKeys::ScanConcurrency);
    if (config.config.source(ConfigKeys::ScanRate) == ConfigSource::CommandLine)
        args.settings.scanRate = config.config.number(ConfigKeys::ScanRate);
    RunLaunch launch;
    if (!environmentFor(args.sandbox, host, config.config, args.settings, &launch.environment, ctx, command))
        return std::nullopt;
    RunState &run = launch.run;
    run.id = NanoId::generate();
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    run.userInput = args.settings;
    run.steering.stepMode = args.step;
    return launch;
}

int generateCommand(const QStringList &arguments, CliContext &ctx)
{
    GenerateArgs args;
    bool help = false;
    const QString error = parseGenerateArgs(arguments, &args, &help, ctx);
    if (help)
        return ExitCode::Ok;
    if (!error.isEmpty()) {
        ctx.err << "daystrom generate: " << error << '\n';
        return ExitCode::Usage;
    }
    if (args.step && !StepPrompter::stdinIsTerminal()) {
        ctx.err << "daystrom generate" << StepNeedsTerminal;
        return ExitCode::Usage;
    }
    SandboxHost host;
    std::optional<RunLaunch> launch = prepareLaunch(args, host, ctx, u"generate"_s);
    if (!launch)
        return ExitCode::Usage;
    if (args.sandbox && !args.jsonEvents)
        ctx.out << "Sandbox: AIRS and LLM emulators on " << host.airsBaseUrl().toString() << " and "
                << host.llmBaseUrl().toString() << " (no account used)\n";
    if (args.sandbox && !args.jsonEvents) {
        // Said before the run: what the sandbox can do for this subject (stderr, so the run's
        // own output stays as it was).
        const SandboxSubjectAssessment a = SandboxSubject::assess(args.settings.topicDescription, args.settings.intent);
        if (a.curated)
            ctx.err << "Sandbox: curated prompts for " << a.domainTitle << "; the topic is \"" << a.topicName << "\".\n";
        else
            ctx.err << "Sandbox: no curated prompts for \"" << a.subject << "\"; it writes simple template prompts, so the "
                    "figures show how the loop works, not how AIRS would score this topic.\n";
        ctx.err.flush();
    }
    if (!args.jsonEvents) { // what the benchmark's size can show, before any scan (stderr)
        const RunSettings &in = args.settings;
        if (in.benchmarkTests.isEmpty()) {
            ctx.err << SampleSize::guidance(in.benchmarkSize) << '\n';
        } else {
            int positives = 0;
            for (const TestCase &t : in.benchmarkTests)
                positives += t.expectedTriggered;
            const int negatives = int(in.benchmarkTests.size()) - positives;
            ctx.err << "The benchmark's " << positives << " positives and " << negatives
                    << " negatives measure a coverage near 90% to about ±"
                    << QString::number(100 * SampleSize::coverageHalfWidth(positives, negatives), 'f', 1)
                    << " points (95% interval).\n";
        }
        if (const QString cost = ExtraTests::costLine(in); !cost.isEmpty())
            ctx.err << cost << '\n';
        ctx.err.flush();
    }
    const RunState &run = launch->run;
    if (!args.jsonEvents)
        ctx.out << "Run " << run.id << ": " << run.userInput.topicDescription << " (" << intentName(run.userInput.intent)
                << ", profile " << run.userInput.profileName << ")\n";
    ctx.out.flush();
    return drive(launch->environment, run, args.jsonEvents, ctx);
}
