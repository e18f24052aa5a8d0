#pragma once

class QThread;

// The app's worker threads (a run, the sandbox's emulators) do background work: started through
// startInBackground(), they run at a lower CPU priority than the GUI thread, so that on a busy
// machine the window is scheduled first. On Linux, where QThread::LowPriority has no effect
// under the default scheduler, the thread's nice value is raised by 5; elsewhere it is
// QThread::LowPriority.
namespace BackgroundPriority {
void startInBackground(QThread *thread);
}
