#include "eventlogtext.h"

#include "reports/displayformat.h"
#include "domain/redaction.h"
#include "loop/loopeventtypes.h"

#include <QDateTime>
#include <QJsonArray>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace {

int integer(const QJsonObject &o, const QString &key)
{
    return o.value(key).toInt();
}

QString string(const QJsonObject &o, const QString &key)
{
    return o.value(key).toString();
}

QString percentOf(const QJsonObject &metrics, const QString &key)
{
    const QJsonValue v = metrics.value(key);
    return v.isDouble() ? DisplayFormat::percent(v.toDouble()) : u"–"_s;
}

QString iterationLine(const QJsonObject &result)
{
    const QJsonObject m = result.value(u"metrics"_s).toObject();
    QString text = EventLogText::tr("Iteration %1: coverage %2 (TPR %3, TNR %4)")
                       .arg(DisplayFormat::number(qint64(integer(result, u"iteration"_s))))
                       .arg(percentOf(m, u"coverage"_s), percentOf(m, u"truePositiveRate"_s),
                            percentOf(m, u"trueNegativeRate"_s));
    const QJsonObject b = result.value(u"benchmarkMetrics"_s).toObject();
    if (!b.isEmpty())
        text = EventLogText::tr("%1; on the benchmark %2").arg(text, percentOf(b, u"coverage"_s));
    // How the loop judged it against the best of that moment (issue 39).
    const QJsonObject j = result.value(u"judgement"_s).toObject();
    const QString verdict = string(j, u"verdict"_s);
    const QString best = DisplayFormat::number(qint64(integer(j, u"versus"_s)));
    if (verdict == "better"_L1)
        text = EventLogText::tr("%1 — the new best").arg(text);
    else if (verdict == "within-noise"_L1)
        text = EventLogText::tr("%1 — within noise of the best (iteration %2), which stays").arg(text, best);
    else if (verdict == "equal"_L1)
        text = EventLogText::tr("%1 — no better than the best (iteration %2)").arg(text, best);
    else if (verdict == "worse"_L1)
        text = EventLogText::tr("%1 — worse than the best (iteration %2)").arg(text, best);
    return text;
}

QString pausedLine(const QString &reason)
{
    if (reason.isEmpty() || reason == "paused"_L1)
        return EventLogText::tr("Run paused");
    if (reason.startsWith("paused; "_L1)) // a plain pause, with what it did to production
        return EventLogText::tr("Run paused (%1)").arg(DisplayFormat::stopReason(reason.mid(8)));
    return EventLogText::tr("Run paused (%1)").arg(DisplayFormat::stopReason(reason));
}

} // namespace

QString EventLogText::line(const QJsonObject &entry)
{
    const QString message = text(entry);
    if (message.isEmpty())
        return {};
    const QDateTime at =
        QDateTime::fromString(string(entry, u"at"_s), Qt::ISODateWithMs).toLocalTime();
    if (!at.isValid())
        return message;
    const QString time = at.date() == QDate::currentDate()
                             ? at.time().toString(u"HH:mm:ss"_s)
                             : QLocale().toString(at.date(), QLocale::ShortFormat) + u' ' +
                                   at.time().toString(u"HH:mm:ss"_s);
    return time + u"  "_s + message;
}

