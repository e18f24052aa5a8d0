#include "mcpcall.h"

#include "mcpjsonrpc.h"
#include "mcpserver.h"

#include "domain/redaction.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

McpCall::McpCall(McpServer *server, const QJsonValue &requestId, const QString &tool, const QJsonObject &arguments,
                 const QJsonValue &progressToken)
    : QObject(server), m_server(server), m_requestId(requestId), m_tool(tool), m_arguments(arguments),
      m_progressToken(progressToken)
{
}

void McpCall::progress(double done, double total, const QString &message)
{
    if (m_finished || m_cancelled || !hasProgressToken() || done <= m_lastProgress)
        return;
    m_lastProgress = done;
    QJsonObject params{{u"progressToken"_s, m_progressToken}, {u"progress"_s, done}};
    if (total > 0)
        params.insert(u"total"_s, total);
    if (!message.isEmpty())
        params.insert(u"message"_s, Redaction::apply(message));
    m_server->emitLine(McpJsonRpc::notification(u"notifications/progress"_s, params));
}

void McpCall::succeed(const QJsonObject &structured, const QString &text)
{
    const QString shown = text.isEmpty() ? QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact)) : text;
    end({{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, shown}}}},
         {u"structuredContent"_s, structured},
         {u"isError"_s, false}});
}

void McpCall::fail(const QString &sentence)
{
    end({{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, sentence}}}}, {u"isError"_s, true}});
}

void McpCall::cancel()
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    emit cancelled();
}

void McpCall::end(const QJsonObject &result)
{
    if (m_finished)
        return;
    m_finished = true;
    // What a tool returns can quote a server's words; a key a server echoed never leaves here.
    m_server->callFinished(this, Redaction::applyToStrings(result));
    emit finished();
    deleteLater();
}
