// The MCP server's reading of what a client sends (issue 60): any line is answered with the
// JSON-RPC error the specification names or handled, never a crash; every line sent back is
// one line of JSON-RPC 2.0; a request with a valid id gets exactly one answer with that id;
// and a tool's arguments are either refused with one sentence or hold what its schema requires.
#include "../fuzztarget.h"
#include "cli/mcp/mcpapplytools.h"
#include "cli/mcp/mcpcall.h"
#include "cli/mcp/mcpcommandtool.h"
#include "cli/mcp/mcpjsonrpc.h"
#include "cli/mcp/mcpmemorytool.h"
#include "cli/mcp/mcpschema.h"
#include "cli/mcp/mcpserver.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// The real tools' argument schemas (nothing is started: only their declarations are read).
const QList<McpTool> &realTools()
{
    static const QList<McpTool> tools = [] {
        McpToolContext context;
        QList<McpTool> all = McpCommandTools::tools(context) + McpApplyTools::tools(context);
        all.append(McpMemoryTool::tool(context));
        return all;
    }();
    return tools;
}

} // namespace

DAYSTROM_FUZZ_TARGET(mcp_message)
{
    McpServer server;
    const QJsonObject input = McpSchema::object({{u"n"_s, McpSchema::integer(u"n"_s, 1, 10)}}, {u"n"_s});
    server.addTool({u"echo"_s, {}, u"echo"_s, input, input, {}, [](McpCall *call) {
                        call->progress(1, 2, u"half"_s);
                        call->succeed(call->arguments());
                    }});
    QList<QByteArray> out;
    QObject::connect(&server, &McpServer::send, &server, [&out](const QByteArray &l) { out.append(l); });
    const QByteArray line = data.left(1 << 16);
    server.receive(line);
    for (const QByteArray &l : std::as_const(out)) {
        FUZZ_REQUIRE(l.endsWith('\n') && l.count('\n') == 1, u"a sent line is not one line: "_s + QString::fromUtf8(l));
        const QJsonObject o = QJsonDocument::fromJson(l).object();
        FUZZ_REQUIRE(o.value(u"jsonrpc"_s) == u"2.0"_s, u"not JSON-RPC 2.0: "_s + QString::fromUtf8(l));
    }
    // A request with a valid id is answered once, with that id (the progress notes aside).
    const McpJsonRpc::Message m = McpJsonRpc::parse(line);
    if (m.kind == McpJsonRpc::Message::Kind::Request) {
        int answers = 0;
        for (const QByteArray &l : std::as_const(out)) {
            const QJsonObject o = QJsonDocument::fromJson(l).object();
            if (!o.contains(u"method"_s)) {
                ++answers;
                FUZZ_REQUIRE(o.value(u"id"_s) == m.id, u"an answer with another id"_s);
            }
        }
        FUZZ_REQUIRE(answers == 1, u"a request answered %1 times"_s.arg(answers));
    }
    if (m.kind == McpJsonRpc::Message::Kind::Notification || m.kind == McpJsonRpc::Message::Kind::Response)
        FUZZ_REQUIRE(out.isEmpty(), u"a notification or a response was answered"_s);
}

DAYSTROM_FUZZ_TARGET(mcp_arguments)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data.left(1 << 16));
    const QJsonValue arguments = doc.isObject() ? QJsonValue(doc.object()) : doc.isArray() ? QJsonValue(doc.array())
                                                                                           : QJsonValue(QString::fromUtf8(data));
    for (const McpTool &tool : realTools()) {
        const QString problem = McpSchema::check(tool.inputSchema, arguments);
        FUZZ_REQUIRE(!problem.contains(u'\n'), u"a refusal of more than one line: "_s + problem);
        if (!problem.isEmpty())
            continue;
        // Accepted: a second reading of what the schema asks (an object, every required key).
        FUZZ_REQUIRE(arguments.isObject(), u"accepted arguments that are no object"_s);
        for (const QJsonValue &key : tool.inputSchema.value(u"required"_s).toArray())
            FUZZ_REQUIRE(arguments.toObject().contains(key.toString()), tool.name + u": accepted without "_s + key.toString());
    }
}
