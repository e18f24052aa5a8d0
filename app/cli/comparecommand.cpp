#include "comparecommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "domain/crossrun.h"
#include "domain/decision.h"
#include "domain/format.h"
#include "domain/nanoid.h"
#include "domain/pairedcomparison.h"
#include "domain/printable.h"
#include "interruptwatcher.h"
#include "models/session/crossruncomparison.h"
#include "reports/crossrunreport.h"
#include "runs/comparisonstate.h"
#include "runs/runstore.h"
#include "runscommand.h"
#include "tenantconnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

bool isWholeNumber(const QString &text)
{
    return !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// `daystrom compare <run-id> <A> <B>`: two iterations of one run, as before issue 61.
int compareIterations(const QStringList &positional, const QString &format, bool sandbox, CliContext &ctx)
{
    if (format != "text"_L1 && format != "json"_L1) {
        ctx.err << "daystrom compare: --format must be text or json, not \"" << Printable::escaped(format, 200) << "\"\n";
        return ExitCode::Usage;
    }
    int code = 0;
    const QString dir = runsDirectory(ctx, &code, sandbox);
    if (code != ExitCode::Ok)
        return code;
    const RunStore::Loaded loaded = RunStore(dir).load(positional.first());
    if (!loaded.ok()) {
        ctx.err << "daystrom compare: " << loaded.error << '\n';
        return ExitCode::Usage;
    }
    const IterationResult *its[2] = {nullptr, nullptr};
    for (int i = 0; i < 2; ++i) {
        bool ok = false;
        const int number = positional.at(i + 1).toInt(&ok);
        its[i] = ok ? loaded.run.iterationByNumber(number) : nullptr;
        if (!its[i]) {
            ctx.err << "daystrom compare: run " << loaded.run.id << " has no iteration \"" << positional.at(i + 1)
                    << "\"\n";
            return ExitCode::Usage;
        }
    }
    // The verdict is the run's decision (issue 56): the paired one on the benchmark, else the
    // measured values of the deciding figure; the paired counts stay beside it.
    const Decision decision(loaded.run.userInput);
    const Decision::Verdict v = decision.judge(*its[0], *its[1]);
    const PairedComparison c = v.paired ? *v.paired : PairedComparison::of(*its[0], *its[1], decision.alpha());
    if (format == "json"_L1) {
        QJsonObject o = c.toJson();
        o.insert(u"verdict"_s, v.change == Decision::Change::Better ? u"b-better"_s
                               : v.change == Decision::Change::Worse ? u"a-better"_s
                               : c.verdict == PairedComparison::Verdict::NothingShared && v.paired ? u"nothing-shared"_s
                                                                                                    : u"within-noise"_s);
        o.insert(u"decision"_s, QJsonObject{{u"judgement"_s, v.word()},
                                            {u"figure"_s, decision.figureName()},
                                            {u"suite"_s, decision.onBenchmark(*its[0], *its[1]) ? u"benchmark"_s : u"working"_s},
                                            {u"paired"_s, v.paired.has_value()},
                                            {u"coverageA"_s, v.coverageA},
                                            {u"coverageB"_s, v.coverageB}});
        ctx.out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        if (!v.paired)
            ctx.out << u"Decision on the measured %1 (%2 → %3): iteration %4 is %5 than iteration %6; the paired view "
                       "below is not what the run decides on.\n"_s
                           .arg(decision.figureName(), Format::percent(v.coverageA), Format::percent(v.coverageB),
                                QString::number(its[1]->iteration),
                                v.change == Decision::Change::Better ? u"better"_s
                                : v.change == Decision::Change::Worse ? u"worse"_s : u"no better or worse"_s,
                                QString::number(its[0]->iteration));
        ctx.out << c.sentence() << '\n' << c.perClassText();
    }
    return ExitCode::Ok;
}

void printLeaderboard(const CrossRun::Leaderboard &board, const QString &format, CliContext &ctx)
{
    if (format == "json"_L1)
        ctx.out << QString::fromUtf8(QJsonDocument(board.toJson()).toJson(QJsonDocument::Indented));
    else if (format == "html"_L1)
        ctx.out << CrossRunReport::html(board);
    else
        ctx.out << CrossRunReport::text(board);
}

// Scans what the plan (or the comparison resumed) still needs, then prints the leaderboard.
int scanAndPrint(const CrossRunComparison::Plan *plan, const QString &resumeId, bool sandbox, const QString &format,
                 CliContext &ctx)
{
    TenantCli::Tenant tenant;
    if (!TenantCli::connect(u"compare"_s, ctx, &tenant, sandbox))
        return ExitCode::Usage;
    CandidateScan::Options options;
    options.concurrency = tenant.impact.concurrency;
    options.ratePerSecond = tenant.impact.ratePerSecond;
    options.propagationDelayMs = tenant.propagationDelayMs;
    CrossRunComparison comparison(tenant.management.get(), tenant.airs, tenant.impact.home, options);
    const QString id = resumeId.isEmpty() ? NanoId::generate() : resumeId;
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &comparison, [&](int count) {
        if (count > 1)
            TenantCli::finish(ExitCode::Stopped);
        ctx.err << "\nCancelling: removing the scratch objects (Ctrl+C again to quit at once; `daystrom compare "
                   "--resume "
                << id << "` continues)\n";
        ctx.err.flush();
        comparison.cancel();
    });
    QString lastStep;
    QObject::connect(&comparison, &CrossRunComparison::progress, &comparison,
                     [&](const QString &step, int done, int total) {
                         if (step != lastStep || done == total) {
                             ctx.err << step << (total > 1 ? u" (%1 of %2)"_s.arg(done).arg(total) : QString()) << '\n';
                             ctx.err.flush();
                             lastStep = step;
                         }
                     });
    QObject::connect(&comparison, &CrossRunComparison::cancelled, &comparison, [&] {
        ctx.err << "daystrom compare: cancelled; `daystrom compare --resume " << id << "` continues it\n";
        TenantCli::finish(ExitCode::Stopped);
    });
    QObject::connect(&comparison, &CrossRunComparison::finished, &comparison,
                     [&](const CrossRun::Leaderboard &board, const QString &error, const QString &cleanupProblems) {
                         int code = ExitCode::Ok;
                         if (!error.isEmpty()) {
                             ctx.err << "daystrom compare: " << Printable::escaped(error, 2000) << " (`daystrom compare "
                                     << "--resume " << id << "` tries again)\n";
                             code = ExitCode::Failed;
                         } else {
                             printLeaderboard(board, format, ctx);
                         }
                         if (!cleanupProblems.isEmpty()) {
                             ctx.err << "daystrom compare: scratch objects could not all be removed from AIRS: "
                                     << Printable::escaped(cleanupProblems, 2000)
                                     << "; `daystrom cleanup --yes` removes them\n";
                             code = ExitCode::Failed;
                         }
                         TenantCli::finish(code);
                     });
    return TenantCli::drive(&comparison, [&] {
        if (plan) {
            ctx.err << "Comparison " << id << " (`daystrom compare --resume " << id << "` continues it if stopped)\n";
            ctx.err.flush();
            comparison.start(id, *plan);
            return;
        }
        QString error;
        if (!comparison.resume(id, &error)) {
            ctx.err << "daystrom compare: " << Printable::escaped(error, 2000) << '\n';
            TenantCli::finish(ExitCode::Usage);
        }
    });
}

