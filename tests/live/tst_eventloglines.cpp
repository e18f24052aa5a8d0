// The event log's wording covers LoopEventTypes' list: every event the list says the log shows
// has a line of its own, even with none of its fields; a quiet one has none; unknown types
// have none.
#include "loop/loopeventtypes.h"
#include "models/eventlogtext.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestEventLogLines : public QObject
{
    Q_OBJECT
private slots:
    void everyEventHasItsLine()
    {
        for (const LoopEventTypes::Info &i : LoopEventTypes::all) {
            const QString text = EventLogText::text(QJsonObject{{u"type"_s, QString(i.name)}});
            if (i.logLine == LoopEventTypes::LogLine::Line)
                QVERIFY2(!text.isEmpty(), i.signal);
            else
                QVERIFY2(text.isEmpty(), i.signal);
        }
        QVERIFY(EventLogText::text(QJsonObject{{u"type"_s, u"no:such-event"_s}}).isEmpty());
        QVERIFY(EventLogText::text(QJsonObject{}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEventLogLines)
#include "tst_eventloglines.moc"
