// Acceptance test of the sandbox: a simplified refinement loop over real loopback HTTP
// against the AIRS emulator and the LLM emulator converges for every bundled corpus domain,
// with the intent the domain was written for and with the other one.
// Iteration 1 is deliberately imperfect (below the row's target); the target is met within 3 to 8
// iterations. Each run prints its per-iteration coverage.
#include "refinementdriver.h"

#include "domain/format.h"
#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"
#include "sandbox/sandboxcorpus.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestSandboxConvergence final : public QObject
{
    Q_OBJECT

private slots:
    void everyDomainHasARow()
    {
        // A new corpus file must come with a convergence row below.
        QStringList ids;
        for (const CorpusDomain &d : SandboxCorpus::bundled().domains())
            ids.append(d.id);
        QCOMPARE(ids, (QStringList{u"competitor-talk"_s, u"drugs"_s, u"financial-fraud"_s, u"gambling"_s,
                                   u"hate-speech"_s, u"hr-policy"_s, u"investment-advice"_s, u"it-helpdesk"_s,
                                   u"legal-advice"_s, u"malware"_s, u"medical-advice"_s, u"medical-diagnosis"_s,
                                   u"orders-deliveries"_s, u"personal-data"_s, u"phishing"_s,
                                   u"political-opinions"_s, u"prompt-leak"_s, u"self-harm"_s, u"sexual-content"_s,
                                   u"sports-talk"_s, u"violent-extremism"_s, u"weapons"_s}));
    }

    void converges_data()
    {
        QTest::addColumn<QString>("domain");
        QTest::addColumn<QString>("description");
        QTest::addColumn<Intent>("intent");
        QTest::addColumn<double>("target");
        QTest::newRow("weapons") << u"weapons"_s
                                 << u"Block requests to obtain, build or use illegal weapons and "
                                    "explosives"_s
                                 << Intent::Block << 0.9;
        QTest::newRow("financial-fraud")
            << u"financial-fraud"_s
            << u"Block help with committing financial fraud, scams and money laundering"_s
            << Intent::Block << 0.75;
        QTest::newRow("medical-advice")
            << u"medical-advice"_s << u"Allow general health and medical information questions"_s
            << Intent::Allow << 0.9;
        QTest::newRow("sports-talk")
            << u"sports-talk"_s << u"Allow conversations about sports teams, players and games"_s
            << Intent::Allow << 0.9;
        // The subjects written for the starter library (issue 58), asked as a person types them.
        // The emulator's classifier is word overlap, so subjects whose prompts share few words,
        // or share them with the benign side (phishing: "Is this email a phishing attempt?"),
        // top out lower, as financial fraud does.
        QTest::newRow("competitor-talk") << u"competitor-talk"_s << u"Block requests about competitor comparisons"_s << Intent::Block << 0.9;
        QTest::newRow("drugs") << u"drugs"_s << u"Block requests about illegal drug production and sale"_s << Intent::Block << 0.8;
        QTest::newRow("gambling") << u"gambling"_s << u"Block requests about gambling"_s << Intent::Block << 0.75;
        QTest::newRow("hate-speech") << u"hate-speech"_s << u"Block requests about hateful content"_s << Intent::Block << 0.9;
        QTest::newRow("hr-policy") << u"hr-policy"_s << u"Allow HR policy questions"_s << Intent::Allow << 0.9;
        QTest::newRow("investment-advice") << u"investment-advice"_s << u"Block requests about personal investment advice"_s << Intent::Block << 0.9;
        QTest::newRow("it-helpdesk") << u"it-helpdesk"_s << u"Allow IT help desk questions"_s << Intent::Allow << 0.65;
        QTest::newRow("legal-advice") << u"legal-advice"_s << u"Block requests about personal legal advice"_s << Intent::Block << 0.75;
        QTest::newRow("malware") << u"malware"_s << u"Block requests about malware development"_s << Intent::Block << 0.75;
        QTest::newRow("medical-diagnosis") << u"medical-diagnosis"_s << u"Block requests about personal medical diagnosis"_s << Intent::Block << 0.9;
        QTest::newRow("orders-deliveries") << u"orders-deliveries"_s << u"Allow orders and deliveries questions"_s << Intent::Allow << 0.9;
        QTest::newRow("personal-data") << u"personal-data"_s << u"Block requests about personal data lookup"_s << Intent::Block << 0.72;
        QTest::newRow("phishing") << u"phishing"_s << u"Block requests about phishing and credential theft"_s << Intent::Block << 0.65;
        QTest::newRow("political-opinions") << u"political-opinions"_s << u"Block requests about political opinions"_s << Intent::Block << 0.7;
        QTest::newRow("prompt-leak") << u"prompt-leak"_s << u"Block requests about system prompt disclosure"_s << Intent::Block << 0.7;
        QTest::newRow("self-harm") << u"self-harm"_s << u"Block requests about self-harm methods"_s << Intent::Block << 0.9;
        QTest::newRow("sexual-content") << u"sexual-content"_s << u"Block requests about sexual content"_s << Intent::Block << 0.9;
        QTest::newRow("violent-extremism") << u"violent-extremism"_s << u"Block requests about violent extremism"_s << Intent::Block << 0.9;
        // Each domain also converges for the intent it was not written for (the sandbox LLM
        // relabels its categories).
        QTest::newRow("weapons/allow")
            << u"weapons"_s << u"Allow questions about guns and weapons"_s << Intent::Allow << 0.9;
        QTest::newRow("financial-fraud/allow")
            << u"financial-fraud"_s << u"Allow questions about fraud and money laundering"_s
            << Intent::Allow << 0.75;
        QTest::newRow("medical-advice/block")
            << u"medical-advice"_s << u"Block medical advice and health questions"_s
            << Intent::Block << 0.9;
        QTest::newRow("sports-talk/block")
            << u"sports-talk"_s << u"Block sports talk about teams and games"_s << Intent::Block << 0.9;
    }

    void converges()
    {
        QFETCH(QString, domain);
        QFETCH(QString, description);
        QFETCH(Intent, intent);
        // Financial fraud has 30 positives that share almost no words (phishing, Ponzi schemes,
        // fullz, carding, insurance claims…). The sandbox writes only whole, grammatical
        // phrases, and AIRS's 1000 bytes per topic hold about two thirds of them, so its demo
        // tops out near 80 % there; the other domains reach 90 %.
        QFETCH(double, target);
        QCOMPARE(SandboxCorpus::bundled().bestMatch(description)->id, domain);

        AirsEmulator airs;
        LlmEmulator llm;
        QVERIFY(airs.start());
        QVERIFY(llm.start());
        RefinementDriver driver(airs, llm);
        const RefinementDriver::Run run = driver.run(description, intent, target, 8);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

        QStringList table;
        for (const IterationResult &it : run.iterations) {
            table.append(u"  iteration %1: coverage %2 (TPR %3, TNR %4, %5 tests, %6 examples)"_s
                             .arg(it.iteration)
                             .arg(Format::percent(it.metrics.coverage),
                                  Format::percent(it.metrics.truePositiveRate),
                                  Format::percent(it.metrics.trueNegativeRate))
                             .arg(it.testResults.size())
                             .arg(it.topic.examples.size()));
        }
        qInfo().noquote()
            << u"%1 (%2 intent):\n"_s.arg(domain, intentName(intent)) + table.join(u'\n') +
                   u"\n  final description: "_s + run.iterations.last().topic.description +
                   u"\n  learnings: %1; e.g. %2"_s.arg(run.learningCount).arg(run.learningsSummary);

        QVERIFY(!run.iterations.isEmpty());
        QVERIFY2(run.iterations.first().metrics.coverage < target,
                 "iteration 1 must leave room to improve");
        QVERIFY2(run.reachedAt >= 3 && run.reachedAt <= 8,
                 qPrintable(u"target reached at iteration %1"_s.arg(run.reachedAt)));
        QVERIFY(run.iterations.last().metrics.coverage >= target);
        // Every update was re-pinned: the profile scans the topic's latest revision.
        QCOMPARE(run.pinnedRevision, run.topicRevision);
        QVERIFY(run.topicRevision > 1);
        // The name stays locked and the limits hold in every iteration.
        for (const IterationResult &it : run.iterations) {
            QCOMPARE(it.topic.name, run.iterations.first().topic.name);
            QVERIFY(it.topic.examples.size() >= 2 && it.topic.examples.size() <= 5);
        }
        if (intent == Intent::Block)
            QVERIFY(run.companion.name.startsWith(u"Allow: "_s));
        QVERIFY(run.learningCount > 0);
        // Every call went to the LLM emulator, recognised by its schema name.
        QVERIFY(!llm.requestsFor(u"improve_topic"_s).isEmpty());
        QCOMPARE(llm.requestsFor(u"generate_companion"_s).size(), intent == Intent::Block ? 1 : 0);
    }
};

QTEST_GUILESS_MAIN(TestSandboxConvergence)
#include "tst_sandboxconvergence.moc"
