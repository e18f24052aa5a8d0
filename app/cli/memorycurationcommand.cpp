// `daystrom memory confirm | reject | approve | delete <learning-id>` and `memory add`: a
// person's curation, through MemoryCurator (locked, atomic, logged in feedback-log.jsonl).
#include "memorycommand.h"

#include "memorystore/categorykey.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include <QCommandLineParser>
#include <QDir>

using namespace Qt::StringLiterals;

namespace {

// Edits wait their turn for a busy memory file; after a moment the person is told why.
void announceLockWaits(MemoryStore &store, CliContext &ctx)
{
    store.setLockWaitNotice([&ctx](qint64 pid) {
        ctx.err << "daystrom memory: waiting for the memory file lock";
        if (pid != 0)
            ctx.err << " (held by pid " << pid << ")";
        ctx.err << "\n";
        ctx.err.flush();
    });
}

// Why a learning was not found when some memory files cannot be read: it may be in one of them.
QString notFound(const MemoryStore &store, const QString &id)
{
    const QStringList problems = store.problems();
    if (problems.isEmpty())
        return u"no learning \"%1\" in %2 (see daystrom memory show <category>)"_s.arg(
            id, QDir::toNativeSeparators(store.directory()));
    return u"learning \"%1\" was not found, and %2; it may be in that file: fix or restore it, then retry"_s.arg(
        id, problems.first());
}

// The confidence as `daystrom memory show` prints it (after decay), so "confidence now X"
// is the number the table shows.
QString confidence(const Learning &l, const QDateTime &now, double halfLifeDays)
{
    return ConfidenceExplanation::number(l.explainConfidence(now, halfLifeDays).shown);
}

int changeCommand(const QString &sub, const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    int code = 0;
    if (!MemoryCli::parse(p, sub, arguments, 1, u"learning-id"_s, ctx, &code))
        return code;
    const std::optional<Config> config = MemoryCli::config(p, sub, ctx);
    if (!config)
        return ExitCode::Usage;
    MemoryStore store(config->memoryDir());
    announceLockWaits(store, ctx);
    const QString id = p.positionalArguments().first().trimmed();
    const std::optional<MemoryStore::Found> found = store.find(id);
    if (!found)
        return MemoryCli::error(ctx, sub, notFound(store, id));
    const QString &category = found->category;
    const Learning &before = found->learning;
    const MemoryCurator curator(store);
    MemoryCurator::Result r;
    if (sub == "confirm"_L1)
        r = curator.confirm(category, id);
    else if (sub == "reject"_L1)
        r = curator.reject(category, id);
    else if (sub == "approve"_L1)
        r = curator.approve(category, id);
    else
        r = curator.remove(category, id);
    if (!r.ok())
        return MemoryCli::error(ctx, sub, r.error);

    const QString where = id + u" ("_s + category + u')';
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const double halfLife = config->number(ConfigKeys::MemoryHalfLifeDays);
    if (sub == "delete"_L1) {
        ctx.out << "Deleted " << where << '\n';
    } else if (sub == "approve"_L1) {
        if (before.isPending())
            ctx.out << "Approved " << where << ": it is active and runs will get it\n";
        else
            ctx.out << where << " was already active\n";
    } else if (sub == "confirm"_L1) {
        ctx.out << "Confirmed " << where << ": confidence now "
                << confidence(*r.learning, now, halfLife) << " (was "
                << confidence(before, now, halfLife) << "; decay restarts today)\n";
    } else if (r.inverted) {
        ctx.out << "Rejected " << where << ": its confidence fell below "
                << QString::number(Learning::InvertBelow, 'f', 2)
                << ", so it is now an anti-pattern of " << category << ": "
                << (r.antiPattern.isEmpty() ? r.learning->insight : r.antiPattern) << '\n';
    } else {
        ctx.out << "Rejected " << where << ": confidence now "
                << confidence(*r.learning, now, halfLife) << " (was "
                << confidence(before, now, halfLife) << ")\n";
    }
    return ExitCode::Ok;
}

int addCommand(const QStringList &arguments, CliContext &ctx)
{
    const QString sub = u"add"_s;
    QCommandLineParser p;
    int code = 0;
    if (!MemoryCli::parse(p, sub, arguments, 0, {}, ctx, &code))
        return code;
    if (p.isSet(u"category"_s) == p.isSet(u"topic"_s))
        return MemoryCli::error(ctx, sub, u"give either --category KEY or --topic TEXT"_s);
    NewLearning n;
    QString category;
    if (p.isSet(u"topic"_s)) {
        n.topicDescription = p.value(u"topic"_s).trimmed();
        if (n.topicDescription.isEmpty())
            return MemoryCli::error(ctx, sub, u"--topic cannot be empty"_s);
        category = CategoryKey::fromDescription(n.topicDescription);
    } else {
        category = p.value(u"category"_s).trimmed();
        if (!MemoryStore::isValidCategory(category))
            return MemoryCli::error(ctx, sub, u"not a valid category key: \""_s + category + u'"');
    }
    n.insight = p.value(u"insight"_s).trimmed();
    if (n.insight.isEmpty())
        return MemoryCli::error(ctx, sub, u"--insight is required: the observation to remember"_s);
    n.strategy = p.value(u"strategy"_s).trimmed();
    if (p.isSet(u"outcome"_s))
        n.outcome = p.value(u"outcome"_s).trimmed().toLower();
    if (!Learning::isValidOutcome(n.outcome))
        return MemoryCli::error(ctx, sub,
                                u"--outcome must be improved, degraded or neutral, not \""_s +
                                    p.value(u"outcome"_s) + u'"');
    if (p.isSet(u"change-type"_s))
        n.changeType = p.value(u"change-type"_s).trimmed().toLower();
    if (!Learning::isValidChangeType(n.changeType))
        return MemoryCli::error(
            ctx, sub,
            u"--change-type must be description-only, examples-only, both or initial, not \""_s +
                p.value(u"change-type"_s) + u'"');
    for (const QString &value : p.values(u"tag"_s)) {
        for (const QString &tag : value.split(u',', Qt::SkipEmptyParts)) {
            if (!tag.trimmed().isEmpty() && !n.tags.contains(tag.trimmed()))
                n.tags.append(tag.trimmed());
        }
    }
    const std::optional<Config> config = MemoryCli::config(p, sub, ctx);
    if (!config)
        return ExitCode::Usage;
    MemoryStore store(config->memoryDir());
    announceLockWaits(store, ctx);
    const MemoryCurator::Result r = MemoryCurator(store).add(category, n);
    if (!r.ok())
        return MemoryCli::error(ctx, sub, r.error);
    ctx.out << "Added " << r.learning->id << " to " << MemoryStore::fileKeyFor(category) << '\n';
    return ExitCode::Ok;
}

} // namespace

int memoryCurationCommand(const QString &subcommand, const QStringList &arguments, CliContext &ctx)
{
    if (subcommand == "add"_L1)
        return addCommand(arguments, ctx);
    return changeCommand(subcommand, arguments, ctx);
}
