#include "librarycommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "domain/starterlibrary.h"
#include "domain/topiclimits.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
QJsonObject entryJson(const StarterTopic &t)
{
    return {{u"key"_s, t.key},
            {u"intent"_s, intentName(t.intent)},
            {u"name"_s, t.topic.name},
            {u"description"_s, t.topic.description},
            {u"examples"_s, QJsonArray::fromStringList(t.topic.examples)},
            {u"note"_s, t.note}};
}

// A shell word in double quotes: what a person pastes into a terminal.
QString quoted(QString text)
{
    text.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s).replace(u'$', u"\\$"_s).replace(u'`', u"\\`"_s);
    return u'"' + text + u'"';
}
} // namespace

int libraryCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"library");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom library"_s} + arguments)) {
        ctx.err << "daystrom library: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    const QString format = p.value(u"format"_s);
    if (format != "text"_L1 && format != "json"_L1) {
        ctx.err << "daystrom library: --format must be text or json, not \"" << format << "\"\n";
        return ExitCode::Usage;
    }
    const QStringList args = p.positionalArguments();
    const QString action = args.value(0);
    QString error;
    const QList<StarterTopic> entries = StarterLibrary::all(&error);
    if (!error.isEmpty()) {
        ctx.err << "daystrom library: " << error << '\n';
        return ExitCode::Failed;
    }
    if (action == "list"_L1 && args.size() == 1) {
        if (format == "json"_L1) {
            QJsonArray list;
            for (const StarterTopic &t : entries)
                list.append(entryJson(t));
            ctx.out << QString::fromUtf8(QJsonDocument(QJsonObject{{u"topics"_s, list}}).toJson(QJsonDocument::Indented));
            return ExitCode::Ok;
        }
        for (const StarterTopic &t : entries)
            ctx.out << t.key.leftJustified(22) << ' ' << intentName(t.intent).leftJustified(6) << ' ' << t.topic.name << '\n';
        ctx.out << entries.size() << " starter topics; daystrom library show KEY for one\n";
        return ExitCode::Ok;
    }
    if (action == "show"_L1 && args.size() == 2) {
        const std::optional<StarterTopic> t = StarterLibrary::find(args.at(1));
        if (!t) {
            ctx.err << "daystrom library: no starter topic \"" << args.at(1) << "\"; daystrom library list names them\n";
            return ExitCode::Usage;
        }
        if (format == "json"_L1) {
            ctx.out << QString::fromUtf8(QJsonDocument(entryJson(*t)).toJson(QJsonDocument::Indented));
            return ExitCode::Ok;
        }
        ctx.out << t->topic.name << " (" << t->key << ", " << intentName(t->intent) << ")\n"
                << "  " << t->topic.description << '\n';
        for (const QString &e : t->topic.examples)
            ctx.out << "  example: " << e << '\n';
        ctx.out << "  what it is for: " << t->note << '\n'
                << "  " << TopicLimits::combinedBytes(t->topic) << " of " << TopicLimits::CombinedBytes << " bytes\n\n"
                << "Start a run from it:\n  daystrom generate --topic " << quoted(t->topic.description) << " --intent "
                << intentName(t->intent);
        for (const QString &e : t->topic.examples)
            ctx.out << " --seed " << quoted(e);
        ctx.out << " --profile NAME\n";
        return ExitCode::Ok;
    }
    ctx.err << "daystrom library: expected list, or show NAME; see daystrom library --help\n";
    return ExitCode::Usage;
}
