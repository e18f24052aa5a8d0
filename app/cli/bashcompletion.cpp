#include "commandspec.h"
#include "completionscript.h"

#include <QStringList>

using namespace Qt::StringLiterals;

// The bash script. It needs nothing of the bash-completion package: COMP_WORDS and COMP_CWORD
// are read directly, so it also works where _init_completion is missing.
namespace {
QString optionWords(const CommandSpec &c)
{
    QStringList words{u"-h"_s, u"--help"_s};
    for (const OptionSpec &o : c.options) {
        for (const QString &n : o.names)
            words.append(n.size() == 1 ? u"-"_s + n : u"--"_s + n);
    }
    return words.join(u' ');
}

// What to do for a value of `kind` (after a flag, or as an argument).
QString action(ValueKind kind, const QStringList &allowed)
{
    if (!allowed.isEmpty())
        return u"COMPREPLY=($(compgen -W \""_s + allowed.join(u' ') + u"\" -- \"$cur\"))"_s;
    if (kind == ValueKind::File)
        return u"compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"_s;
    const QString word = CompletionScript::dynamicWord(int(kind));
    if (!word.isEmpty())
        return u"_daystrom_dynamic "_s + word;
    return u":"_s; // free text: nothing to offer
}
} // namespace

QString CompletionScript::bash()
{
    QStringList top;
    QString wordCases, valueCases, optionCases, argumentCases;
    for (const CommandSpec &c : CommandSpec::all()) {
        if (c.hidden)
            continue;
        const QString key = u'"' + c.name + u'"';
        if (!c.name.contains(u' '))
            top.append(c.name);
        if (!c.words.isEmpty()) {
            const bool subcommands = !c.children().isEmpty();
            wordCases += u"        "_s + key + u") (( COMP_CWORD == 2 )) && words=\""_s + c.words.join(u' ') + u'"';
            wordCases += subcommands ? u"; (( COMP_CWORD > 2 )) && key=\"$cmd ${COMP_WORDS[2]}\" ;;\n"_s : u" ;;\n"_s;
        }
        for (const OptionSpec &o : c.options) {
            if (o.valueName.isEmpty())
                continue;
            for (const QString &n : o.names)
                valueCases += u"        \""_s + c.name + u":-"_s + (n.size() == 1 ? QString() : u"-"_s) + n + u"\") "_s
                              + action(o.completes, o.allowed) + u"; return ;;\n"_s;
        }
        optionCases += u"        "_s + key + u") opts=\""_s + optionWords(c) + u"\" ;;\n"_s;
        if (c.argument != ValueKind::None)
            argumentCases += u"        "_s + key + u") "_s + action(c.argument, {}) + u" ;;\n"_s;
    }
    top << u"-h"_s << u"--help"_s << u"-v"_s << u"--version"_s;
    return u"# bash completion for daystrom, written from its option tables by `daystrom completion bash`.\n"
           "# Run ids, profile and category names come from `daystrom __complete` (local files only).\n"
           "_daystrom_dynamic()\n"
           "{\n"
           "    local sandbox= word\n"
           "    for word in \"${COMP_WORDS[@]}\"; do [[ $word == --sandbox ]] && sandbox=--sandbox; done\n"
           "    local IFS=$'\\n'\n"
           "    COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" __complete \"$1\" $sandbox 2>/dev/null)\" -- \"$cur\"))\n"
           "}\n"
           "\n"
           "_daystrom()\n"
           "{\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
           "    local cmd=${COMP_WORDS[1]} key= words= opts=\n"
           "    COMPREPLY=()\n"
           "    # --flag=value: bash splits it at the \"=\".\n"
           "    if [[ $cur == = ]]; then\n"
           "        cur=\n"
           "    elif [[ $prev == = && $COMP_CWORD -ge 3 ]]; then\n"
           "        prev=${COMP_WORDS[COMP_CWORD-2]}\n"
           "    fi\n"
           "    if (( COMP_CWORD == 1 )); then\n"
           "        COMPREPLY=($(compgen -W \""_s
           + top.join(u' ')
           + u"\" -- \"$cur\"))\n"
             "        return\n"
             "    fi\n"
             "    key=$cmd\n"
             "    case $cmd in\n"_s
           + wordCases
           + u"    esac\n"
             "    if [[ -n $words && $cur != -* ]]; then\n"
             "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
             "        return\n"
             "    fi\n"
             "    case \"$key:$prev\" in\n"_s
           + valueCases
           + u"    esac\n"
             "    if [[ $cur == -* ]]; then\n"
             "        case $key in\n"_s
           + optionCases.replace(u"\n        "_s, u"\n            "_s).prepend(u"    "_s)
           + u"        esac\n"
             "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
             "        return\n"
             "    fi\n"
             "    case $key in\n"_s
           + argumentCases
           + u"    esac\n"
             "}\n"
             "complete -F _daystrom daystrom\n"_s;
}
