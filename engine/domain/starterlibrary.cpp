#include "starterlibrary.h"

#include "jsonin.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

QList<StarterTopic> StarterLibrary::all(QString *error)
{
    static const QString path = u":/library/starter-topics.json"_s;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"the starter library is missing from this build (%1)"_s.arg(path);
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = u"the starter library is not valid JSON: "_s + pe.errorString();
        return {};
    }
    QStringList errors;
    const JsonIn root(doc.object(), u"library"_s, &errors);
    QList<StarterTopic> out;
    const QJsonArray topics = root.array("topics"_L1);
    for (qsizetype i = 0; i < topics.size(); ++i) {
        const JsonIn in = root.element("topics"_L1, i, topics.at(i));
        StarterTopic t;
        t.key = in.string("key"_L1);
        const QString intent = in.string("intent"_L1);
        if (const auto parsed = intentFromName(intent))
            t.intent = *parsed;
        else
            in.error("intent"_L1, u"must be block or allow, not "_s + intent);
        t.topic.name = in.string("name"_L1);
        t.topic.description = in.string("description"_L1);
        t.topic.examples = in.strings("examples"_L1);
        t.note = in.string("note"_L1);
        out.append(t);
    }
    if (!errors.isEmpty()) {
        if (error)
            *error = u"the starter library is damaged: "_s + errors.join(u"; "_s);
        return {};
    }
    return out;
}

std::optional<StarterTopic> StarterLibrary::find(const QString &keyOrName)
{
    const QString wanted = keyOrName.trimmed();
    for (const StarterTopic &t : all()) {
        if (t.key == wanted || t.topic.name.compare(wanted, Qt::CaseInsensitive) == 0)
            return t;
    }
    return std::nullopt;
}

RunSettings StarterLibrary::settingsFor(const StarterTopic &entry, RunSettings base)
{
    base.topicDescription = entry.topic.description;
    base.intent = entry.intent;
    base.seedExamples = entry.topic.examples;
    return base;
}
