#include "terminalsafedevice.h"

#include <QFile>

namespace {

void appendEscape(QByteArray &out, unsigned char c)
{
    switch (c) {
    case 0x1B: out += "\\e"; return;
    case '\r': out += "\\r"; return;
    case 0x07: out += "\\a"; return;
    case 0x08: out += "\\b"; return;
    default: break;
    }
    static const char hex[] = "0123456789abcdef";
    out += c < 0x80 ? "\\x" : "\\u00";
    out += hex[c >> 4];
    out += hex[c & 0xF];
}

bool isControl(unsigned char c)
{
    return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7F;
}

} // namespace

TerminalSafeDevice::TerminalSafeDevice(QFile *target, QObject *parent)
    : QIODevice(parent)
    , m_target(target)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

QByteArray TerminalSafeDevice::filtered(const QByteArray &utf8)
{
    QByteArray out;
    out.reserve(utf8.size());
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto c = static_cast<unsigned char>(utf8.at(i));
        if (isControl(c)) {
            appendEscape(out, c);
        } else if (c == 0xC2 && i + 1 < utf8.size() &&
                   (static_cast<unsigned char>(utf8.at(i + 1)) & 0xE0) == 0x80) {
            // U+0080–U+009F, the C1 controls (CSI U+009B among them), in UTF-8.
            appendEscape(out, static_cast<unsigned char>(utf8.at(i + 1)));
            ++i;
        } else {
            out += char(c);
        }
    }
    return out;
}

qint64 TerminalSafeDevice::readData(char *, qint64)
{
    return -1;
}

qint64 TerminalSafeDevice::writeData(const char *data, qint64 size)
{
    QByteArray chunk = m_pending + QByteArray(data, size);
    m_pending.clear();
    // A lead byte at the end may start a C1 control: decided with the next write.
    if (!chunk.isEmpty() && static_cast<unsigned char>(chunk.back()) == 0xC2) {
        m_pending = chunk.right(1);
        chunk.chop(1);
    }
    const QByteArray out = filtered(chunk);
    if (m_target->write(out) != out.size())
        return -1;
    m_target->flush();
    return size;
}
