// The sandbox's other text functions: the reader that understands the prompt book's formats
// in a chat request (PromptReader), and the emulated topic classifier (TopicMatcher).
// Properties: a score is in [0, 1] and decides a match by the threshold alone; a prompt scored
// against a topic whose description is the prompt itself scores 1; one more example never
// lowers a score; an inline list written the way the prompt book writes it splits back into
// its items; a percentage written with one decimal reads back as its fraction.
#include "../fuzztarget.h"

#include "sandbox/promptreader.h"
#include "sandbox/sandboxlanguages.h"
#include "sandbox/topicmatcher.h"

#include <cmath>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(sandbox_prompt_reader)
{
    const QStringList parts = Fuzz::split(data.left(8192), 2);
    const PromptReader reader(parts.first(), parts.value(1));
    (void)reader.intent();
    (void)reader.notesLanguage();
    (void)reader.topic();
    (void)reader.listed(u"Prompts");
    (void)reader.breakdown();
    for (const QStringView label : {QStringView(u"Description"), QStringView(u"Coverage"), QStringView(u"TPR")}) {
        const double p = reader.percent(label);
        FUZZ_REQUIRE(p == -1.0 || std::isfinite(p), u"a percentage that is not a number"_s);
    }
    for (qsizetype i = 0; i < reader.lines().size() && i < 64; ++i)
        (void)reader.numberedAfter(i);

    // Items without the list's own separator and quotes come back as written.
    QStringList items;
    for (const QString &part : Fuzz::split(data.left(512), 6)) {
        const QString item = QString(part).remove(u'"').simplified();
        if (!item.isEmpty())
            items.append(item);
    }
    if (!items.isEmpty()) {
        const QString inlineList = u'"' + items.join(u"\", \""_s) + u'"';
        FUZZ_REQUIRE(PromptReader::splitQuoted(inlineList) == items, inlineList);
    }
    const double percent = (data.isEmpty() ? 0 : uchar(data.front())) * 100.0 / 255.0;
    const double read = PromptReader::parsePercent(QString(QString::number(percent, 'f', 1) + u'%'));
    FUZZ_REQUIRE(std::abs(read - std::round(percent * 10) / 1000.0) < 1e-9,
                 u"%1% read as %2"_s.arg(percent).arg(read));
}

DAYSTROM_FUZZ_TARGET(topic_matcher)
{
    const QStringList parts = Fuzz::split(data.left(4096), 4);
    const QString prompt = parts.first();
    Topic topic;
    topic.description = parts.value(1);
    topic.examples = parts.mid(2);
    const TopicMatcher matcher;
    const double score = matcher.score(prompt, topic);
    FUZZ_REQUIRE(score >= 0.0 && score <= 1.0 + 1e-9, u"score %1"_s.arg(score));
    FUZZ_REQUIRE(matcher.matches(prompt, topic) == (score >= matcher.threshold()), prompt);

    Topic more = topic;
    more.examples.append(prompt);
    FUZZ_REQUIRE(matcher.score(prompt, more) >= score - 1e-9, u"an example lowered the score"_s);
    if (SandboxLanguages::looksEnglish(prompt) && !TopicMatcher::contentTokens(prompt).isEmpty()) {
        Topic itself;
        itself.description = prompt;
        const double own = matcher.score(prompt, itself);
        FUZZ_REQUIRE(own > 1.0 - 1e-9, u"a prompt scores %1 against itself: "_s.arg(own) + prompt);
    }
    for (const QString &token : TopicMatcher::contentTokens(prompt))
        FUZZ_REQUIRE(!token.isEmpty(), prompt);
}
