// The sandbox's subject and topic text functions (issue 54: "… --" hung clauseSubject).
// Properties: a subject is never empty, at most MaxSubjectBytes of UTF-8, ends in a letter or
// digit, and each of its words is a word of the text (or a gerund made from one, "to buy" ->
// "buying"), the text read as English when it is a German request; the name made from it is
// within the AIRS name limit.
#include "../fuzztarget.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "sandbox/sandboxcorpus.h"
#include "sandbox/sandboxsubject.h"
#include "sandbox/templatebank.h"
#include "sandbox/topicrequest.h"

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(sandbox_subject)
{
    const QString text = QString::fromUtf8(data.left(4096));
    const QString subject = SandboxSubject::fromText(text);
    FUZZ_REQUIRE(!subject.isEmpty(), u"empty subject for: "_s + text);
    FUZZ_REQUIRE(Utf8::size(subject) <= SandboxSubject::MaxSubjectBytes, subject);
    if (subject != u"this subject"_s) {
        // A German request is read as its English first (issue 58).
        const QString lowered = TopicRequest::inEnglish(text).toLower();
        for (const QString &word : subject.split(u' ', Qt::SkipEmptyParts)) {
            // A gerund is made from the text's infinitive ("to buy," -> "buying,").
            QString stem = word;
            while (!stem.isEmpty() && !stem.back().isLetterOrNumber())
                stem.chop(1);
            FUZZ_REQUIRE(lowered.contains(word.toLower()) || stem.endsWith(u"ing"_s),
                         u"\"%1\" of \"%2\" is not in the text"_s.arg(word, subject));
        }
        FUZZ_REQUIRE(subject.back().isLetterOrNumber() || subject.back().isLowSurrogate()
                         || subject.back().isHighSurrogate(),
                     u"subject ends in punctuation: "_s + subject);
    }
    const QString name = SandboxSubject::nameFor(subject);
    FUZZ_REQUIRE(Utf8::size(name) <= TopicLimits::NameBytes, name);
    FUZZ_REQUIRE(!SandboxSubject::fromName(name).isEmpty(), name);
    FUZZ_REQUIRE(!SandboxSubject::fromName(text).isEmpty(), text);

    const SandboxSubjectAssessment a = SandboxSubject::assess(text, Intent::Block);
    FUZZ_REQUIRE(a.subject == subject, u"assess() read another subject"_s);
    FUZZ_REQUIRE(a.curated == !a.domainTitle.isEmpty(), a.domainTitle);
    const CorpusDomain domain = SandboxSubject::domainFor(SandboxCorpus::bundled(), subject, Intent::Allow);
    FUZZ_REQUIRE(!domain.title.isEmpty(), u"a domain without a title for "_s + subject);
}
