#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QtGlobal>

// One HTTP/1.1 exchange over a bare QTcpSocket, to see what the wire carries: how many body
// bytes arrived against the announced Content-Length, and whether the server closed.
struct RawResponse
{
    int status = 0;
    QByteArray head; // status line and headers, without the blank line
    QByteArray body; // every byte after the blank line
    qint64 contentLength = -1;
    bool closed = false;   // the server closed the connection
    bool timedOut = false; // neither a complete answer nor a close within the timeout

    QByteArray header(QByteArrayView name) const; // case-insensitive; empty when absent
};

namespace RawHttp {
// Builds a request with Host, Content-Length and the given extra header lines.
QByteArray request(const QByteArray &method, const QByteArray &target, const QByteArray &body = {},
                   const QList<QPair<QByteArray, QByteArray>> &headers = {});
// Sends `request` to 127.0.0.1:`port` and reads until the announced body is complete, the
// server closes, or `timeoutMs` passes. Waits in a local event loop: the emulator under test
// serves from this thread.
RawResponse exchange(quint16 port, const QByteArray &request, int timeoutMs = 5000);
} // namespace RawHttp
