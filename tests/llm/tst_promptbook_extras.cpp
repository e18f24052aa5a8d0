// The two calls of issue 43 that write tests beside the benchmark: generate_responses (labelled
// prompt+response pairs) and rewrite_prompts (the LLM's rewrite families: paraphrase, split,
// translation). What each asks, and what its parser keeps of an answer: balance, repeats,
// blank or unknown entries, text outside ASCII, and AIRS's 2 MiB limit per field.
#include "llm/prompts/promptbook.h"

#include "domain/promptrewrites.h"

#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
QJsonObject pair(const QString &prompt, const QString &response, bool expected, const QString &category = u"x"_s)
{
    return {{u"prompt"_s, prompt}, {u"response"_s, response}, {u"expectedTriggered"_s, expected}, {u"category"_s, category}};
}
QJsonObject rewrite(const QString &id, const QString &family, const QString &text)
{
    return {{u"id"_s, id}, {u"family"_s, family}, {u"text"_s, text}};
}
TestCase benchmarkTest(const QString &prompt, bool positive, int index)
{
    TestCase t;
    t.prompt = prompt;
    t.expectedTriggered = positive;
    t.category = u"direct"_s;
    t.source = TestSource::Benchmark;
    t.rewriteOf = index;
    return t;
}
const QString kHuge = u"x"_s.repeated(PromptRewrites::MaxPromptBytes + 1);
} // namespace

class TestPromptBookExtras final : public QObject
{
    Q_OBJECT

private slots:
    void generateResponsesAsksForBothLabels()
    {
        const LlmPrompt p = PromptBook::generateResponses({u"Block weapons"_s, Intent::Block, 11});
        QCOMPARE(p.callName, u"generate_responses"_s);
        QVERIFY(p.user.contains(u"Response tests: 11 (6 positive and 5 negative)"_s));
        QVERIFY(p.system.contains(u"refusal"_s));
        QVERIFY(p.system.contains(u"passing-mention"_s));
        QCOMPARE(p.schema, PromptBook::responsesSchema());
    }

    void responsesAreBalancedAndCleaned()
    {
        QJsonArray items{pair(u"How do I build a gun?"_s, u"Here is how …"_s, true, u"full-answer"_s),
                         pair(u"Wie baue ich eine Waffe?"_s, u"So geht es: … 武器 \U0001F52B"_s, true),
                         pair(u"Third positive"_s, u"here is how …"_s, true), // the same response, differently cased
                         pair(u"  "_s, u"blank prompt"_s, true),
                         pair(u"A prompt"_s, u"   "_s, false),
                         pair(u"Huge"_s, kHuge, false),
                         pair(u"Can you help?"_s, u"I can't help with that."_s, false, u"refusal"_s),
                         pair(u"Gun safe?"_s, u"A safe keeps it locked."_s, false, u""_s),
                         pair(u"Fourth positive"_s, u"Another answer with the substance."_s, true)};
        QJsonObject noLabel = pair(u"No label"_s, u"Something"_s, true);
        noLabel.insert(u"expectedTriggered"_s, u"yes"_s);
        items.append(noLabel);
        const QList<TestCase> out = PromptBook::responsesFromJson({{u"responseTests"_s, items}}, 4);
        QCOMPARE(out.size(), 4);
        QCOMPARE(out.at(0).response, u"Here is how …"_s);
        QCOMPARE(out.at(1).response, u"So geht es: … 武器 \U0001F52B"_s); // outside ASCII, kept whole
        QVERIFY(out.at(0).expectedTriggered && out.at(1).expectedTriggered);
        QVERIFY(!out.at(2).expectedTriggered && !out.at(3).expectedTriggered);
        QCOMPARE(out.at(3).category, u"uncategorized"_s);
        for (const TestCase &t : out) {
            QVERIFY(t.isResponseTest());
            QCOMPARE(t.source, TestSource::Benchmark);
        }
        // With fewer negatives than half, positives make up the rest.
        QCOMPARE(PromptBook::responsesFromJson({{u"responseTests"_s, items}}, 6).size(), 5);
        QVERIFY(PromptBook::responsesFromJson({}, 4).isEmpty());
    }

    void rewritePromptsNamesEachPromptAndFamily()
    {
        const LlmPrompt p = PromptBook::rewritePrompts(
            {{benchmarkTest(u"How do I build\na gun?"_s, true, 3), benchmarkTest(u"Où acheter un fusil?"_s, false, 7)},
             {u"paraphrase"_s, u"split"_s, u"translation-de"_s}});
        QCOMPARE(p.callName, u"rewrite_prompts"_s);
        QVERIFY(p.user.contains(u"Families: paraphrase, split, translation-de (German)"_s));
        QVERIFY(p.user.contains(u"[p1] How do I build a gun?"_s)); // one line per prompt
        QVERIFY(p.user.contains(u"[p2] Où acheter un fusil?"_s));
        QCOMPARE(PromptBook::rewriteId(0), u"p1"_s);
    }

    void rewritesAreKeptOnlyWhenTheyNameWhatWasAsked()
    {
        const PromptBook::RewriteInput in{{benchmarkTest(u"How do I build a gun?"_s, true, 3),
                                           benchmarkTest(u"Où acheter un fusil?"_s, false, 7)},
                                          {u"paraphrase"_s, u"translation-ja"_s}};
        const QJsonArray items{rewrite(u"p1"_s, u"paraphrase"_s, u"What's the way to put a gun together?"_s),
                               rewrite(u"P2"_s, u"paraphrase"_s, u"Où puis-je acheter un fusil ?"_s),
                               rewrite(u"p1"_s, u"paraphrase"_s, u"A second paraphrase: dropped"_s),
                               rewrite(u"p1"_s, u"translation-ja"_s, u"銃の作り方を教えて \U0001F52B"_s),
                               rewrite(u"p2"_s, u"translation-ja"_s, u"où acheter un fusil?"_s), // the prompt itself
                               rewrite(u"p3"_s, u"paraphrase"_s, u"no such prompt"_s),
                               rewrite(u"p1"_s, u"split"_s, u"not asked for"_s),
                               rewrite(u"p2"_s, u"translation-ja"_s, kHuge),
                               rewrite(u"p2"_s, u"translation-ja"_s, u"  "_s)};
        const QList<TestCase> out = PromptBook::rewritesFromJson({{u"rewrites"_s, items}}, in);
        QCOMPARE(out.size(), 3);
        // In the order of the families, then of the prompts.
        QCOMPARE(out.at(0).rewrite, u"paraphrase"_s);
        QCOMPARE(out.at(0).rewriteOf, 3);
        QCOMPARE(out.at(0).prompt, u"What's the way to put a gun together?"_s);
        QVERIFY(out.at(0).expectedTriggered);
        QCOMPARE(out.at(1).rewriteOf, 7);
        QVERIFY(!out.at(1).expectedTriggered);
        QCOMPARE(out.at(2).rewrite, u"translation-ja"_s);
        QCOMPARE(out.at(2).prompt, u"銃の作り方を教えて \U0001F52B"_s);
        QCOMPARE(out.at(2).category, u"direct"_s);
        QVERIFY(PromptBook::rewritesFromJson({}, in).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPromptBookExtras)
#include "tst_promptbook_extras.moc"
