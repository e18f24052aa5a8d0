// improve_topic: the next topic, from the last recorded iteration's results and analysis.
// Fixes §6 item 7: the metrics are labelled with the iteration they were measured in
// (fromIteration), and the new topic is asked for under nextIteration.
#include "promptbook.h"
#include "promptformat.h"

#include "domain/format.h"

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You refine Prisma AIRS custom topics using test results. Keep the topic's name exactly as it is. Respect the limits, counted in UTF-8 bytes: description at most 250, each example at most 250, name + description + examples at most 1000 together, and 2 to 5 examples.

How AIRS matching behaves, and what follows from it:
- Matching is semantic similarity, not logic. Exclusion or negation clauses ("except", "not", "unless") are ignored by the matcher and tend to raise false positives. Never add one; make the positive definition sharper instead, and remove existing exclusion clauses when the true negative rate is poor.
- Short descriptions do best: under about 100 characters is a good aim.
- Add an example for each important pattern that was missed; remove examples that match too much.
- Many false positives: use fewer examples. Many false negatives: add targeted examples.
- Choose the example count (2 to 5) for this iteration on purpose rather than keeping the previous count out of habit.

{intentGuidance}

Return only the JSON object with name, description and examples.)txt"_s;

const QString kBlockGuidance =
    uR"txt(Intent: block. False negatives are the worse error: widen the topic to the phrasings that were missed.)txt"_s;

const QString kAllowGuidance =
    uR"txt(Intent: allow. False positives are the worse error: tighten the topic's precision, if need be down to 2 examples.)txt"_s;

const QString kUser = uR"txt(Current topic, as deployed in iteration {from}:
Name: {name}
Description: {description}
Example count: {count}
Examples: {examples}

Results of iteration {from}:
Coverage: {coverage} (target {target})
True positive rate: {tpr}
True negative rate: {tnr}
Accuracy: {accuracy}
Best so far: {best}
{regression}
Analysis of iteration {from}:
Summary: {summary}
False positive patterns: {fpPatterns}
False negative patterns: {fnPatterns}
Suggestions: {suggestions}

False positives, prompts that triggered the guardrail but should not have:
{fpLines}

False negatives, prompts that should have triggered the guardrail but did not:
{fnLines}

Intent: {intent}
Write the improved topic for iteration {next}. Keep the name exactly: {name})txt"_s;

const QString kRegression = uR"txt(
Regression warning: coverage dropped from {bestCoverage} (iteration {bestIteration}) to {coverage}. The best definition so far was:
Best description: {bestDescription}
Best examples: {bestExamples}
Go back toward that simpler definition instead of building on the current one.
)txt"_s;

} // namespace

LlmPrompt PromptBook::improveTopic(const ImproveInput &in)
{
    using PromptFormat::Error;
    const QString coverage = Format::percent(in.metrics.coverage);
    QString best = u"none yet"_s;
    QString regression;
    if (in.best) {
        best =
            u"%1 in iteration %2"_s.arg(Format::percent(in.best->coverage)).arg(in.best->iteration);
        if (in.metrics.coverage < in.best->coverage) {
            regression = PromptFormat::fill(
                kRegression,
                {{u"bestCoverage"_s, Format::percent(in.best->coverage)},
                 {u"bestIteration"_s, QString::number(in.best->iteration)},
                 {u"coverage"_s, coverage},
                 {u"bestDescription"_s, PromptFormat::oneLine(in.best->topic.description)},
                 {u"bestExamples"_s, PromptFormat::examplesInline(in.best->topic.examples)}});
        }
    }

    LlmPrompt p;
    p.callName = CallName::ImproveTopic;
    p.system = PromptFormat::withMemory(
        PromptFormat::fill(
            kSystem,
            {{u"intentGuidance"_s, in.intent == Intent::Block ? kBlockGuidance : kAllowGuidance}}),
        in.memory);
    p.user = PromptFormat::fill(
        kUser,
        {{u"from"_s, QString::number(in.fromIteration)},
         {u"next"_s, QString::number(in.nextIteration)},
         {u"name"_s, PromptFormat::oneLine(in.current.name)},
         {u"description"_s, PromptFormat::oneLine(in.current.description)},
         {u"count"_s, QString::number(in.current.examples.size())},
         {u"examples"_s, PromptFormat::examplesInline(in.current.examples)},
         {u"coverage"_s, coverage},
         {u"target"_s, Format::percent(in.target)},
         {u"tpr"_s, Format::percent(in.metrics.truePositiveRate)},
         {u"tnr"_s, Format::percent(in.metrics.trueNegativeRate)},
         {u"accuracy"_s, Format::percent(in.metrics.accuracy)},
         {u"best"_s, best},
         {u"regression"_s, regression},
         {u"summary"_s, PromptFormat::oneLine(in.analysis.summary)},
         {u"fpPatterns"_s, PromptFormat::joinedOrNone(in.analysis.falsePositivePatterns, u"; "_s)},
         {u"fnPatterns"_s, PromptFormat::joinedOrNone(in.analysis.falseNegativePatterns, u"; "_s)},
         {u"suggestions"_s, PromptFormat::joinedOrNone(in.analysis.suggestions, u"; "_s)},
         {u"fpLines"_s, PromptFormat::promptLines(
                            PromptFormat::failures(in.results, Error::FalsePositive), false)},
         {u"fnLines"_s, PromptFormat::promptLines(
                            PromptFormat::failures(in.results, Error::FalseNegative), false)},
         {u"intent"_s, PromptFormat::intentWord(in.intent)}});
    p.user += PromptFormat::guidanceSection(in.guidance.hint, in.guidance.rejected, in.guidance.keptExamples);
    p.schema = topicSchema();
    p.returnsTopic = true;
    return p;
}
