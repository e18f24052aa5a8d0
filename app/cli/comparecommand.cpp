#include "comparecommand.h"
#include "flagerror.h"

#include "domain/pairedcomparison.h"
#include "runs/runstore.h"
#include "runscommand.h"

#include <QCommandLineParser>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

int compareCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption formatOpt(u"format"_s, u"text or json"_s, u"format"_s, u"text"_s);
    const QCommandLineOption sandboxOpt(u"sandbox"_s, u"A run of the sandbox (kept apart from real ones)"_s);
    parser.addOptions({formatOpt, sandboxOpt});
    if (!parser.parse(QStringList{u"daystrom compare"_s} + arguments)) {
        ctx.err << "daystrom compare: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << "Usage: daystrom compare <run-id> <A> <B> [--format text|json] [--sandbox]\n\n"
                   "Compares iterations A and B prompt by prompt on the prompts both scanned: how many B fixed\n"
                   "and broke, the exact McNemar p-value, and whether the difference is more than noise.\n";
        return ExitCode::Ok;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3) {
        ctx.err << "daystrom compare: expected a run id and two iteration numbers; see daystrom compare --help\n";
        return ExitCode::Usage;
    }
    const QString format = parser.value(formatOpt);
    if (format != "text"_L1 && format != "json"_L1) {
        ctx.err << "daystrom compare: --format must be text or json, not \"" << format << "\"\n";
        return ExitCode::Usage;
    }
    int code = 0;
    const QString dir = runsDirectory(ctx, &code, parser.isSet(sandboxOpt));
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
    const PairedComparison c = PairedComparison::of(*its[0], *its[1]);
    if (format == "json"_L1)
        ctx.out << QJsonDocument(c.toJson()).toJson(QJsonDocument::Indented);
    else
        ctx.out << c.sentence() << '\n' << c.perClassText();
    return ExitCode::Ok;
}
