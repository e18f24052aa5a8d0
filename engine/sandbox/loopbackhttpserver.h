#pragma once

#include "apireply.h"

#include <QAbstractHttpServer>
#include <QHttpServerRequest>
#include <QPointer>
#include <QUrl>

#include <map>
#include <memory>

class DeadlineQueue;
class QHttpServerResponder;
class QTcpSocket;

// What the emulators share: an HTTP server on 127.0.0.1 whose answers are written later. A
// request is held (hold()), then answered from a timer (answerAfter()), so latency is real
// and many connections are served at once in one thread; one never answered is a hang. A
// held request whose client disconnects is released unanswered.
class LoopbackHttpServer : public QAbstractHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LoopbackHttpServer)

public:
    ~LoopbackHttpServer() override;

    quint16 start(quint16 port = 0); // listens on 127.0.0.1; returns the port (0 on failure)
    quint16 port() const { return m_port; }
    QUrl rootUrl() const;            // http://127.0.0.1:<port>
    int pendingResponses() const { return int(m_held.size()); } // held: latency or hang

    static QByteArray methodName(QHttpServerRequest::Method method);
    // Case-insensitive lookup in recorded headers; empty when absent.
    static QByteArray headerValue(const QList<QPair<QByteArray, QByteArray>> &headers,
                                  QByteArrayView name);

protected:
    // `name` is what the log calls it ("AIRS emulator").
    LoopbackHttpServer(const QString &name, QObject *parent);

    // Call first thing in handleRequest(): the request's latency is counted from here.
    quint64 hold(const QHttpServerRequest &request, QTcpSocket *socket);
    bool isHeld(quint64 id) const { return m_held.count(id) != 0; }
    // `delayMs` after the request arrived (hold()), as a real service's latency is measured
    // from the client's side: the emulator's own work on it is part of the wait, not added.
    void answerAfter(quint64 id, int delayMs, const ApiReply &reply);
    void release(quint64 id); // drops a held request unanswered
    // After a held request is answered (`status`) or dropped (0); not called on destruction.
    virtual void released(quint64 id, int status);

private:
    struct Held
    {
        QPointer<QTcpSocket> socket;
        std::unique_ptr<QHttpServerResponder> responder;
        qint64 arrivedNs = 0; // DeadlineQueue::now()
    };

    void deliver(quint64 id, const ApiReply &reply);
    void socketDisconnected();

    QString m_name;
    std::map<quint64, Held> m_held;
    DeadlineQueue *m_answers; // answers due later (latency), precise to well under 1 ms
    quint64 m_nextId = 1;
    quint16 m_port = 0;
};
