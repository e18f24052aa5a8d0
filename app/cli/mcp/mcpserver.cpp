#include "mcpserver.h"

#include "mcpcall.h"
#include "mcpjsonrpc.h"
#include "mcpschema.h"

#include "domain/printable.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

// 2025-11-25 is LATEST_PROTOCOL_VERSION of the official TypeScript SDK (1.32) and of the
// specification's current revision; 2025-06-18 introduced structured tool results.
const QStringList McpServer::ProtocolVersions{u"2025-11-25"_s, u"2025-06-18"_s};

namespace {
QString idKey(const QJsonValue &id)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact));
}
} // namespace

McpServer::McpServer(QObject *parent) : QObject(parent) {}

McpServer::~McpServer() = default;

void McpServer::setServerInfo(const QString &name, const QString &title, const QString &version,
                              const QString &instructions)
{
    m_name = name;
    m_title = title;
    m_serverVersion = version;
    m_instructions = instructions;
}

void McpServer::addTool(const McpTool &tool)
{
    m_tools.append(tool);
}

void McpServer::receive(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    const McpJsonRpc::Message m = McpJsonRpc::parse(line);
    switch (m.kind) {
    case McpJsonRpc::Message::Kind::Invalid:
        if (!m.reply.isEmpty())
            emit send(m.reply);
        return;
    case McpJsonRpc::Message::Kind::Response:
        return; // this server sends no requests of its own
    case McpJsonRpc::Message::Kind::Notification:
        return notification(m.method, m.params);
    case McpJsonRpc::Message::Kind::Request:
        return request(m.id, m.method, m.params);
    }
}

void McpServer::request(const QJsonValue &id, const QString &method, const QJsonObject &params)
{
    if (method == "initialize"_L1)
        return emit send(McpJsonRpc::result(id, initialize(params)));
    if (method == "ping"_L1)
        return emit send(McpJsonRpc::result(id, {}));
    if (method == "tools/list"_L1)
        return emit send(McpJsonRpc::result(id, {{u"tools"_s, toolList()}}));
    if (method == "tools/call"_L1)
        return callTool(id, params);
    if (method == "resources/list"_L1) {
        const QJsonArray list = m_resources.list ? m_resources.list() : QJsonArray();
        return emit send(McpJsonRpc::result(id, {{u"resources"_s, list}}));
    }
    if (method == "resources/templates/list"_L1)
        return emit send(McpJsonRpc::result(id, {{u"resourceTemplates"_s, m_resources.templates}}));
    if (method == "resources/read"_L1)
        return readResource(id, params);
    emit send(McpJsonRpc::error(id, McpJsonRpc::MethodNotFound,
                                u"Method not found: "_s + Printable::escaped(method, 100)));
}

void McpServer::notification(const QString &method, const QJsonObject &params)
{
    if (method == "notifications/cancelled"_L1) {
        const QPointer<McpCall> call = m_calls.value(idKey(params.value(u"requestId"_s)));
        if (call)
            call->cancel();
    }
    // notifications/initialized and anything else: nothing to do.
}

QJsonObject McpServer::initialize(const QJsonObject &params)
{
    // The client's revision when this server speaks it, else the newest this one does (the
    // client then decides whether it can go on).
    const QString asked = params.value(u"protocolVersion"_s).toString();
    m_version = ProtocolVersions.contains(asked) ? asked : ProtocolVersions.first();
    QJsonObject info{{u"name"_s, m_name}, {u"version"_s, m_serverVersion}};
    if (!m_title.isEmpty())
        info.insert(u"title"_s, m_title);
    QJsonObject result{
        {u"protocolVersion"_s, m_version},
        {u"capabilities"_s,
         QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}},
                     {u"resources"_s, QJsonObject{{u"subscribe"_s, false}, {u"listChanged"_s, false}}}}},
        {u"serverInfo"_s, info}};
    if (!m_instructions.isEmpty())
        result.insert(u"instructions"_s, m_instructions);
    return result;
}

QJsonArray McpServer::toolList() const
{
    QJsonArray list;
    for (const McpTool &t : m_tools) {
        QJsonObject o{{u"name"_s, t.name},
                      {u"description"_s, t.description},
                      {u"inputSchema"_s, t.inputSchema},
                      {u"outputSchema"_s, t.outputSchema}};
        if (!t.title.isEmpty())
            o.insert(u"title"_s, t.title);
        if (!t.annotations.isEmpty())
            o.insert(u"annotations"_s, t.annotations);
        list.append(o);
    }
    return list;
}

void McpServer::callTool(const QJsonValue &id, const QJsonObject &params)
{
    const QString name = params.value(u"name"_s).toString();
    const auto tool = std::find_if(m_tools.cbegin(), m_tools.cend(), [&](const McpTool &t) { return t.name == name; });
    if (tool == m_tools.cend()) {
        return emit send(McpJsonRpc::error(id, McpJsonRpc::InvalidParams,
                                           u"Unknown tool: "_s + Printable::escaped(name, 100)));
    }
    if (m_calls.contains(idKey(id))) {
        return emit send(McpJsonRpc::error(id, McpJsonRpc::InvalidRequest,
                                           u"Invalid request: a request with this id is still in progress"_s));
    }
    const QJsonValue arguments = params.contains(u"arguments"_s) ? params.value(u"arguments"_s) : QJsonValue(QJsonObject());
    const QJsonValue token = params.value(u"_meta"_s).toObject().value(u"progressToken"_s);
    auto *call = new McpCall(this, id, name, arguments.toObject(), token);
    m_calls.insert(idKey(id), call);
    // A bad argument is the tool's error, in one sentence the agent can act on.
    if (const QString problem = McpSchema::check(tool->inputSchema, arguments); !problem.isEmpty())
        return call->fail(name + u": "_s + problem + u'.');
    if (m_closing)
        return call->fail(name + u": the server is shutting down."_s);
    tool->start(call);
}

void McpServer::readResource(const QJsonValue &id, const QJsonObject &params)
{
    const QString uri = params.value(u"uri"_s).toString();
    QString error;
    const std::optional<QJsonObject> contents = m_resources.read ? m_resources.read(uri, &error) : std::nullopt;
    if (!contents) {
        // Invalid params, as SEP-2164 settled it (2026; the TypeScript SDK answers so too; -32002
        // was the older recommendation).
        return emit send(McpJsonRpc::error(id, McpJsonRpc::InvalidParams, error.isEmpty() ? u"Resource not found"_s : error));
    }
    emit send(McpJsonRpc::result(id, {{u"contents"_s, QJsonArray{*contents}}}));
}

void McpServer::callFinished(McpCall *call, const QJsonObject &result)
{
    m_calls.remove(idKey(call->requestId()));
    // A cancelled request gets no answer (the client has stopped waiting for one).
    if (!call->isCancelled())
        emit send(McpJsonRpc::result(call->requestId(), result));
    if (m_closing && m_calls.isEmpty())
        emit callsDone();
}

void McpServer::cancelAll()
{
    m_closing = true;
    if (m_calls.isEmpty())
        return emit callsDone();
    const auto calls = m_calls.values();
    for (const QPointer<McpCall> &call : calls) {
        if (call)
            call->cancel();
    }
}
