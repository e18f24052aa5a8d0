#include "commandspec.h"
#include "completionscript.h"

#include <QStringList>

using namespace Qt::StringLiterals;

// The fish script: one `complete` line per command, subcommand, flag and argument.
namespace {
QString quoted(QString text)
{
    return u'\'' + text.replace(u'\\', u"\\\\"_s).replace(u'\'', u"\\'"_s) + u'\'';
}

// The condition under which a command's flags apply.
QString condition(const CommandSpec &c)
{
    const QStringList parts = c.name.split(u' ');
    QStringList tests;
    for (const QString &p : parts)
        tests.append(u"__fish_seen_subcommand_from "_s + p);
    return quoted(tests.join(u"; and "_s));
}

QString values(ValueKind kind, const QStringList &allowed, bool flag = true)
{
    if (!allowed.isEmpty())
        return u" -x -a "_s + quoted(allowed.join(u' '));
    if (kind == ValueKind::File)
        return flag ? u" -r -F"_s : u" -F"_s;
    const QString word = CompletionScript::dynamicWord(int(kind));
    if (!word.isEmpty())
        return u" -x -a "_s + quoted(u"(__daystrom_dynamic "_s + word + u')');
    return u" -x"_s;
}
} // namespace

QString CompletionScript::fish()
{
    QString out = u"# fish completion for daystrom, written from its option tables by `daystrom completion fish`.\n"
                  "# Run ids, profile and category names come from `daystrom __complete` (local files only).\n"
                  "function __daystrom_dynamic\n"
                  "    set -l words (commandline -opc)\n"
                  "    set -l sandbox\n"
                  "    contains -- --sandbox $words; and set sandbox --sandbox\n"
                  "    command -q $words[1]; or return\n"
                  "    command $words[1] __complete $argv[1] $sandbox 2>/dev/null\n"
                  "end\n"
                  "complete -c daystrom -f\n"
                  "complete -c daystrom -n __fish_use_subcommand -s h -l help -d 'Show this help'\n"
                  "complete -c daystrom -n __fish_use_subcommand -s v -l version -d 'Show the version'\n"_s;
    for (const CommandSpec &c : CommandSpec::all()) {
        if (c.hidden)
            continue;
        const QString parent = c.name.section(u' ', 0, 0);
        if (!c.name.contains(u' ')) {
            out += u"complete -c daystrom -n __fish_use_subcommand -a "_s + c.name + u" -d "_s + quoted(c.summary) + u'\n';
        } else {
            const CommandSpec &p = CommandSpec::get(parent);
            out += u"complete -c daystrom -n "_s
                   + quoted(u"__fish_seen_subcommand_from "_s + parent + u"; and not __fish_seen_subcommand_from "_s
                            + p.words.join(u' '))
                   + u" -a "_s + c.name.section(u' ', 1) + u" -d "_s + quoted(c.summary) + u'\n';
        }
        if (!c.words.isEmpty() && c.children().isEmpty())
            out += u"complete -c daystrom -n "_s
                   + quoted(u"__fish_seen_subcommand_from "_s + c.name + u"; and not __fish_seen_subcommand_from "_s
                            + c.words.join(u' '))
                   + u" -a "_s + quoted(c.words.join(u' ')) + u'\n';
        if (!c.children().isEmpty())
            continue; // its flags are its subcommands'
        out += u"complete -c daystrom -n "_s + condition(c) + u" -s h -l help -d 'Show this help'\n"_s;
        for (const OptionSpec &o : c.options) {
            out += u"complete -c daystrom -n "_s + condition(c);
            for (const QString &n : o.names)
                out += (n.size() == 1 ? u" -s "_s : u" -l "_s) + n;
            if (!o.valueName.isEmpty())
                out += values(o.completes, o.allowed);
            out += u" -d "_s + quoted(o.description.left(120)) + u'\n';
        }
        if (c.argument != ValueKind::None)
            out += u"complete -c daystrom -n "_s + condition(c) + values(c.argument, {}, false) + u'\n';
    }
    return out;
}
