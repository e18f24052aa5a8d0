#include "refinementdriver.h"

#include "airs/airserror.h"
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "airs/scanbatch.h"
#include "domain/categorybreakdown.h"
#include "domain/testcomposition.h"
#include "llm/prompts/promptbook.h"
#include "sandbox/llmemulator.h"

#include "airstesthelpers.h"
#include "sandboxllm.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
const QString kProfile = u"sandbox-profile"_s;

QList<ScanVerdict> scanAll(const AirsSettings &settings, Intent intent, const QString &session,
                           const QStringList &prompts, QString *error)
{
    ScanBatch batch(settings, {kProfile, session, intent, 5, 0});
    QList<ScanVerdict> verdicts;
    bool done = false;
    QEventLoop loop;
    QObject::connect(&batch, &ScanBatch::finished, &loop, [&](const QList<ScanVerdict> &v) {
        verdicts = v;
        done = true;
        loop.quit();
    });
    QObject::connect(&batch, &ScanBatch::failed, &loop, [&](const AirsError &e) {
        *error = e.toString();
        done = true;
        loop.quit();
    });
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    batch.start(prompts);
    if (!done)
        loop.exec();
    if (!done)
        *error = u"scan wait timed out"_s;
    return verdicts;
}

int pinnedRevision(const QJsonObject &profile, const QString &topicId)
{
    const QJsonObject guardrails =
        ProfilePolicy::topicGuardrails(profile.value(u"policy"_s).toObject());
    for (const QJsonValue &group : guardrails.value(u"topic-list"_s).toArray()) {
        for (const QJsonValue &t : group.toObject().value(u"topic"_s).toArray()) {
            const QJsonObject ref = t.toObject();
            if (ref.value(u"topic_id"_s).toString() == topicId)
                return ref.value(u"revision"_s).toInt();
        }
    }
    return -1;
}
} // namespace

RefinementDriver::RefinementDriver(AirsEmulator &airs, LlmEmulator &llm)
    : m_airs(airs)
    , m_llm(llm)
{}

