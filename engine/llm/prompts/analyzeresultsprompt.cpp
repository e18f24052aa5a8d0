// analyze_results: a security analyst's reading of one iteration's errors.
#include "promptbook.h"
#include "promptformat.h"
#include "schemabuilder.h"

#include "domain/format.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You are a security analyst reviewing how a Prisma AIRS custom-topic guardrail handled a set of labelled test prompts. Study the errors and return:
- summary: what happened, in two or three sentences;
- falsePositivePatterns: what the prompts that wrongly triggered have in common (an empty list when there were none);
- falseNegativePatterns: what the missed prompts have in common (an empty list when there were none);
- suggestions: concrete, actionable changes to the description or the examples (at least one). Include whether the current number of examples (2 to 5) helps or hurts, and what count you would use next.

{intentGuidance}

Return only the JSON object with summary, falsePositivePatterns, falseNegativePatterns and suggestions.)txt"_s;

const QString kBlockGuidance =
    uR"txt(Intent: block. A false negative lets a harmful prompt through: HIGH severity. Over-blocking is the safer of the two errors, so reducing false negatives comes first.)txt"_s;

const QString kAllowGuidance =
    uR"txt(Intent: allow. A false positive lets an out-of-scope prompt through: HIGH severity. Blocking is the safe default, so reducing false positives comes first.)txt"_s;

const QString kUser = uR"txt(Topic name: {name}
Description: {description}
Example count: {count}
Examples: {examples}
Intent: {intent}

Results over {total} tests:
True positive rate: {tpr}
True negative rate: {tnr}
Accuracy: {accuracy}
Coverage: {coverage}

False positives ({fpCount}), prompts that triggered the guardrail but should not have:
{fpLines}

False negatives ({fnCount}), prompts that should have triggered the guardrail but did not:
{fnLines}

Analyse these results.)txt"_s;

QStringList nonBlankStrings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        const QString s = v.toString().trimmed();
        if (!s.isEmpty())
            out.append(s);
    }
    return out;
}

} // namespace

QJsonObject PromptBook::analysisSchema()
{
    return SchemaBuilder::object({
        {u"summary"_s, SchemaBuilder::string(1)},
        {u"falsePositivePatterns"_s, SchemaBuilder::array(SchemaBuilder::string())},
        {u"falseNegativePatterns"_s, SchemaBuilder::array(SchemaBuilder::string())},
        {u"suggestions"_s, SchemaBuilder::array(SchemaBuilder::string(1), 1)},
    });
}

AnalysisReport PromptBook::analysisFromJson(const QJsonObject &o)
{
    AnalysisReport a;
    a.summary = o.value(u"summary"_s).toString().trimmed();
    a.falsePositivePatterns = nonBlankStrings(o.value(u"falsePositivePatterns"_s));
    a.falseNegativePatterns = nonBlankStrings(o.value(u"falseNegativePatterns"_s));
    a.suggestions = nonBlankStrings(o.value(u"suggestions"_s));
    return a;
}

QStringList PromptBook::analysisProblems(const AnalysisReport &analysis)
{
    QStringList problems;
    if (analysis.summary.trimmed().isEmpty())
        problems.append(u"the summary is empty"_s);
    if (analysis.suggestions.isEmpty())
        problems.append(u"there is no suggestion"_s);
    return problems;
}

LlmPrompt PromptBook::analyzeResults(const AnalyzeInput &in)
{
    using PromptFormat::Error;
    const QList<TestCase> fps = PromptFormat::failures(in.results, Error::FalsePositive);
    const QList<TestCase> fns = PromptFormat::failures(in.results, Error::FalseNegative);
    LlmPrompt p;
    p.callName = CallName::AnalyzeResults;
    p.system = PromptFormat::withMemory(
        PromptFormat::fill(
            kSystem,
            {{u"intentGuidance"_s, in.intent == Intent::Block ? kBlockGuidance : kAllowGuidance}}) +
            PromptFormat::notesLanguageLine(in.notesLanguage,
                                            u"summary, falsePositivePatterns, falseNegativePatterns, suggestions"_s),
        in.memory);
    p.user =
        PromptFormat::fill(kUser, {{u"name"_s, PromptFormat::oneLine(in.topic.name)},
                                   {u"description"_s, PromptFormat::oneLine(in.topic.description)},
                                   {u"count"_s, QString::number(in.topic.examples.size())},
                                   {u"examples"_s, PromptFormat::examplesInline(in.topic.examples)},
                                   {u"intent"_s, PromptFormat::intentWord(in.intent)},
                                   {u"total"_s, QString::number(in.results.size())},
                                   {u"tpr"_s, Format::percent(in.metrics.truePositiveRate)},
                                   {u"tnr"_s, Format::percent(in.metrics.trueNegativeRate)},
                                   {u"accuracy"_s, Format::percent(in.metrics.accuracy)},
                                   {u"coverage"_s, Format::percent(in.metrics.coverage)},
                                   {u"fpCount"_s, QString::number(fps.size())},
                                   {u"fpLines"_s, PromptFormat::promptLines(fps, true)},
                                   {u"fnCount"_s, QString::number(fns.size())},
                                   {u"fnLines"_s, PromptFormat::promptLines(fns, true)}});
    p.schema = analysisSchema();
    return p;
}
