#include "backgroundpriority.h"

#include <QThread>
#include <QThreadPool>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace {
#ifdef Q_OS_LINUX
void raiseNice() // Linux keeps a nice value per thread (its task id)
{
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    ::setpriority(PRIO_PROCESS, tid, ::getpriority(PRIO_PROCESS, tid) + 5);
}
#endif
} // namespace

void BackgroundPriority::startInBackground(QThread *thread)
{
#ifdef Q_OS_LINUX
    // In the new thread itself.
    QObject::connect(thread, &QThread::started, thread, [] { raiseNice(); }, Qt::DirectConnection);
    thread->start();
#else
    thread->start(QThread::LowPriority);
#endif
}

void BackgroundPriority::lowerCurrentThread()
{
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
#ifdef Q_OS_LINUX
    raiseNice();
#else
    QThread::currentThread()->setPriority(QThread::LowPriority);
#endif
}

QThreadPool *BackgroundPriority::pool()
{
    // Destroyed at exit like Qt's global pool, after waiting for a job still running.
    static QThreadPool jobs;
    static const bool configured = [] {
        jobs.setObjectName(QStringLiteral("daystrom-jobs"));
        jobs.setMaxThreadCount(2);
        return true;
    }();
    Q_UNUSED(configured);
    return &jobs;
}
