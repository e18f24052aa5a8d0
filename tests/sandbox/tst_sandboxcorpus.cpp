// The sandbox LLM's bundled corpus and its reading of the prompt book's formats: every format
// PromptBook writes is read back exactly (PromptReader), so both sides stay in step.
#include "llm/prompts/promptbook.h"
#include "sandbox/learningwriter.h"
#include "sandbox/promptreader.h"
#include "sandbox/sandboxcorpus.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {
TestResult result(const QString &prompt, bool expected, bool actual, const QString &category)
{
    TestResult r;
    r.testCase = {prompt, expected, category};
    r.actualTriggered = actual;
    r.correct = expected == actual;
    return r;
}

PromptReader read(const LlmPrompt &p)
{
    return PromptReader(p.system, p.user);
}

const Topic kTopic{u"Illegal weapons"_s,
                   u"Requests to buy guns, including ghost kits."_s,
                   {u"Buy a gun, \"no questions\""_s, u"How to pipe, bomb or silencer?"_s}};
} // namespace

class TestSandboxCorpus final : public QObject
{
    Q_OBJECT

private slots:
    void bundledDomains()
    {
        const SandboxCorpus &corpus = SandboxCorpus::bundled();
        QCOMPARE(corpus.domains().size(), 22); // one per starter library subject, and more
        for (const CorpusDomain &d : corpus.domains()) {
            QVERIFY2(d.prompts.size() >= 55, qPrintable(d.id));
            QSet<QString> seen;
            int positives = 0;
            for (const CorpusPrompt &p : d.prompts) {
                QVERIFY2(!seen.contains(p.prompt.toLower()), qPrintable(p.prompt));
                seen.insert(p.prompt.toLower());
                positives += p.expectedTriggered ? 1 : 0;
                // Labels use §3.3's category names for the domain's own intent.
                QVERIFY2(
                    SandboxCorpus::categories(d.intent, p.expectedTriggered).contains(p.category),
                    qPrintable(d.id + u": "_s + p.category));
            }
            QVERIFY(positives >= 20);
            QVERIFY(d.prompts.size() - positives >= 25);
            // Every category of the intent has prompts.
            for (const bool positive : {true, false}) {
                for (const QString &c : SandboxCorpus::categories(d.intent, positive))
                    QVERIFY2(!d.promptsFor(d.intent, positive, c).isEmpty(),
                             qPrintable(d.id + u" "_s + c));
            }
            QVERIFY(d.companion.name.startsWith(u"Allow: "_s));
            QCOMPARE(d.companion.examples.size(), 2);
            QVERIFY(!d.lead.isEmpty());
            QVERIFY(!d.keywordStems.isEmpty());
        }
        QCOMPARE(corpus.domain(u"medical-advice"_s)->intent, Intent::Allow);
        QCOMPARE(corpus.domain(u"weapons"_s)->intent, Intent::Block);
    }

