#include "displayformat.h"
#include "wordingtable.h"

#include "domain/redaction.h"
#include "domain/robustness.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text, const char *comment = nullptr, int n = -1)
{
    return QCoreApplication::translate("DisplayFormat", text, comment, n);
}

// "87.5%" inside an engine message, as the engine writes it (C locale, no space).
QString localisedPercents(QString text)
{
    static const QRegularExpression re(u"(-?\\d+(?:\\.\\d+)?)%"_s);
    QString out;
    qsizetype last = 0;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        const QString digits = m.captured(1);
        const qsizetype dot = digits.indexOf(u'.');
        out += DisplayFormat::percent(digits.toDouble() / 100.0, dot < 0 ? 0 : int(digits.size() - dot - 1));
        last = m.capturedEnd();
    }
    return out + text.mid(last);
}

// A value captured from an engine line: a whole number in the locale's digits, anything else
// with its percentages localised.
QString localisedValue(const QString &text)
{
    bool isInt = false;
    const int n = text.toInt(&isInt);
    return isInt ? DisplayFormat::number(qint64(n)) : localisedPercents(text);
}
} // namespace

QString DisplayFormat::percent(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return u"–"_s;
    //: A percentage: %1 is the number already formatted for the locale ("87.5"). German: "%1 %".
    return tr("%1%", "percent").arg(QLocale().toString(fraction * 100.0, 'f', decimals));
}

QString DisplayFormat::withInterval(double fraction, const std::optional<ProportionStats::Interval> &interval)
{
    if (!interval)
        return percent(fraction);
    //: A rate and its 95 % interval: "87.5% [73.2%–94.1%]".
    return tr("%1 [%2–%3]").arg(percent(fraction), percent(interval->low), percent(interval->high));
}

QString DisplayFormat::signedPoints(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return u"–"_s;
    const QString magnitude = QLocale().toString(std::abs(fraction) * 100.0, 'f', decimals);
    const bool negative = fraction < 0 && magnitude != QLocale().toString(0.0, 'f', decimals);
    //: A change in percentage points: %1 is the sign (+ or −), %2 the number.
    return tr("%1%2 pp", "percentage points").arg(negative ? u"−"_s : u"+"_s, magnitude);
}

QString DisplayFormat::number(double value, int decimals)
{
    if (!std::isfinite(value))
        return u"–"_s;
    return QLocale().toString(value, 'f', decimals);
}

QString DisplayFormat::number(qint64 value)
{
    return QLocale().toString(value);
}

QString DisplayFormat::triggered(bool on)
{
    return on ? tr("triggered") : tr("not triggered");
}

QString DisplayFormat::outcome(bool correct)
{
    return correct ? tr("correct") : tr("wrong");
}

QString DisplayFormat::errorKind(bool expectedTriggered)
{
    return expectedTriggered ? tr("false negative") : tr("false positive");
}

