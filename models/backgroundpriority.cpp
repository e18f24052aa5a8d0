#include "backgroundpriority.h"

#include <QThread>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

void BackgroundPriority::startInBackground(QThread *thread)
{
#ifdef Q_OS_LINUX
    // In the new thread itself: Linux keeps a nice value per thread (its task id).
    QObject::connect(thread, &QThread::started, thread, [] {
        const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
        ::setpriority(PRIO_PROCESS, tid, ::getpriority(PRIO_PROCESS, tid) + 5);
    }, Qt::DirectConnection);
    thread->start();
#else
    thread->start(QThread::LowPriority);
#endif
}
