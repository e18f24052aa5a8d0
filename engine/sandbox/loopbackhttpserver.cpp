#include "loopbackhttpserver.h"

#include "deadlinequeue.h"
#include "sandboxlog.h"

#include <QHttpServerResponder>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

LoopbackHttpServer::LoopbackHttpServer(const QString &name, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_name(name)
    , m_answers(new DeadlineQueue(this))
{}

LoopbackHttpServer::~LoopbackHttpServer()
{
    // Held requests are dropped unanswered; their sockets die with the servers in
    // ~QAbstractHttpServer. No released() calls: the subclass is already gone.
    m_held.clear();
}

quint16 LoopbackHttpServer::start(quint16 port)
{
    m_port = listen(QHostAddress::LocalHost, port);
    if (m_port == 0)
        qCWarning(lcSandbox).noquote() << m_name << "could not listen on 127.0.0.1 port" << port;
    else
        qCInfo(lcSandbox).noquote() << m_name << "listening on" << rootUrl().toString();
    return m_port;
}

QUrl LoopbackHttpServer::rootUrl() const
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(m_port);
    return url;
}

QByteArray LoopbackHttpServer::methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return QByteArrayLiteral("GET");
    case QHttpServerRequest::Method::Put:
        return QByteArrayLiteral("PUT");
    case QHttpServerRequest::Method::Delete:
        return QByteArrayLiteral("DELETE");
    case QHttpServerRequest::Method::Post:
        return QByteArrayLiteral("POST");
    case QHttpServerRequest::Method::Head:
        return QByteArrayLiteral("HEAD");
    case QHttpServerRequest::Method::Options:
        return QByteArrayLiteral("OPTIONS");
    case QHttpServerRequest::Method::Patch:
        return QByteArrayLiteral("PATCH");
    case QHttpServerRequest::Method::Connect:
        return QByteArrayLiteral("CONNECT");
    case QHttpServerRequest::Method::Trace:
        return QByteArrayLiteral("TRACE");
    default:
        return QByteArrayLiteral("UNKNOWN");
    }
}

QByteArray LoopbackHttpServer::headerValue(const QList<QPair<QByteArray, QByteArray>> &headers,
                                           QByteArrayView name)
{
    for (const auto &[key, value] : headers) {
        if (name.compare(key, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

quint64 LoopbackHttpServer::hold(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const qint64 arrived = DeadlineQueue::now();
    // The responder writes status, headers and body separately; without TCP_NODELAY, Nagle's
    // algorithm meets the client's delayed ACK and adds ~40 ms to every answer. Once per
    // connection: a keep-alive connection carries many requests, and a system call is not free.
    static constexpr char kPrepared[] = "daystromPrepared";
    if (!socket->property(kPrepared).toBool()) {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(socket, &QAbstractSocket::disconnected, this,
                &LoopbackHttpServer::socketDisconnected, Qt::UniqueConnection);
        socket->setProperty(kPrepared, true);
    }
    const quint64 id = m_nextId++;
    m_held.emplace(id, Held{socket, std::make_unique<QHttpServerResponder>(makeResponder(request, socket)),
                            arrived});
    return id;
}

void LoopbackHttpServer::answerAfter(quint64 id, int delayMs, const ApiReply &reply)
{
    // A request no longer held (its client left) is due at once: deliver() then drops it.
    const auto it = m_held.find(id);
    const qint64 arrived = it != m_held.end() ? it->second.arrivedNs : DeadlineQueue::now();
    m_answers->scheduleAt(arrived + qint64(qMax(0, delayMs)) * 1000000,
                          [this, id, reply] { deliver(id, reply); });
}

void LoopbackHttpServer::deliver(quint64 id, const ApiReply &reply)
{
    const auto it = m_held.find(id);
    if (it == m_held.end())
        return; // the client went away first
    const Held &held = it->second;
    if (!held.socket || held.socket->state() != QAbstractSocket::ConnectedState) {
        release(id);
        return;
    }
    QHttpServerResponder &out = *held.responder;
    out.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(reply.status));
    out.writeHeader(QByteArrayLiteral("Content-Type"), reply.contentType);
    for (const auto &[name, value] : reply.headers)
        out.writeHeader(name, value);
    out.writeHeader(QByteArrayLiteral("Content-Length"), QByteArray::number(reply.body.size()));
    const QPointer<QTcpSocket> socket = held.socket;
    out.writeBody(reply.cutBody ? reply.body.left(reply.body.size() / 2) : reply.body);
    m_held.erase(it);
    released(id, reply.status);
    // A cut body: flush what was written, then close, so the client sees fewer bytes than the
    // Content-Length announced. Otherwise send it now rather than on the next event-loop pass.
    if (reply.cutBody && socket)
        socket->disconnectFromHost();
    else if (socket)
        socket->flush();
}

void LoopbackHttpServer::release(quint64 id)
{
    if (m_held.erase(id) != 0)
        released(id, 0);
}

void LoopbackHttpServer::released(quint64, int) {}

void LoopbackHttpServer::socketDisconnected()
{
    const QObject *gone = sender();
    QList<quint64> drop;
    for (const auto &[id, held] : m_held) {
        if (!held.socket || held.socket.data() == gone)
            drop.append(id);
    }
    for (quint64 id : std::as_const(drop))
        release(id);
}
