// Issue 58's text functions of the sandbox LLM: a topic request in German read as English
// (TopicRequest), and a person's hint worked into a description (HintPhrase).
// Properties: English and unknown text comes back unchanged; a German request's English has no
// German intent verb left and reads as English itself (so reading it again changes nothing);
// a hint's phrase is made of the hint's own words; a description with a hint worked in stays
// within the limit, keeps its own words first, and never carries the old pasted "also:".
#include "../fuzztarget.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "sandbox/hintphrase.h"
#include "sandbox/topicrequest.h"

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(topic_request)
{
    const QString text = QString::fromUtf8(data.left(4096));
    const QString language = TopicRequest::languageOf(text);
    const QString english = TopicRequest::inEnglish(text);
    if (language.isEmpty()) {
        FUZZ_REQUIRE(english == text, u"unknown text changed: "_s + text);
        return;
    }
    FUZZ_REQUIRE(!english.isEmpty(), u"a request read as nothing: "_s + text);
    FUZZ_REQUIRE(TopicRequest::languageOf(english).isEmpty(), u"still German: "_s + english);
    FUZZ_REQUIRE(TopicRequest::inEnglish(english) == english, u"read twice differs: "_s + english);
    for (const QString &word : english.toLower().split(u' ', Qt::SkipEmptyParts)) {
        for (const QString &verb :
             {u"blockieren"_s, u"blockiere"_s, u"sperren"_s, u"erlauben"_s, u"zulassen"_s})
            FUZZ_REQUIRE(word != verb, u"intent verb kept: "_s + english);
    }
}

DAYSTROM_FUZZ_TARGET(hint_phrase)
{
    const QStringList parts = Fuzz::split(data.left(4096), 2);
    const QString description = parts.first();
    const QString hint = parts.value(1);
    const HintPhrase::Phrase phrase = HintPhrase::of(hint);
    const QString lowered = hint.toLower();
    for (const QString &word : phrase.text.toLower().split(u' ', Qt::SkipEmptyParts))
        FUZZ_REQUIRE(lowered.contains(word), u"\"%1\" is not in the hint \"%2\""_s.arg(word, hint));
    const qsizetype limit = TopicLimits::DescriptionBytes;
    const QString applied = HintPhrase::applied(description, hint, limit);
    if (phrase.text.isEmpty()) {
        FUZZ_REQUIRE(applied == description, u"a hint without a phrase changed the description"_s);
        return;
    }
    if (applied == description)
        return;
    FUZZ_REQUIRE(Utf8::size(applied) <= limit, applied);
    FUZZ_REQUIRE(applied.endsWith(phrase.text + u'.'), applied);
    FUZZ_REQUIRE(!applied.contains(u"; also:"_s) || description.contains(u"; also:"_s) ||
                     hint.contains(u"; also:"_s),
                 applied);
    const QString kept = applied.left(applied.size() - phrase.text.size() - 1);
    FUZZ_REQUIRE(kept.endsWith(HintPhrase::AlsoConnector) ||
                     kept.endsWith(HintPhrase::NotConnector) || kept.endsWith(u" and "_s) ||
                     kept.endsWith(u" or "_s),
                 applied);
}
