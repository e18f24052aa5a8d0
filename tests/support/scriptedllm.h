#pragma once

#include "domain/testcase.h"
#include "domain/topic.h"
#include "scriptedhttpserver.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QUrl>

// An OpenAI-compatible server that answers each of the seven prompt-book calls (recognised by
// response_format.json_schema.name) from a script: the topics to return for generate and
// improve, in order, a fixed test suite, and a fixed analysis. For loop tests that need exact
// control over what the "model" proposes (regressions, duplicates, plateaus).
class ScriptedLlm final : public QObject
{
    Q_OBJECT
public:
    explicit ScriptedLlm(QObject *parent = nullptr);
    bool start();
    QUrl baseUrl() const; // …/v1

    QList<Topic> topics;         // generate_topic, then improve_topic, in order (the last repeats)
    QList<Topic> simplified;     // simplify_topic answers (the last repeats)
    Topic companion;
    QList<TestCase> tests;       // generate_tests: positives have expectedTriggered true
    QList<TestCase> benchmark;   // generate_benchmark
    QHash<QString, int> calls;   // call name -> count
    int malformedNext = 0;       // answer the next N calls with text that is not JSON
    // extract_learnings: this answer (default: two learnings and one anti-pattern), and the
    // number of extract_learnings calls still to answer with text that is not JSON.
    QJsonObject extraction = defaultExtraction();
    int malformedExtractions = 0;
    int extractionDelayMs = 0; // extract_learnings answers this much later
    QHash<QString, int> delayMs; // call name -> its answers come this much later (others: at once)

    // Every request, in order, as the model saw it.
    struct Received
    {
        QString call;   // the schema name, e.g. generate_topic
        QString system; // the system message
        QString user;   // the user message
    };
    QList<Received> received;
    QList<Received> receivedFor(const QString &call) const;

    static QJsonObject defaultExtraction();

private:
    ScriptedHttpServer::Step answer(const ScriptedHttpServer::Request &request);

    ScriptedHttpServer m_server;
    int m_topicIndex = 0;
    int m_simplifyIndex = 0;
};
