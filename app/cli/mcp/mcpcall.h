#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>

class McpServer;

// One tools/call in progress. The tool reads its (already checked) arguments, may report
// progress, and ends the call once with succeed() or fail(). When the client cancels the
// request, cancelled() is emitted: the tool stops its work the way Cancel does and still ends
// the call (its answer is then not sent, as the protocol asks).
class McpCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpCall)
public:
    McpCall(McpServer *server, const QJsonValue &requestId, const QString &tool, const QJsonObject &arguments,
            const QJsonValue &progressToken);

    QString tool() const { return m_tool; }
    const QJsonObject &arguments() const { return m_arguments; }
    QJsonValue requestId() const { return m_requestId; }
    bool hasProgressToken() const { return !m_progressToken.isUndefined() && !m_progressToken.isNull(); }
    bool isCancelled() const { return m_cancelled; }
    bool isFinished() const { return m_finished; }

    // notifications/progress when the client asked for it; `total` <= 0: unknown. Progress
    // only ever grows: a value not above the last one sent is left out.
    void progress(double done, double total, const QString &message);
    // The structured result (checked against the tool's output schema by the server's tests)
    // and its text form (the same JSON unless given).
    void succeed(const QJsonObject &structured, const QString &text = {});
    // A tool error: one sentence the agent can act on (isError: true).
    void fail(const QString &sentence);

    void cancel(); // the server, on notifications/cancelled or at shutdown

signals:
    void cancelled();
    void finished();

private:
    void end(const QJsonObject &result);

    McpServer *m_server;
    QJsonValue m_requestId;
    QString m_tool;
    QJsonObject m_arguments;
    QJsonValue m_progressToken;
    double m_lastProgress = -1;
    bool m_cancelled = false;
    bool m_finished = false;
};
