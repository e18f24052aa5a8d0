#include "commandtables.h"

using namespace Qt::StringLiterals;

// `daystrom memory` and its subcommands, each a command of its own with its own parser.
namespace {
const QString Learnings = u"The sandbox's learnings (kept apart from real ones)"_s;

CommandSpec sub(const QString &name, const QString &synopsis, const QString &summary, ValueKind argument = ValueKind::None,
                QList<OptionSpec> options = {})
{
    CommandSpec c;
    c.name = u"memory "_s + name;
    c.synopsis = u"daystrom memory "_s + synopsis;
    c.summary = summary;
    c.argument = argument;
    c.options = std::move(options);
    c.options.append(CommandTables::sandbox(Learnings));
    return c;
}

CommandSpec memory()
{
    CommandSpec c;
    c.name = u"memory"_s;
    c.synopsis = u"daystrom memory <subcommand> [options]"_s;
    c.summary = u"The learnings memory that runs read before the loop and add to after it"_s;
    c.description =
        u"Every subcommand takes --sandbox to work on the sandbox's learnings instead, which\n"
        "sandbox runs read and write apart from real ones.\n\n"
        "Files: $DAYSTROM_HOME/memory (or MEMORY_DIR); the sandbox's in $DAYSTROM_HOME/sandbox/memory.\n"
        "Every change is logged in feedback-log.jsonl.\n\n"
        "Confidence: the stored value (confirm +0.1, reject -0.15), or for a learning without\n"
        "one 0.50 + 0.05 per corroboration (at most 0.80), halved every memoryHalfLifeDays\n"
        "since it was last confirmed or used; never confirmed nor used = no decay."_s;
    c.words = {u"list"_s, u"show"_s, u"preview"_s, u"confirm"_s, u"reject"_s, u"approve"_s,
               u"delete"_s, u"add"_s, u"export"_s, u"import"_s};
    return c;
}
} // namespace

QList<CommandSpec> CommandTables::memoryCommands()
{
    CommandSpec show = sub(u"show"_s, u"show <category>|<learning-id> [--explain]"_s,
                           u"A category's learnings (id, seen, confidence, type, status, source); a learning's id: that one in full"_s,
                           ValueKind::Category, {{{u"explain"_s}, {}, u"Show how each learning's confidence is computed"_s}});
    show.description = u"A category's learnings: id, seen, confidence now, last used, type, status, source and insight\n"
                       "(a topic description also works); a learning's id shows that one in full, with its confidence\n"
                       "explained."_s;
    CommandSpec preview = sub(u"preview"_s, u"preview --topic TEXT [--budget N] [--intent block|allow]"_s,
                              u"Print exactly the memory section a run on TEXT would get"_s, ValueKind::None,
                              {{{u"topic"_s}, u"text"_s, u"The topic description a run would start from"_s},
                               {{u"budget"_s}, u"N"_s, u"Characters for the section (500-10000, default maxMemoryChars)"_s},
                               intent(u"The run's intent: block (default) or allow"_s)});
    CommandSpec add = sub(u"add"_s,
                          u"add --category KEY --insight TEXT [--strategy TEXT] [--outcome improved|degraded|neutral]\n"
                          "                     [--change-type TYPE] [--tag TAG]..."_s,
                          u"Add a learning by hand (source \"person\")"_s, ValueKind::None,
                          {{{u"category"_s}, u"key"_s, u"The category key, as daystrom memory list shows it"_s, {}, {}, ValueKind::Category},
                           {{u"topic"_s}, u"text"_s, u"A topic description: its category is used instead of --category"_s},
                           {{u"insight"_s}, u"text"_s, u"The observation"_s},
                           {{u"strategy"_s}, u"text"_s, u"What was done"_s},
                           {{u"outcome"_s}, u"outcome"_s, u"improved, degraded or neutral (default improved)"_s, u"improved"_s,
                            {u"improved"_s, u"degraded"_s, u"neutral"_s}},
                           {{u"change-type"_s}, u"type"_s, u"description-only, examples-only, both or initial (default initial)"_s, u"initial"_s,
                            {u"description-only"_s, u"examples-only"_s, u"both"_s, u"initial"_s}},
                           {{u"tag"_s}, u"tag"_s, u"A tag (repeatable; commas separate several)"_s, {}, {}, ValueKind::None, true}});
    CommandSpec exportBundle = sub(u"export"_s, u"export [--category KEY]... FILE"_s,
                                   u"Write learnings and anti-patterns to a bundle to share"_s, ValueKind::File,
                                   {{{u"category"_s}, u"key"_s, u"Export only this category (a key or a topic description; repeatable)"_s,
                                     {}, {}, ValueKind::Category, true}});
    CommandSpec importBundle = sub(u"import"_s, u"import [--yes] FILE"_s,
                                   u"What a bundle would add, corroborate and skip; --yes writes it"_s, ValueKind::File,
                                   {{{u"yes"_s}, {}, u"Write the import (without it, only show what it would do)"_s}});
    return {memory(),
            sub(u"list"_s, u"list"_s, u"Memory categories with their learning counts and best coverage"_s),
            show,
            preview,
            sub(u"confirm"_s, u"confirm <learning-id>"_s, u"Raise its confidence by 0.1 and restart its decay"_s),
            sub(u"reject"_s, u"reject <learning-id>"_s, u"Lower it by 0.15; below 0.15 it becomes an anti-pattern"_s),
            sub(u"approve"_s, u"approve <learning-id>"_s, u"Make a pending learning active (memoryRequireReview)"_s),
            sub(u"delete"_s, u"delete <learning-id>"_s, u"Remove it"_s),
            add,
            exportBundle,
            importBundle};
}
