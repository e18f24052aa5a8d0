#include "comparecommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "domain/decision.h"
#include "domain/format.h"
#include "domain/pairedcomparison.h"
#include "runs/runstore.h"
#include "runscommand.h"

#include <QCommandLineParser>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

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
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3) {
        ctx.err << "daystrom compare: expected a run id and two iteration numbers; see daystrom compare --help\n";
        return ExitCode::Usage;
    }
    const QString format = parser.value(u"format"_s);
    if (format != "text"_L1 && format != "json"_L1) {
        ctx.err << "daystrom compare: --format must be text or json, not \"" << format << "\"\n";
        return ExitCode::Usage;
    }
    int code = 0;
    const QString dir = runsDirectory(ctx, &code, parser.isSet(u"sandbox"_s));
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
