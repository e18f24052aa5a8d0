#pragma once

#include <QCoreApplication>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

// Fails the test process when the GUI thread stops running its event loop for longer than
// `limit`: a timer on the GUI thread beats every 50 ms, a thread of its own watches the beats.
// A test that types hostile text under a watchdog reports the hang with what it was doing
// (the test would otherwise block until CTest's timeout, saying nothing). The process ends
// with _Exit, as nothing else can leave a thread that never returns.
class GuiWatchdog final
{
public:
    explicit GuiWatchdog(std::chrono::milliseconds limit)
        : m_limit(limit)
    {
        m_beat.setInterval(50);
        QObject::connect(&m_beat, &QTimer::timeout, &m_beat, [this] { m_lastBeat = now(); });
        m_lastBeat = now();
        m_beat.start();
        m_watcher = std::thread([this] { watch(); });
    }
    ~GuiWatchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_watcher.join();
    }
    GuiWatchdog(const GuiWatchdog &) = delete;
    GuiWatchdog &operator=(const GuiWatchdog &) = delete;

    // What the GUI thread is doing, named in the failure.
    void doing(const QString &what)
    {
        std::lock_guard lock(m_mutex);
        m_doing = what.toStdString();
    }

private:
    static qint64 now()
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    void watch()
    {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            m_wake.wait_for(lock, std::chrono::milliseconds(100));
            if (m_stop)
                return;
            const qint64 silent = now() - m_lastBeat;
            if (silent > m_limit.count()) {
                std::fprintf(stderr,
                             "FAIL!  : the GUI thread ran no event for %lld ms (limit %lld ms) "
                             "while: %s\n",
                             static_cast<long long>(silent), static_cast<long long>(m_limit.count()),
                             m_doing.c_str());
                std::fflush(stderr);
                std::_Exit(1);
            }
        }
    }

    std::chrono::milliseconds m_limit;
    QTimer m_beat;
    std::atomic<qint64> m_lastBeat{0};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::string m_doing = "starting";
    std::thread m_watcher;
};
