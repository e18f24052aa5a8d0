#include "completioncommand.h"
#include "commandspec.h"
#include "completionscript.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "config/configkeys.h"
#include "memorystore/memorystore.h"
#include "runs/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
// How many run files a profile completion reads at most (the newest): a Tab must stay quick.
constexpr int MaxRunsRead = 200;

QStringList profileNames(const Config &config, const RunStore::Listing &runs)
{
    QStringList names;
    if (config.isSandboxed())
        names.append(u"daystrom-sandbox"_s);
    if (const QString configured = config.string(ConfigKeys::AirsProfile).trimmed(); !configured.isEmpty())
        names.append(configured);
    for (qsizetype i = 0; i < runs.runs.size() && i < MaxRunsRead; ++i) {
        QFile file(QDir(config.dataDir()).filePath(runs.runs.at(i).id + u".json"_s));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString name = QJsonDocument::fromJson(file.readAll())
                                 .object()
                                 .value(u"userInput"_s)
                                 .toObject()
                                 .value(u"profileName"_s)
                                 .toString()
                                 .trimmed();
        if (!name.isEmpty() && !name.contains(u'\n'))
            names.append(name);
    }
    names.removeDuplicates();
    return names;
}
} // namespace

int completionCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"completion");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom completion"_s} + arguments)) {
        ctx.err << "daystrom completion: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    const QStringList shells = p.positionalArguments();
    const QString script = shells.size() == 1 ? CompletionScript::forShell(shells.first()) : QString();
    if (script.isEmpty()) {
        ctx.err << "daystrom completion: name one shell: bash, zsh or fish\n";
        return ExitCode::Usage;
    }
    ctx.out << script;
    return ExitCode::Ok;
}

int completeCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    CommandSpec::addTo(p, CommandSpec::get(u"__complete"));
    if (!p.parse(QStringList{u"daystrom __complete"_s} + arguments) || p.positionalArguments().size() != 1)
        return ExitCode::Usage;
    const Config::Result loaded = loadConfig(ctx.env);
    if (!loaded.ok())
        return ExitCode::Ok; // a broken config.json is said by the commands, not at every Tab
    const Config config = p.isSet(u"sandbox"_s) ? loaded.config.sandboxed() : loaded.config;
    const QString what = p.positionalArguments().first();
    QStringList words;
    if (what == "runs"_L1 || what == "profiles"_L1) {
        const RunStore::Listing runs = RunStore(config.dataDir()).list();
        if (what == "profiles"_L1) {
            words = profileNames(config, runs);
        } else {
            for (const RunSummary &r : runs.runs)
                words.append(r.id);
        }
    } else if (what == "categories"_L1) {
        words = MemoryStore(config.memoryDir()).categories();
    } else {
        return ExitCode::Usage;
    }
    for (const QString &w : words)
        ctx.out << w << '\n';
    return ExitCode::Ok;
}
