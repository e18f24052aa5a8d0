#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>

#include <functional>

// A tiny HTTP/1.1 server on 127.0.0.1 for client tests: it records every request exactly as
// received and answers from a script, one step per request (the last step repeats).
// Real sockets, no mocks: the client under test talks to it over loopback.
class ScriptedHttpServer final : public QObject
{
    Q_OBJECT
public:
    struct Step
    {
        int status = 200;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
        // Cut: headers with the full Content-Length, half the body, then the connection closes.
        // CutChunked: chunked encoding, the first half as one chunk, then the connection closes.
        // Truncated: a complete answer of only the first half of the body (Content-Length matches).
        enum class Action { Respond, Hang, Close, Cut, CutChunked, Truncated } action = Action::Respond;
        int delayMs = 0;

        static Step json(int status, const QByteArray &body) { return Step{status, body, {}}; }
        static Step hang() { Step s; s.action = Action::Hang; return s; }
        static Step close() { Step s; s.action = Action::Close; return s; }
        static Step cut(int status, const QByteArray &body, Action how = Action::Cut)
        {
            Step s{status, body, {}};
            s.action = how;
            return s;
        }
    };
    struct Request
    {
        QByteArray method;
        QByteArray target; // path + query as sent
        QHash<QByteArray, QByteArray> headers; // lower-cased names
        QByteArray body;
    };

    explicit ScriptedHttpServer(QObject *parent = nullptr);
    ~ScriptedHttpServer() override;
    quint16 start();
    QString baseUrl() const; // http://127.0.0.1:<port>

    void setScript(const QList<Step> &steps);
    // Answers each request from a function instead of the script.
    void setHandler(std::function<Step(const Request &)> handler) { m_handler = std::move(handler); }
    const QList<Request> &requests() const { return m_requests; }
    int openConnections() const { return m_open; }

signals:
    void requestReceived();

private:
    void onNewConnection();
    void tryParse(QTcpSocket *socket);
    void answer(QTcpSocket *socket, const Step &step);

    QTcpServer m_server;
    QList<Step> m_script;
    std::function<Step(const Request &)> m_handler;
    int m_next = 0;
    QList<Request> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    int m_open = 0;
};
