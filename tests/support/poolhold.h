#pragma once

#include <QSemaphore>
#include <QThreadPool>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

// Tells whether a paint hands work to QThreadPool::globalInstance(): Qt's raster engine splits
// a large fill across that pool and waits for it, so a paint that needs the pool cannot finish
// while every pool thread is held. This holds them all, runs `paint`, and a watchdog lets the
// pool go after `patienceMs` and notes that it had to. Returns true when the paint needed the
// pool. Without the pool the paint finishes at once and the watchdog wakes with it (no sleep).
template<typename Paint> bool paintNeedsPool(Paint paint, int patienceMs = 3000)
{
    QThreadPool *pool = QThreadPool::globalInstance();
    std::mutex mutex;
    std::condition_variable changed;
    bool open = false;
    bool painted = false;
    bool forced = false;
    QSemaphore holding;
    const int threads = std::max(1, pool->maxThreadCount());
    for (int i = 0; i < threads; ++i) {
        pool->start([&] {
            holding.release();
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return open; });
        });
    }
    holding.acquire(threads); // every pool thread is now held
    std::thread watchdog([&] {
        std::unique_lock lock(mutex);
        if (!changed.wait_for(lock, std::chrono::milliseconds(patienceMs), [&] { return painted; }))
            forced = true;
        open = true;
        changed.notify_all();
    });
    paint();
    {
        const std::lock_guard lock(mutex);
        painted = true;
        open = true;
    }
    changed.notify_all();
    watchdog.join();
    pool->waitForDone();
    return forced;
}
