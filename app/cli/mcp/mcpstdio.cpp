#include "mcpstdio.h"

#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <sys/select.h>
#include <unistd.h>

McpStdio::McpStdio(QObject *parent) : QObject(parent)
{
    const int flags = ::fcntl(STDIN_FILENO, F_GETFL);
    if (flags >= 0)
        ::fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK);
    m_notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &McpStdio::readAvailable);
}

McpStdio::~McpStdio() = default;

void McpStdio::write(const QByteArray &line)
{
    qsizetype done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, line.constData() + done, size_t(line.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) { // a full pipe: the client reads slowly; wait for it
            fd_set out;
            FD_ZERO(&out);
            FD_SET(STDOUT_FILENO, &out);
            ::select(STDOUT_FILENO + 1, nullptr, &out, nullptr, nullptr);
            continue;
        }
        if (n <= 0)
            return; // the client is gone: closed() follows from the input side
        done += n;
    }
}

void McpStdio::readAvailable()
{
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) // EAGAIN: all read for now
            break;
        if (n == 0) {
            m_notifier->setEnabled(false);
            if (!m_closed) {
                m_closed = true;
                if (!m_skipping && !m_buffer.trimmed().isEmpty())
                    emit lineReceived(m_buffer);
                m_buffer.clear();
                emit closed();
            }
            return;
        }
        m_buffer.append(chunk, n);
        qsizetype start = 0;
        for (qsizetype end = m_buffer.indexOf('\n'); end >= 0; end = m_buffer.indexOf('\n', start)) {
            if (!m_skipping)
                emit lineReceived(m_buffer.mid(start, end - start));
            m_skipping = false;
            start = end + 1;
        }
        m_buffer.remove(0, start);
        if (m_buffer.size() > MaxLineBytes) {
            m_buffer.clear();
            if (!m_skipping)
                emit lineTooLong();
            m_skipping = true;
        }
    }
}
