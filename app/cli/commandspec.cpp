#include "commandspec.h"
#include "commandtables.h"
#include "helplayout.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

const QList<CommandSpec> &CommandSpec::all()
{
    static const QList<CommandSpec> commands = [] {
        QList<CommandSpec> run = CommandTables::runCommands(); // generate, resume, eval, audit, experiment
        QList<CommandSpec> store = CommandTables::storeCommands(); // runs, report, compare, library, apply, revert, cleanup
        QList<CommandSpec> tools = CommandTables::toolCommands();   // sandbox, mcp, completion, __complete
        // The order `daystrom --help` has always listed them in, then the newer ones.
        QList<CommandSpec> all{run[0], run[1], store[4], store[5], store[6], run[2], store[3], run[3], run[4],
                               store[0], store[1], store[2], tools[0]};
        all += CommandTables::memoryCommands();
        all += tools.mid(1);
        return all;
    }();
    return commands;
}

const CommandSpec *CommandSpec::find(QStringView name)
{
    for (const CommandSpec &c : all()) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

const CommandSpec &CommandSpec::get(QStringView name)
{
    const CommandSpec *c = find(name);
    Q_ASSERT_X(c, "CommandSpec::get", "a command missing from the table");
    return c ? *c : all().constFirst();
}

void CommandSpec::addTo(QCommandLineParser &parser, const CommandSpec &spec)
{
    // Not addHelpOption(): its --help-all would parse and then do nothing in a command.
    parser.addOption(QCommandLineOption({u"h"_s, u"help"_s}, u"Show this help"_s));
    for (const OptionSpec &o : spec.options) {
        QCommandLineOption option(o.names, o.description, o.valueName);
        if (o.parserDefault)
            option.setDefaultValue(o.defaultValue);
        parser.addOption(option);
    }
}

QString CommandSpec::optionLabel(const OptionSpec &option)
{
    QStringList names;
    for (const QString &n : option.names)
        names.append(n.size() == 1 ? u"-"_s + n : u"--"_s + n);
    QString label = names.join(u", "_s);
    if (!option.valueName.isEmpty())
        label += u' ' + option.valueName.toUpper().replace(u' ', u'-');
    return label;
}

QList<const CommandSpec *> CommandSpec::children() const
{
    QList<const CommandSpec *> found;
    const QString prefix = name + u' ';
    for (const CommandSpec &c : all()) {
        if (c.name.startsWith(prefix))
            found.append(&c);
    }
    return found;
}

QString CommandSpec::helpText() const
{
    QString text = u"Usage: "_s + synopsis + u"\n\n"_s + summary + u".\n"_s;
    if (!description.isEmpty())
        text += u'\n' + description + u'\n';
    const QList<const CommandSpec *> subs = children();
    if (!subs.isEmpty()) {
        text += u"\nSubcommands:\n"_s;
        for (const CommandSpec *c : subs)
            text += HelpLayout::entry(HelpLayout::withoutProgram(c->synopsis, c->name.section(u' ', 0, 0)), c->summary);
    }
    text += u"\nOptions:\n"_s + HelpLayout::entry(u"-h, --help"_s, u"Show this help"_s);
    for (const OptionSpec &o : options) {
        QString description = o.description;
        if (!o.allowed.isEmpty() && !description.contains(o.allowed.constLast()))
            description += u" (one of: "_s + o.allowed.join(u", "_s) + u')';
        text += HelpLayout::entry(optionLabel(o), description);
    }
    return text;
}
