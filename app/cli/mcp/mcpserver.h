#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class McpCall;

// A tool as tools/list declares it; `start` begins the work and ends the call (McpCall) later,
// from the event loop, never blocking it.
struct McpTool
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    QJsonObject annotations; // readOnlyHint, destructiveHint, idempotentHint, openWorldHint
    std::function<void(McpCall *)> start;
};

// What resources/list and resources/read see (daystrom://runs/<id>, …).
struct McpResources
{
    std::function<QJsonArray()> list;                         // resource descriptors
    QJsonArray templates;                                     // resources/templates/list
    std::function<std::optional<QJsonObject>(const QString &uri, QString *error)> read; // a contents item
};

// The Model Context Protocol's server side over any line transport: receive() takes one line a
// client sent, send() carries each line to write back. Lifecycle (initialize, the protocol
// revision), ping, tools/list, tools/call (arguments checked against the input schema first),
// notifications/cancelled, progress, resources. Tool errors are results with isError; a
// malformed message is the JSON-RPC error the specification names. Nothing here reads the
// engine: the tools do (mcptools*.cpp).
class McpServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServer)
public:
    // The revisions this server speaks, newest first: the one the official SDKs speak today
    // (their LATEST_PROTOCOL_VERSION) and the one before it, the first with structured results.
    static const QStringList ProtocolVersions;

    explicit McpServer(QObject *parent = nullptr);
    ~McpServer() override;

    void setServerInfo(const QString &name, const QString &title, const QString &version, const QString &instructions);
    void addTool(const McpTool &tool);
    void setResources(const McpResources &resources) { m_resources = resources; }
    const QList<McpTool> &tools() const { return m_tools; }
    QString negotiatedVersion() const { return m_version; }

    void receive(const QByteArray &line);
    // The client is gone (end of input, a signal): every call in progress is cancelled; the
    // tools wind their work down.
    void cancelAll();
    int callsInProgress() const { return int(m_calls.size()); }

    // McpCall's way out.
    void emitLine(const QByteArray &line) { emit send(line); }
    void callFinished(McpCall *call, const QJsonObject &result);

signals:
    void send(const QByteArray &line);
    void callsDone(); // after cancelAll(), once the last call in progress has ended

private:
    void request(const QJsonValue &id, const QString &method, const QJsonObject &params);
    void notification(const QString &method, const QJsonObject &params);
    QJsonObject initialize(const QJsonObject &params);
    QJsonArray toolList() const;
    void callTool(const QJsonValue &id, const QJsonObject &params);
    void readResource(const QJsonValue &id, const QJsonObject &params);

    QList<McpTool> m_tools;
    McpResources m_resources;
    QString m_name = QStringLiteral("daystrom"), m_title, m_serverVersion, m_instructions;
    QString m_version;
    QHash<QString, QPointer<McpCall>> m_calls; // by request id (its JSON text)
    bool m_closing = false;
};
