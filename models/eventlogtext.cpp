#include "eventlogtext.h"

#include "displayformat.h"
#include "domain/redaction.h"

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

QString EventLogText::text(const QJsonObject &e)
{
    const QString type = string(e, u"type"_s);
    const auto n = [&e](const QString &key) {
        return DisplayFormat::number(qint64(integer(e, key)));
    };
    if (type == "memory:loaded"_L1) {
        const int count = integer(e, u"learningCount"_s);
        return count > 0 ? tr("Memory: %n learning(s) loaded", nullptr, count)
                         : tr("Memory: no previous learnings");
    }
    if (type == "iteration:start"_L1)
        return tr("Iteration %1 started").arg(n(u"iteration"_s));
    if (type == "generate:complete"_L1) {
        const QJsonObject t = e.value(u"topic"_s).toObject();
        return tr("Topic: %1 — %2").arg(string(t, u"name"_s), string(t, u"description"_s));
    }
    if (type == "companion:created"_L1)
        return tr("Companion allow topic: %1")
            .arg(string(e.value(u"topic"_s).toObject(), u"name"_s));
    if (type == "apply:complete"_L1)
        return tr("Deployed to AIRS (topic %1)").arg(string(e, u"topicId"_s));
    if (type == "tests:composed"_L1) {
        // The parts are counted before repeated prompts are dropped (and a cap applied).
        const int g = integer(e, u"generated"_s), cf = integer(e, u"carriedFailures"_s);
        const int r = integer(e, u"regressionTier"_s), total = integer(e, u"total"_s);
        const int dropped = g + cf + r - total;
        if (dropped > 0)
            return tr("Tests: %1 new, %2 carried failures, %3 regression checks; %4 repeated or "
                      "over the cap dropped, %5 in all")
                .arg(n(u"generated"_s), n(u"carriedFailures"_s), n(u"regressionTier"_s),
                     DisplayFormat::number(qint64(dropped)), n(u"total"_s));
        return tr("Tests: %1 new, %2 carried failures, %3 regression checks, %4 in all")
            .arg(n(u"generated"_s), n(u"carriedFailures"_s), n(u"regressionTier"_s), n(u"total"_s));
    }
    if (type == "analyze:complete"_L1)
        return tr("Analysis: %1").arg(string(e.value(u"analysis"_s).toObject(), u"summary"_s));
    if (type == "iteration:complete"_L1)
        return iterationLine(e.value(u"result"_s).toObject());
    if (type == "topic:duplicate"_L1)
        return tr("Duplicate of iteration %1: skipped").arg(n(u"duplicateOfIteration"_s));
    if (type == "topic:reverted"_L1)
        return tr("Reverted to the best topic (iteration %1)").arg(n(u"revertedToIteration"_s));
    if (type == "topic:simplified"_L1)
        return tr("Simplified the best topic");
    if (type == "loop:plateau"_L1) {
        const QJsonArray band = e.value(u"band"_s).toArray();
        return tr("Coverage plateaued between %1 and %2")
            .arg(DisplayFormat::percent(band.at(0).toDouble()),
                 DisplayFormat::percent(band.at(1).toDouble()));
    }
    if (type == "memory:extracted"_L1)
        return tr("Memory: %n learning(s) extracted", nullptr, integer(e, u"learningCount"_s));
    if (type == "promptset:created"_L1)
        return tr("Prompt set \"%1\" created with %n prompt(s)", nullptr,
                  integer(e, u"promptCount"_s))
            .arg(string(e, u"promptSetName"_s));
    if (type == "loop:complete"_L1)
        return tr("Run completed: %1").arg(DisplayFormat::stopReason(string(e, u"stopReason"_s)));
    if (type == "loop:paused"_L1)
        return pausedLine(string(e, u"stopReason"_s));
    if (type == "loop:cancelled"_L1)
        return tr("Run cancelled");
    if (type == "loop:failed"_L1)
        return tr("Run failed: %1").arg(DisplayFormat::stopReason(string(e, u"error"_s)));
    if (type == "proposal:ready"_L1)
        return tr("Iteration %1: a proposal is waiting for your decision")
            .arg(DisplayFormat::number(
                qint64(integer(e.value(u"proposal"_s).toObject(), u"iteration"_s))));
    if (type == "decision:made"_L1) {
        const QString action = string(e, u"action"_s);
        const QString hint = string(e, u"hint"_s).trimmed();
        if (action == "retry"_L1)
            return hint.isEmpty() ? tr("Another proposal asked for")
                                  : tr("Another proposal asked for: %1").arg(hint);
        return action == "edit"_L1 ? tr("Your edited topic was accepted")
                                   : tr("The proposal was accepted");
    }
    if (type == "stepmode:changed"_L1)
        return e.value(u"stepMode"_s).toBool()
                   ? tr("Step mode: the run waits for you after each proposal")
                   : tr("Auto mode: the run goes on by itself");
    if (type == "label:corrected"_L1) {
        const QString prompt = string(e, u"prompt"_s);
        if (e.value(u"undone"_s).toBool())
            return tr("Label restored: \"%1\"").arg(prompt);
        return e.value(u"expectedTriggered"_s).toBool()
                   ? tr("Label corrected: \"%1\" should trigger").arg(prompt)
                   : tr("Label corrected: \"%1\" should not trigger").arg(prompt);
    }
    if (type == "prompts:added"_L1) {
        const int added = integer(e, u"added"_s);
        const int duplicates = integer(e, u"duplicates"_s);
        const QString where = string(e, u"target"_s) == "benchmark"_L1
                                  ? tr("the benchmark (version %1 from the next iteration)")
                                        .arg(n(u"benchmarkVersion"_s))
                                  : tr("the working suite (from the next iteration)");
        return duplicates > 0
                   ? tr("%n prompt(s) added to %1; %2 already in the run", nullptr, added)
                         .arg(where, DisplayFormat::number(qint64(duplicates)))
                   : tr("%n prompt(s) added to %1", nullptr, added).arg(where);
    }
    if (type == "warning"_L1)
        return tr("Warning: %1").arg(Redaction::apply(string(e, u"message"_s)));
    // companion:generated, tests:accumulated, evaluate:complete, examples:kept: a neighbouring
    // line says it; test:progress is never recorded.
    return {};
}
