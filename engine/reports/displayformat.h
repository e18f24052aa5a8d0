#pragma once

#include "domain/proportionstats.h"
#include "domain/robustness.h"

#include <QString>

#include <optional>

// How the desktop app writes numbers and results, in one place so every view uses the same
// words and the user's locale: "87.5%" in English, "87,5 %" in German.
//
// The result vocabulary, everywhere a test result is shown (tables, tooltips, reports):
//   expected and actual:  "triggered" / "not triggered"
//   the result:           "correct" / "wrong" (a wrong one is a false positive or negative)
// Prose about labels ("%1 should trigger, %2 should not") may say "should trigger".
namespace DisplayFormat {

// ×100 in the default QLocale with `decimals` decimals and the locale's percent spacing.
QString percent(double fraction, int decimals = 1);
// "87.5% [73.2%–94.1%]" with a 95 % interval, or percent() alone without one.
QString withInterval(double fraction, const std::optional<ProportionStats::Interval> &interval);
// A signed percentage-point delta: "+2.5 pp" / "−0.3 pp" (a real minus sign).
QString signedPoints(double fraction, int decimals = 1);
// A plain number in the default locale ("1,234.5" / "1.234,5").
QString number(double value, int decimals = 1);
QString number(qint64 value);

// A robustness rewrite family (issue 43) as a person reads it ("Typos", "Translation
// (Deutsch)", "As written"), and what it does to a prompt.
QString rewriteFamily(const QString &family);
QString rewriteFamilyDescription(const QString &family);
// Why family rows of a robustness table cover fewer prompts than the as-written row (issue
// 56): one sentence per short row, "Typos: 1 prompt not rewritten: the rewrite changed
// nothing or was too large for AIRS.", and one per row with rewrites AIRS gave no verdict for.
QStringList robustnessShortfalls(const QList<Robustness::Row> &rows);

// "triggered" / "not triggered": what the guardrail did, or was expected to do.
QString triggered(bool on);
// "correct" / "wrong".
QString outcome(bool correct);
// "false positive" / "false negative" for a wrong result with this expected label.
QString errorKind(bool expectedTriggered);

// A run's stop reason as the engine stored it ("reached the maximum of 3 iterations"), in the
// user's language. Unknown text (an error message) is returned unchanged.
QString stopReason(const QString &engineText);
// An LLM or AIRS error as the engine wrote it ("LLM quota or billing exhausted (HTTP 429): …")
// with its kind in the user's language and the server's message as it came; empty when the
// text is not one.
QString serviceError(const QString &engineText);

} // namespace DisplayFormat
