#pragma once

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

class QThread;
class QThreadPool;

// The app's worker threads (a run, the sandbox's emulators) do background work: started through
// startInBackground(), they run at a lower CPU priority than the GUI thread, so that on a busy
// machine the window is scheduled first. On Linux, where QThread::LowPriority has no effect
// under the default scheduler, the thread's nice value is raised by 5; elsewhere it is
// QThread::LowPriority.
namespace BackgroundPriority {
void startInBackground(QThread *thread);

// Lowers the calling thread's priority as startInBackground() does, once per thread.
void lowerCurrentThread();

// The pool for the app's own short jobs (reading the runs directory, writing a report). Not
// QThreadPool::globalInstance(): Qt's raster engine hands the rows of a tall fill to that pool
// and the GUI thread waits for them in the middle of a paint, so a job of ours there held the
// window until it was done.
QThreadPool *pool();

// QtConcurrent::run() on pool(), at background priority.
template <typename Job>
auto run(Job &&job)
{
    return QtConcurrent::run(pool(), [job = std::forward<Job>(job)]() mutable {
        lowerCurrentThread();
        return job();
    });
}
} // namespace BackgroundPriority