// The cost of what the comparison still has to scan, said before anything is scanned.
void printCost(int candidates, const QStringList &labels, qsizetype prompts, CliContext &ctx)
{
    ctx.err << candidates << " candidate(s) to scan (" << labels.join(u", "_s) << ") on the " << prompts
            << " shared prompts: " << candidates * prompts
            << " scan(s), each candidate in a scratch copy of its production profile, removed afterwards.\n";
    ctx.err.flush();
}

int resumeComparison(const QString &id, bool sandbox, bool yes, const QString &format, CliContext &ctx)
{
    if (!NanoId::isValid(id)) {
        ctx.err << "daystrom compare: \"" << Printable::escaped(id, 200) << "\" is not a comparison id\n";
        return ExitCode::Usage;
    }
    int code = 0;
    (void)runsDirectory(ctx, &code, sandbox); // the config's problems, said the usual way
    if (code != ExitCode::Ok)
        return code;
    const Config::Result config = loadConfig(ctx.env);
    const QString home = sandbox ? config.config.sandboxHome() : config.config.home();
    QString error;
    const std::optional<ComparisonState> state = ComparisonState::load(home, id, &error);
    if (!state) {
        ctx.err << "daystrom compare: " << Printable::escaped(error, 2000) << '\n';
        return ExitCode::Usage;
    }
    QStringList labels;
    for (int i : state->missing())
        labels.append(CrossRun::labelOf(state->candidates.at(i).runId, state->candidates.at(i).iteration));
    if (!labels.isEmpty()) {
        printCost(int(labels.size()), labels, state->prompts.size(), ctx);
        if (!yes) {
            ctx.err << "daystrom compare: nothing scanned; add --yes to scan\n";
            return ExitCode::NotConfirmed;
        }
    }
    return scanAndPrint(nullptr, id, sandbox, format, ctx);
}

} // namespace

int compareCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser parser;
    const CommandSpec &spec = CommandSpec::get(u"compare");
    CommandSpec::addTo(parser, spec);
    if (!parser.parse(QStringList{u"daystrom compare"_s} + arguments)) {
        ctx.err << "daystrom compare: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    const auto usage = [&ctx](const QString &message) {
        ctx.err << "daystrom compare: " << message << '\n';
        return ExitCode::Usage;
    };
    const QStringList positional = parser.positionalArguments();
    const QString format = parser.value(u"format"_s);
    const bool sandbox = parser.isSet(u"sandbox"_s);
    const bool runsOnly = parser.isSet(u"benchmark"_s) || parser.isSet(u"yes"_s) || parser.isSet(u"resume"_s);

    // The form before issue 61: a run id and two iteration numbers.
    if (positional.size() == 3 && isWholeNumber(positional.at(1)) && isWholeNumber(positional.at(2))) {
        if (runsOnly)
            return usage(u"--benchmark, --yes and --resume are for comparing runs (RUN[:ITERATION]...), not two "
                         "iterations of one run"_s);
        return compareIterations(positional, format, sandbox, ctx);
    }
    if (format != "text"_L1 && format != "json"_L1 && format != "html"_L1)
        return usage(u"--format must be text, json or html, not \""_s + Printable::escaped(format, 200) + u'"');
    if (parser.isSet(u"resume"_s)) {
        if (!positional.isEmpty() || parser.isSet(u"benchmark"_s))
            return usage(u"--resume takes the comparison as it was started: no runs or --benchmark with it"_s);
        return resumeComparison(parser.value(u"resume"_s), sandbox, parser.isSet(u"yes"_s), format, ctx);
    }
    if (positional.size() < 2)
        return usage(u"expected two or more RUN[:ITERATION] to compare runs, or a run id and two iteration numbers "
                     "(see daystrom compare --help)"_s);
    for (const QString &label : positional) {
        if (isWholeNumber(label))
            return usage(u"\""_s + label + u"\" is an iteration number, not a run: `compare <run-id> <A> <B>` "
                                           "compares two iterations of one run, `compare RUN[:ITERATION]...` runs"_s);
        if (!CrossRun::parseLabel(label, nullptr, nullptr))
            return usage(u"\""_s + Printable::escaped(label, 200)
                         + u"\" is not RUN or RUN:ITERATION (a run id, then optionally a colon and an iteration number "
                           "from 1)"_s);
    }
    CrossRunComparison::Request request;
    request.labels = positional;
    const bool sourceGiven = parser.isSet(u"benchmark"_s);
    if (sourceGiven) {
        CrossRun::Source source = CrossRun::Source::Common;
        if (!CrossRun::parseSourceChoice(parser.value(u"benchmark"_s), &source, &request.sourceDetail))
            return usage(u"--benchmark takes common, union, run:ID or csv:FILE, not \""_s
                         + Printable::escaped(parser.value(u"benchmark"_s), 200) + u'"');
        request.source = source;
    }
    int code = 0;
    request.runsDirectory = runsDirectory(ctx, &code, sandbox);
    if (code != ExitCode::Ok)
        return code;
    const CrossRunComparison::Plan plan = CrossRunComparison::plan(request);
    if (!plan.error.isEmpty()) {
        ctx.err << "daystrom compare: " << Printable::escaped(plan.error, 2000);
        if (!sourceGiven && plan.candidates.size() == positional.size())
            ctx.err << " (--benchmark run:ID, --benchmark union or --benchmark csv:FILE)";
        ctx.err << '\n';
        return ExitCode::Usage;
    }
    if (plan.benchmark.source != CrossRun::Source::Common || !CrossRun::enough(plan.benchmark.prompts))
        ctx.err << "The runs' benchmarks share " << plan.commonPrompts << " prompts; comparing on "
                << plan.benchmark.describe() << ".\n";
    if (plan.toScan.isEmpty()) {
        QList<QList<TestResult>> results;
        for (const CrossRun::Candidate &c : plan.candidates)
            results.append(*CrossRun::storedVerdicts(c, plan.benchmark.prompts));
        printLeaderboard(CrossRun::Leaderboard::build(plan.candidates, results, plan.benchmark, plan.decisionSettings),
                         format, ctx);
        return ExitCode::Ok;
    }
    QStringList labels;
    for (int i : plan.toScan)
        labels.append(plan.candidates.at(i).label);
    printCost(int(plan.toScan.size()), labels, plan.benchmark.prompts.size(), ctx);
    if (!parser.isSet(u"yes"_s)) {
        ctx.err << "daystrom compare: nothing scanned; add --yes to scan\n";
        return ExitCode::NotConfirmed;
    }
    return scanAndPrint(&plan, {}, sandbox, format, ctx);
}
