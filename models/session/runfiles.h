#pragma once

#include "runs/runstore.h"

#include <QObject>
#include <QString>

#include <functional>

// Stored runs as the views reach them (issue 59, views without I/O): widgets ask here, never
// RunStore itself. A whole run file can be tens of megabytes, so the views read it off the GUI
// thread (loadInBackground); the answer comes back on `context`'s thread, and not at all once
// `context` is gone.
namespace RunFiles {
RunStore::Loaded load(const QString &runsDirectory, const QString &runId); // on this thread
void loadInBackground(const QString &runsDirectory, const QString &runId, QObject *context,
                      std::function<void(const RunStore::Loaded &)> done);
QString remove(const QString &runsDirectory, const QString &runId); // why not, or empty
} // namespace RunFiles
