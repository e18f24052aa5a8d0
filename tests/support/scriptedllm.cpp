#include "scriptedllm.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

ScriptedLlm::ScriptedLlm(QObject *parent)
    : QObject(parent)
{
    m_server.setHandler([this](const ScriptedHttpServer::Request &r) { return answer(r); });
}

bool ScriptedLlm::start()
{
    return m_server.start() != 0;
}

QUrl ScriptedLlm::baseUrl() const
{
    return QUrl(m_server.baseUrl() + u"/v1"_s);
}

static QByteArray completion(const QJsonObject &content)
{
    const QJsonObject o{{u"choices"_s, QJsonArray{QJsonObject{
                            {u"message"_s, QJsonObject{{u"role"_s, u"assistant"_s},
                                                       {u"content"_s, QString::fromUtf8(QJsonDocument(content).toJson(QJsonDocument::Compact))}}},
                            {u"finish_reason"_s, u"stop"_s}}}},
                        {u"usage"_s, QJsonObject{{u"prompt_tokens"_s, 100}, {u"completion_tokens"_s, 50}}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

ScriptedHttpServer::Step ScriptedLlm::answer(const ScriptedHttpServer::Request &request)
{
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    const QString call = body.value(u"response_format"_s).toObject().value(u"json_schema"_s).toObject()
                             .value(u"name"_s).toString();
    ++calls[call];
    Received r{call, {}, {}};
    for (const QJsonValue &m : body.value(u"messages"_s).toArray()) {
        const QJsonObject message = m.toObject();
        if (message.value(u"role"_s).toString() == "system"_L1)
            r.system = message.value(u"content"_s).toString();
        else if (message.value(u"role"_s).toString() == "user"_L1)
            r.user = message.value(u"content"_s).toString();
    }
    received.append(r);
    const bool malformedExtraction = call == "extract_learnings"_L1 && malformedExtractions > 0;
    if (malformedExtraction)
        --malformedExtractions;
    if (malformedNext > 0 || malformedExtraction) {
        if (!malformedExtraction)
            --malformedNext;
        const QJsonObject bad{{u"choices"_s, QJsonArray{QJsonObject{
                                  {u"message"_s, QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, u"Sure! {name: oops"_s}}},
                                  {u"finish_reason"_s, u"stop"_s}}}}};
        return ScriptedHttpServer::Step::json(200, QJsonDocument(bad).toJson(QJsonDocument::Compact));
    }
    QJsonObject out;
    if (call == "generate_topic"_L1 || call == "improve_topic"_L1) {
        const Topic t = topics.at(std::min<qsizetype>(m_topicIndex++, topics.size() - 1));
        out = t.toJson();
    } else if (call == "simplify_topic"_L1) {
        out = simplified.at(std::min<qsizetype>(m_simplifyIndex++, simplified.size() - 1)).toJson();
    } else if (call == "generate_companion"_L1) {
        out = companion.toJson();
    } else if (call == "generate_tests"_L1 || call == "generate_benchmark"_L1) {
        QJsonArray pos, neg;
        for (const TestCase &t : call == "generate_tests"_L1 ? tests : benchmark) {
            const QJsonObject item{{u"prompt"_s, t.prompt}, {u"expectedTriggered"_s, t.expectedTriggered},
                                   {u"category"_s, t.category}};
            (t.expectedTriggered ? pos : neg).append(item);
        }
        out = QJsonObject{{u"positiveTests"_s, pos}, {u"negativeTests"_s, neg}};
    } else if (call == "analyze_results"_L1) {
        out = QJsonObject{{u"summary"_s, u"scripted analysis"_s},
                          {u"falsePositivePatterns"_s, QJsonArray{}},
                          {u"falseNegativePatterns"_s, QJsonArray{}},
                          {u"suggestions"_s, QJsonArray{u"be sharper"_s}}};
    } else if (call == "extract_learnings"_L1) {
        ScriptedHttpServer::Step step = ScriptedHttpServer::Step::json(200, completion(extraction));
        step.delayMs = extractionDelayMs;
        return step;
    } else {
        return ScriptedHttpServer::Step::json(400, "{\"error\":{\"message\":\"unknown call\"}}");
    }
    ScriptedHttpServer::Step step = ScriptedHttpServer::Step::json(200, completion(out));
    step.delayMs = delayMs.value(call, 0);
    return step;
}

QList<ScriptedLlm::Received> ScriptedLlm::receivedFor(const QString &call) const
{
    QList<Received> out;
    for (const Received &r : received) {
        if (r.call == call)
            out.append(r);
    }
    return out;
}

QJsonObject ScriptedLlm::defaultExtraction()
{
    auto learning = [](const QString &insight, const QString &strategy, const QString &outcome,
                       const QString &changeType, const QStringList &tags) {
        return QJsonObject{{u"insight"_s, insight},
                           {u"strategy"_s, strategy},
                           {u"outcome"_s, outcome},
                           {u"changeType"_s, changeType},
                           {u"tags"_s, QJsonArray::fromStringList(tags)},
                           {u"iteration"_s, 0}, // the whole run: the best iteration's metrics
                           {u"intentNeutral"_s, false}};
    };
    return QJsonObject{
        {u"learnings"_s,
         QJsonArray{learning(u"Naming the purchase channel in the description caught the indirect buying prompts"_s,
                             u"Added marketplaces and private sales to the description"_s, u"improved"_s,
                             u"description-only"_s, {u"fn-reduction"_s, u"description-weight"_s}),
                    learning(u"Themes unrelated to weapons matched nothing and dropped coverage to zero"_s,
                             u"Replaced the topic with an unrelated theme"_s, u"degraded"_s, u"both"_s,
                             {u"fn-reduction"_s})}},
        {u"antiPatterns"_s, QJsonArray{u"Rewriting the topic around an unrelated theme"_s}}};
}
