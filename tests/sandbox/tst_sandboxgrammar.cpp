// The sandbox writes for the subject typed, in whole sentences.
//
// THE RULE every sentence the sandbox LLM writes must pass (topic descriptions and examples,
// companions, test and benchmark prompts, analyses, learnings); text is cut into sentences
// after ". ", "? " or "! " (a closing quote or bracket may follow the mark):
//   1. it starts with a capital letter (or an opening quote or digit);
//   2. it ends with ".", "?" or "!" (optionally followed by closing quotes or brackets);
//   3. no word appears twice in a row ("the the");
//   4. it has at least 3 words;
//   5. every word (lower-cased; digits and percentages allowed) is a function word listed
//      below, a word of the sandbox's fixed wording (kWording below, plus TemplateBank's frames
//      and phrases), one of the words typed for the subject, or, when a built-in domain covers
//      the subject, a word of that domain's own hand-written texts;
//   6. brackets and double quotes are balanced, and no "{placeholder}" is left.
// A topic name is not a sentence; instead every content word of it (stemmed as the matcher
// does) must occur in the text the user typed.
#include "refinementdriver.h"
#include "sandboxllm.h"

#include "domain/categorybreakdown.h"
#include "llm/prompts/promptbook.h"
#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"
#include "sandbox/sandboxcorpus.h"
#include "sandbox/sandboxsubject.h"
#include "sandbox/templatebank.h"
#include "sandbox/termstats.h"

#include "testmain.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
const QString kFunctionWords =
    u"a an the i me my you your it its is are am be was were do does did how what which who "
    "where when why can could would should will to of in on for with about from by at as and "
    "or but so if not no this that these those there here some any all more most than then "
    "also just please tell know explain want need now like such into over each every them "
    "they their her him his she he we us our one two three up out off too very much many only "
    "own same other after before again once while has have had get give let make may might "
    "must s t don doesn isn won what's it's"_s;
// The fixed wording of the test writer's fillers, the analysis and the learnings.
const QString kWording =
    u"could explain want know need coverage tpr tnr missed wrongly triggered test got expected "
    "verdict harmful prompts prompt main risk topic narrow scope being blocked misses over "
    "blocks benign share vocabulary through broad high severity false positives negatives "
    "positive negative mention mentions fold description reach phrasings add example examples "
    "worded take exclusions use fewer widen matching neighbouring current few keep definition "
    "working obvious wording spread across subjects direct indirect coded euphemism edge case "
    "adjacent unrelated boundary exceeded mixed intent first character reached draft leaves "
    "uncovered started lead widening trimming adding changing raised lowered points highest "
    "came mattered less whether covered compared iterations iteration count added removed "
    "words went removing already problem are share those cut noise next including"_s;

QSet<QString> wordsOf(const QString &text)
{
    QSet<QString> out;
    static const QRegularExpression split(u"[^\\p{L}\\p{N}']+"_s);
    for (QString w : text.toLower().split(split, Qt::SkipEmptyParts)) {
        while (w.startsWith(u'\''))
            w.remove(0, 1);
        while (w.endsWith(u'\''))
            w.chop(1);
        if (w.endsWith(u"'s"_s))
            w.chop(2);
        if (!w.isEmpty())
            out.insert(w);
    }
    return out;
}

QStringList sentencesOf(const QString &text)
{
    QStringList out{QString()};
    const QString t = text.trimmed();
    for (qsizetype i = 0; i < t.size(); ++i) {
        out.last().append(t.at(i));
        const bool mark = QStringView(u".?!").contains(t.at(i)) ||
                          (QStringView(u"\"')]").contains(t.at(i)) && i > 0 &&
                           QStringView(u".?!").contains(t.at(i - 1)));
        if (mark && i + 1 < t.size() && t.at(i + 1).isSpace()) {
            out.append(QString());
            ++i;
        }
    }
    out.removeAll(QString());
    return out;
}

// Problems of one text under THE RULE; empty when it passes.
QStringList problems(const QString &text, const QSet<QString> &vocabulary)
{
    QStringList out;
    if (text.contains(u'{') || text.contains(u'}'))
        out.append(u"placeholder left"_s);
    if (text.count(u'"') % 2 != 0 || text.count(u'(') != text.count(u')') ||
        text.count(u'[') != text.count(u']'))
        out.append(u"unbalanced quotes or brackets"_s);
    for (const QString &s : sentencesOf(text)) {
        const QChar first = s.at(0);
        if (!(first.isUpper() || first.isDigit() || first == u'"' || first == u'\''))
            out.append(u"no capital: "_s + s);
        static const QRegularExpression ending(u"[.?!][\"')\\]]*$"_s);
        if (!ending.match(s).hasMatch())
            out.append(u"no final mark: "_s + s);
        static const QRegularExpression split(u"[^\\p{L}\\p{N}'%]+"_s);
        const QStringList words = s.toLower().split(split, Qt::SkipEmptyParts);
        if (words.size() < 3)
            out.append(u"fragment: "_s + s);
        for (qsizetype i = 1; i < words.size(); ++i) {
            if (words.at(i) == words.at(i - 1))
                out.append(u"repeated \""_s + words.at(i) + u"\": "_s + s);
        }
        for (const QString &w : wordsOf(s)) {
            if (!w.at(0).isDigit() && !vocabulary.contains(w))
                out.append(u"unknown word \""_s + w + u"\": "_s + s);
        }
    }
    return out;
}

