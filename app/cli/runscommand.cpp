#include "runscommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "domain/format.h"
#include "runs/runstore.h"
#include "reports/usagetext.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

QString runsDirectory(CliContext &ctx, int *exitCode, bool sandbox)
{
    const Config::Result config = loadConfig(ctx.env);
    for (const QString &w : config.warnings)
        ctx.err << "daystrom: warning: " << w << '\n';
    if (!config.ok()) {
        ctx.err << "daystrom: " << config.errors.first() << '\n';
        *exitCode = ExitCode::Usage;
        return {};
    }
    const QString dir = sandbox ? config.config.sandboxed().dataDir() : config.config.dataDir();
    // A directory that cannot exist (a file on its path: DAYSTROM_HOME naming a file) is said
    // so, not listed as "no runs yet" (issue 41).
    for (QFileInfo at(dir); !at.absoluteFilePath().isEmpty(); at = QFileInfo(at.absolutePath())) {
        if (at.exists()) {
            if (!at.isDir()) {
                ctx.err << "daystrom: the runs directory " << QDir::toNativeSeparators(dir)
                        << " cannot be used: " << QDir::toNativeSeparators(at.absoluteFilePath())
                        << " is a file, not a directory\n";
                *exitCode = ExitCode::Usage;
                return {};
            }
            break;
        }
        if (at.isRoot())
            break;
    }
    *exitCode = ExitCode::Ok;
    return dir;
}

static QString cell(QString text, int width)
{
    if (text.size() > width)
        text = text.left(width - 1) + u'…';
    return text.leftJustified(width);
}

int runsCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser parser;
    const CommandSpec &spec = CommandSpec::get(u"runs");
    CommandSpec::addTo(parser, spec);
    if (!parser.parse(QStringList{u"daystrom runs"_s} + arguments)) {
        ctx.err << "daystrom runs: " << flagError(parser) << '\n';
        return ExitCode::Usage;
    }
    if (parser.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    if (!parser.positionalArguments().isEmpty()) {
        ctx.err << "daystrom runs: unexpected argument \"" << parser.positionalArguments().first()
                << "\"\n";
        return ExitCode::Usage;
    }
    int code = 0;
    const QString dir = runsDirectory(ctx, &code, parser.isSet(u"sandbox"_s));
    if (code != ExitCode::Ok)
        return code;
    const RunStore::Listing listing = RunStore(dir).list();
    for (const QString &problem : listing.problems)
        ctx.err << "daystrom: warning: " << problem << '\n';
    if (listing.runs.isEmpty()) {
        ctx.out << "No runs yet in " << dir << '\n';
        return ExitCode::Ok;
    }
    ctx.out << cell(u"RUN"_s, 22) << cell(u"STATUS"_s, 10) << cell(u"ITER"_s, 5)
            << cell(u"BEST"_s, 7) << cell(u"UPDATED"_s, 21) << "TOPIC\n";
    for (const RunSummary &r : listing.runs) {
        ctx.out << cell(r.id, 22) << cell(runStatusName(r.status), 10)
                << cell(QString::number(r.iterationsRun()), 5) << cell(Format::percent(r.bestCoverage), 7)
                << cell(r.updatedAt.toUTC().toString(u"yyyy-MM-dd HH:mm'Z'"_s), 21)
                << cell(r.topicDescription, 60).trimmed() << '\n';
        if (!r.usage.isEmpty()) // runs made before usage was kept have none
            ctx.out << "  " << UsageText::summary(r.usage) << '\n';
    }
    return ExitCode::Ok;
}
