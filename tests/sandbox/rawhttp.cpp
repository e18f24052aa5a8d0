#include "rawhttp.h"

#include <QEventLoop>
#include <QTcpSocket>
#include <QTimer>

QByteArray RawResponse::header(QByteArrayView name) const
{
    const QList<QByteArray> lines = head.split('\n');
    for (const QByteArray &raw : lines) {
        const QByteArray line = raw.trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && name.compare(line.left(colon).trimmed(), Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

QByteArray RawHttp::request(const QByteArray &method, const QByteArray &target,
                            const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QByteArray out = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    return out;
}

RawResponse RawHttp::exchange(quint16 port, const QByteArray &request, int timeoutMs)
{
    RawResponse out;
    QTcpSocket socket;
    QByteArray received;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        out.timedOut = true;
        loop.quit();
    });
    const auto parse = [&] {
        const qsizetype end = received.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        out.head = received.left(end);
        out.body = received.mid(end + 4);
        out.status = out.head.mid(9, 3).toInt();
        bool ok = false;
        const qint64 length = out.header("Content-Length").toLongLong(&ok);
        out.contentLength = ok ? length : -1;
        return ok && out.body.size() >= length;
    };
    QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] { socket.write(request); });
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        received += socket.readAll();
        if (parse())
            loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, [&] {
        received += socket.readAll();
        parse();
        out.closed = true;
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::errorOccurred, &loop, [&] {
        if (socket.error() == QAbstractSocket::RemoteHostClosedError) {
            received += socket.readAll();
            parse();
            out.closed = true;
        }
        loop.quit();
    });
    socket.connectToHost(QHostAddress::LocalHost, port);
    deadline.start(timeoutMs);
    loop.exec();
    return out;
}
