#include "sandboxclock.h"

#include <QDateTime>

#include <atomic>

QString SandboxClock::nowIso()
{
    static std::atomic<qint64> last{0};
    qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 previous = last.load();
    do {
        if (now <= previous)
            now = previous + 1;
    } while (!last.compare_exchange_weak(previous, now));
    return QDateTime::fromMSecsSinceEpoch(now, Qt::UTC).toString(Qt::ISODateWithMs);
}
