// The memory-file loader (~/.daystrom/memory/<category>.json, lenient like the original) and
// memory bundles (memory export/import). Properties: a memory that loads saves to JSON that
// loads back equal (operator==, unknown fields kept); a bundle that loads writes back to the
// same JSON.
#include "../fuzztarget.h"

#include "memorystore/categorymemory.h"
#include "memorystore/memorybundle.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(memory_file)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    if (!doc.isObject())
        return;
    QStringList problems;
    const CategoryMemory memory = CategoryMemory::fromJson(doc.object(), &problems);
    if (memory.shadowedFields().isEmpty()) {
        QStringList again;
        const CategoryMemory reread = CategoryMemory::fromJson(memory.toJson(), &again);
        FUZZ_REQUIRE(reread.toJson() == memory.toJson(),
                     u"a saved memory reads back differently: "_s
                         + QString::fromUtf8(QJsonDocument(memory.toJson()).toJson().left(600)));
    }
    (void)memory.pendingCount();
}

DAYSTROM_FUZZ_TARGET(memory_bundle)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    if (!doc.isObject())
        return;
    QStringList errors;
    const std::optional<MemoryBundle> bundle = MemoryBundle::fromJson(doc.object(), &errors);
    FUZZ_REQUIRE(bundle.has_value() == errors.isEmpty(), errors.join(u"; "_s));
    if (!bundle)
        return;
    const QJsonObject written = bundle->toJson();
    QStringList again;
    const std::optional<MemoryBundle> reread = MemoryBundle::fromJson(written, &again);
    FUZZ_REQUIRE(reread.has_value(), again.join(u"; "_s));
    FUZZ_REQUIRE(reread->toJson() == written,
                 u"a written bundle reads back differently: "_s + QString::fromUtf8(QJsonDocument(written).toJson().left(600)));
    FUZZ_REQUIRE(reread->learningCount() == bundle->learningCount(), u"learnings lost"_s);
}
