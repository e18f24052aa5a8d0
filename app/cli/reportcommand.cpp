#include "reportcommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "domain/decision.h"
#include "domain/outputfile.h"
#include "domain/printable.h"
#include "reports/junitxml.h"
#include "reports/runreport.h"
#include "runs/runstore.h"
#include "reports/terraformexport.h"
#include "runscommand.h"

#include <QCommandLineParser>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// The prompts the iteration's figures come from as JUnit XML (issue 56: the test cases are the
// prompts the figures count): the benchmark when the run decides on it (classname
// daystrom.run.benchmark.<category>; unstable prompts, which its figures leave out, skipped),
// else the working suite (`--decide-on working`, or a run without a benchmark). Empty, or why not.
QString writeJUnit(const QString &path, const RunState &run, const IterationResult &it)
{
    if (path.trimmed().isEmpty())
        return u"--junit needs a file name"_s;
    const QString name = u"daystrom run %1, iteration %2"_s.arg(run.id).arg(it.iteration);
    const Decision decision(run.userInput);
    const bool onBenchmark = decision.onBenchmark(it);
    JUnitXml::Suite suite{name, u"daystrom.run.working"_s, it.testResults, {}, decision.promptMetrics(it), {}, it.durationMs / 1000.0};
    if (onBenchmark) { // the prompts the figures come from
        suite.results = it.benchmark->results;
        suite.className = u"daystrom.run.benchmark"_s;
        suite.leftOut = it.benchmark->unstableIndexes;
        suite.leftOutReason = u"unstable: the verdict changed between repeated scans"_s;
    }
    suite.properties = {{u"run"_s, run.id},
                        {u"iteration"_s, QString::number(it.iteration)},
                        {u"topic"_s, it.topic.name},
                        {u"figures"_s, onBenchmark ? u"benchmark"_s : u"working suite"_s}};
    return OutputFile::write(path, JUnitXml::write(suite)); // atomically, or in place for a device or stream
}
} // namespace

int reportCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser parser;
    const CommandSpec &spec = CommandSpec::get(u"report");
    CommandSpec::addTo(parser, spec);
    if (!parser.parse(QStringList{u"daystrom report"_s} + arguments)) {
        ctx.err << "daystrom report: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        ctx.err << "daystrom report: expected exactly one run id, got " << positional.size() << '\n';
        return ExitCode::Usage;
    }
    RunReport::Options options;
    options.includeTests = parser.isSet(u"tests"_s);
    if (parser.isSet(u"iteration"_s)) {
        bool ok = false;
        options.iteration = parser.value(u"iteration"_s).toInt(&ok);
        if (!ok || options.iteration < 1) {
            ctx.err << "daystrom report: --iteration must be a whole number of at least 1, not \""
                    << parser.value(u"iteration"_s) << "\"\n";
            return ExitCode::Usage;
        }
    }
    const QString format = parser.value(u"format"_s);
    if (format != "text"_L1 && format != "json"_L1 && format != "csv"_L1 && format != "terraform"_L1) {
        ctx.err << "daystrom report: --format must be text, json, csv or terraform, not \"" << format << "\"\n";
        return ExitCode::Usage;
    }
    int code = 0;
    const QString dir = runsDirectory(ctx, &code, parser.isSet(u"sandbox"_s));
    if (code != ExitCode::Ok)
        return code;
    const RunStore::Loaded loaded = RunStore(dir).load(positional.first());
    if (!loaded.ok()) {
        ctx.err << "daystrom report: " << loaded.error << '\n';
        return ExitCode::Usage;
    }
    if (options.iteration > 0) {
        QString error;
        if (!RunReport::chosenIteration(loaded.run, options.iteration, &error)) {
            ctx.err << "daystrom report: " << error << '\n';
            return ExitCode::Usage;
        }
    }
    if (parser.isSet(u"junit"_s)) {
        QString error;
        const IterationResult *it = RunReport::chosenIteration(loaded.run, options.iteration, &error);
        if (!it) {
            ctx.err << "daystrom report: " << error << '\n';
            return ExitCode::Usage;
        }
        if (const QString written = writeJUnit(parser.value(u"junit"_s), loaded.run, *it); !written.isEmpty()) {
            ctx.err << "daystrom report: " << written << '\n';
            return ExitCode::Usage;
        }
    }
    if (format == "csv"_L1 || format == "terraform"_L1) {
        QString error;
        const IterationResult *it = RunReport::chosenIteration(loaded.run, options.iteration, &error);
        if (!it) {
            ctx.err << "daystrom report: " << error << '\n';
            return ExitCode::Usage;
        }
        ctx.out << (format == "csv"_L1 ? RunReport::testsCsv(*it)
                                       : TerraformExport::write(loaded.run, *it, QDateTime::currentDateTimeUtc()));
        return ExitCode::Ok;
    }
    if (format == "json"_L1) {
        const QJsonObject report = RunReport::json(loaded.run, options, QDateTime::currentDateTimeUtc());
        ctx.out << QString::fromUtf8(QJsonDocument(report).toJson(QJsonDocument::Indented));
    } else {
        ctx.out << RunReport::text(loaded.run, options);
    }
    return ExitCode::Ok;
}
