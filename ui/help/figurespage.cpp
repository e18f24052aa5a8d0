#include "figurespage.h"

#include "helpsections.h"

#include "domain/benchmarkscore.h"
#include "domain/decision.h"
#include "domain/generalbenign.h"
#include "domain/runsettings.h"
#include "domain/samplesize.h"
#include "reports/displayformat.h"

using namespace Qt::StringLiterals;
using namespace HelpSections;

namespace {
QString number(qint64 n)
{
    return DisplayFormat::number(n);
}

// An audit writes this many held-out prompts per topic unless told otherwise
// (ProfileAudit::Options::benchmarkSize, engine/tenant/profileaudit.h).
constexpr int AuditPromptsPerTopic = 30;
} // namespace

QString FiguresPage::title()
{
    return tr("What the figures mean");
}

QString FiguresPage::html()
{
    const RunSettings defaults;
    const double alpha = Decision(defaults).alpha();
    QString out = heading(1, u"figures"_s, title());
    out += paragraph(tr(
        "Every test prompt has a label: it should trigger the topic (a positive) or it should not "
        "(a negative). A scan that agrees with the label is right, one that does not is wrong: a "
        "missed positive is a false negative, a caught negative a false positive. A prompt AIRS "
        "gave no verdict for is <i>not scanned</i> and in no figure."));

    out += heading(2, u"rates"_s, tr("TPR, TNR, accuracy and F1"));
    out += list({tr("<b>TPR</b> (true positive rate): the share of positives caught."),
                 tr("<b>TNR</b> (true negative rate): the share of negatives let through."),
                 tr("<b>Accuracy</b>: the share of all prompts that were right; it depends on how "
                    "many of each "
                    "label the suite holds."),
                 tr("<b>F1</b>: the harmonic mean of precision (the share of caught prompts that "
                    "were positives) "
                    "and TPR.")});

    out += heading(2, u"coverage"_s, tr("Coverage"));
    out += paragraph(
        tr("<b>Coverage is the lower of TPR and TNR: min(TPR, TNR).</b> A topic is only as good as "
           "the class it handles worse: one that catches every positive by catching everything has "
           "a TNR, and so a coverage, near zero. Coverage is the figure the run optimises, the one "
           "the target is checked against, and the one Compare's verdict is about."));
    out += paragraph(tr(
        "On the held-out benchmark a prompt whose verdict changed between repeated scans is left "
        "out of the figures; for the target it counts as an error, as a prompt that is not "
        "reliably right is not right."));

    // The README's example: TPR 160/200 and TNR 17/20, computed as the app computes it.
    EfficacyMetrics example;
    example.truePositives = 160;
    example.falseNegatives = 40;
    example.trueNegatives = 17;
    example.falsePositives = 3;
    const MetricIntervals intervals = MetricIntervals::of(example);
    const auto span = [](const std::optional<ProportionStats::Interval> &i) {
        return i ? tr("[%1 to %2]")
                       .arg(DisplayFormat::percent(i->low), DisplayFormat::percent(i->high))
                 : QString();
    };
    const auto tprOnly = ProportionStats::wilson(160, 200);

    out += heading(2, u"interval"_s, tr("The interval beside coverage"));
    out += paragraph(
        tr("A rate measured on a few dozen prompts is uncertain, so the app shows it with its 95% "
           "interval: the range of true rates that fit what was measured. %1 of %2 prompts right "
           "reads "
           "<b>%3</b>. You see the interval in the Runs list, as the band around the coverage line "
           "on "
           "the Charts page, in the tooltips of the Compare figures, on the Profile page and in "
           "the "
           "reports.")
            .arg(number(26), number(30),
                 DisplayFormat::withInterval(26.0 / 30, ProportionStats::wilson(26, 30))
                     .toHtmlEscaped()));
    out += paragraph(
        tr("Each rate's interval is the Wilson score interval, which stays between 0 and 100% and "
           "is not empty at 0 or all prompts right. Coverage takes the uncertainty of both rates: "
           "each rate's Wilson interval at 97.5%, so that both hold together with at least 95%, "
           "and coverage lies between the lower of the two low ends and the lower of the two high "
           "ends."));
    out += paragraph(tr("An unbalanced suite is as uncertain as its smaller class: with TPR 160 of "
                        "200 and TNR 17 "
                        "of 20, coverage's interval is %1, much wider than TPR's own %2.")
                         .arg(span(intervals.coverage), span(tprOnly)));
    out += paragraph(
        tr("A larger benchmark narrows it: %1 prompts measure a coverage near %2 to about ±%3 "
           "points; ±%4 points needs %5 prompts. When a run stops, its stop reason also gives the "
           "best coverage's 95% lower bound.")
            .arg(number(defaults.benchmarkSize), DisplayFormat::percent(SampleSize::TypicalRate, 0),
                 DisplayFormat::number(100 * SampleSize::coverageHalfWidth(defaults.benchmarkSize),
                                       1),
                 DisplayFormat::number(100 * SampleSize::DefaultHalfWidth, 0),
                 number(SampleSize::benchmarkFor(SampleSize::DefaultHalfWidth))));

    out += heading(2, u"benchmark"_s, tr("The held-out benchmark"));
    out += paragraph(
        tr("At its start a run freezes a benchmark: %1 labelled prompts by default, half of each "
           "label, written once by the LLM or taken from your CSV. Every iteration scans it, and "
           "the "
           "LLM that analyses and improves the topic never sees it, so the benchmark scores every "
           "iteration on the same prompts and iterations can be compared prompt by prompt.")
            .arg(number(defaults.benchmarkSize)));

    out += heading(2, u"noise"_s, tr("“Within noise” in Compare"));
    out += paragraph(tr(
        "Compare pairs the two iterations' outcomes on the benchmark prompts both scanned: a "
        "prompt wrong in A and right in B is <i>fixed</i>, the other way round <i>broken</i>. "
        "Then it asks whether B's coverage is higher than A's by more than chance would explain."));
    out += paragraph(
        tr("B is <b>better</b> only when its coverage is higher and <b>every</b> class of it — its "
           "positives and its negatives — is above A's coverage beyond noise. A class counts as "
           "above when it gained on the same class (the exact McNemar test on the paired prompts) "
           "or "
           "when its rate is above A's other class (Fisher's exact test); each test is one-sided "
           "at "
           "%1. Whatever the true rates, the chance of calling B better when it is not is then at "
           "most %2. <b>Worse</b> is the same rule the other way round.")
            .arg(DisplayFormat::percent(alpha / 2), DisplayFormat::percent(alpha, 0)));
    out += paragraph(tr(
        "Anything else is <b>within noise</b>: the coverages differ, but on this many prompts the "
        "difference could be luck. Compare then names the class that is not above beyond noise, "
        "with its p-value, and about how many prompts would tell the two iterations apart. Within "
        "noise is not the same as equal: a larger benchmark may still separate them."));
    out += paragraph(tr(
        "The run chooses its best iteration, reverts and stops early by the same verdict, so "
        "“better” in Compare always means the run could have chosen it. The rows below the "
        "verdict show the fixed and broken prompts per class (the class that limited coverage is "
        "marked) and over all prompts (accuracy), which is shown beside the verdict but does not "
        "decide it. When the run decides on its working suites instead of the benchmark, the "
        "measured values decide."));

    out += heading(2, u"benign"_s, tr("The benign flag rate (Profile audit)"));
    out += paragraph(
        tr("An audit measures every custom topic of a profile together, inside the whole profile, "
           "on held-out prompts written for each topic (%1 per topic by default) and a fixed set "
           "of "
           "%2 everyday requests that no topic should act on.")
            .arg(number(AuditPromptsPerTopic), number(GeneralBenign::prompts().size())));
    out += paragraph(tr(
        "The <b>benign flag rate</b> is the share of the prompts users should get through that the "
        "profile acted on, with its 95% interval. On a block list (the guardrail lets through "
        "what no topic matches) those are each block topic's negatives, each allow topic's "
        "positives and the everyday requests. On an allow list (only what an allow topic matches "
        "passes) they are each allow topic's positives; the everyday requests are expected to be "
        "turned away there. Lower is better: every flagged prompt is a user stopped for "
        "nothing."));

    out += heading(2, u"conflicts"_s, tr("Conflicts"));
    out += paragraph(
        tr("A <b>conflict</b> is a prompt written for one topic that another topic of the profile "
           "matched. The <i>Conflicts</i> tab lists each one: the prompt, the topic it was written "
           "for, whether that topic should match it, and the topic that did. The conflict matrix "
           "counts them, a row for the topic a prompt was written for and a column for the topic "
           "that matched it."));
    out += paragraph(tr(
        "A conflict on a prompt that should match its own topic means two topics overlap; one on a "
        "prompt that should not match means another topic catches a near miss its author meant to "
        "let through. Either way, sharpen the descriptions of the two topics so each covers its "
        "own ground."));
    return out;
}
