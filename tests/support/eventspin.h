#pragma once

#include <QEventLoop>
#include <QTimer>

// Runs a real event loop until `done()` holds (checked every `checkMs`) or `timeoutMs` pass,
// and returns done(). For benchmarks that probe GUI stalls: QTest::qWait and QTRY_* sleep
// 10 ms between event-loop passes, which a stall probe would report as stalls.
template<typename Done> bool spinUntil(Done done, int timeoutMs, int checkMs = 5)
{
    QEventLoop loop;
    QTimer check;
    check.setInterval(checkMs);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    check.start();
    loop.exec();
    return done();
}
