// Helper process for tst_memoryconcurrency: merges <count> learnings into <category> of the
// memory directory <dir>, one locked read-modify-write per learning, as a finished run would.
// Prints the id of every learning it added, one per line.
//   memory_writer <dir> <category> <name> <count>
// For tst_feedbacklog: confirms <learning-id> and dies (exit code 9) after the feedback-log
// entry is written and before the memory file is replaced.
//   memory_writer <dir> <category> --crash-after-log <learning-id>
#include "memorystore/memorycurator.h"
#include "memorystore/memorymerger.h"
#include "memorystore/memorystore.h"

#include "domain/nanoid.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() == 5 && args.at(3) == "--crash-after-log"_L1) {
        MemoryStore store(args.at(1));
        store.setBeforeWriteHook([] {
            std::_Exit(9);
            return false;
        });
        MemoryCurator(store).confirm(args.at(2), args.at(4));
        return 1; // not reached when the learning exists
    }
    if (args.size() != 5) {
        std::fprintf(stderr, "usage: memory_writer <dir> <category> <name> <count>\n");
        return 2;
    }
    const MemoryStore store(args.at(1));
    const QString category = args.at(2);
    const QString name = args.at(3);
    const int count = args.at(4).toInt();
    for (int i = 0; i < count; ++i) {
        Learning l;
        l.id = NanoId::generate();
        l.runId = name + u'/' + QString::number(i); // one run per learning: a run's learnings merge once
        l.extractedAt = QDateTime::currentDateTimeUtc();
        l.topicCategory = category;
        // Random words, so no two learnings are near-duplicates of each other.
        l.insight = u"%1 %2 %3"_s.arg(name, NanoId::generate(16), NanoId::generate(16));
        l.source = name + u" test/writer"_s;
        const MemoryStore::Updated u = store.update(category, [&](CategoryMemory &m) {
            const MergeOutcome out =
                MemoryMerger::merge(m, {l}, std::nullopt, {u"%1 pattern %2"_s.arg(name).arg(i)});
            return !out.addedIds.isEmpty();
        });
        if (!u.ok() || !u.written) {
            std::fprintf(stderr, "%s: write %d failed: %s\n", qPrintable(name), i,
                         qPrintable(u.error));
            return 1;
        }
        std::printf("%s\n", qPrintable(l.id));
        std::fflush(stdout);
    }
    return 0;
}