// The texts of an answer that people read.
void collect(const QJsonValue &v, const QString &key, QStringList *out)
{
    static const QSet<QString> keys{u"description"_s,
                                    u"examples"_s,
                                    u"prompt"_s,
                                    u"summary"_s,
                                    u"falsePositivePatterns"_s,
                                    u"falseNegativePatterns"_s,
                                    u"suggestions"_s,
                                    u"insight"_s,
                                    u"strategy"_s,
                                    u"antiPatterns"_s};
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            collect(it.value(), it.key(), out);
    } else if (v.isArray()) {
        for (const QJsonValue &e : v.toArray())
            collect(e, key, out);
    } else if (v.isString() && keys.contains(key)) {
        out->append(v.toString());
    }
}

QSet<QString> vocabularyFor(const QString &typed)
{
    QSet<QString> v = wordsOf(kFunctionWords) + wordsOf(kWording) + wordsOf(typed);
    for (const QString &t : TemplateBank::allTexts() + TemplateBank::unrelated())
        v += wordsOf(t);
    const QString subject = SandboxSubject::fromText(typed);
    v += wordsOf(subject);
    if (const CorpusDomain *d = SandboxCorpus::bundled().bestMatch(subject)) {
        QStringList own{d->lead, d->topicName, d->title, d->companion.name,
                        d->companion.description};
        own += d->companion.examples + d->phrases + d->keywords;
        for (const CorpusPrompt &p : d->prompts)
            own.append(p.prompt);
        for (const QString &t : own)
            v += wordsOf(t);
    }
    return v;
}

// A content word of a name was typed: its stem occurs in the typed text, also when the
// sandbox turned a typed verb into its gerund ("use" -> "using"). Function words pass.
bool typedWord(const QString &word, const QString &typed)
{
    const QSet<QString> stems = TermStats::stems(typed);
    const QSet<QString> own = TermStats::stems(word);
    if (own.isEmpty())
        return true;
    QStringList forms{word};
    if (word.endsWith(u"ing"_s) && word.size() > 4) {
        const QString base = word.chopped(3);
        forms += {base, base + u'e', base.chopped(1)};
    }
    for (const QString &f : forms) {
        if (stems.contains(TermStats::stems(f)))
            return true;
    }
    return false;
}

TestResult result(const TestCase &t, bool actual)
{
    TestResult r;
    r.testCase = t;
    r.actualTriggered = actual;
    r.correct = t.expectedTriggered == actual;
    return r;
}
} // namespace

