#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

// The one wording of the event log: turns an entry of RunState::eventLog (a LoopEventJson
// object with an "at" timestamp, see LoopEventJson::logEntry) into a line in the user's
// language, numbers in the user's locale. The same for a live run, a resumed one (its stored
// entries first) and a stored run opened from the Runs page.
class EventLogText final
{
    Q_DECLARE_TR_FUNCTIONS(EventLogText)
public:
    // "14:03:07  Iteration 2 started": the local time of "at" (with the date when it is not
    // today), two spaces, text(). Empty when text() is empty.
    static QString line(const QJsonObject &entry);
    // "Iteration 2 started". Empty for entries the log does not show (events a later line
    // already tells, such as companion:generated or evaluate:complete, and unknown types).
    static QString text(const QJsonObject &entry);
};
