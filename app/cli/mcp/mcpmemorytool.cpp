#include "mcpmemorytool.h"

#include "mcpcall.h"
#include "mcpschema.h"

#include "common/configloader.h"
#include "memorystore/memoryinjector.h"
#include "memorystore/memorystore.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace McpSchema;

namespace {


QJsonObject learningJson(const Learning &l, const QString &category, const QDateTime &now, double halfLifeDays)
{
    const ConfidenceExplanation c = l.explainConfidence(now, halfLifeDays);
    return {{u"id"_s, l.id},
            {u"category"_s, category},
            {u"insight"_s, l.insight},
            {u"strategy"_s, l.strategy},
            {u"outcome"_s, l.outcome},
            {u"confidence"_s, c.shown},
            {u"seen"_s, c.seen},
            {u"corroborations"_s, l.corroborations},
            {u"anti_pattern"_s, l.isPitfall()},
            {u"pending_review"_s, l.isPending()}};
}

// What `daystrom memory preview --topic` shows, as data: the section a run on the subject would
// read (the same MemoryStore::inject, without marking anything recalled), every learning in it
// with its corroboration and confidence, and the anti-patterns of the matched categories.
void memorySearch(const McpToolContext &context, McpCall *call)
{
    const QJsonObject &a = call->arguments();
    const QString subject = a.value(u"subject"_s).toString().trimmed();
    if (subject.isEmpty())
        return call->fail(u"memory_search: \"subject\" must not be empty: describe the topic a run would design."_s);
    const Config::Result loaded = loadConfig(context.env);
    if (!loaded.ok())
        return call->fail(u"memory_search: "_s + loaded.errors.first() + u'.');
    const Config config = context.sandboxFor(a) ? loaded.config.sandboxed() : loaded.config;
    InjectorOptions options;
    options.maxChars = a.contains(u"budget"_s) ? a.value(u"budget"_s).toInt() : config.integer(ConfigKeys::MaxMemoryChars);
    options.halfLifeDays = config.number(ConfigKeys::MemoryHalfLifeDays);
    options.intent = a.value(u"intent"_s).toString() == "allow"_L1 ? Intent::Allow : Intent::Block;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const MemoryStore store(config.memoryDir());
    const Injection injection = store.inject(subject, options, false); // a search is not a recall

    QJsonArray learnings, antiPatterns, matched;
    QHash<QString, CategoryMemory> memories;
    for (const CategoryMatch &m : injection.matches) {
        matched.append(QJsonObject{{u"category"_s, m.category},
                                   {u"same_key"_s, m.sameKey},
                                   {u"shared_words"_s, QJsonArray::fromStringList(m.sharedWords)}});
        const MemoryStore::Loaded file = store.load(m.category);
        if (!file.ok())
            continue;
        memories.insert(m.category, file.memory);
        for (const QString &pattern : file.memory.antiPatterns)
            antiPatterns.append(QJsonObject{{u"category"_s, m.category}, {u"text"_s, pattern}});
        for (const Learning &l : file.memory.learnings) {
            if (l.isAntiPattern())
                antiPatterns.append(QJsonObject{{u"category"_s, m.category}, {u"text"_s, l.insight}, {u"id"_s, l.id}});
        }
    }
    for (const LearningRef &ref : injection.injected) {
        const auto memory = memories.constFind(ref.category);
        if (memory == memories.cend())
            continue;
        if (const Learning *l = memory->learning(ref.id))
            learnings.append(learningJson(*l, ref.category, now, options.halfLifeDays));
    }
    call->succeed({{u"subject"_s, subject},
                   {u"intent"_s, intentName(*options.intent)},
                   {u"matched_categories"_s, matched},
                   {u"learnings"_s, learnings},
                   {u"anti_patterns"_s, antiPatterns},
                   {u"omitted"_s, injection.omittedCount},
                   {u"budget"_s, options.maxChars},
                   {u"section"_s, injection.text}});
}

} // namespace

McpTool McpMemoryTool::tool(const McpToolContext &context)
{
    const QJsonObject learning = object({{u"id"_s, typed("string")},
                                         {u"category"_s, typed("string")},
                                         {u"insight"_s, typed("string")},
                                         {u"confidence"_s, typed("number")},
                                         {u"seen"_s, typed("integer")},
                                         {u"corroborations"_s, typed("integer")},
                                         {u"anti_pattern"_s, typed("boolean")}},
                                        {u"id"_s, u"insight"_s, u"confidence"_s, u"seen"_s}, false);
    return {u"memory_search"_s,
            u"Learnings for a subject"_s,
            u"The learnings earlier runs left for a subject, as a run designing it would read them within its "
            "character budget: each with its confidence (corroboration and time decay) and how often it was seen, "
            "the anti-patterns (what did not work) of the related categories, and the section's text. Reads only."_s,
            object({{u"subject"_s, string(u"The topic a run would design, e.g. \"Requests for medical diagnosis\""_s, 2000)},
                    {u"intent"_s, oneOf({u"block"_s, u"allow"_s}, u"The run's intent (default block)"_s)},
                    {u"budget"_s, integer(u"Characters for the section (default the config's maxMemoryChars)"_s,
                                          InjectorOptions::MinChars, InjectorOptions::MaxChars)},
                    {u"sandbox"_s, boolean(u"The sandbox's memory instead of the real one"_s)}},
                   {u"subject"_s}),
            object({{u"subject"_s, typed("string")},
                    {u"intent"_s, typed("string")},
                    {u"matched_categories"_s, typed("array")},
                    {u"learnings"_s, array(learning, u"The learnings in the section, in its order"_s)},
                    {u"anti_patterns"_s, typed("array")},
                    {u"omitted"_s, typed("integer")},
                    {u"budget"_s, typed("integer")},
                    {u"section"_s, typed("string")}},
                   {u"subject"_s, u"learnings"_s, u"anti_patterns"_s, u"section"_s}, false),
            {{u"readOnlyHint"_s, true}},
            [context](McpCall *call) { memorySearch(context, call); }};
}
