// The app's wording of what a run did, as it reads it back from run files that may be damaged
// or written by an older version: the event log's lines (EventLogText) and the stop reason
// (DisplayFormat::stopReason, through its WordingTable).
#include "../fuzztarget.h"
#include "domain/redaction.h"
#include "loop/loopeventtypes.h"
#include "models/eventlogtext.h"
#include "reports/displayformat.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(event_log_text)
{
    QJsonObject entry = QJsonDocument::fromJson(data).object();
    if (entry.isEmpty()) { // bytes that are no JSON object: an entry's type and text fields
        const QStringList parts = Fuzz::split(data, 3);
        entry = {{u"type"_s, parts.value(0)}, {u"message"_s, parts.value(1)}, {u"at"_s, parts.value(2)}};
    }
    const QString text = EventLogText::text(entry);
    const QString line = EventLogText::line(entry);
    FUZZ_REQUIRE(text.isEmpty() == line.isEmpty(), u"a line without its text, or the reverse: "_s + line);
    FUZZ_REQUIRE(line.endsWith(text), u"the line does not end with its text: "_s + line);
    // What the log shows is the event list's to decide: no line for an unknown or a quiet type.
    const auto type = LoopEventTypes::fromName(entry.value(u"type"_s).toString());
    if (!type || LoopEventTypes::info(*type).logLine == LoopEventTypes::LogLine::Quiet)
        FUZZ_REQUIRE(text.isEmpty(), u"a line for an event the log does not show: "_s + text);
    // The same entry saved in a run file and read back: the same line (a second route).
    const QJsonObject again = QJsonDocument::fromJson(QJsonDocument(entry).toJson()).object();
    FUZZ_REQUIRE(EventLogText::text(again) == text, u"read back, the entry reads differently: "_s + text);
}

DAYSTROM_FUZZ_TARGET(stop_reason)
{
    const QString engineText = QString::fromUtf8(data);
    const QString shown = DisplayFormat::stopReason(engineText);
    FUZZ_REQUIRE(DisplayFormat::stopReason(engineText) == shown, u"two wordings of one reason"_s);
    // Nothing a redaction would still mask reaches the screen, whatever the file held.
    FUZZ_REQUIRE(Redaction::apply(shown) == shown, u"a secret is shown: "_s + shown);
    if (!engineText.contains(u'\n'))
        FUZZ_REQUIRE(!shown.contains(u'\n'), u"one line became several: "_s + shown);
}