RefinementDriver::Run RefinementDriver::run(const QString &description, Intent intent,
                                            double target, int maxIterations)
{
    Run run;
    m_airs.addProfile(kProfile);
    const AirsSettings settings = emulatorSettings(m_airs);
    ManagementClient mgmt(&m_nam, settings);
    SandboxLlm llm(m_llm);
    const auto fail = [&run](const QString &what, const QString &why) {
        run.error = what + u": "_s + why;
        return run;
    };

    // Iteration 1's topic, its companion (block intent) and the profile assignment.
    SandboxLlm::Outcome out = llm.call(PromptBook::generateTopic({description, intent, {}, {}}));
    if (!out.ok())
        return fail(u"generate_topic"_s, out.error);
    Topic topic = PromptBook::topicFromJson(out.object);
    const QString lockedName = topic.name;
    const auto created = await<AirsTopic>([&](QObject *c, auto d) {
        mgmt.createTopic(topic.name, topic.description, topic.examples, c, d);
    });
    if (!created.ok())
        return fail(u"create topic"_s, created.error.toString());
    run.topicId = created.value.id;
    QList<TopicAssignment> assignments;
    if (intent == Intent::Block) {
        out = llm.call(PromptBook::generateCompanion({topic.name, topic.description}));
        if (!out.ok())
            return fail(u"generate_companion"_s, out.error);
        run.companion = PromptBook::topicFromJson(out.object);
        const auto companion = await<AirsTopic>([&](QObject *c, auto d) {
            mgmt.createTopic(run.companion.name, run.companion.description, run.companion.examples,
                             c, d);
        });
        if (!companion.ok())
            return fail(u"create companion"_s, companion.error.toString());
        assignments.append(TopicAssignment{companion.value.id, companion.value.name, u"allow"_s});
        assignments.append(TopicAssignment{run.topicId, lockedName, u"block"_s});
    } else {
        assignments.append(TopicAssignment{run.topicId, lockedName, u"allow"_s});
    }
    const QString guardrailAction = intent == Intent::Block ? u"allow"_s : u"block"_s;
    const auto assign = [&] {
        return await<AirsProfile>([&](QObject *c, auto d) {
            mgmt.assignTopics(kProfile, assignments, guardrailAction, c, d);
        });
    };
    if (const auto a = assign(); !a.ok())
        return fail(u"assign"_s, a.error.toString());

    std::optional<PromptBook::BestContext> best;
    for (int i = 1; i <= maxIterations; ++i) {
        const IterationResult *last = run.iterations.isEmpty() ? nullptr : &run.iterations.last();
        if (last) {
            PromptBook::ImproveInput in;
            in.current = topic;
            in.fromIteration = last->iteration;
            in.nextIteration = i;
            in.metrics = last->metrics;
            in.analysis = last->analysis;
            in.results = last->testResults;
            in.target = target;
            in.intent = intent;
            in.best = best;
            out = llm.call(PromptBook::improveTopic(in));
            if (!out.ok())
                return fail(u"improve_topic"_s, out.error);
            topic = PromptBook::topicFromJson(out.object);
            topic.name = lockedName;
            const auto updated = await<AirsTopic>([&](QObject *c, auto d) {
                mgmt.updateTopic(run.topicId, topic.name, topic.description, topic.examples, c, d);
            });
            if (!updated.ok())
                return fail(u"update topic"_s, updated.error.toString());
            if (const auto a = assign(); !a.ok()) // re-pin the new revision
                return fail(u"re-assign"_s, a.error.toString());
        }

        PromptBook::TestsInput testsIn{topic, intent, {}, {}};
        if (last)
            testsIn.breakdown = CategoryBreakdown::compute(last->testResults);
        out = llm.call(PromptBook::generateTests(testsIn));
        if (!out.ok())
            return fail(u"generate_tests"_s, out.error);
        const CompositionResult suite =
            composeTestSuite({i, PromptBook::testsFromJson(out.object), last, false, {}});

        QStringList prompts;
        for (const TestCase &t : suite.suite)
            prompts.append(t.prompt);
        QString scanError;
        const QList<ScanVerdict> verdicts =
            scanAll(settings, intent, u"sandbox-iter%1"_s.arg(i), prompts, &scanError);
        if (!scanError.isEmpty())
            return fail(u"scan"_s, scanError);

        IterationResult it;
        it.iteration = i;
        it.timestamp = QDateTime::currentDateTimeUtc();
        it.topic = topic;
        it.testCases = suite.suite;
        for (qsizetype k = 0; k < suite.suite.size(); ++k) {
            TestResult r;
            r.testCase = suite.suite.at(k);
            r.actualTriggered = verdicts.at(k).triggered;
            r.scanAction = verdicts.at(k).action;
            r.scanId = verdicts.at(k).scanId;
            r.reportId = verdicts.at(k).reportId;
            r.scanCategory = verdicts.at(k).category;
            r.correct = r.actualTriggered == r.testCase.expectedTriggered;
            it.testResults.append(r);
        }
        it.metrics = EfficacyMetrics::compute(it.testResults);
        out = llm.call(PromptBook::analyzeResults({topic, it.testResults, it.metrics, intent, {}}));
        if (!out.ok())
            return fail(u"analyze_results"_s, out.error);
        it.analysis = PromptBook::analysisFromJson(out.object);
        run.iterations.append(it);
        if (qEnvironmentVariableIsSet("DAYSTROM_SANDBOX_TRACE")) {
            QStringList misses;
            for (const TestResult &r : it.testResults) {
                if (!r.correct)
                    misses.append(u"    %1 %2"_s.arg(
                        r.testCase.expectedTriggered ? u"FN"_s : u"FP"_s, r.testCase.prompt));
            }
            qInfo().noquote() << u"iteration %1: %2\n  examples: %3\n%4"_s.arg(i).arg(
                topic.description, topic.examples.join(u" | "_s), misses.join(u'\n'));
        }
        if (!best || it.metrics.coverage > best->coverage)
            best = PromptBook::BestContext{i, it.metrics.coverage, topic, it.metrics, it.analysis};
        if (it.metrics.coverage >= target) {
            run.reachedAt = i;
            break;
        }
    }

    const QJsonObject profile = m_airs.profile(kProfile);
    run.pinnedRevision = pinnedRevision(profile, run.topicId);
    run.topicRevision = m_airs.topic(run.topicId).value(u"revision"_s).toInt();

    PromptBook::ExtractInput extract{description, intent, run.iterations,
                                     best ? best->iteration : 0, best ? best->coverage : 0};
    out = llm.call(PromptBook::extractLearnings(extract));
    if (!out.ok())
        return fail(u"extract_learnings"_s, out.error);
    const PromptBook::Extraction learnings = PromptBook::extractionFromJson(out.object);
    run.learningCount = int(learnings.learnings.size());
    if (!learnings.learnings.isEmpty())
        run.learningsSummary = learnings.learnings.last().insight;
    return run;
}
