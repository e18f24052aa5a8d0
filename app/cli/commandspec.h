#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineParser;

// The CLI's commands as data (issue 60): every command's parser is built from its entry here
// (addTo), and its --help, `daystrom --help`, the man pages and the shell completions are
// written from the same entries, so none of them can name a flag the parser does not take.
// QtCore only: the build-time generator of the man pages and completions links it alone.

// What a value completes to in a shell. Run ids, profile and category names come from the
// binary itself (`daystrom __complete runs|profiles|categories`), read from local files only.
enum class ValueKind { None, File, RunId, Profile, Category };

struct OptionSpec
{
    QStringList names;          // the long name first, then any one-letter alias
    QString valueName;          // empty: a flag without a value
    QString description;        // one sentence or two, as --help shows it
    QString defaultValue;       // the default in words ("20"); empty when there is none
    QStringList allowed;        // the values the command accepts, when they are a fixed set
    ValueKind completes = ValueKind::None;
    bool repeatable = false;
    bool parserDefault = false; // defaultValue is also the parser's default value
};

struct CommandSpec
{
    QString name;        // "generate", or "memory show" for a subcommand
    QString synopsis;    // the whole usage line(s), starting with "daystrom "
    QString summary;     // one line, shown in `daystrom --help` and the completions
    QString description; // paragraphs (blank line between); lines that start with two spaces
                         // are kept as they are (a table, an example)
    QList<OptionSpec> options;
    QStringList words;   // the fixed words the first argument takes (subcommands, "list|show")
    ValueKind argument = ValueKind::None; // what its other arguments complete to
    bool hidden = false; // not in the usage, the man page or the completions (__complete)

    // Every command, in the order `daystrom --help` and the man page list them.
    static const QList<CommandSpec> &all();
    // The entry for `name` ("report", "memory show"), or nullptr.
    static const CommandSpec *find(QStringView name);
    // find(), for a name that must be in the table (asserts otherwise).
    static const CommandSpec &get(QStringView name);
    // Adds -h/--help and every option of `spec` to `parser`.
    static void addTo(QCommandLineParser &parser, const CommandSpec &spec);

    // The text `daystrom <name> --help` prints: usage, description, options.
    QString helpText() const;
    // The subcommands of this command ("memory" -> the entries "memory list", ...), if any.
    QList<const CommandSpec *> children() const;
    // "--topic TEXT" / "--sandbox": an option as usage and help name it.
    static QString optionLabel(const OptionSpec &option);
};

// The parts of the table that are about the CLI as a whole.
namespace CliDocs {
struct Entry
{
    QString name;    // an exit code, an environment variable, a path, an example command
    QString meaning;
};
const QList<Entry> &exitStatuses();
const QList<Entry> &environment();
const QList<Entry> &files();
const QList<Entry> &examples();
// The paragraph on LLM providers `daystrom --help` ends with.
QString providers();
// `daystrom --help`: every command's synopsis and summary, the options, files and exit codes.
QString usage();
// daystrom-studio's own command line (app/gui/main.cpp) and the environment it reads.
const CommandSpec &studio();
const QList<Entry> &studioEnvironment();
} // namespace CliDocs
