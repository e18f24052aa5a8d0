// generate_companion: the allow-bucket companion of a block-intent topic. It never gets the
// memory section and is never refined.
#include "promptbook.h"
#include "promptformat.h"

using namespace Qt::StringLiterals;

namespace {

const QString kSystem =
    uR"txt(You write the companion topic of a block-intent Prisma AIRS guardrail. AIRS separates a harmful request from a harmless one best when it knows both sides of the same vocabulary: the block topic holds the harmful side, and the companion, placed in the allow bucket, holds the legitimate side of the very same words.

Two illustrations:
- Block topic: using kitchen knives, hammers or other household tools to hurt someone. Companion: choosing, using, sharpening and storing those same tools for cooking, repairs and DIY work.
- Block topic: hiding income and assets from the tax authority. Companion: legal tax planning, deductions, retirement accounts, filing and reporting obligations.

Cover the legitimate uses of the shared vocabulary: education, safety, compliance, legal and professional work. Stay inside the block topic's domain; a generic "everything else" topic helps nobody.

Format:
- The name starts with "Allow: ".
- The description uses the room it has: close to 250 UTF-8 bytes, never more.
- Exactly 2 examples, each a benign prompt built from the shared vocabulary, each at most 250 UTF-8 bytes.

Return only the JSON object with name, description and examples.)txt"_s;

const QString kUser = uR"txt(Block topic name: {name}
Block topic description: {description}

Write the companion allow topic for this block topic.)txt"_s;

} // namespace

LlmPrompt PromptBook::generateCompanion(const CompanionInput &in)
{
    LlmPrompt p;
    p.callName = CallName::GenerateCompanion;
    p.system = kSystem;
    p.user =
        PromptFormat::fill(kUser, {{u"name"_s, PromptFormat::oneLine(in.blockName)},
                                   {u"description"_s, PromptFormat::oneLine(in.blockDescription)}});
    p.schema = topicSchema();
    p.returnsTopic = true;
    return p;
}