QString DisplayFormat::stopReason(const QString &engineText)
{
    // The engine's reasons (engine/loop/recoverysteps.cpp, iterationsteps.cpp, runcontext.cpp,
    // endingsteps.cpp, models/session/runcontroller.cpp). QT_TRANSLATE_NOOP marks them for lupdate.
    static const WordingTable known("DisplayFormat", {
        {QRegularExpression(u"^reached the target coverage on the benchmark \\((.+) ≥ (.+); 95% lower bound (.+); (\\d+) unstable prompts counted as errors\\)$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "reached the target coverage on the benchmark (%1 ≥ %2; 95% lower bound %3; %4 unstable prompts counted as errors)")},
        {QRegularExpression(u"^reached the target coverage on the benchmark \\((.+) ≥ (.+); 95% lower bound (.+)\\)$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "reached the target coverage on the benchmark (%1 ≥ %2; 95% lower bound %3)")},
        {QRegularExpression(u"^reached the target coverage on the benchmark \\((.+) ≥ (.+)\\)$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "reached the target coverage on the benchmark (%1 ≥ %2)")},
        {QRegularExpression(u"^reached the target coverage \\((.+) ≥ (.+)\\)$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "reached the target coverage (%1 ≥ %2)")},
        {QRegularExpression(u"^reached the maximum of (\\d+) iterations$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "reached the maximum of %1 iterations")},
        {QRegularExpression(u"^stopped after (\\d+) regressions or repeated topics without a new best$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "stopped after %1 regressions or repeated topics without a new best")},
        // Runs stopped before that wording.
        {QRegularExpression(u"^stopped after (\\d+) consecutive regressions$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "stopped after %1 consecutive regressions")},
        {QRegularExpression(u"^coverage plateaued between (.+) and (.+)$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "coverage plateaued between %1 and %2")},
        {QRegularExpression(u"^paused: the application was closed$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the application was closed")},
        {QRegularExpression(u"^paused: the prompt set \"(.+)\" is incomplete \\((\\d+) of (\\d+) prompts\\); resume the run to finish it$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the prompt set \"%1\" is incomplete (%2 of %3 prompts); resume the run to finish it")},
        {QRegularExpression(u"^paused: the prompt set \"(.+)\" was not created; resume the run to try again$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the prompt set \"%1\" was not created; resume the run to try again")},
        // engine/loop/runbudget.cpp; in the app the budget is raised when the run resumes.
        {QRegularExpression(u"^paused: the token budget would be exceeded by the next LLM call \\((.+) of (.+) tokens used; the call needs about (.+)\\); resume with a higher --max-tokens$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the token budget would be exceeded by the next LLM call (%1 of %2 tokens used; the call needs about %3); resume the run to raise the budget")},
        {QRegularExpression(u"^paused: the cost budget would be exceeded by the next LLM call \\((.+) of (.+) spent; the call needs about (.+)\\); resume with a higher --max-cost$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the cost budget would be exceeded by the next LLM call (%1 of %2 spent; the call needs about %3); resume the run to raise the budget")},
        {QRegularExpression(u"^paused: the cost budget cannot be checked: no price for model (.+) in config.json llmPrices; add one, or resume with --max-tokens instead$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "paused: the cost budget cannot be checked: there is no price for model %1 in llmPrices in config.json; add one, then resume the run")},
        {QRegularExpression(u"^paused$"_s), QT_TRANSLATE_NOOP("DisplayFormat", "paused")},
        // engine/loop/endingsteps.cpp: what a stopping in-place run did to production, after "; ".
        {QRegularExpression(u"^the production profile \"(.+)\" was put back as it was before the run; resuming deploys the candidate on it again$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "the production profile \"%1\" was put back as it was before the run; resuming deploys the candidate on it again")},
        {QRegularExpression(u"^the production profile \"(.+)\" could not be put back \\((.+)\\): the run's candidate still filters its traffic; `daystrom cleanup --run (.+) --yes` puts it back$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "the production profile \"%1\" could not be put back (%2): the run's candidate still filters its traffic; `daystrom cleanup --run %3 --yes` puts it back")},
        {QRegularExpression(u"^cancelled$"_s), QT_TRANSLATE_NOOP("DisplayFormat", "cancelled")},
        // engine/domain/decisionrecord.cpp (issue 56): why the best did not move, after "; ".
        {QRegularExpression(u"^iteration (\\d+) measured (.+) but is within noise of iteration (\\d+) on (\\d+) prompts; a benchmark of about (\\d+) prompts would tell them apart$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "iteration %1 measured %2 but is within noise of iteration %3 on %4 prompts; a benchmark of about %5 prompts would tell them apart")},
        {QRegularExpression(u"^iteration (\\d+) measured (.+) but is within noise of iteration (\\d+) on (\\d+) prompts$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "iteration %1 measured %2 but is within noise of iteration %3 on %4 prompts")},
        {QRegularExpression(u"^the (\\S+) step did not finish within (\\d+) s$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "the %1 step did not finish within %2 s")},
        {QRegularExpression(u"^no LLM provider is configured$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "no LLM provider is configured")},
        {QRegularExpression(u"^AIRS management is not configured$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "AIRS management is not configured")},
        {QRegularExpression(u"^the run file could not be saved$"_s),
         QT_TRANSLATE_NOOP("DisplayFormat", "the run file could not be saved")},
    });
    // A run file written before redaction existed may hold a key a server quoted back.
    const QString text = Redaction::apply(engineText).trimmed();
    // A reason with a note on production appended ("paused; the production profile …"): each
    // part on its own.
    static const QRegularExpression withNote(u"^(.+?); (the production profile \".+)$"_s);
    if (const auto m = withNote.match(text); m.hasMatch())
        return stopReason(m.captured(1)) + u"; "_s + stopReason(m.captured(2));
    // A reason with the decision's noise note appended (issue 56).
    static const QRegularExpression withNoise(u"^(.+?); (iteration \\d+ measured .+ but is within noise .+)$"_s);
    if (const auto m = withNoise.match(text); m.hasMatch())
        return stopReason(m.captured(1)) + u"; "_s + stopReason(m.captured(2));
    if (const std::optional<QString> worded = known.reworded(text, localisedValue))
        return *worded;
    if (const QString error = serviceError(text); !error.isEmpty())
        return error;
    return Redaction::apply(engineText);
}

QString DisplayFormat::serviceError(const QString &engineText)
{
    // LlmError::toString() and AirsError::toString(): "<service> <kind>[ (HTTP n)][: message]".
    // The kind is ours and is translated; the message is the server's (or Qt's) and stays as
    // it was written.
    static const QHash<QString, const char *> kinds{
        {u"authentication failed"_s, QT_TRANSLATE_NOOP("DisplayFormat", "authentication failed")},
        {u"quota or billing exhausted"_s, QT_TRANSLATE_NOOP("DisplayFormat", "quota or billing exhausted")},
        {u"temporarily unavailable"_s, QT_TRANSLATE_NOOP("DisplayFormat", "temporarily unavailable")},
        {u"request refused"_s, QT_TRANSLATE_NOOP("DisplayFormat", "request refused")},
        {u"the model refused"_s, QT_TRANSLATE_NOOP("DisplayFormat", "the model refused")},
        {u"output cut off"_s, QT_TRANSLATE_NOOP("DisplayFormat", "output cut off")},
        {u"invalid output"_s, QT_TRANSLATE_NOOP("DisplayFormat", "invalid output")},
        {u"network error"_s, QT_TRANSLATE_NOOP("DisplayFormat", "network error")},
        {u"timed out"_s, QT_TRANSLATE_NOOP("DisplayFormat", "timed out")},
        {u"cancelled"_s, QT_TRANSLATE_NOOP("DisplayFormat", "cancelled")},
        {u"not found"_s, QT_TRANSLATE_NOOP("DisplayFormat", "not found")},
        {u"rejected as invalid"_s, QT_TRANSLATE_NOOP("DisplayFormat", "rejected as invalid")},
        {u"conflict"_s, QT_TRANSLATE_NOOP("DisplayFormat", "conflict")},
        {u"rate limited"_s, QT_TRANSLATE_NOOP("DisplayFormat", "rate limited")},
        {u"server error"_s, QT_TRANSLATE_NOOP("DisplayFormat", "server error")},
        {u"invalid response"_s, QT_TRANSLATE_NOOP("DisplayFormat", "invalid response")}};
    static const QRegularExpression error(
        u"^(LLM|AIRS) ([a-z ]+?)(?: \\(HTTP (\\d+)\\))?(?:: (.*))?$"_s,
        QRegularExpression::DotMatchesEverythingOption);
    const auto m = error.match(engineText);
    if (!m.hasMatch() || !kinds.contains(m.captured(2)))
        return {};
    QString out = m.captured(1) == "LLM"_L1 ? tr("LLM: %1").arg(tr(kinds.value(m.captured(2))))
                                             : tr("AIRS: %1").arg(tr(kinds.value(m.captured(2))));
    if (!m.captured(3).isEmpty())
        out = tr("%1 (HTTP %2)").arg(out, m.captured(3));
    if (!m.captured(4).isEmpty())
        out = tr("%1: %2").arg(out, Redaction::apply(m.captured(4)));
    return out;
}

QString DisplayFormat::rewriteFamily(const QString &family)
{
    if (family == Robustness::AsWritten)
        return tr("As written");
    if (const QString language = Robustness::translationLanguage(family); !language.isEmpty()) {
        // The language's own name without a territory ("español", not "español de España").
        const QLocale locale(language);
        QString name = locale.nativeLanguageName();
        if (const QString territory = locale.nativeTerritoryName(); !territory.isEmpty() && name.endsWith(territory)) {
            name.chop(territory.size());
            name = name.trimmed();
            if (name.endsWith(u'('))
                name.chop(1);
            else if (const qsizetype space = name.lastIndexOf(u' '); space > 0 && name.size() - space <= 3)
                name.truncate(space); // a connecting word: "de", "do"
            name = name.trimmed();
        }
        //: %1: a language's own name ("Deutsch", "français") or its ISO code
        return tr("Translation (%1)").arg(name.isEmpty() ? language : name);
    }
    if (family == "typos"_L1)
        return tr("Typos");
    if (family == "leetspeak"_L1)
        return tr("Leetspeak");
    if (family == "casing-spacing"_L1)
        return tr("Casing and spacing");
    if (family == "base64"_L1)
        return tr("Base64");
    if (family == "homoglyphs"_L1)
        return tr("Lookalike letters");
    if (family == "paraphrase"_L1)
        return tr("Paraphrase");
    if (family == "split"_L1)
        return tr("Split over two sentences");
    return family;
}

QString DisplayFormat::rewriteFamilyDescription(const QString &family)
{
    if (family == Robustness::AsWritten)
        return tr("The sampled benchmark prompts as the benchmark has them: what each rewrite is measured against");
    if (!Robustness::translationLanguage(family).isEmpty())
        return tr("The LLM translated each prompt. Custom topics are documented as English-only.");
    if (family == "typos"_L1)
        return tr("Two letters swapped in every third longer word");
    if (family == "leetspeak"_L1)
        return tr("Letters written as digits: a→4, e→3, i→1, o→0, s→5, t→7");
    if (family == "casing-spacing"_L1)
        return tr("aLtErNaTiNg case, and longer words split by a space");
    if (family == "base64"_L1)
        return tr("The prompt encoded in Base64, behind a request to decode it");
    if (family == "homoglyphs"_L1)
        return tr("Latin letters replaced by Cyrillic ones that look the same");
    if (family == "paraphrase"_L1)
        return tr("The LLM said the same in other words");
    if (family == "split"_L1)
        return tr("The LLM spread the request over two sentences");
    return {};
}


QStringList DisplayFormat::robustnessShortfalls(const QList<Robustness::Row> &rows)
{
    QStringList out;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const Robustness::Row &r = rows.at(i);
        if (r.notRewritten > 0)
            out.append((Robustness::isLlmFamily(r.family)
                            ? tr("%1: %n prompt(s) not rewritten: the LLM wrote no usable rewrite of them.", nullptr,
                                 r.notRewritten)
                            : tr("%1: %n prompt(s) not rewritten: the rewrite changed nothing or was too large for AIRS.",
                                 nullptr, r.notRewritten))
                           .arg(rewriteFamily(r.family)));
        if (r.metrics.notScanned > 0)
            out.append(tr("%1: %n rewrite(s) AIRS gave no verdict for.", nullptr, r.metrics.notScanned)
                           .arg(rewriteFamily(r.family)));
    }
    return out;
}
