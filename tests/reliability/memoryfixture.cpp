#include "memoryfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

QByteArray MemoryFixture::bigMemoryFile(int count, QStringList *ids)
{
    QJsonArray learnings;
    for (int i = 0; i < count; ++i) {
        const QString id = u"learning-%1-xxxxxxxx"_s.arg(i, 5, 10, QChar(u'0'));
        ids->append(id);
        learnings.append(
            QJsonObject{{u"id"_s, id},
                        {u"changeType"_s, u"both"_s},
                        {u"confidence"_s, 0.5},
                        {u"corroborations"_s, 0},
                        {u"extractedAt"_s, u"2026-11-01T10:00:00.000Z"_s},
                        {u"insight"_s,
                         u"Insight number %1: widening the description with hypothetical, story "
                         u"and novel phrasings "
                         u"raised TPR because the missed prompts share that vocabulary, %2"_s.arg(i)
                             .arg(QString(400, u'x'))},
                        {u"intent"_s, u"block"_s},
                        {u"iteration"_s, 2},
                        {u"metrics"_s, QJsonObject{{u"accuracy"_s, 1},
                                                   {u"coverage"_s, 1},
                                                   {u"f1"_s, 1},
                                                   {u"tnr"_s, 1},
                                                   {u"tpr"_s, 1}}},
                        {u"outcome"_s, u"improved"_s},
                        {u"runId"_s, u"bigrun%1"_s.arg(i % 37)},
                        {u"source"_s, u"reliability fixture"_s},
                        {u"status"_s, u"active"_s},
                        {u"strategy"_s, u"Added examples."_s},
                        {u"tags"_s, QJsonArray{u"example-count"_s}},
                        {u"topicCategory"_s, u"big-topic"_s},
                        {u"topicDescription"_s, u"big topic"_s}});
    }
    return QJsonDocument(QJsonObject{{u"antiPatterns"_s, QJsonArray()},
                                     {u"category"_s, u"big-topic"_s},
                                     {u"learnings"_s, learnings}})
        .toJson(QJsonDocument::Compact);
}