// One line per event of LoopEventTypes' list, named after its signal; an event the list calls
// Quiet has an empty one. EventLogText::text() dispatches on the list, so a new event without
// its line here does not compile.
namespace {
namespace LogLines {

QString number(const QJsonObject &e, const QString &key)
{
    return DisplayFormat::number(qint64(integer(e, key)));
}

QString memoryLoaded(const QJsonObject &e)
{
    const int count = integer(e, u"learningCount"_s);
    return count > 0 ? EventLogText::tr("Memory: %n learning(s) loaded", nullptr, count) : EventLogText::tr("Memory: no previous learnings");
}
QString iterationStarted(const QJsonObject &e)
{
    return EventLogText::tr("Iteration %1 started").arg(number(e, u"iteration"_s));
}
QString generateComplete(const QJsonObject &e)
{
    const QJsonObject t = e.value(u"topic"_s).toObject();
    return EventLogText::tr("Topic: %1 — %2").arg(string(t, u"name"_s), string(t, u"description"_s));
}
QString companionGenerated(const QJsonObject &) { return {}; } // companion:created says it
QString companionCreated(const QJsonObject &e)
{
    return EventLogText::tr("Companion allow topic: %1").arg(string(e.value(u"topic"_s).toObject(), u"name"_s));
}
QString applyComplete(const QJsonObject &e)
{
    return EventLogText::tr("Deployed to AIRS (topic %1)").arg(string(e, u"topicId"_s));
}
QString testsComposed(const QJsonObject &e)
{
    // The parts are counted before repeated prompts are dropped (and a cap applied).
    const int g = integer(e, u"generated"_s), cf = integer(e, u"carriedFailures"_s);
    const int r = integer(e, u"regressionTier"_s), total = integer(e, u"total"_s);
    const int dropped = g + cf + r - total;
    if (dropped > 0)
        return EventLogText::tr("Tests: %1 new, %2 carried failures, %3 regression checks; %4 repeated or "
                     "over the cap dropped, %5 in all")
            .arg(number(e, u"generated"_s), number(e, u"carriedFailures"_s), number(e, u"regressionTier"_s),
                 DisplayFormat::number(qint64(dropped)), number(e, u"total"_s));
    return EventLogText::tr("Tests: %1 new, %2 carried failures, %3 regression checks, %4 in all")
        .arg(number(e, u"generated"_s), number(e, u"carriedFailures"_s), number(e, u"regressionTier"_s),
             number(e, u"total"_s));
}
QString testsAccumulated(const QJsonObject &) { return {}; } // tests:composed says it
QString testProgress(const QJsonObject &) { return {}; }     // never recorded
QString evaluateComplete(const QJsonObject &) { return {}; } // iteration:complete says it
QString analyzeComplete(const QJsonObject &e)
{
    return EventLogText::tr("Analysis: %1").arg(string(e.value(u"analysis"_s).toObject(), u"summary"_s));
}
QString iterationComplete(const QJsonObject &e)
{
    return iterationLine(e.value(u"result"_s).toObject());
}
QString topicDuplicate(const QJsonObject &e)
{
    return EventLogText::tr("Duplicate of iteration %1: skipped").arg(number(e, u"duplicateOfIteration"_s));
}
QString topicReverted(const QJsonObject &e)
{
    return EventLogText::tr("Reverted to the best topic (iteration %1)").arg(number(e, u"revertedToIteration"_s));
}
QString topicSimplified(const QJsonObject &) { return EventLogText::tr("Simplified the best topic"); }
QString loopPlateau(const QJsonObject &e)
{
    const QJsonArray band = e.value(u"band"_s).toArray();
    return EventLogText::tr("Coverage plateaued between %1 and %2")
        .arg(DisplayFormat::percent(band.at(0).toDouble()), DisplayFormat::percent(band.at(1).toDouble()));
}
QString memoryExtracted(const QJsonObject &e)
{
    return EventLogText::tr("Memory: %n learning(s) extracted", nullptr, integer(e, u"learningCount"_s));
}
QString promptSetCreated(const QJsonObject &e)
{
    return EventLogText::tr("Prompt set \"%1\" created with %n prompt(s)", nullptr, integer(e, u"promptCount"_s))
        .arg(string(e, u"promptSetName"_s));
}
QString loopComplete(const QJsonObject &e)
{
    return EventLogText::tr("Run completed: %1").arg(DisplayFormat::stopReason(string(e, u"stopReason"_s)));
}
QString loopPaused(const QJsonObject &e) { return pausedLine(string(e, u"stopReason"_s)); }
QString loopCancelled(const QJsonObject &) { return EventLogText::tr("Run cancelled"); }
QString loopFailed(const QJsonObject &e)
{
    return EventLogText::tr("Run failed: %1").arg(DisplayFormat::stopReason(string(e, u"error"_s)));
}
QString proposalReady(const QJsonObject &e)
{
    return EventLogText::tr("Iteration %1: a proposal is waiting for your decision")
        .arg(number(e.value(u"proposal"_s).toObject(), u"iteration"_s));
}
QString decisionMade(const QJsonObject &e)
{
    const QString action = string(e, u"action"_s);
    const QString hint = string(e, u"hint"_s).trimmed();
    if (action == "retry"_L1)
        return hint.isEmpty() ? EventLogText::tr("Another proposal asked for") : EventLogText::tr("Another proposal asked for: %1").arg(hint);
    return action == "edit"_L1 ? EventLogText::tr("Your edited topic was accepted") : EventLogText::tr("The proposal was accepted");
}
QString labelCorrected(const QJsonObject &e)
{
    const QString prompt = string(e, u"prompt"_s);
    if (e.value(u"undone"_s).toBool())
        return EventLogText::tr("Label restored: \"%1\"").arg(prompt);
    return e.value(u"expectedTriggered"_s).toBool() ? EventLogText::tr("Label corrected: \"%1\" should trigger").arg(prompt)
                                                   : EventLogText::tr("Label corrected: \"%1\" should not trigger").arg(prompt);
}
QString promptsAdded(const QJsonObject &e)
{
    const int added = integer(e, u"added"_s);
    const int duplicates = integer(e, u"duplicates"_s);
    const QString where = string(e, u"target"_s) == "benchmark"_L1
                              ? EventLogText::tr("the benchmark (version %1 from the next iteration)").arg(number(e, u"benchmarkVersion"_s))
                              : EventLogText::tr("the working suite (from the next iteration)");
    return duplicates > 0 ? EventLogText::tr("%n prompt(s) added to %1; %2 already in the run", nullptr, added)
                                .arg(where, DisplayFormat::number(qint64(duplicates)))
                          : EventLogText::tr("%n prompt(s) added to %1", nullptr, added).arg(where);
}
QString stepModeChanged(const QJsonObject &e)
{
    return e.value(u"stepMode"_s).toBool() ? EventLogText::tr("Step mode: the run waits for you after each proposal")
                                           : EventLogText::tr("Auto mode: the run goes on by itself");
}
QString keptExamplesChanged(const QJsonObject &) { return {}; } // the topic's lines say it
QString warning(const QJsonObject &e)
{
    return EventLogText::tr("Warning: %1").arg(Redaction::apply(string(e, u"message"_s)));
}
} // namespace LogLines
} // namespace

QString EventLogText::text(const QJsonObject &e)
{
    const std::optional<LoopEventType> type = LoopEventTypes::fromName(string(e, u"type"_s));
    if (!type)
        return {};
    switch (*type) {
#define DAYSTROM_LOG_LINE(signal, type, audience, line)                                           \
    case LoopEventType::signal:                                                                  \
        return LogLines::signal(e);
        DAYSTROM_LOOP_EVENTS(DAYSTROM_LOG_LINE)
#undef DAYSTROM_LOG_LINE
    }
    return {};
}
