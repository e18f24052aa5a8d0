#pragma once

#include <QIODevice>

class QFile;

// The CLI's standard output and error (issue 41): text from an LLM, a run file or an imported
// bundle can hold terminal control sequences (ESC [ …, the C1 controls, a bell, a carriage
// return that rewrites the line). They are written as visible escapes ("\e[31m", "\u009b",
// "\r") instead; a line feed and a tab pass. Bytes are filtered as they go, a UTF-8 sequence
// split across two writes included.
class TerminalSafeDevice final : public QIODevice
{
    Q_OBJECT
public:
    explicit TerminalSafeDevice(QFile *target, QObject *parent = nullptr);

    // The filter itself, for a whole text.
    static QByteArray filtered(const QByteArray &utf8);

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    QFile *m_target;
    QByteArray m_pending; // a lead byte 0xC2 waiting for the next write
};
