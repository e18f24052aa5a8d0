#pragma once

#include "domain/runstate.h"

// Steering edits on a run that is not being driven (a finished or paused run opened in the
// app): load, refuse when a process drives it, change, save atomically. A live run is edited
// through RefinementRun instead, on its own thread.
namespace StoredRunEdits {

struct Result
{
    RunState run; // as saved
    QString error;
    bool ok() const { return error.isEmpty(); }
};

// SteeringEdits::correctLabel (or undoCorrection) on stored run `id`; the change is also
// appended to the feedback log of the memory in `memoryDir` (none when empty).
// `wrong`: the label the person marked as wrong (SteeringEdits::correctLabel).
Result correctLabel(const QString &runsDir, const QString &memoryDir, const QString &id,
                    const QString &prompt, bool undo, std::optional<bool> wrong = std::nullopt);

} // namespace StoredRunEdits
