#include "commandspec.h"
#include "completionscript.h"

#include <QStringList>

using namespace Qt::StringLiterals;

// The zsh script: an autoloaded _daystrom (installed as vendor-completions/_daystrom) or,
// sourced, one that registers itself with compdef.
namespace {
// A word in single quotes.
QString quoted(QString text)
{
    return u'\'' + text.replace(u'\'', u"'\\''"_s) + u'\'';
}

// "name:description" for _describe (a colon in the name escaped).
QString described(QString name, const QString &description)
{
    return quoted(name.replace(u':', u"\\:"_s) + u':' + description);
}

QString action(ValueKind kind, const QStringList &allowed)
{
    if (!allowed.isEmpty())
        return u"compadd -- "_s + allowed.join(u' ');
    if (kind == ValueKind::File)
        return u"_files"_s;
    const QString word = CompletionScript::dynamicWord(int(kind));
    if (!word.isEmpty())
        return u"_daystrom_dynamic "_s + word;
    return u":"_s;
}
} // namespace

QString CompletionScript::zsh()
{
    QStringList commands;
    QString wordCases, valueCases, optionCases, argumentCases;
    for (const CommandSpec &c : CommandSpec::all()) {
        if (c.hidden)
            continue;
        const QString key = u'"' + c.name + u'"';
        if (!c.name.contains(u' '))
            commands.append(described(c.name, c.summary));
        if (!c.words.isEmpty()) {
            QStringList words;
            const QList<const CommandSpec *> subs = c.children();
            for (const QString &w : c.words) {
                const CommandSpec *sub = CommandSpec::find(QString(c.name + u' ' + w));
                words.append(described(w, sub ? sub->summary : c.summary));
            }
            wordCases += u"        "_s + key + u")\n            if (( CURRENT == 3 )); then\n                local -a subs; subs=("_s
                         + words.join(u' ') + u")\n                _describe -t subcommands 'subcommand' subs; return\n            fi\n"_s;
            if (!subs.isEmpty())
                wordCases += u"            key=\"$cmd ${words[3]}\"\n"_s;
            wordCases += u"            ;;\n"_s;
        }
        QStringList options{described(u"--help"_s, u"Show this help"_s)};
        for (const OptionSpec &o : c.options) {
            for (const QString &n : o.names)
                options.append(described(n.size() == 1 ? u"-"_s + n : u"--"_s + n, o.description.left(120)));
            if (o.valueName.isEmpty())
                continue;
            for (const QString &n : o.names)
                valueCases += u"        \""_s + c.name + u":-"_s + (n.size() == 1 ? QString() : u"-"_s) + n + u"\") "_s
                              + action(o.completes, o.allowed) + u"; return ;;\n"_s;
        }
        optionCases += u"            "_s + key + u") opts=("_s + options.join(u' ') + u") ;;\n"_s;
        if (c.argument != ValueKind::None)
            argumentCases += u"        "_s + key + u") "_s + action(c.argument, {}) + u" ;;\n"_s;
    }
    return u"#compdef daystrom\n"
           "# zsh completion for daystrom, written from its option tables by `daystrom completion zsh`.\n"
           "# Run ids, profile and category names come from `daystrom __complete` (local files only).\n"
           "_daystrom_dynamic() {\n"
           "    local -a found\n"
           "    local sandbox=\n"
           "    (( ${words[(I)--sandbox]} )) && sandbox=--sandbox\n"
           "    found=(${(f)\"$(${words[1]} __complete $1 $sandbox 2>/dev/null)\"})\n"
           "    compadd -a found\n"
           "}\n"
           "\n"
           "_daystrom() {\n"
           "    local cmd=${words[2]} prev=${words[CURRENT-1]} cur=${words[CURRENT]} key\n"
           "    local -a opts\n"
           "    if (( CURRENT == 2 )); then\n"
           "        local -a commands; commands=("_s
           + commands.join(u' ')
           + u")\n"
             "        _describe -t commands 'daystrom command' commands\n"
             "        return\n"
             "    fi\n"
             "    key=$cmd\n"
             "    case $cmd in\n"_s
           + wordCases
           + u"    esac\n"
             "    case \"$key:$prev\" in\n"_s
           + valueCases
           + u"    esac\n"
             "    if [[ $cur == -* ]]; then\n"
             "        case $key in\n"_s
           + optionCases
           + u"        esac\n"
             "        _describe -t options 'option' opts\n"
             "        return\n"
             "    fi\n"
             "    case $key in\n"_s
           + argumentCases
           + u"    esac\n"
             "}\n"
             "\n"
             "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then\n"
             "    _daystrom \"$@\"\n"
             "else\n"
             "    compdef _daystrom daystrom\n"
             "fi\n"_s;
}
