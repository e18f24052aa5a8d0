// `daystrom memory export | import`: a team bundle of learnings and anti-patterns. Import
// prints what it would add, corroborate and skip, and writes only with --yes.
#include "memorybundlecommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "memorycommand.h"

#include "memorystore/categorykey.h"
#include "memorystore/feedbacklog.h"
#include "memorystore/learningtext.h"
#include "memorystore/memorybundle.h"
#include "memorystore/memorystore.h"

#include <QCommandLineParser>
#include <QDir>

using namespace Qt::StringLiterals;

namespace {

// Like MemoryCli::parse, with one FILE argument.
bool parseWithFile(QCommandLineParser &p, const QString &sub, const QStringList &arguments,
                   CliContext &ctx, int *exitCode)
{
    const CommandSpec &spec = CommandSpec::get(QString(u"memory "_s + sub));
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom memory "_s + sub} + arguments)) {
        *exitCode = MemoryCli::error(ctx, sub, flagError(p));
        return false;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        *exitCode = ExitCode::Ok;
        return false;
    }
    const QStringList positional = p.positionalArguments();
    if (positional.size() != 1) {
        *exitCode = MemoryCli::error(ctx, sub,
                                     positional.isEmpty()
                                         ? u"expected a file"_s
                                         : u"unexpected argument \""_s + positional.at(1) + u'"');
        return false;
    }
    return true;
}

// A category key as listed, else the category of a topic description.
QString resolveCategory(const QStringList &keys, const QString &argument)
{
    if (MemoryStore::isValidCategory(argument) && keys.contains(MemoryStore::fileKeyFor(argument)))
        return MemoryStore::fileKeyFor(argument);
    const QString derived = MemoryStore::fileKeyFor(CategoryKey::fromDescription(argument));
    return keys.contains(derived) ? derived : QString();
}

int exportCommand(const QStringList &arguments, CliContext &ctx)
{
    const QString sub = u"export"_s;
    QCommandLineParser p;
    int code = 0;
    if (!parseWithFile(p, sub, arguments, ctx, &code))
        return code;
    const std::optional<Config> config = MemoryCli::config(p, sub, ctx);
    if (!config)
        return ExitCode::Usage;
    const MemoryStore store(config->memoryDir());
    const QStringList keys = store.categories();
    QStringList wanted;
    for (const QString &argument : p.values(u"category"_s)) {
        const QString key = resolveCategory(keys, argument.trimmed());
        if (key.isEmpty())
            return MemoryCli::error(ctx, sub,
                                    u"no category \"%1\" in %2 (see daystrom memory list)"_s.arg(
                                        argument, QDir::toNativeSeparators(store.directory())));
        if (!wanted.contains(key))
            wanted.append(key);
    }
    const MemoryBundles::Exported e = MemoryBundles::collect(store, wanted);
    if (!e.ok())
        return MemoryCli::error(ctx, sub, e.error);
    for (const QString &s : e.skipped)
        ctx.err << "daystrom: warning: left out " << s << '\n';
    const QString file = p.positionalArguments().constFirst();
    if (const QString error = e.bundle.writeFile(file); !error.isEmpty())
        return MemoryCli::error(ctx, sub, error);
    ctx.out << "Exported " << e.bundle.learningCount() << " learnings and "
            << e.bundle.antiPatternCount() << " anti-patterns from " << e.bundle.categories.size()
            << " categories to " << QDir::toNativeSeparators(file) << '\n';
    return ExitCode::Ok;
}

void printPlan(QTextStream &out, const MemoryBundles::Plan &plan)
{
    using Item = MemoryBundles::Item;
    QString category;
    for (const Item &i : plan.items) {
        if (i.category != category) {
            category = i.category;
            out << '\n' << category << '\n';
        }
        const QString what = (i.antiPattern ? u"anti-pattern "_s : QString()) + u'"' +
                             LearningText::promptLine(i.text, 0) + u'"';
        switch (i.kind) {
        case Item::Add:
            out << "  + add          " << what << '\n';
            break;
        case Item::Corroborate:
            out << "  = corroborate  " << what << " (" << i.targetId << ")\n";
            break;
        case Item::Skip:
            out << "  - skip         " << what << ": " << i.reason << '\n';
            break;
        }
    }
}

int importCommand(const QStringList &arguments, CliContext &ctx)
{
    const QString sub = u"import"_s;
    QCommandLineParser p;
    int code = 0;
    if (!parseWithFile(p, sub, arguments, ctx, &code))
        return code;
    const std::optional<Config> config = MemoryCli::config(p, sub, ctx);
    if (!config)
        return ExitCode::Usage;
    const QString file = p.positionalArguments().constFirst();
    const MemoryBundle::Read read = MemoryBundle::readFile(file);
    if (!read.ok())
        return MemoryCli::error(ctx, sub, read.error + u"; nothing was imported"_s);
    const MemoryBundle &bundle = *read.bundle;
    const MemoryStore store(config->memoryDir());
    const bool write = p.isSet(u"yes"_s);
    const MemoryBundles::Plan plan =
        write ? MemoryBundles::apply(store, bundle) : MemoryBundles::plan(store, bundle);
    using Item = MemoryBundles::Item;
    ctx.out << "Bundle " << QDir::toNativeSeparators(file) << ": " << bundle.learningCount()
            << " learnings and " << bundle.antiPatternCount() << " anti-patterns in "
            << bundle.categories.size() << " categories, exported "
            << (bundle.exportedAt.isValid()
                    ? bundle.exportedAt.toUTC().toString(u"yyyy-MM-dd HH:mm'Z'"_s)
                    : u"at an unknown time"_s)
            << '\n'
            << (write ? "Imported into " : "Would import into ")
            << QDir::toNativeSeparators(store.directory()) << ": " << plan.count(Item::Add)
            << " to add, " << plan.count(Item::Corroborate) << " to corroborate, "
            << plan.count(Item::Skip) << " to skip\n";
    printPlan(ctx.out, plan);
    for (const QString &error : plan.errors)
        ctx.err << "daystrom memory import: " << error << '\n';
    if (!write) {
        ctx.out << "\nDry run: nothing was written. Run again with --yes to import.\n";
        return ExitCode::Ok;
    }
    ctx.out << "\nWrote " << plan.writtenCategories.size() << " categories; every change is in "
            << FeedbackLog::FileName << ".\n";
    return plan.errors.isEmpty() ? ExitCode::Ok : ExitCode::Failed;
}

} // namespace

int memoryBundleCommand(const QString &subcommand, const QStringList &arguments, CliContext &ctx)
{
    return subcommand == "export"_L1 ? exportCommand(arguments, ctx)
                                     : importCommand(arguments, ctx);
}
