// generate_topic: the first topic of a run, from the user's description and seed examples.
// Also home of the topic schema and parser, shared by the four calls that return a topic.
#include "promptbook.h"
#include "promptformat.h"
#include "schemabuilder.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You are an expert in Prisma AIRS custom topics. An AIRS topic guardrail compares every incoming prompt with the custom topics of a security profile; a custom topic is a name, a description and 2 to 5 example prompts.

Size limits, counted in UTF-8 bytes (an accented letter takes 2 bytes, many symbols and emoji take 3 or 4):
- name: at most 100 bytes
- description: at most 250 bytes
- each example: at most 250 bytes
- name, description and all examples together: at most 1000 bytes

The description carries the most weight in matching. Choose the number of examples deliberately:
- 2 examples when the description already pins the subject down;
- 3 to 5 examples when the subject turns up in many different surface forms;
- every extra example widens what matches and tends to add false positives;
- do not fall into one fixed count: pick the count that suits this topic.

Write the description as a positive definition of what belongs to the topic. Never add exclusion or negation clauses such as "except", "but not" or "unless": the matcher does not apply logic, and those clauses make it match more, not less.

{intentGuidance}

Return only the JSON object with name, description and examples.)txt"_s;

const QString kBlockGuidance =
    uR"txt(Intent: block. Prompts that match this topic are blocked. A harmful prompt that slips through (a false negative) is the worse error, so cast a wide net: cover direct requests and also the indirect, coded and euphemistic ways people phrase the same intent.)txt"_s;

const QString kAllowGuidance =
    uR"txt(Intent: allow. Only prompts that match this topic are let through; everything else is blocked. An off-topic prompt that gets through (a false positive) is the worse error, so keep the topic narrow and precise, with fewer and sharper examples that sit squarely inside it.)txt"_s;

const QString kUser = uR"txt(Write a custom topic for this guardrail.

Topic to detect: {description}
Intent: {intent}
{seeds})txt"_s;

const QString kSeedsHeading = u"\nSeed examples from the user (keep, adapt or replace them):\n"_s;

} // namespace

QStringList PromptBook::callNames()
{
    return {CallName::GenerateTopic,   CallName::GenerateCompanion, CallName::GenerateTests,
            CallName::AnalyzeResults,  CallName::ImproveTopic,      CallName::SimplifyTopic,
            CallName::ExtractLearnings, CallName::GenerateBenchmark, CallName::GenerateResponses,
            CallName::RewritePrompts};
}

QJsonObject PromptBook::topicSchema()
{
    // No byte maxLength: the caller clamps to the UTF-8 limits, then validates.
    return SchemaBuilder::object({
        {u"name"_s, SchemaBuilder::string(1)},
        {u"description"_s, SchemaBuilder::string(1)},
        {u"examples"_s, SchemaBuilder::array(SchemaBuilder::string(1), 2, 5)},
    });
}

Topic PromptBook::topicFromJson(const QJsonObject &o)
{
    Topic t;
    t.name = o.value(u"name"_s).toString().trimmed();
    t.description = o.value(u"description"_s).toString().trimmed();
    for (const QJsonValue &v : o.value(u"examples"_s).toArray()) {
        const QString e = v.toString().trimmed();
        if (!e.isEmpty())
            t.examples.append(e);
    }
    return t;
}

LlmPrompt PromptBook::generateTopic(const GenerateTopicInput &in)
{
    QStringList seeds;
    for (const QString &s : in.seeds) {
        if (!s.trimmed().isEmpty())
            seeds.append(s.trimmed());
    }
    const QString seedSection =
        seeds.isEmpty() ? QString() : kSeedsHeading + PromptFormat::numberedList(seeds) + u'\n';

    LlmPrompt p;
    p.callName = CallName::GenerateTopic;
    p.system = PromptFormat::withMemory(
        PromptFormat::fill(
            kSystem,
            {{u"intentGuidance"_s, in.intent == Intent::Block ? kBlockGuidance : kAllowGuidance}}),
        in.memory);
    p.user = PromptFormat::fill(kUser, {{u"description"_s, PromptFormat::oneLine(in.description)},
                                        {u"intent"_s, PromptFormat::intentWord(in.intent)},
                                        {u"seeds"_s, seedSection}});
    p.user += PromptFormat::guidanceSection(in.guidance.hint, in.guidance.rejected, in.guidance.keptExamples);
    p.schema = topicSchema();
    p.returnsTopic = true;
    return p;
}
