#include "memorycommand.h"
#include "commandspec.h"
#include "flagerror.h"
#include "memorybundlecommand.h"

#include "common/configloader.h"
#include "domain/format.h"
#include "memorystore/categorykey.h"
#include "memorystore/learningtext.h"
#include "memorystore/memorystore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QLoggingCategory>

using namespace Qt::StringLiterals;

QString memoryUsage()
{
    return CommandSpec::get(u"memory").helpText();
}

int MemoryCli::error(CliContext &ctx, const QString &subcommand, const QString &message)
{
    QString line = message;
    line.replace(u'\n', u' ');
    ctx.err << "daystrom memory " << subcommand << ": " << line << '\n';
    ctx.err.flush();
    return ExitCode::Usage;
}

bool MemoryCli::parse(QCommandLineParser &p, const QString &subcommand,
                      const QStringList &arguments, int positionals, const QString &positionalName,
                      CliContext &ctx, int *exitCode)
{
    const CommandSpec &spec = CommandSpec::get(QString(u"memory "_s + subcommand));
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom memory "_s + subcommand} + arguments)) {
        *exitCode = error(ctx, subcommand, flagError(p));
        return false;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        *exitCode = ExitCode::Ok;
        return false;
    }
    const QStringList extra = p.positionalArguments();
    if (extra.size() != positionals) {
        *exitCode = error(ctx, subcommand,
                          extra.size() > positionals
                              ? QString(u"unexpected argument \""_s + extra.at(positionals) + u'"')
                              : QString(u"expected a "_s + positionalName));
        return false;
    }
    return true;
}

std::optional<Config> MemoryCli::config(const QCommandLineParser &p, const QString &subcommand,
                                        CliContext &ctx)
{
    // The memory commands report a file's problems themselves, one line each: the store's own
    // log lines would say it twice (QT_LOGGING_RULES can still turn them on).
    QLoggingCategory::setFilterRules(u"daystrom.memory.warning=false"_s);
    const Config::Result config = loadConfig(ctx.env);
    for (const QString &w : config.warnings)
        ctx.err << "daystrom: warning: " << w << '\n';
    if (!config.ok()) {
        error(ctx, subcommand, config.errors.first());
        return std::nullopt;
    }
    return p.isSet(u"sandbox"_s) ? config.config.sandboxed() : config.config;
}

namespace {

// Columns padded to their widest cell, two spaces apart; the last column is not padded.
void printTable(QTextStream &out, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (widths.size() <= i)
                widths.append(0);
            widths[i] = std::max(widths.at(i), row.at(i).size());
        }
    }
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += i + 1 < row.size() ? row.at(i).leftJustified(widths.at(i) + 2) : row.at(i);
        out << line << '\n';
    }
}

QString when(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm'Z'"_s) : u"-"_s;
}

QString day(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd"_s) : u"never"_s;
}

void warnProblems(const MemoryStore &store, CliContext &ctx)
{
    for (const QString &problem : store.problems())
        ctx.err << "daystrom: warning: " << problem << '\n';
}

int listCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    int code = 0;
    if (!MemoryCli::parse(p, u"list"_s, arguments, 0, {}, ctx, &code))
        return code;
    const std::optional<Config> config = MemoryCli::config(p, u"list"_s, ctx);
    if (!config)
        return ExitCode::Usage;
    const MemoryStore store(config->memoryDir());
    const QList<CategorySummary> summaries = store.summaries();
    if (summaries.isEmpty()) {
        ctx.out << "No learnings yet in " << QDir::toNativeSeparators(store.directory()) << '\n';
        return ExitCode::Ok;
    }
    QList<QStringList> rows{
        {u"CATEGORY"_s, u"LEARNINGS"_s, u"PENDING"_s, u"ANTI-PATTERNS"_s, u"BEST"_s, u"UPDATED"_s}};
    for (const CategorySummary &c : summaries) {
        if (!c.error.isEmpty()) {
            rows.append({c.key, u"-"_s, u"-"_s, u"-"_s, u"-"_s, u"unreadable (kept as it is)"_s});
            continue;
        }
        rows.append({c.key, QString::number(c.learningCount), QString::number(c.pendingCount),
                     QString::number(c.antiPatternCount),
                     c.bestCoverage ? Format::percent(*c.bestCoverage) : u"-"_s,
                     when(c.updatedAt)});
    }
    printTable(ctx.out, rows);
    warnProblems(store, ctx);
    return ExitCode::Ok;
}

// The file key for `argument`: a category key as listed, else the category of a topic
// description ("Block the use of weapons" -> block-use-weapons).
QString resolveCategory(const MemoryStore &store, const QString &argument)
{
    const QStringList keys = store.categories();
    if (MemoryStore::isValidCategory(argument) && keys.contains(MemoryStore::fileKeyFor(argument)))
        return MemoryStore::fileKeyFor(argument);
    const QString derived = MemoryStore::fileKeyFor(CategoryKey::fromDescription(argument));
    return keys.contains(derived) ? derived : QString();
}

