#include "storedrunedits.h"

#include "runs/runstore.h"
#include "loop/steeringedits.h"
#include "storerunmemory.h"
#include "tenant/leftovers.h"

using namespace Qt::StringLiterals;

namespace StoredRunEdits {

Result correctLabel(const QString &runsDir, const QString &memoryDir, const QString &id,
                    const QString &prompt, bool undo, std::optional<bool> wrong)
{
    Result out;
    qint64 holder = 0;
    const auto lock = Leftovers::lock(runsDir, id, &holder);
    if (!lock) {
        out.error =
            u"run %1 is being driven by another process (pid %2); correct its labels there"_s
                .arg(id)
                .arg(holder);
        return out;
    }
    const RunStore store(runsDir);
    RunStore::Loaded loaded = store.load(id);
    if (!loaded.ok()) {
        out.error = loaded.error;
        return out;
    }
    RunState run = loaded.run;
    bool label = false;
    out.error =
        undo ? SteeringEdits::undoCorrection(run, prompt, &label)
             : SteeringEdits::correctLabel(run, prompt, QDateTime::currentDateTimeUtc(), &label, wrong);
    if (!out.ok())
        return out;
    run.updatedAt = QDateTime::currentDateTimeUtc();
    out.error = store.save(run);
    if (!out.ok())
        return out;
    if (!memoryDir.isEmpty()) // the correction stands even when the log cannot be written
        logLabelCorrection(memoryDir, run, prompt, label, undo);
    out.run = run;
    return out;
}

} // namespace StoredRunEdits
