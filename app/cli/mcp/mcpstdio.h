#pragma once

#include <QByteArray>
#include <QObject>

class QSocketNotifier;

// The stdio transport: reads standard input without blocking the event loop (a socket
// notifier on descriptor 0), splits it into lines, and writes each line it is given to
// standard output at once. Standard output carries nothing else; logs go to standard error.
class McpStdio final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpStdio)
public:
    explicit McpStdio(QObject *parent = nullptr);
    ~McpStdio() override;

    // A line longer than this is refused (an error answer), not buffered for ever.
    static constexpr qsizetype MaxLineBytes = 16 * 1024 * 1024;

    void write(const QByteArray &line);

signals:
    void lineReceived(const QByteArray &line);
    void lineTooLong();
    void closed(); // end of input: the client is gone

private:
    void readAvailable();

    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_buffer;
    bool m_skipping = false; // inside an over-long line, until its end
    bool m_closed = false;
};