// One learning in full: `daystrom memory show <learning-id>`.
void printLearning(QTextStream &out, const QString &key, const Learning &l,
                   const ConfidenceExplanation &why)
{
    const auto line = [&](const QString &label, const QString &value) {
        out << QString(label + u':').leftJustified(18) << LearningText::promptLine(value, 0) << '\n';
    };
    line(u"Learning"_s, l.id + u" ("_s + key + u')');
    line(u"Insight"_s, l.insight);
    if (!l.strategy.isEmpty())
        line(u"Strategy"_s, l.strategy);
    line(u"Outcome"_s, l.outcome + u", "_s + l.changeType);
    line(u"Type"_s, l.type.value_or(u"memory"_s) + u", "_s + l.status.value_or(u"active"_s));
    line(u"Intent"_s, (l.intent ? intentName(*l.intent) : u"unknown"_s) +
                          (l.intentNeutral ? u" (intent-neutral)"_s : QString()));
    line(u"Source"_s, l.source.value_or(l.runId.isEmpty() ? u"-"_s : u"run "_s + l.runId));
    line(u"Extracted"_s, when(l.extractedAt));
    line(u"Metrics"_s,
         u"%1coverage %2, TPR %3, TNR %4"_s.arg(
             l.iteration ? u"iteration %1: "_s.arg(*l.iteration) : QString(),
             Format::percent(l.metrics.coverage), Format::percent(l.metrics.tpr),
             Format::percent(l.metrics.tnr)));
    if (!l.tags.isEmpty())
        line(u"Tags"_s, l.tags.join(u", "_s));
    for (const LearningOrigin &o : l.mergedFrom)
        line(u"Merged from"_s,
             (o.learningId.isEmpty() ? QString(u"corroborated by run "_s + o.runId)
                                     : QString(o.learningId + u" of run "_s + o.runId)) +
                 (o.extractedAt.isValid() ? u", "_s + when(o.extractedAt) : QString()));
    out << "\nConfidence " << ConfidenceExplanation::number(why.shown) << '\n';
    for (const QString &detail : why.details())
        out << "  " << detail << '\n';
}

int showCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    int code = 0;
    if (!MemoryCli::parse(p, u"show"_s, arguments, 1, u"category"_s, ctx, &code))
        return code;
    const std::optional<Config> config = MemoryCli::config(p, u"show"_s, ctx);
    if (!config)
        return ExitCode::Usage;
    const MemoryStore store(config->memoryDir());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const double halfLife = config->number(ConfigKeys::MemoryHalfLifeDays);
    const QString argument = p.positionalArguments().first();
    const QString key = resolveCategory(store, argument);
    if (key.isEmpty()) {
        if (const std::optional<MemoryStore::Found> found = store.find(argument.trimmed())) {
            printLearning(ctx.out, found->category, found->learning,
                          found->learning.explainConfidence(now, halfLife));
            return ExitCode::Ok;
        }
        return MemoryCli::error(ctx, u"show"_s,
                                u"no category or learning \"%1\" in %2 (see daystrom memory list)"_s
                                    .arg(argument, QDir::toNativeSeparators(store.directory())));
    }
    const MemoryStore::Loaded loaded = store.load(key);
    if (!loaded.ok())
        return MemoryCli::error(ctx, u"show"_s, loaded.error);
    const CategoryMemory &m = loaded.memory;
    QString head = u"%1: %2 learnings (%3 pending), %4 anti-patterns"_s.arg(key)
                       .arg(m.learnings.size())
                       .arg(m.pendingCount())
                       .arg(m.antiPatterns.size());
    if (m.bestKnown)
        head +=
            u", best %1 (iteration %2 of run %3)"_s.arg(Format::percent(m.bestKnown->coverage()))
                .arg(m.bestKnown->iteration)
                .arg(m.bestKnown->runId);
    ctx.out << head << ", updated " << when(m.updatedAt) << '\n';
    if (!m.learnings.isEmpty()) {
        QList<QStringList> rows{{u"ID"_s, u"SEEN"_s, u"CONF"_s, u"LAST USED"_s, u"TYPE"_s,
                                 u"STATUS"_s, u"SOURCE"_s, u"INSIGHT"_s}};
        for (const Learning &l : m.learnings) {
            const QString source =
                l.source.value_or(l.runId.isEmpty() ? u"-"_s : u"run "_s + l.runId);
            const ConfidenceExplanation why = l.explainConfidence(now, halfLife);
            rows.append({l.id, QString::number(why.seen) + u"×"_s,
                         ConfidenceExplanation::number(why.shown), day(why.lastUsed),
                         l.type.value_or(u"memory"_s), l.status.value_or(u"active"_s),
                         LearningText::promptLine(source, 0),
                         LearningText::promptLine(l.insight, 0)});
        }
        ctx.out << '\n';
        printTable(ctx.out, rows);
        if (p.isSet(u"explain"_s)) {
            for (const Learning &l : m.learnings) {
                ctx.out << '\n' << l.id << '\n';
                for (const QString &detail : l.explainConfidence(now, halfLife).details())
                    ctx.out << "  " << detail << '\n';
            }
        }
    }
    if (!m.antiPatterns.isEmpty()) {
        ctx.out << "\nAnti-patterns:\n";
        for (const QString &a : m.antiPatterns)
            ctx.out << "  - " << LearningText::promptLine(a, 0) << '\n';
    }
    for (const QString &problem : loaded.problems)
        ctx.err << "daystrom: warning: " << key << ": " << problem << '\n';
    return ExitCode::Ok;
}

int previewCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    int code = 0;
    if (!MemoryCli::parse(p, u"preview"_s, arguments, 0, {}, ctx, &code))
        return code;
    const QString topic = p.value(u"topic"_s).trimmed();
    if (topic.isEmpty())
        return MemoryCli::error(ctx, u"preview"_s,
                                u"--topic is required: the topic description of the run"_s);
    const std::optional<Config> config = MemoryCli::config(p, u"preview"_s, ctx);
    if (!config)
        return ExitCode::Usage;
    InjectorOptions options;
    options.maxChars = config->integer(ConfigKeys::MaxMemoryChars);
    options.halfLifeDays = config->number(ConfigKeys::MemoryHalfLifeDays);
    if (p.isSet(u"budget"_s)) {
        bool ok = false;
        options.maxChars = p.value(u"budget"_s).toInt(&ok);
        if (!ok || options.maxChars < InjectorOptions::MinChars ||
            options.maxChars > InjectorOptions::MaxChars)
            return MemoryCli::error(ctx, u"preview"_s,
                                    u"--budget must be a whole number from %1 to %2, not \"%3\""_s
                                        .arg(InjectorOptions::MinChars)
                                        .arg(InjectorOptions::MaxChars)
                                        .arg(p.value(u"budget"_s)));
    }
    options.intent = Intent::Block;
    if (p.isSet(u"intent"_s)) {
        options.intent = intentFromName(p.value(u"intent"_s).trimmed().toLower());
        if (!options.intent)
            return MemoryCli::error(ctx, u"preview"_s,
                                    u"--intent must be block or allow, not \"%1\""_s.arg(
                                        p.value(u"intent"_s)));
    }
    const MemoryStore store(config->memoryDir());
    // A preview is not a recall: lastRecalledAt stays as it is.
    const Injection injection = store.inject(topic, options, false);
    ctx.out << injection.text;
    ctx.out.flush();
    if (injection.isEmpty()) {
        ctx.err << "Preview: no learnings related to \"" << topic << "\" (category "
                << CategoryKey::fromDescription(topic) << ")\n";
    } else {
        ctx.err << "\nPreview: " << injection.learningCount << " learnings ("
                << injection.compactIds.size() << " compact, " << injection.omittedCount
                << " omitted), " << injection.antiPatternCount << " anti-patterns, "
                << injection.text.size() << " characters of a " << options.maxChars
                << " budget, from " << injection.matchedCategories.join(u", "_s) << '\n';
    }
    // Why each category's learnings were offered (the subject words it shares with the topic).
    for (const QString &reason : MemoryInjector::matchReasons(injection))
        ctx.err << "Matched: " << reason << '\n';
    if (!injection.otherIntentIds.isEmpty())
        ctx.err << "Left out: " << injection.otherIntentIds.size() << " learnings for the "
                << (*options.intent == Intent::Block ? "allow" : "block")
                << " intent (not intent-neutral)\n";
    if (!config->boolean(ConfigKeys::MemoryEnabled))
        ctx.err << "daystrom: warning: memory is turned off (memoryEnabled): runs get no memory "
                   "section\n";
    warnProblems(store, ctx);
    return ExitCode::Ok;
}

} // namespace

int memoryCommand(const QStringList &arguments, CliContext &ctx)
{
    if (arguments.isEmpty()) {
        ctx.err << "daystrom memory: expected a subcommand (list, show, preview, confirm, reject, "
                   "approve, "
                   "delete or add); see daystrom memory --help\n";
        return ExitCode::Usage;
    }
    const QString sub = arguments.first();
    const QStringList rest = arguments.mid(1);
    if (sub == "-h"_L1 || sub == "--help"_L1 || sub == "help"_L1) {
        ctx.out << memoryUsage();
        return ExitCode::Ok;
    }
    if (sub == "list"_L1)
        return listCommand(rest, ctx);
    if (sub == "show"_L1)
        return showCommand(rest, ctx);
    if (sub == "preview"_L1)
        return previewCommand(rest, ctx);
    if (sub == "confirm"_L1 || sub == "reject"_L1 || sub == "approve"_L1 || sub == "delete"_L1 ||
        sub == "add"_L1)
        return memoryCurationCommand(sub, rest, ctx);
    if (sub == "export"_L1 || sub == "import"_L1)
        return memoryBundleCommand(sub, rest, ctx);
    ctx.err << "daystrom memory: unknown subcommand \"" << sub
            << "\"; see daystrom memory --help\n";
    return ExitCode::Usage;
}
