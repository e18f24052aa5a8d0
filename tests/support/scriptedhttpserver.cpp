#include "scriptedhttpserver.h"

#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

ScriptedHttpServer::ScriptedHttpServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &ScriptedHttpServer::onNewConnection);
    m_script = {Step::json(200, "{}")};
}

ScriptedHttpServer::~ScriptedHttpServer()
{
    // Sockets are children of m_server, destroyed after the other members: detach them first.
    for (QTcpSocket *socket : m_server.findChildren<QTcpSocket *>())
        socket->disconnect(this);
}

quint16 ScriptedHttpServer::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0) ? m_server.serverPort() : 0;
}

QString ScriptedHttpServer::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(m_server.serverPort());
}

void ScriptedHttpServer::setScript(const QList<Step> &steps)
{
    m_script = steps;
    m_next = 0;
}

void ScriptedHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        ++m_open;
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
            m_buffers[socket].append(socket->readAll());
            tryParse(socket);
        });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            --m_open;
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void ScriptedHttpServer::tryParse(QTcpSocket *socket)
{
    QByteArray &buf = m_buffers[socket];
    const qsizetype headerEnd = buf.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    const QList<QByteArray> lines = buf.left(headerEnd).split('\n');
    Request req;
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    req.method = first.value(0);
    req.target = first.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            req.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    const qsizetype length = req.headers.value("content-length", "0").toLongLong();
    if (buf.size() < headerEnd + 4 + length)
        return;
    req.body = buf.mid(headerEnd + 4, length);
    buf.remove(0, headerEnd + 4 + length);
    m_requests.append(req);
    const Step step = m_handler            ? m_handler(req)
                      : m_script.isEmpty() ? Step::json(200, "{}")
                                           : m_script.at(std::min<qsizetype>(m_next, m_script.size() - 1));
    ++m_next;
    emit requestReceived();
    if (step.delayMs > 0)
        QTimer::singleShot(step.delayMs, socket, [this, socket, step] { answer(socket, step); });
    else
        answer(socket, step);
}

void ScriptedHttpServer::answer(QTcpSocket *socket, const Step &step)
{
    if (step.action == Step::Action::Hang)
        return;
    if (step.action == Step::Action::Close) {
        socket->abort();
        return;
    }
    QByteArray out = "HTTP/1.1 " + QByteArray::number(step.status) + " Status\r\n";
    bool hasType = false;
    for (const auto &[name, value] : step.headers) {
        out += name + ": " + value + "\r\n";
        hasType = hasType || name.toLower() == "content-type";
    }
    if (!hasType)
        out += "Content-Type: application/json\r\n";
    const QByteArray half = step.body.left(step.body.size() / 2);
    switch (step.action) {
    case Step::Action::Cut:
        out += "Content-Length: " + QByteArray::number(step.body.size()) + "\r\n\r\n" + half;
        break;
    case Step::Action::CutChunked:
        out += "Transfer-Encoding: chunked\r\n\r\n" + QByteArray::number(half.size(), 16) + "\r\n"
               + half + "\r\n";
        break;
    case Step::Action::Truncated:
        out += "Content-Length: " + QByteArray::number(half.size()) + "\r\n\r\n" + half;
        break;
    default:
        out += "Content-Length: " + QByteArray::number(step.body.size()) + "\r\n\r\n" + step.body;
    }
    socket->write(out);
    if (step.action == Step::Action::Cut || step.action == Step::Action::CutChunked) {
        socket->flush();
        socket->disconnectFromHost(); // after the bytes written so far
    }
}
