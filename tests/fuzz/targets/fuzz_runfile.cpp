// The run-file loader (RunStore::parse: the JSON of ~/.daystrom/runs/<id>.json). Property: a
// file that loads saves to JSON that loads again to the same JSON (nothing read is lost or
// changed by a save), and its summary can be made.
#include "../fuzztarget.h"

#include "domain/runstate.h"
#include "runs/runstore.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(run_file)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    if (!doc.isObject())
        return;
    const RunStore::Loaded loaded = RunStore::parse(doc.object(), u"fuzz.json"_s);
    if (!loaded.ok()) {
        FUZZ_REQUIRE(loaded.error.startsWith(u"fuzz.json"_s), loaded.error);
        return;
    }
    const QJsonObject saved = loaded.run.toJson();
    const RunStore::Loaded again = RunStore::parse(saved, u"saved.json"_s);
    FUZZ_REQUIRE(again.ok(), again.error);
    FUZZ_REQUIRE(again.run.toJson() == saved,
                 u"a saved run reads back differently: "_s + QString::fromUtf8(QJsonDocument(saved).toJson().left(600)));
    (void)RunStore::summarize(loaded.run);
}
