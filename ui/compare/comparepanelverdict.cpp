// ComparePanel's verdict text (issue 39), apart from the panel's layout: the paired
// comparison's verdict on coverage, the per-class view and the pooled one.
#include "comparepanel.h"

#include "reports/displayformat.h"

using namespace Qt::StringLiterals;

// The verdict on coverage with the prompts it counted, then one short row per class (the class
// it was decided on in bold, marked ◆) and the pooled view. `html`: for the label, kept to as
// few lines as it can (room is short at 1.5×); else plain text (the label's accessible
// description, and what tests read).
QString ComparePanel::verdictText(const IterationComparison &comparison, bool both, bool html)
{
    using V = PairedComparison::Verdict;
    using L = PairedComparison::Limiting;
    using Change = Decision::Change;
    const PairedComparison &c = comparison.paired();
    const Decision::Verdict &d = comparison.decision();
    const auto pText = [](double p) {
        return p < 0.001 ? tr("p < %1").arg(DisplayFormat::number(0.001, 3)) : tr("p = %1").arg(DisplayFormat::number(p, 3));
    };
    const QString a = QString::number(c.iterationA), b = QString::number(c.iterationB);
    // The verdict is the run's decision (issue 56): the paired one on the benchmark, else the
    // measured values of the deciding figure (the weaker direction under --directions both).
    const QString coverage = (both ? tr("coverage of the weaker direction %1 → %2") : tr("coverage %1 → %2"))
                                 .arg(DisplayFormat::percent(d.coverageA), DisplayFormat::percent(d.coverageB));
    QString head, why, shortWhy; // shortWhy: what the label shows of `why` (room is short at 1.5×)
    if (d.change == Change::Better)
        head = tr("Iteration %1 is better than iteration %2: %3.").arg(b, a, coverage);
    else if (d.change == Change::Worse)
        head = tr("Iteration %1 is worse than iteration %2: %3.").arg(b, a, coverage);
    else if (d.paired && d.coverageA != d.coverageB)
        head = tr("The difference is within noise: %1.").arg(coverage);
    else
        head = tr("No difference: %1.").arg(coverage);
    if (!d.paired)
        why = shortWhy = (both ? tr("Decided on the measured values: a paired test holds for one set of prompts, not for the lower of two.")
                               : tr("Decided on the measured values of the working suites, as the run decides."));
    else if (c.verdict == V::WithinNoise && c.coverageA() != c.coverageB()) {
        // Which class of the higher iteration is not above the other's coverage beyond noise.
        const bool bHigher = c.coverageB() > c.coverageA();
        const bool posWeak = !c.positivesCheck.beyondNoise;
        const PairedComparison::ClassPairs &cls = posWeak ? c.positives : c.negatives;
        why = tr("Iteration %1's %2 (%3) are not above iteration %4's coverage (%5) beyond noise (%6).")
                           .arg(bHigher ? b : a, posWeak ? tr("positives") : tr("negatives"),
                                DisplayFormat::percent(bHigher ? cls.rateB() : cls.rateA()), bHigher ? a : b,
                                DisplayFormat::percent(bHigher ? c.coverageA() : c.coverageB()),
                                pText((posWeak ? c.positivesCheck : c.negativesCheck).pValue));
        if (const int n = c.promptsToTellApart(); n > 0) {
            shortWhy = tr("A benchmark of about %1 prompts would tell them apart.").arg(n);
            why += u' ' + shortWhy;
        }
    }
    if (c.verdict == V::NothingShared)
        return (why.isEmpty() ? head : head + u' ' + why) + u' '
               + tr("These iterations scanned no prompt in common, so they cannot be compared prompt by prompt.");

    // Coverage is the lower of the two rates, so the verdict is decided on the class that
    // limits it; the pooled view (accuracy) stays beside it.
    const QString limits = c.coverageB() < c.coverageA() ? tr("limits B") : tr("limited A");
    struct Row
    {
        QString name;
        int fixed, broken;
        double p;
        bool limiting;
    };
    const QList<Row> rows{
        {tr("Positives (TPR)"), c.positives.fixed, c.positives.broken, c.positives.pValue,
         c.limiting != L::Negatives && c.positives.prompts > 0},
        {tr("Negatives (TNR)"), c.negatives.fixed, c.negatives.broken, c.negatives.pValue,
         c.limiting != L::Positives && c.negatives.prompts > 0},
        {tr("All prompts (accuracy)"), c.fixed, c.broken, c.pValue, false}};

    QString scope = c.onBenchmark
                        ? tr("Counted on the %1 held-out benchmark prompts.").arg(c.shared)
                        : tr("Counted on the %1 prompts both iterations scanned; %2 only in iteration %3, %4 only in "
                             "iteration %5.")
                              .arg(QString::number(c.shared), QString::number(c.onlyInA), a, QString::number(c.onlyInB), b);
    if (c.unstable > 0)
        scope += u' ' + tr("%n prompt(s) left out: their verdict changed between repeated scans.", nullptr, c.unstable);

    if (!html) {
        QStringList lines{why.isEmpty() ? head : head + u' ' + why};
        for (const Row &r : rows) {
            const QString line = tr("%1: %2 fixed, %3 broken, %4").arg(r.name, QString::number(r.fixed), QString::number(r.broken), pText(r.p));
            lines.append(r.limiting ? tr("%1 (%2)").arg(line, limits) : line);
        }
        lines.append(scope);
        return lines.join(u'\n');
    }
    QString table = u"<table cellspacing=\"0\" cellpadding=\"0\">"_s;
    for (const Row &r : rows) {
        const QString cell = r.limiting ? u"<b>%1</b>"_s : u"%1"_s;
        const QString counts = tr("%1 fixed, %2 broken, %3").arg(QString::number(r.fixed), QString::number(r.broken), pText(r.p));
        table += u"<tr><td>%1&nbsp;&nbsp;</td><td>%2</td><td>%3</td></tr>"_s.arg(
            cell.arg(r.name.toHtmlEscaped()), cell.arg(counts.toHtmlEscaped()),
            r.limiting ? u"&nbsp;&nbsp;◆ "_s + limits.toHtmlEscaped() : QString());
    }
    table += u"</table>"_s;
    // The verdict in bold; in short why, and what was counted, in the body text. The whole
    // reason (which class fell short, its p-value) is the label's tooltip and accessible
    // description; the class rows below show the counts.
    return u"<p style=\"margin:0\"><b>%1</b> %2</p>%3"_s.arg(
        head.toHtmlEscaped(), (shortWhy.isEmpty() ? scope : shortWhy + u' ' + scope).toHtmlEscaped(), table);
}