class TestSandboxGrammar final : public QObject
{
    Q_OBJECT

private slots:
    void subjectAndName_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("subject");
        QTest::addColumn<bool>("curated");
        QTest::newRow("crypto") << u"Block requests for cryptocurrency investment advice"_s
                                << u"cryptocurrency investment advice"_s << true;
        QTest::newRow("skin") << u"Detect questions about medical diagnosis of skin rashes"_s
                              << u"medical diagnosis of skin rashes"_s << false;
        QTest::newRow("malware") << u"Block help writing malware"_s << u"writing malware"_s
                                 << true;
        QTest::newRow("infinitive")
            << u"Block requests to obtain, build or use illegal weapons and explosives"_s
            << u"obtaining, building or using illegal weapons and explosives"_s << true;
        QTest::newRow("second verb")
            << u"Block requests to launder money or run investment scams"_s
            << u"laundering money or running investment scams"_s << false;
        QTest::newRow("plain") << u"Gambling tips"_s << u"gambling tips"_s << true;
        QTest::newRow("homework") << u"Block requests for homework answers"_s << u"homework answers"_s
                                  << false;
        QTest::newRow("trailing") << u"Allow general health and medical information questions"_s
                                  << u"general health and medical information"_s << true;
        QTest::newRow("colon") << u"Only sports talk: teams, players, leagues"_s << u"sports talk"_s
                               << true;
        QTest::newRow("acronym") << u"Block requests about NFT pump schemes."_s
                                 << u"NFT pump schemes"_s << false;
    }

    void subjectAndName()
    {
        QFETCH(QString, typed);
        QFETCH(QString, subject);
        QFETCH(bool, curated);
        const SandboxSubjectAssessment a = SandboxSubject::assess(typed, Intent::Block);
        QCOMPARE(a.subject, subject);
        QCOMPARE(a.curated, curated);
        QCOMPARE(a.domainTitle.isEmpty(), !curated);
        QVERIFY(a.topicName.at(0).isUpper());
        QCOMPARE(SandboxSubject::fromName(a.topicName), subject);
        // Every content word of the name was typed.
        for (const QString &w : wordsOf(a.topicName))
            QVERIFY2(typedWord(w, typed), qPrintable(w + u" in "_s + a.topicName));
    }

    void ruleCatchesWordSalad()
    {
        const QSet<QString> v = vocabularyFor(u"Block illegal weapons"_s);
        QVERIFY(problems(u"Requests for illegal weapons."_s, v).isEmpty());
        QVERIFY(!problems(u"Tell me everything about weapons weapons."_s, v).isEmpty());
        QVERIFY(!problems(u"requests for illegal weapons."_s, v).isEmpty());
        QVERIFY(!problems(u"Requests for illegal weapons"_s, v).isEmpty());
        QVERIFY(!problems(u"Illegal weapons."_s, v).isEmpty());
        QVERIFY(!problems(u"Requests for {subject}."_s, v).isEmpty());
        QVERIFY(!problems(u"Requests for cryptocurrency wallets."_s, v).isEmpty());
        QVERIFY(!problems(u"Requests for \"illegal weapons."_s, v).isEmpty());
    }

    void everySentenceIsGrammatical_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<Intent>("intent");
        QTest::addColumn<bool>("curated");
        QTest::newRow("crypto") << u"Block requests for cryptocurrency investment advice"_s
                                << Intent::Block << true;
        QTest::newRow("skin rashes")
            << u"Block medical diagnosis of skin rashes"_s << Intent::Block << false;
        QTest::newRow("malware") << u"Block requests for help writing malware"_s << Intent::Block
                                 << true;
        QTest::newRow("homework") << u"Block requests for homework answers"_s << Intent::Block << false;
        QTest::newRow("rockets") << u"Detect questions about model rocket engines"_s << Intent::Block
                                 << false;
        QTest::newRow("gambling") << u"Block gambling tips"_s << Intent::Block << true;
        QTest::newRow("campaigns")
            << u"Detect political campaign messaging"_s << Intent::Block << true;
        QTest::newRow("astrology")
            << u"Allow questions about astrology readings"_s << Intent::Allow << false;
        QTest::newRow("weapons (curated)")
            << u"Block requests to buy or build illegal guns and explosives"_s << Intent::Block
            << true;
        QTest::newRow("sports (curated, allow)")
            << u"Allow conversations about sports teams, players and games"_s << Intent::Allow
            << true;
    }

    void everySentenceIsGrammatical()
    {
        QFETCH(QString, typed);
        QFETCH(Intent, intent);
        QFETCH(bool, curated);
        QCOMPARE(SandboxSubject::assess(typed, intent).curated, curated);

        AirsEmulator airs;
        LlmEmulator llm;
        QVERIFY(airs.start());
        QVERIFY(llm.start());
        // generate_topic, generate_companion, generate_tests, improve_topic (with the false
        // negatives and positives of each scan) and analyze_results, over loopback HTTP.
        RefinementDriver driver(airs, llm);
        const RefinementDriver::Run run = driver.run(typed, intent, 1.0, 4);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QVERIFY(!run.iterations.isEmpty());

        QStringList texts;
        const QString subject = SandboxSubject::fromText(typed);
        const QSet<QString> typedStems = TermStats::stems(typed);
        for (const IterationResult &it : run.iterations) {
            QCOMPARE(it.topic.name, run.iterations.first().topic.name);
            texts += it.topic.description;
            texts += it.topic.examples;
            for (const TestCase &t : it.testCases)
                texts.append(t.prompt);
            texts += it.analysis.summary;
            texts += it.analysis.falsePositivePatterns + it.analysis.falseNegativePatterns +
                     it.analysis.suggestions;
        }
        for (const QString &w : wordsOf(run.iterations.first().topic.name))
            QVERIFY2(typedWord(w, typed), qPrintable(run.iterations.first().topic.name));
        if (intent == Intent::Block) {
            texts.append(run.companion.description);
            texts += run.companion.examples;
        }

        // The calls the driver does not make: simplify, benchmark, learnings, and an improve
        // with false positives taken from the last suite.
        SandboxLlm client(llm);
        const IterationResult &last = run.iterations.last();
        QList<TestResult> forced;
        for (const TestResult &r : last.testResults)
            forced.append(result(r.testCase, !r.testCase.expectedTriggered));
        PromptBook::ImproveInput in;
        in.current = last.topic;
        in.fromIteration = last.iteration;
        in.nextIteration = last.iteration + 1;
        in.results = forced;
        in.metrics = EfficacyMetrics::compute(forced);
        in.intent = intent;
        const QList<LlmPrompt> calls{
            PromptBook::improveTopic(in),
            PromptBook::simplifyTopic({last.topic,
                                       last.metrics,
                                       {1, 0.8, run.iterations.first().topic, last.metrics, {}},
                                       intent,
                                       {}}),
            PromptBook::generateBenchmark({typed, intent, {}, 40}),
            PromptBook::extractLearnings({typed, intent, run.iterations, 1, 0.5}),
            PromptBook::analyzeResults({last.topic, forced, in.metrics, intent, {}})};
        for (const LlmPrompt &p : calls) {
            const SandboxLlm::Outcome out = client.call(p);
            QVERIFY2(out.ok(), qPrintable(p.callName + u": "_s + out.error));
            const qsizetype before = texts.size();
            collect(out.object, {}, &texts);
            QVERIFY2(texts.size() > before, qPrintable(p.callName));
            if (out.object.contains(u"name"_s))
                QCOMPARE(out.object.value(u"name"_s).toString(), last.topic.name);
        }

        const QSet<QString> vocabulary = vocabularyFor(typed);
        QStringList bad;
        texts.removeDuplicates();
        for (const QString &t : std::as_const(texts)) {
            for (const QString &p : problems(t, vocabulary))
                bad.append(p + u"\n      in: "_s + t);
        }
        QVERIFY2(bad.isEmpty(),
                 qPrintable(u"%1 problems in %2 texts:\n  "_s.arg(bad.size()).arg(texts.size()) +
                            bad.mid(0, 15).join(u"\n  "_s)));
        // The prompts are about the subject typed.
        int mentioning = 0, positives = 0;
        for (const TestResult &r : last.testResults) {
            if (!r.testCase.expectedTriggered)
                continue;
            ++positives;
            mentioning += r.testCase.prompt.contains(subject) ? 1 : 0;
        }
        if (!curated)
            QVERIFY2(mentioning == positives,
                     qPrintable(u"%1 of %2"_s.arg(mentioning).arg(positives)));
    }

    void cryptoRunKeepsItsTopic()
    {
        // The original bug: this became "General health information" with flu prompts. Since
        // issue 58 the sandbox has a subject for it (personal investment advice): the run keeps
        // its name and writes that subject's prompts, never health ones.
        AirsEmulator airs;
        LlmEmulator llm;
        QVERIFY(airs.start());
        QVERIFY(llm.start());
        RefinementDriver driver(airs, llm);
        const RefinementDriver::Run run = driver.run(
            u"Block requests for cryptocurrency investment advice"_s, Intent::Block, 0.9, 8);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        const CorpusDomain *investment = SandboxCorpus::bundled().domain(u"investment-advice"_s);
        QVERIFY(investment);
        QStringList coverage;
        for (const IterationResult &it : run.iterations) {
            QCOMPARE(it.topic.name, u"Cryptocurrency investment advice"_s);
            QVERIFY(it.topic.description.startsWith(investment->lead));
            int positives = 0;
            for (const TestCase &t : it.testCases) {
                QVERIFY2(!t.prompt.contains(u"flu"_s), qPrintable(t.prompt));
                if (!t.expectedTriggered)
                    continue;
                ++positives;
                bool fromTheSubject = false;
                for (const CorpusPrompt &p : investment->prompts)
                    fromTheSubject = fromTheSubject || (p.expectedTriggered && t.prompt.contains(p.prompt.chopped(1).mid(1)));
                QVERIFY2(fromTheSubject, qPrintable(t.prompt));
            }
            QVERIFY(positives > 0);
            coverage.append(QString::number(it.metrics.coverage, 'f', 3));
        }
        qInfo().noquote() << "coverage per iteration:" << coverage.join(u", "_s);
        QCOMPARE(run.companion.name, investment->companion.name);
        // The loop makes progress: neither stuck nor perfect at once.
        QVERIFY(run.iterations.first().metrics.coverage < 0.9);
        QVERIFY(run.iterations.last().metrics.coverage > run.iterations.first().metrics.coverage);
    }
};

QTEST_GUILESS_MAIN(TestSandboxGrammar)
#include "tst_sandboxgrammar.moc"
