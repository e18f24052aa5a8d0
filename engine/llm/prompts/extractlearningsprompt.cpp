// extract_learnings: reusable lessons from a finished run, for the memory store. Never gets
// the memory section.
#include "promptbook.h"
#include "promptformat.h"
#include "schemabuilder.h"

#include "domain/format.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You extract reusable lessons from a finished refinement run of a Prisma AIRS custom topic, so that later runs on related topics start smarter.

For each learning return:
- insight: the observation, and why it happened;
- strategy: what was changed in the topic;
- outcome: improved, degraded or neutral;
- changeType: description-only, examples-only, both, or initial for the first topic;
- tags, chosen from: brevity, coded-language, fp-reduction, fn-reduction, exclusion-clauses, example-count, zero-examples, description-weight;
- iteration: the number of the iteration whose result shows the learning (from "--- Iteration n ---"), or 0 when it is about the whole run;
- intentNeutral: true when the learning holds whatever the topic's intent (block or allow), such as how many examples work best; false when it depends on this intent, such as widening coverage of a blocked topic.

Pay special attention to the number of examples against efficacy: did fewer examples help, did 2 beat 3 to 5, which counts went with the highest coverage? Tag those learnings example-count, plus few-examples or many-examples.

Prefer general insights that explain why something worked over restating the metrics. Also return antiPatterns: strategies that consistently made things worse.

Return only the JSON object with learnings and antiPatterns.)txt"_s;

const QString kUser = uR"txt(Topic description: {description}
Intent: {intent}
Recorded iterations: {count}
Best iteration: {best}

History:
{history}
Extract the learnings and anti-patterns of this run.)txt"_s;

const QStringList kOutcomes{u"improved"_s, u"degraded"_s, u"neutral"_s};
const QStringList kChangeTypes{u"description-only"_s, u"examples-only"_s, u"both"_s, u"initial"_s};

} // namespace

QJsonObject PromptBook::extractionSchema()
{
    const QJsonObject learning = SchemaBuilder::object({
        {u"insight"_s, SchemaBuilder::string(1)},
        {u"strategy"_s, SchemaBuilder::string(1)},
        {u"outcome"_s, SchemaBuilder::stringEnum(kOutcomes)},
        {u"changeType"_s, SchemaBuilder::stringEnum(kChangeTypes)},
        {u"tags"_s, SchemaBuilder::array(SchemaBuilder::string())},
        {u"iteration"_s, QJsonObject{{u"type"_s, u"integer"_s}}},
        {u"intentNeutral"_s, SchemaBuilder::boolean()},
    });
    return SchemaBuilder::object({
        {u"learnings"_s, SchemaBuilder::array(learning)},
        {u"antiPatterns"_s, SchemaBuilder::array(SchemaBuilder::string())},
    });
}

PromptBook::Extraction PromptBook::extractionFromJson(const QJsonObject &o)
{
    Extraction out;
    for (const QJsonValue &v : o.value(u"learnings"_s).toArray()) {
        const QJsonObject l = v.toObject();
        ExtractedLearning e;
        e.insight = l.value(u"insight"_s).toString().trimmed();
        e.strategy = l.value(u"strategy"_s).toString().trimmed();
        if (e.insight.isEmpty())
            continue;
        e.outcome = l.value(u"outcome"_s).toString();
        if (!kOutcomes.contains(e.outcome))
            e.outcome = u"neutral"_s;
        e.changeType = l.value(u"changeType"_s).toString();
        if (!kChangeTypes.contains(e.changeType))
            e.changeType = u"initial"_s; // §4.4: the default
        for (const QJsonValue &t : l.value(u"tags"_s).toArray()) {
            const QString tag = t.toString().trimmed();
            if (!tag.isEmpty() && !e.tags.contains(tag))
                e.tags.append(tag);
        }
        // Both are optional in practice: an answer without them (or with nonsense) falls back
        // to the best iteration and an intent-bound learning.
        e.iteration = std::max(0, l.value(u"iteration"_s).toInt());
        e.intentNeutral = l.value(u"intentNeutral"_s).toBool();
        out.learnings.append(e);
    }
    for (const QJsonValue &v : o.value(u"antiPatterns"_s).toArray()) {
        const QString a = v.toString().trimmed();
        if (!a.isEmpty() && !out.antiPatterns.contains(a))
            out.antiPatterns.append(a);
    }
    return out;
}

LlmPrompt PromptBook::extractLearnings(const ExtractInput &in)
{
    const QString best = in.bestIteration > 0
                             ? u"%1 (coverage %2)"_s.arg(QString::number(in.bestIteration),
                                                         Format::percent(in.bestCoverage))
                             : u"none"_s;
    LlmPrompt p;
    p.callName = CallName::ExtractLearnings;
    p.system = kSystem + PromptFormat::notesLanguageLine(in.notesLanguage,
                                                         u"insight, strategy, antiPatterns"_s);
    p.user = PromptFormat::fill(kUser, {{u"description"_s, PromptFormat::oneLine(in.description)},
                                        {u"intent"_s, PromptFormat::intentWord(in.intent)},
                                        {u"count"_s, QString::number(in.iterations.size())},
                                        {u"best"_s, best},
                                        {u"history"_s, historyText(in.iterations)}});
    p.schema = extractionSchema();
    return p;
}
