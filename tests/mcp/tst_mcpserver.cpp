// The MCP server's protocol layer in-process (app/cli/mcp): JSON-RPC errors as the
// specification names them, the revision it answers, arguments checked before a tool runs,
// progress that only grows and only when asked for, cancellation (no answer to a cancelled
// request), redaction of what a tool returns, and run_status's figures against a hand count.
// The real `daystrom mcp` over stdio, with the official SDK's client: tst_mcpsdkclient.
#include "domain/redaction.h"
#include "cli/mcp/mcpapplytools.h"
#include "cli/mcp/mcpcall.h"
#include "cli/mcp/mcpcommandtool.h"
#include "cli/mcp/mcpjsonrpc.h"
#include "cli/mcp/mcpmemorytool.h"
#include "cli/mcp/mcprunstatus.h"
#include "cli/mcp/mcpschema.h"
#include "cli/mcp/mcpserver.h"
#include "samplerun.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace {

QByteArray line(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject callLine(int id, const QString &tool, const QJsonObject &arguments, const QJsonValue &token = {})
{
    QJsonObject params{{u"name"_s, tool}, {u"arguments"_s, arguments}};
    if (!token.isUndefined())
        params.insert(u"_meta"_s, QJsonObject{{u"progressToken"_s, token}});
    return {{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, u"tools/call"_s}, {u"params"_s, params}};
}

// Every line the server sent, parsed; each must be one JSON-RPC 2.0 object on one line.
QList<QJsonObject> sent(const QSignalSpy &spy)
{
    QList<QJsonObject> out;
    for (const QList<QVariant> &args : spy) {
        const QByteArray l = args.first().toByteArray();
        if (!l.endsWith('\n') || l.count('\n') != 1)
            qFatal("a sent line is not exactly one line: %s", l.constData());
        const QJsonObject o = QJsonDocument::fromJson(l).object();
        if (o.value(u"jsonrpc"_s) != u"2.0"_s)
            qFatal("not JSON-RPC 2.0: %s", l.constData());
        out.append(o);
    }
    return out;
}

} // namespace

class TestMcpServer : public QObject
{
    Q_OBJECT