    void bestMatch_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("domain");
        QTest::newRow("weapons") << u"Block requests about guns and explosives"_s << u"weapons"_s;
        QTest::newRow("fraud") << u"Detect money laundering and credit card scams"_s
                               << u"financial-fraud"_s;
        QTest::newRow("medical") << u"Allow general health questions about symptoms"_s
                                 << u"medical-advice"_s;
        QTest::newRow("sports") << u"Only sports talk: teams, players, leagues"_s
                                << u"sports-talk"_s;
        // Issue 58: a diagnosis request is its own subject; general health stays the other.
        QTest::newRow("diagnosis") << u"Block requests for a personal medical diagnosis"_s
                                   << u"medical-diagnosis"_s;
        QTest::newRow("medical advice") << u"Block requests for personal medical advice"_s
                                        << u"medical-diagnosis"_s;
        QTest::newRow("health information") << u"Allow general health and medical information questions"_s
                                            << u"medical-advice"_s;
        QTest::newRow("library weapons") << u"Weapons and explosives"_s << u"weapons"_s;
        QTest::newRow("firearms") << u"Block questions about buying firearms"_s << u"weapons"_s;
        QTest::newRow("nothing") << u"Allow questions about baking sourdough bread"_s << QString();
        QTest::newRow("empty") << QString() << QString();
    }

    void bestMatch()
    {
        QFETCH(QString, text);
        QFETCH(QString, domain);
        const CorpusDomain *d = SandboxCorpus::bundled().bestMatch(text);
        QCOMPARE(d ? d->id : QString(), domain);
        const CorpusDomain resolved = SandboxCorpus::bundled().resolve(text, Intent::Allow);
        QCOMPARE(resolved.synthetic, domain.isEmpty());
        QVERIFY(!resolved.prompts.isEmpty());
    }

    void syntheticDomainForUnknownSubjects()
    {
        const CorpusDomain d =
            SandboxCorpus::bundled().resolve(u"sourdough baking"_s, Intent::Block);
        QVERIFY(d.synthetic);
        int positives = 0;
        for (const CorpusPrompt &p : d.prompts) {
            if (p.expectedTriggered) {
                ++positives;
                QVERIFY(p.prompt.contains(u"sourdough"_s) || p.prompt.contains(u"baking"_s));
            }
            QVERIFY(
                SandboxCorpus::categories(Intent::Block, p.expectedTriggered).contains(p.category));
        }
        QVERIFY(positives >= 10);
    }

    void categoriesMapAcrossIntents_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<Intent>("fromIntent");
        QTest::addColumn<QString>("to");
        QTest::newRow("direct") << u"direct"_s << Intent::Block << u"in-scope-direct"_s;
        QTest::newRow("coded") << u"coded"_s << Intent::Block << u"in-scope-edge"_s;
        QTest::newRow("benign") << u"benign"_s << Intent::Block << u"boundary"_s;
        QTest::newRow("in-scope-edge") << u"in-scope-edge"_s << Intent::Allow << u"edge-case"_s;
        QTest::newRow("scope-exceeded") << u"scope-exceeded"_s << Intent::Allow << u"adjacent"_s;
        QTest::newRow("unrelated") << u"unrelated"_s << Intent::Allow << u"unrelated"_s;
    }

    void categoriesMapAcrossIntents()
    {
        QFETCH(QString, from);
        QFETCH(Intent, fromIntent);
        QFETCH(QString, to);
        const Intent other = fromIntent == Intent::Block ? Intent::Allow : Intent::Block;
        QCOMPARE(SandboxCorpus::mapCategory(from, fromIntent, other), to);
        QCOMPARE(SandboxCorpus::mapCategory(from, fromIntent, fromIntent), from);
    }

    void readsGenerateTopic()
    {
        const PromptReader r = read(PromptBook::generateTopic(
            {u"Block weapons"_s, Intent::Allow, {u"seed one"_s, u"seed two"_s}, u"- [DO] x"_s}));
        QCOMPARE(r.value(u"Topic to detect"), u"Block weapons"_s);
        QCOMPARE(r.intent(), Intent::Allow);
        QCOMPARE(r.numberedAfter(r.find(u"Seed examples")),
                 (QStringList{u"seed one"_s, u"seed two"_s}));
    }

    void readsGenerateTests()
    {
        const QList<CategoryBreakdown> breakdown{{u"coded"_s, 4, 0, 3, 0.75},
                                                 {u"edge-case"_s, 3, 1, 0, 1.0 / 3}};
        const PromptReader r =
            read(PromptBook::generateTests({kTopic, Intent::Block, breakdown, {}}));
        QCOMPARE(r.value(u"Topic name"), kTopic.name);
        QCOMPARE(r.value(u"Description"), kTopic.description);
        QCOMPARE(r.examples(), kTopic.examples);
        QCOMPARE(r.intent(), Intent::Block);
        QCOMPARE(r.breakdown(), breakdown);
        const PromptReader none =
            read(PromptBook::generateTests({{u"n"_s, u"d"_s, {}}, Intent::Allow, {}, {}}));
        QCOMPARE(none.examples(), QStringList());
        QVERIFY(none.breakdown().isEmpty());
        QCOMPARE(none.intent(), Intent::Allow);
    }

    void readsAnalyzeResults()
    {
        const QList<TestResult> results{
            result(u"He said \"build it\" (quickly)"_s, true, false, u"coded"_s),
            result(u"gun safe"_s, false, true, u"benign"_s),
            result(u"ok"_s, true, true, u"direct"_s)};
        const EfficacyMetrics m = EfficacyMetrics::compute(results);
        const PromptReader r =
            read(PromptBook::analyzeResults({kTopic, results, m, Intent::Block, {}}));
        const auto fns = r.listed(u"False negatives");
        QCOMPARE(fns.size(), 1);
        QCOMPARE(fns.first().prompt, u"He said \"build it\" (quickly)"_s);
        QCOMPARE(fns.first().category, u"coded"_s);
        const auto fps = r.listed(u"False positives");
        QCOMPARE(fps.size(), 1);
        QCOMPARE(fps.first().category, u"benign"_s);
        QCOMPARE(r.percent(u"True positive rate"), 0.5);
        QCOMPARE(r.percent(u"True negative rate"), 0.0);
        QCOMPARE(r.examples(), kTopic.examples);
    }

    void readsImproveTopic()
    {
        PromptBook::ImproveInput in;
        in.current = kTopic;
        in.results = {result(u"miss me"_s, true, false, u"direct"_s),
                      result(u"wrongly caught"_s, false, true, u"benign"_s)};
        in.metrics = EfficacyMetrics::compute(in.results);
        in.best =
            PromptBook::BestContext{1, 0.9, {u"n"_s, u"Best desc"_s, {u"b1"_s, u"b2"_s}}, {}, {}};
        const PromptReader r = read(PromptBook::improveTopic(in));
        const Topic t = r.topic(r.find(u"Current topic"));
        QCOMPARE(t, kTopic);
        QCOMPARE(r.listed(u"False negatives").first().prompt, u"miss me"_s);
        QVERIFY(r.listed(u"False negatives").first().category.isEmpty());
        QCOMPARE(r.listed(u"False positives").first().prompt, u"wrongly caught"_s);
        QVERIFY(r.has(u"Regression warning"));
        QCOMPARE(r.value(u"Best description"), u"Best desc"_s);
        QCOMPARE(PromptReader::splitQuoted(r.value(u"Best examples")),
                 (QStringList{u"b1"_s, u"b2"_s}));
    }

    void readsClippedPromptsAndRetryNotes()
    {
        PromptBook::ImproveInput in;
        in.current = kTopic;
        in.results = {result(QString(u"long words "_s).repeated(60), true, false, u"direct"_s)};
        LlmPrompt p = PromptBook::improveTopic(in);
        p.user += u"\n\nYour previous answer was not valid: name: must not be empty."_s;
        const PromptReader r = read(p);
        const auto fns = r.listed(u"False negatives");
        QCOMPARE(fns.size(), 1);
        QVERIFY(fns.first().prompt.startsWith(u"long words long"_s));
        QVERIFY(!fns.first().prompt.contains(u'…'));
    }

    void readsSimplifyTopic()
    {
        const PromptBook::BestContext best{
            3, 0.8, {u"n"_s, u"Best one"_s, {u"x"_s, u"y"_s, u"z"_s}}, {}, {}};
        const PromptReader r =
            read(PromptBook::simplifyTopic({kTopic, {}, best, Intent::Block, {}}));
        QCOMPARE(r.value(u"Name"), kTopic.name);
        const qsizetype at = r.find(u"Best topic so far");
        QVERIFY(at > 0);
        QCOMPARE(r.value(u"Description", at), u"Best one"_s);
        QCOMPARE(r.examples(u"Examples", at), (QStringList{u"x"_s, u"y"_s, u"z"_s}));
        QCOMPARE(r.percent(u"Current coverage"), 0.0);
        QCOMPARE(r.percent(u"Best coverage"), 0.8);
    }

    void readsHistory()
    {
        IterationResult a, b;
        a.iteration = 1;
        a.topic = {u"n"_s, u"Desc \"one\""_s, {u"e1"_s, u"e2"_s}};
        a.metrics.coverage = 0.4;
        a.metrics.truePositiveRate = 0.4;
        a.metrics.trueNegativeRate = 1;
        b.iteration = 3;
        b.topic = {u"n"_s, u"Desc two"_s, {u"e1"_s, u"e3"_s, u"e4"_s}};
        b.metrics.coverage = 0.75;
        b.metrics.truePositiveRate = 0.75;
        b.metrics.trueNegativeRate = 0.9;
        const QList<LearningWriter::Step> steps = LearningWriter::parseHistory(
            read(PromptBook::extractLearnings({u"d"_s, Intent::Block, {a, b}, 3, 0.75})));
        QCOMPARE(steps.size(), 2);
        QCOMPARE(steps.at(0).iteration, 1);
        QCOMPARE(steps.at(0).description, u"Desc \"one\""_s);
        QCOMPARE(steps.at(0).examples, a.topic.examples);
        QVERIFY(steps.at(0).changes.isEmpty());
        QCOMPARE(steps.at(1).iteration, 3);
        QCOMPARE(steps.at(1).examples, b.topic.examples);
        QCOMPARE(steps.at(1).coverage, 0.75);
        QCOMPARE(steps.at(1).tnr, 0.9);
        QVERIFY(steps.at(1).changes.startsWith(u"description changed; example count: 2 → 3"_s));
    }
};

QTEST_GUILESS_MAIN(TestSandboxCorpus)
#include "tst_sandboxcorpus.moc"
