// simplify_topic: recovery tier 2, back to a shortened form of the best definition. Fixes §6
// item 7: the current coverage and the best coverage are shown separately (the original
// showed the best one as "current"), and the best iteration's analysis is used.
#include "promptbook.h"
#include "promptformat.h"

#include "domain/format.h"

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You simplify a Prisma AIRS custom topic whose recent changes made it worse. Return the best definition found so far with, at most, minor rewording, under the same name.

Rules:
- Do not add qualifiers such as single, specific, one, only, sole or step-by-step, and do not add exclusion clauses: both narrow nothing and confuse the matcher.
- Shorter is always better: aim for a description under about 80 characters and 2 to 3 examples.
- Good: "Building or buying untraceable firearms". Bad: "Only specific step-by-step instructions for building one single firearm, except for licensed dealers".
- Good: "Evading taxes by hiding income". Bad: "Any single specific method that is used solely to hide one's income from the tax authority".

{intentGuidance}

Return only the JSON object with name, description and examples.)txt"_s;

const QString kBlockGuidance = uR"txt(Intent: block. Stay broad, but cut the noise.)txt"_s;

const QString kAllowGuidance =
    uR"txt(Intent: allow. Stay precise, and do not drift into neighbouring subjects.)txt"_s;

const QString kUser = uR"txt(The topic has been regressing. Simplify it.

Current topic:
Name: {name}
Description: {description}
Example count: {count}
Examples: {examples}
Current coverage: {coverage} (TPR {tpr}, TNR {tnr})

Best topic so far, from iteration {bestIteration}:
Description: {bestDescription}
Example count: {bestCount}
Examples: {bestExamples}
Best coverage: {bestCoverage} (TPR {bestTpr}, TNR {bestTnr})

Analysis of iteration {bestIteration}:
Summary: {summary}
False positive patterns: {fpPatterns}
False negative patterns: {fnPatterns}
Suggestions: {suggestions}

Intent: {intent}
Return the simplified best definition. Keep the name exactly: {name})txt"_s;

} // namespace

LlmPrompt PromptBook::simplifyTopic(const SimplifyInput &in)
{
    const AnalysisReport &a = in.best.analysis;
    LlmPrompt p;
    p.callName = CallName::SimplifyTopic;
    p.system = PromptFormat::withMemory(
        PromptFormat::fill(
            kSystem,
            {{u"intentGuidance"_s, in.intent == Intent::Block ? kBlockGuidance : kAllowGuidance}}),
        in.memory);
    p.user = PromptFormat::fill(
        kUser, {{u"name"_s, PromptFormat::oneLine(in.current.name)},
                {u"description"_s, PromptFormat::oneLine(in.current.description)},
                {u"count"_s, QString::number(in.current.examples.size())},
                {u"examples"_s, PromptFormat::examplesInline(in.current.examples)},
                {u"coverage"_s, Format::percent(in.currentMetrics.coverage)},
                {u"tpr"_s, Format::percent(in.currentMetrics.truePositiveRate)},
                {u"tnr"_s, Format::percent(in.currentMetrics.trueNegativeRate)},
                {u"bestIteration"_s, QString::number(in.best.iteration)},
                {u"bestDescription"_s, PromptFormat::oneLine(in.best.topic.description)},
                {u"bestCount"_s, QString::number(in.best.topic.examples.size())},
                {u"bestExamples"_s, PromptFormat::examplesInline(in.best.topic.examples)},
                {u"bestCoverage"_s, Format::percent(in.best.coverage)},
                {u"bestTpr"_s, Format::percent(in.best.metrics.truePositiveRate)},
                {u"bestTnr"_s, Format::percent(in.best.metrics.trueNegativeRate)},
                {u"summary"_s, PromptFormat::oneLine(a.summary)},
                {u"fpPatterns"_s, PromptFormat::joinedOrNone(a.falsePositivePatterns, u"; "_s)},
                {u"fnPatterns"_s, PromptFormat::joinedOrNone(a.falseNegativePatterns, u"; "_s)},
                {u"suggestions"_s, PromptFormat::joinedOrNone(a.suggestions, u"; "_s)},
                {u"intent"_s, PromptFormat::intentWord(in.intent)}});
    p.user += PromptFormat::guidanceSection(in.guidance.hint, in.guidance.rejected, in.guidance.keptExamples);
    p.schema = topicSchema();
    p.returnsTopic = true;
    return p;
}
