// The sandbox's tenant file (issue 58): what TopicStore::restore and ProfileStore::restore
// accept saves to a snapshot that restores to the same snapshot; what they refuse leaves the
// store as it was. And TenantDoneText, the app's wording of the engine's tenant lines: a line
// it rewords keeps the name it carried.
#include "../fuzztarget.h"

#include "models/session/tenantdonetext.h"
#include "sandbox/profilestore.h"
#include "sandbox/topicstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(sandbox_tenant_file)
{
    const QJsonObject root = QJsonDocument::fromJson(data).object();
    TopicStore topics;
    topics.create({u"kept"_s, u"a topic that must survive a refused restore"_s, {}}, true, u"fuzz"_s);
    const QJsonArray before = topics.snapshot();
    QString error;
    if (topics.restore(root.value(u"topics"_s).toArray(), &error)) {
        const QJsonArray saved = topics.snapshot();
        TopicStore again;
        FUZZ_REQUIRE(again.restore(saved, &error), u"a saved topic snapshot is refused: "_s + error);
        FUZZ_REQUIRE(again.snapshot() == saved, u"a topic snapshot restores differently"_s);
    } else {
        FUZZ_REQUIRE(!error.isEmpty(), u"a refusal without a reason"_s);
        FUZZ_REQUIRE(topics.snapshot() == before, u"a refused restore changed the topics"_s);
    }
    ProfileStore profiles(u"1"_s);
    if (profiles.restore(root.value(u"profiles"_s).toArray(), &error)) {
        const QJsonArray saved = profiles.snapshot();
        ProfileStore again(u"1"_s);
        FUZZ_REQUIRE(again.restore(saved, &error), u"a saved profile snapshot is refused: "_s + error);
        FUZZ_REQUIRE(again.snapshot() == saved, u"a profile snapshot restores differently"_s);
    }
}

DAYSTROM_FUZZ_TARGET(tenant_done_text)
{
    const QString line = QString::fromUtf8(data);
    const QString shown = TenantDoneText::translated(line);
    if (shown == line)
        return;
    // Reworded: the quoted name (or the text after the colon) is still there.
    static const QRegularExpression quoted(u"\"(.*)\""_s, QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = quoted.match(line);
    const QString name = m.hasMatch() ? m.captured(1) : line.mid(line.indexOf(u':') + 2);
    FUZZ_REQUIRE(shown.contains(name), u"the name was lost: "_s + line + u" → "_s + shown);
}
