#include "newrunfieldspage.h"

#include "helpsections.h"

#include "domain/extratests.h"
#include "domain/runsettings.h"
#include "domain/samplesize.h"
#include "domain/topiclimits.h"
#include "reports/displayformat.h"

#include <QLocale>

using namespace Qt::StringLiterals;
using namespace HelpSections;

namespace {
struct Field
{
    QString anchor;
    QString title;
    QStringList paragraphs;
};

QString number(qint64 n)
{
    return DisplayFormat::number(n);
}

QString figuresLink(const QString &anchor, const QString &text)
{
    return link(u"figures"_s, anchor, text);
}
} // namespace

QString NewRunFieldsPage::title()
{
    return tr("The New run page, field by field");
}

// The defaults quoted are RunSettings' (what the form starts from) and the form's own ranges.
static QList<Field> fields()
{
    const RunSettings d;
    const int benchmark = d.benchmarkSize;
    return {
        {u"field-topic"_s,
         NewRunFieldsPage::tr("Topic"),
         {NewRunFieldsPage::tr("What the guardrail should detect, in your own words (at most %1 "
                               "characters). The LLM turns it "
                               "into the topic AIRS reads: a name, a description and a few "
                               "examples. Be concrete about what "
                               "belongs to the topic and what does not.")
              .arg(number(MaxTopicDescriptionChars)),
          NewRunFieldsPage::tr("<i>Start from the library…</i> fills the topic, the intent and the "
                               "seed examples with one of the "
                               "starter topics enterprises commonly need.")}},
        {u"field-intent"_s,
         NewRunFieldsPage::tr("Intent"),
         {NewRunFieldsPage::tr("<i>Block</i>: the topic describes what must be stopped, and a "
                               "prompt that matches it is caught. "
                               "<i>Allow</i>: the topic describes what may pass, and only prompts "
                               "that match it get through "
                               "(an allow list)."),
          NewRunFieldsPage::tr(
              "The intent decides how a scan is read: for Block the topic violation AIRS reports, "
              "for Allow its "
              "category (“benign” means the prompt matched the topic). Each intent keeps its own "
              "target: "
              "%1 for Block, %2 for Allow, as allow lists rarely reach the higher one.")
              .arg(DisplayFormat::percent(d.targetCoverage, 0), DisplayFormat::percent(0.65, 0))}},
        {u"field-seeds"_s,
         NewRunFieldsPage::tr("Seed examples"),
         {NewRunFieldsPage::tr("Optional example prompts, one per line, that belong to the topic. "
                               "The LLM reads them when it "
                               "writes the first topic and the held-out benchmark.")}},
        {u"field-profile"_s,
         NewRunFieldsPage::tr("Profile"),
         {NewRunFieldsPage::tr("The AIRS security profile the topic is for, listed from your "
                               "tenant (<i>Refresh</i> lists them "
                               "again). The run never changes it: it works on a copy named "
                               "<code>daystrom-run-&lt;id&gt;</code> "
                               "that holds the profile's own topics and the run's, and removes the "
                               "copy when it ends. Only "
                               "<i>Apply</i> on the Compare page writes to the profile."),
          NewRunFieldsPage::tr("The list under the profile shows the custom topics it holds now; "
                               "uncheck one to leave it out of "
                               "the run's copy. A profile holds at most %1 topics.")
              .arg(number(TopicLimits::TopicsPerProfile)),
          NewRunFieldsPage::tr(
              "<i>Test on the production profile itself</i> is only for tenants that refuse to "
              "create security "
              "profiles: while the run goes on, its half-finished topics filter real traffic, and "
              "the profile's "
              "topic guardrails are put back when the run ends, fails, is cancelled or paused.")}},
        {u"field-test-prompts"_s,
         NewRunFieldsPage::tr("Test prompts"),
         {NewRunFieldsPage::tr(
             "By default the LLM writes new labelled test prompts for every iteration, aimed at "
             "the topic's "
             "weak spots. <i>From CSV…</i> uses your own labelled prompts instead "
             "(<code>prompt,expected[,intent][,category]</code>; a test-results export reads "
             "back), scanned "
             "in every iteration.")}},
        {u"field-max-iterations"_s,
         NewRunFieldsPage::tr("Max iterations"),
         {NewRunFieldsPage::tr("The most iterations the run makes (default %1). Each iteration "
                               "costs LLM calls and one scan per "
                               "test prompt and benchmark prompt.")
              .arg(number(d.maxIterations))}},
        {u"field-target"_s,
         NewRunFieldsPage::tr("Target coverage"),
         {NewRunFieldsPage::tr("The run stops when its best iteration reaches this %1 (default %2 "
                               "for Block). Only the best "
                               "iteration can reach it, and on the benchmark its prompts that "
                               "changed their verdict between "
                               "repeated scans count as errors.")
              .arg(figuresLink(u"coverage"_s, NewRunFieldsPage::tr("coverage")),
                   DisplayFormat::percent(d.targetCoverage, 0))}},
        {u"field-budget"_s,
         NewRunFieldsPage::tr("Token budget and cost budget"),
         {NewRunFieldsPage::tr("Optional limits on what the run's LLM calls may use: the run "
                               "pauses before a call would take it "
                               "past this many tokens (in and out, the whole run) or this many US "
                               "dollars. The cost needs a "
                               "price for the model under <code>llmPrices</code> in config.json. "
                               "Resume with a higher budget to "
                               "go on; empty means no limit.")}},
        {u"field-step-mode"_s,
         NewRunFieldsPage::tr("Step mode"),
         {NewRunFieldsPage::tr("The run waits after each proposed topic: accept it, edit it, or "
                               "ask for another one. It can be "
                               "switched on the Live run page at any time.")}},
        {u"field-advanced"_s,
         NewRunFieldsPage::tr("Advanced"),
         {NewRunFieldsPage::tr(
             "Settings most runs leave at their defaults. Check the box to show them.")}},
        {u"field-accumulate"_s,
         NewRunFieldsPage::tr("Keeping earlier tests, and the test suite cap"),
         {NewRunFieldsPage::tr("<i>Keep earlier passing tests as regression checks</i> carries the "
                               "tests that passed into later "
                               "iterations, so the suite grows and a topic that breaks them shows "
                               "it (default: off)."),
          NewRunFieldsPage::tr("<i>Test suite cap</i> is the most tests the suite may then hold "
                               "(default: no cap). Half of it is "
                               "kept for the iteration's new tests; the last iteration's failures "
                               "take what they can of the "
                               "rest, and the oldest passing tests go first.")}},
        {u"field-plateau"_s,
         NewRunFieldsPage::tr("Plateau window and band"),
         {NewRunFieldsPage::tr("Stop when the coverage of this many iterations in a row stays "
                               "within the band, without a new "
                               "best (default: off). The band is a fraction: %1 means %2 points "
                               "apart at most (the default).")
              .arg(DisplayFormat::number(d.plateauBand, 2),
                   DisplayFormat::number(d.plateauBand * 100, 0))}},
        {u"field-regressions"_s,
         NewRunFieldsPage::tr("Stop after regressions"),
         {NewRunFieldsPage::tr("Stop the run after this many iterations in a row that are worse "
                               "than the best (default %1; 0 "
                               "never stops early). Worse means worse beyond noise, by the same "
                               "rule %2 uses; after two such "
                               "iterations in a row the run first goes back to the best topic, "
                               "then tries a simpler one.")
              .arg(number(d.maxRegressions),
                   figuresLink(u"noise"_s, NewRunFieldsPage::tr("Compare")))}},
        {u"field-prompt-set"_s,
         NewRunFieldsPage::tr("Prompt set"),
         {NewRunFieldsPage::tr("When the run ends, save the best iteration's tests as a custom "
                               "prompt set in AI Red Team "
                               "(default: off). Without a name, one is made from the topic.")}},
        {u"field-scanning"_s,
         NewRunFieldsPage::tr("Scans in parallel and scans per second"),
         {NewRunFieldsPage::tr("How many scans are sent to AIRS at the same time (default %1), and "
                               "at most how many per second, "
                               "for tenants with a rate limit (default: unlimited).")
              .arg(number(5))}},
        {u"field-benchmark"_s,
         NewRunFieldsPage::tr("Benchmark prompts"),
         {NewRunFieldsPage::tr(
              "The %1: labelled prompts written once when the run starts (default %2, half of each "
              "label) and "
              "never shown to the LLM, on which every iteration is scored. <i>From CSV…</i> uses "
              "your own "
              "labelled prompts instead; <i>none</i> scores each iteration only on its own tests.")
              .arg(figuresLink(u"benchmark"_s, NewRunFieldsPage::tr("held-out benchmark")),
                   number(benchmark)),
          NewRunFieldsPage::tr("The larger the benchmark, the narrower the interval around "
                               "coverage: %1 prompts measure a "
                               "coverage near %2 to about ±%3 points; ±%4 points needs %5 prompts. "
                               "<i>Precision wanted</i> "
                               "with <i>Use that size</i> sets the size for you.")
              .arg(number(benchmark), DisplayFormat::percent(SampleSize::TypicalRate, 0),
                   DisplayFormat::number(100 * SampleSize::coverageHalfWidth(benchmark), 1),
                   DisplayFormat::number(100 * SampleSize::DefaultHalfWidth, 0),
                   number(SampleSize::benchmarkFor(SampleSize::DefaultHalfWidth)))}},
        {u"field-decide-on"_s,
         NewRunFieldsPage::tr("Decide on"),
         {NewRunFieldsPage::tr("Which scores pick the best iteration and decide reverts, the "
                               "plateau and the target: the "
                               "held-out benchmark (the default, allowing for %1), or each "
                               "iteration's own tests, on their "
                               "measured values, as the original tool did.")
              .arg(figuresLink(u"noise"_s, NewRunFieldsPage::tr("noise")))}},
        {u"field-scan-repeats"_s,
         NewRunFieldsPage::tr("Scans per benchmark prompt"),
         {NewRunFieldsPage::tr(
              "Scan each benchmark prompt this many times (default %1). A prompt whose verdict "
              "changes between "
              "the scans is flagged unstable and left out of the figures and of every comparison.")
              .arg(number(d.scanRepeats))}},
        {u"field-responses"_s,
         NewRunFieldsPage::tr("Response tests and the decision figure"),
         {NewRunFieldsPage::tr("<i>Response tests</i>: prompt and response pairs the LLM writes "
                               "once (up to %1), half of them "
                               "expected to trigger, scanned every iteration and judged on what "
                               "AIRS says of the response. Block "
                               "intent only; default: off.")
              .arg(number(MaxResponseTests)),
          NewRunFieldsPage::tr("<i>Decision figure</i>: which coverage decides — the prompt side "
                               "(the default) or the weaker of "
                               "the prompt and the response side.")}},
        {u"field-robustness"_s,
         NewRunFieldsPage::tr("Robustness"),
         {NewRunFieldsPage::tr(
              "Scores each iteration also on evasive rewrites of a sample of the benchmark "
              "(default %1 prompts, "
              "half positive), one family of rewrites per check box, and on translations into the "
              "languages "
              "you list (two-letter codes; default: de, fr, es). The results are shown as the "
              "coverage kept "
              "under each rewrite, beside the figures and never in them; default: off.")
              .arg(number(d.robustnessSample))}},
    };
}

QString NewRunFieldsPage::html()
{
    QString out = heading(1, u"fields"_s, title());
    out += paragraph(tr("Press F1 in a field to come back here at its explanation. Every field has "
                        "a tooltip too."));
    for (const Field &field : fields()) {
        out += heading(2, field.anchor, field.title);
        for (const QString &text : field.paragraphs)
            out += paragraph(text);
    }
    return out;
}

QStringList NewRunFieldsPage::anchors()
{
    QStringList out;
    for (const Field &field : fields())
        out.append(field.anchor);
    return out;
}