    McpServer *m_server = nullptr;
    QPointer<McpCall> m_held; // the "hold" tool's call, ended by the test

private slots:
    void init()
    {
        m_server = new McpServer(this);
        m_server->setServerInfo(u"daystrom"_s, u"Daystrom Studio"_s, u"1.2.3"_s, u"Use the tools."_s);
        const QJsonObject input = McpSchema::object({{u"n"_s, McpSchema::integer(u"a number"_s, 1, 10)},
                                                     {u"word"_s, McpSchema::string(u"a word"_s, 5)}},
                                                    {u"n"_s});
        const QJsonObject output = McpSchema::object({{u"n"_s, QJsonObject{{u"type"_s, u"integer"_s}}}}, {u"n"_s});
        m_server->addTool({u"echo"_s, {}, u"Answers n at once"_s, input, output, {}, [](McpCall *call) {
                               call->progress(1, 3, u"one"_s);
                               call->progress(1, 3, u"one again"_s); // not above the last: left out
                               call->progress(2, 3, u"two"_s);
                               call->succeed({{u"n"_s, call->arguments().value(u"n"_s)}});
                           }});
        m_server->addTool({u"hold"_s, {}, u"Answers when the test says"_s, input, output, {}, [this](McpCall *call) {
                               m_held = call;
                               connect(call, &McpCall::cancelled, call, [call] { call->fail(u"hold: cancelled."_s); });
                           }});
        m_server->addTool({u"leak"_s, {}, u"Quotes a key"_s, input, output, {}, [](McpCall *call) {
                               call->succeed({{u"n"_s, 1}, {u"echo"_s, u"the server said Bearer abcdefghijklmnopqrstuvwxyz012345"_s}});
                           }});
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void initializeAnswersTheClientsRevisionWhenItSpeaksIt_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("answered");
        QTest::newRow("current") << u"2025-11-25"_s << u"2025-11-25"_s;
        QTest::newRow("the one before") << u"2025-06-18"_s << u"2025-06-18"_s;
        QTest::newRow("before structured results") << u"2025-03-26"_s << u"2025-11-25"_s;
        QTest::newRow("unknown") << u"1999-01-01"_s << u"2025-11-25"_s;
    }
    void initializeAnswersTheClientsRevisionWhenItSpeaksIt()
    {
        QFETCH(QString, asked);
        QFETCH(QString, answered);
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, u"i"_s}, {u"method"_s, u"initialize"_s},
                                {u"params"_s, QJsonObject{{u"protocolVersion"_s, asked}, {u"capabilities"_s, QJsonObject()}}}}));
        const QJsonObject r = sent(spy).value(0).value(u"result"_s).toObject();
        QCOMPARE(r.value(u"protocolVersion"_s).toString(), answered);
        QCOMPARE(r.value(u"serverInfo"_s).toObject().value(u"name"_s).toString(), u"daystrom"_s);
        QVERIFY(r.value(u"capabilities"_s).toObject().contains(u"tools"_s));
        QCOMPARE(r.value(u"instructions"_s).toString(), u"Use the tools."_s);
    }

    void malformedMessagesGetTheSpecificationsErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("code"); // 0: no answer at all
        QTest::addColumn<QJsonValue>("id");
        QTest::newRow("not json") << QByteArray("{\"jsonrpc\":") << -32700 << QJsonValue(QJsonValue::Null);
        QTest::newRow("a batch") << QByteArray("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]") << -32600 << QJsonValue(QJsonValue::Null);
        QTest::newRow("wrong version") << QByteArray("{\"jsonrpc\":\"1.0\",\"id\":4,\"method\":\"ping\"}") << -32600 << QJsonValue(4);
        QTest::newRow("an object id") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}") << -32600 << QJsonValue(QJsonValue::Null);
        QTest::newRow("a fraction id") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}") << -32600 << QJsonValue(QJsonValue::Null);
        QTest::newRow("method not a string") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":7}") << -32600 << QJsonValue(u"x"_s);
        QTest::newRow("params not an object") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":[1]}") << -32602 << QJsonValue(2);
        QTest::newRow("unknown method") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"sample/teleport\"}") << -32601 << QJsonValue(3);
        QTest::newRow("unknown tool") << line(callLine(5, u"teleport"_s, {})) << -32602 << QJsonValue(5);
        QTest::newRow("an unknown notification") << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/teleported\"}") << 0 << QJsonValue();
        QTest::newRow("a response to nothing") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}") << 0 << QJsonValue();
        QTest::newRow("blank") << QByteArray("   ") << 0 << QJsonValue();
    }
    void malformedMessagesGetTheSpecificationsErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, code);
        QFETCH(QJsonValue, id);
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(text);
        const QList<QJsonObject> out = sent(spy);
        if (code == 0) {
            QVERIFY2(out.isEmpty(), qPrintable(QString::fromUtf8(line(out.value(0)))));
            return;
        }
        QCOMPARE(out.size(), 1);
        QCOMPARE(out.first().value(u"error"_s).toObject().value(u"code"_s).toInt(), code);
        QVERIFY(!out.first().value(u"error"_s).toObject().value(u"message"_s).toString().isEmpty());
        QCOMPARE(out.first().value(u"id"_s), id);
    }

    void badArgumentsAreToolErrorsWithASentence_data()
    {
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("missing") << QJsonObject{} << u"echo: \"n\" is required."_s;
        QTest::newRow("too big") << QJsonObject{{u"n"_s, 11}} << u"echo: \"n\" must be at most 10, not 11."_s;
        QTest::newRow("a fraction") << QJsonObject{{u"n"_s, 2.5}} << u"echo: \"n\" must be a whole number, not 2.5."_s;
        QTest::newRow("a string") << QJsonObject{{u"n"_s, u"3"_s}} << u"echo: \"n\" must be a whole number, not \"3\"."_s;
        QTest::newRow("too long") << QJsonObject{{u"n"_s, 1}, {u"word"_s, u"abcdef"_s}}
                                  << u"echo: \"word\" is 6 characters long; at most 5 are taken."_s;
        QTest::newRow("unknown") << QJsonObject{{u"n"_s, 1}, {u"colour"_s, 1}}
                                 << u"echo: there is no argument \"colour\"; the known ones are n, word."_s;
    }
    void badArgumentsAreToolErrorsWithASentence()
    {
        QFETCH(QJsonObject, arguments);
        QFETCH(QString, sentence);
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line(callLine(1, u"echo"_s, arguments)));
        const QJsonObject r = sent(spy).value(0).value(u"result"_s).toObject();
        QCOMPARE(r.value(u"isError"_s).toBool(), true);
        QCOMPARE(r.value(u"content"_s).toArray().first().toObject().value(u"text"_s).toString(), sentence);
        QVERIFY(!r.contains(u"structuredContent"_s));
    }

    void progressOnlyWhenAskedForAndOnlyGrowing()
    {
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line(callLine(1, u"echo"_s, {{u"n"_s, 4}})));
        QCOMPARE(sent(spy).size(), 1); // the answer alone
        spy.clear();
        m_server->receive(line(callLine(2, u"echo"_s, {{u"n"_s, 4}}, u"tok"_s)));
        const QList<QJsonObject> out = sent(spy);
        QCOMPARE(out.size(), 3);
        QCOMPARE(out.at(0).value(u"method"_s).toString(), u"notifications/progress"_s);
        QCOMPARE(out.at(0).value(u"params"_s).toObject().value(u"progressToken"_s).toString(), u"tok"_s);
        QCOMPARE(out.at(0).value(u"params"_s).toObject().value(u"progress"_s).toDouble(), 1.0);
        QCOMPARE(out.at(1).value(u"params"_s).toObject().value(u"progress"_s).toDouble(), 2.0);
        QCOMPARE(out.at(1).value(u"params"_s).toObject().value(u"total"_s).toDouble(), 3.0);
        const QJsonObject r = out.at(2).value(u"result"_s).toObject();
        QCOMPARE(out.at(2).value(u"id"_s).toInt(), 2);
        QCOMPARE(r.value(u"structuredContent"_s).toObject().value(u"n"_s).toInt(), 4);
        // The text form is the same JSON (a client without structured results reads it).
        QCOMPARE(QJsonDocument::fromJson(r.value(u"content"_s).toArray().first().toObject().value(u"text"_s).toString().toUtf8()).object(),
                 r.value(u"structuredContent"_s).toObject());
    }

    void aCancelledRequestGetsNoAnswer()
    {
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line(callLine(7, u"hold"_s, {{u"n"_s, 1}})));
        QVERIFY(m_held);
        QCOMPARE(m_server->callsInProgress(), 1);
        // The same id again while it is in progress: refused, the first goes on.
        m_server->receive(line(callLine(7, u"hold"_s, {{u"n"_s, 1}})));
        QCOMPARE(sent(spy).size(), 1);
        QCOMPARE(sent(spy).first().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
        spy.clear();
        m_server->receive(line({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/cancelled"_s},
                                {u"params"_s, QJsonObject{{u"requestId"_s, 7}, {u"reason"_s, u"enough"_s}}}}));
        QCOMPARE(m_server->callsInProgress(), 0);
        QVERIFY(sent(spy).isEmpty());
        // The id is free again.
        m_server->receive(line(callLine(7, u"echo"_s, {{u"n"_s, 2}})));
        QCOMPARE(sent(spy).size(), 1);
    }

    void cancelAllEndsEveryCallThenSaysSo()
    {
        QSignalSpy done(m_server, &McpServer::callsDone);
        m_server->receive(line(callLine(1, u"hold"_s, {{u"n"_s, 1}})));
        QCOMPARE(done.size(), 0);
        m_server->cancelAll();
        QCOMPARE(done.size(), 1);
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line(callLine(2, u"echo"_s, {{u"n"_s, 1}})));
        QVERIFY(sent(spy).first().value(u"result"_s).toObject().value(u"isError"_s).toBool()); // shutting down
    }

    void resourcesListAndReadAndAMissingOneIsInvalidParams()
    {
        McpResources r;
        r.list = [] { return QJsonArray{QJsonObject{{u"uri"_s, u"daystrom://runs/a"_s}, {u"name"_s, u"a"_s}}}; };
        r.read = [](const QString &uri, QString *error) -> std::optional<QJsonObject> {
            if (uri == "daystrom://runs/a"_L1)
                return QJsonObject{{u"uri"_s, uri}, {u"mimeType"_s, u"application/json"_s}, {u"text"_s, u"{}"_s}};
            *error = u"Resource not found: no run b"_s;
            return std::nullopt;
        };
        m_server->setResources(r);
        QSignalSpy spy(m_server, &McpServer::send);
        const auto request = [](int id, const QString &method, const QJsonObject &params) {
            return line({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}});
        };
        m_server->receive(request(1, u"resources/list"_s, {}));
        m_server->receive(request(2, u"resources/read"_s, {{u"uri"_s, u"daystrom://runs/a"_s}}));
        m_server->receive(request(3, u"resources/read"_s, {{u"uri"_s, u"daystrom://runs/b"_s}}));
        const QList<QJsonObject> out = sent(spy);
        QCOMPARE(out.size(), 3);
        QCOMPARE(out.at(0).value(u"result"_s).toObject().value(u"resources"_s).toArray().size(), 1);
        QCOMPARE(out.at(1).value(u"result"_s).toObject().value(u"contents"_s).toArray().first().toObject().value(u"uri"_s).toString(),
                 u"daystrom://runs/a"_s);
        QCOMPARE(out.at(2).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
        QCOMPARE(out.at(2).value(u"error"_s).toObject().value(u"message"_s).toString(), u"Resource not found: no run b"_s);
    }

    void whatAToolReturnsIsRedacted()
    {
        QSignalSpy spy(m_server, &McpServer::send);
        m_server->receive(line(callLine(1, u"leak"_s, {{u"n"_s, 1}})));
        const QByteArray out = spy.first().first().toByteArray();
        QVERIFY(!out.contains("abcdefghijklmnopqrstuvwxyz012345"));
        QVERIFY(out.contains("[redacted]"));
    }

    // Every real tool's input schema is one the checker and a client can read: an object with
    // properties, each described; and the checker accepts a call with just the required ones.
    void everyToolDeclaresUsableSchemas()
    {
        McpToolContext context;
        QList<McpTool> tools = McpCommandTools::tools(context) + McpApplyTools::tools(context);
        tools.append(McpMemoryTool::tool(context));
        QVERIFY(tools.size() >= 9);
        for (const McpTool &t : tools) {
            QCOMPARE(t.inputSchema.value(u"type"_s).toString(), u"object"_s);
            QCOMPARE(t.outputSchema.value(u"type"_s).toString(), u"object"_s);
            QVERIFY2(t.description.size() > 40, qPrintable(t.name));
            const QJsonObject properties = t.inputSchema.value(u"properties"_s).toObject();
            QJsonObject minimal;
            for (const QJsonValue &r : t.inputSchema.value(u"required"_s).toArray()) {
                const QJsonObject p = properties.value(r.toString()).toObject();
                const QString type = p.value(u"type"_s).toString();
                QJsonArray items;
                for (int i = 0; i < p.value(u"minItems"_s).toInt(1); ++i)
                    items.append(u"x"_s);
                minimal.insert(r.toString(), type == "integer"_L1 ? QJsonValue(1)
                                             : type == "array"_L1 ? QJsonValue(items)
                                             : p.contains(u"pattern"_s) ? QJsonValue(QString(64, u'a'))
                                                                        : QJsonValue(u"x"_s));
            }
            QVERIFY2(McpSchema::check(t.inputSchema, minimal).isEmpty(), qPrintable(t.name));
            for (auto it = properties.begin(); it != properties.end(); ++it)
                QVERIFY2(!it.value().toObject().value(u"description"_s).toString().isEmpty(),
                         qPrintable(t.name + u'.' + it.key()));
        }
    }

    // Hand count = reported count: run_status's figures for each iteration, counted again from
    // the iteration's own scan results; and the status holds its own declared schema.
    void runStatusFiguresAreTheHandCounts()
    {
        const RunState run = SampleRun::make();
        const QJsonObject status = McpRunStatus::json(run.id, false, &run, nullptr);
        QCOMPARE(McpSchema::check(McpRunStatus::schema(), status), QString());
        const QJsonArray iterations = status.value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), run.iterations.size());
        for (qsizetype i = 0; i < run.iterations.size(); ++i) {
            int tp = 0, fn = 0, tn = 0, fp = 0;
            for (const TestResult &r : run.iterations.at(i).testResults) {
                if (!r.counts())
                    continue;
                if (r.testCase.expectedTriggered)
                    (r.actualTriggered ? tp : fn) += 1;
                else
                    (r.actualTriggered ? fp : tn) += 1;
            }
            const double tpr = tp + fn > 0 ? double(tp) / (tp + fn) : 0;
            const double tnr = tn + fp > 0 ? double(tn) / (tn + fp) : 0;
            const QJsonObject it = iterations.at(i).toObject();
            QCOMPARE(it.value(u"iteration"_s).toInt(), run.iterations.at(i).iteration);
            QCOMPARE(it.value(u"tpr"_s).toDouble(), tpr);
            QCOMPARE(it.value(u"tnr"_s).toDouble(), tnr);
            QCOMPARE(it.value(u"coverage"_s).toDouble(), std::min(tpr, tnr));
        }
        QCOMPARE(status.value(u"decision"_s).toObject().value(u"best_iteration"_s).toInt(), 3);
        QCOMPARE(status.value(u"state"_s).toString(), u"completed"_s);
    }
};

QTEST_GUILESS_MAIN(TestMcpServer)
#include "tst_mcpserver.moc"
