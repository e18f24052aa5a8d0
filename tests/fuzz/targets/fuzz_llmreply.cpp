// The LLM answer parsers: each provider's wire format (Anthropic, Gemini, OpenAI, Ollama),
// the JSON text inside an answer, and the structured-output checks (schema and, for topics,
// the AIRS limits). Properties: a reply is either an object or a typed error; an object the
// checks accept passes them again unchanged and a topic read from it is within the limits.
#include "../fuzztarget.h"

#include "llm/anthropicwire.h"
#include "llm/geminiwire.h"
#include "llm/llmprovider.h"
#include "llm/ollamaprovider.h"
#include "llm/openaiprovider.h"
#include "llm/prompts/promptbook.h"
#include "llm/schemavalidator.h"
#include "llm/structuredcall.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "net/httpcall.h"

using namespace Qt::StringLiterals;

namespace {
void checkObject(const QJsonObject &answer)
{
    const QList<QJsonObject> schemas{PromptBook::topicSchema(), PromptBook::testsSchema(),
                                     PromptBook::analysisSchema(), PromptBook::extractionSchema()};
    for (qsizetype i = 0; i < schemas.size(); ++i) {
        QJsonObject object = answer;
        const bool topic = i == 0;
        const QStringList violations = StructuredCall::check(object, schemas.at(i), topic);
        if (!violations.isEmpty())
            continue;
        QJsonObject again = object;
        FUZZ_REQUIRE(StructuredCall::check(again, schemas.at(i), topic).isEmpty() && again == object,
                     u"an accepted answer is not accepted again as it is"_s);
        FUZZ_REQUIRE(SchemaValidator::validate(object, schemas.at(i)).isEmpty(), u"accepted but invalid"_s);
        if (topic) {
            const Topic t = PromptBook::topicFromJson(object);
            FUZZ_REQUIRE(Utf8::size(t.name) <= TopicLimits::NameBytes, t.name);
            FUZZ_REQUIRE(Utf8::size(t.description) <= TopicLimits::DescriptionBytes, t.description);
            FUZZ_REQUIRE(t.examples.size() <= TopicLimits::MaxExamples, u"too many examples"_s);
        } else if (i == 1) {
            (void)PromptBook::testsProblems(PromptBook::testsFromJson(object));
            (void)PromptBook::benchmarkFromJson(object, 20);
        } else if (i == 2) {
            (void)PromptBook::analysisProblems(PromptBook::analysisFromJson(object));
        } else {
            (void)PromptBook::extractionFromJson(object);
        }
    }
}

void checkReply(const LlmReply &reply)
{
    FUZZ_REQUIRE(reply.ok() || reply.object.isEmpty() || reply.error.isError(), u"neither object nor error"_s);
    if (reply.ok())
        checkObject(reply.object);
}
} // namespace

DAYSTROM_FUZZ_TARGET(llm_reply)
{
    HttpResponse response;
    response.status = data.isEmpty() ? 200 : (data.at(0) & 1 ? 200 : 400 + (data.at(0) & 0x7f));
    response.body = data.mid(1);
    checkReply(AnthropicWire::parseReply(response, u"claude-api"_s));
    checkReply(GeminiWire::parseReply(response, u"gemini-api"_s));
    LlmEndpoint endpoint;
    endpoint.provider = u"openai"_s;
    OpenAiProvider openai(nullptr, endpoint);
    checkReply(openai.parseReply(response));
    endpoint.provider = u"ollama"_s;
    OllamaProvider ollama(nullptr, endpoint);
    checkReply(ollama.parseReply(response));

    // The answer's text itself, as a model writes it (fenced, with prose around it, cut short).
    LlmReply text;
    LlmProvider::takeJsonText(QString::fromUtf8(response.body), text, u"fuzz"_s);
    checkReply(text);
}
