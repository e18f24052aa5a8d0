#pragma once

#include "airs/managementclient.h"
#include "airs/promptsetclient.h"
#include "domain/nanoid.h"
#include "llm/openaiprovider.h"
#include "loop/refinementrun.h"
#include "runs/runstore.h"
#include "sandbox/airsemulator.h"
#include "testhome.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTimer>

#include <memory>

// A network access manager that notes every request as it is sent: what the run sent, as
// opposed to what an emulator received (a request already written when it is aborted still
// reaches the server, later).
class SendLog final : public QNetworkAccessManager
{
public:
    QStringList sent; // "PUT /aisec/v1/mgmt/…", in order

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *data) override
    {
        static const char *const names[] = {"", "HEAD", "GET", "PUT", "POST", "DELETE", "CUSTOM"};
        sent.append(QString::fromLatin1(op >= HeadOperation && op <= CustomOperation ? names[op] : "?")
                    + u' ' + request.url().path());
        return QNetworkAccessManager::createRequest(op, request, data);
    }
};

// Everything a RefinementRun needs, in this thread, pointed at loopback emulators.
struct LoopHarness
{
    AirsEmulator airs;
    SendLog nam;
    std::unique_ptr<OpenAiProvider> llm;
    std::unique_ptr<ManagementClient> management;
    std::unique_ptr<PromptSetClient> promptSets;
    QString runsDir;

    explicit LoopHarness(const QUrl &llmBase, AirsEmulator::Options options = {})
        : airs(options)
    {
        airs.start();
        airs.addProfile(QStringLiteral("lab"));
        static int n = 0;
        runsDir = TestHome::path() + QStringLiteral("/runs-") + QString::number(++n);
        LlmEndpoint e;
        e.provider = QStringLiteral("openai-compatible");
        e.model = QStringLiteral("test");
        e.baseUrl = llmBase;
        e.timeoutMs = 20000;
        e.retry.baseDelayMs = 5;
        e.retry.maxDelayMs = 20;
        llm = std::make_unique<OpenAiProvider>(&nam, e);
        management = std::make_unique<ManagementClient>(&nam, airsSettings());
        promptSets = std::make_unique<PromptSetClient>(&nam, airsSettings());
    }

    AirsSettings airsSettings() const
    {
        AirsSettings s;
        const auto c = airs.options().credentials;
        s.scanEndpoint = airs.scanEndpoint();
        s.apiKey = c.apiKey;
        s.managementEndpoint = airs.managementEndpoint();
        s.tokenEndpoint = airs.tokenEndpoint();
        s.redTeamEndpoint = airs.redTeamEndpoint();
        s.clientId = c.clientId;
        s.clientSecret = c.clientSecret;
        s.tsgId = c.tsgId;
        s.timeoutMs = 10000;
        s.retry.baseDelayMs = 5;
        s.retry.maxDelayMs = 40;
        return s;
    }

    RunServices services() const
    {
        RunServices s;
        s.llm = llm.get();
        s.management = management.get();
        s.promptSets = promptSets.get();
        s.airs = airsSettings();
        s.runsDirectory = runsDir;
        s.propagationDelayMs = 0;
        s.scanConcurrency = 8;
        return s;
    }

    static RunState newRun(const QString &topic, Intent intent = Intent::Block)
    {
        RunState r;
        r.id = NanoId::generate();
        r.createdAt = r.updatedAt = QDateTime::currentDateTimeUtc();
        r.userInput.topicDescription = topic;
        r.userInput.intent = intent;
        r.userInput.profileName = QStringLiteral("lab");
        r.userInput.maxIterations = 10;
        r.userInput.benchmarkSize = 0; // the loop's mechanics; tst_benchmark covers the benchmark
        r.userInput.regressionSample = 0;
        return r;
    }
};

// Runs until the run finishes (a real event loop: the emulators serve from this thread).
inline RunStatus runToEnd(RefinementRun &run, int timeoutMs = 120000)
{
    RunStatus status = RunStatus::Running;
    QEventLoop loop;
    QObject::connect(&run, &RefinementRun::finished, &loop, [&](RunStatus s) {
        status = s;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!run.isFinished()) {
        run.start();
        loop.exec();
    }
    return status;
}

// The §2.9 order of a block-intent run that reaches its target in iteration 2.
namespace DocumentedOrder {
inline QStringList firstIteration()
{
    return {QStringLiteral("iteration:start"), QStringLiteral("generate:complete"), QStringLiteral("companion:generated"),
            QStringLiteral("companion:created"), QStringLiteral("apply:complete"), QStringLiteral("test:progress"),
            QStringLiteral("evaluate:complete"), QStringLiteral("analyze:complete"), QStringLiteral("iteration:complete")};
}
inline QStringList lastIterationAtTarget()
{
    return {QStringLiteral("iteration:start"), QStringLiteral("generate:complete"), QStringLiteral("apply:complete"),
            QStringLiteral("tests:composed"), QStringLiteral("test:progress"), QStringLiteral("evaluate:complete"),
            QStringLiteral("analyze:complete"), QStringLiteral("iteration:complete"), QStringLiteral("loop:complete")};
}
} // namespace DocumentedOrder

// Every LoopEvent in the order it was emitted, by its §2.9 name.
class EventRecorder : public QObject
{
public:
    QStringList names;
    explicit EventRecorder(RefinementRun *r)
    {
        auto add = [this](const char *n) { return [this, n](auto &&...) { names.append(QString::fromLatin1(n)); }; };
        connect(r, &RefinementRun::memoryLoaded, this, add("memory:loaded"));
        connect(r, &RefinementRun::iterationStarted, this, add("iteration:start"));
        connect(r, &RefinementRun::generateComplete, this, add("generate:complete"));
        connect(r, &RefinementRun::companionGenerated, this, add("companion:generated"));
        connect(r, &RefinementRun::companionCreated, this, add("companion:created"));
        connect(r, &RefinementRun::applyComplete, this, add("apply:complete"));
        connect(r, &RefinementRun::testsComposed, this, add("tests:composed"));
        connect(r, &RefinementRun::testsAccumulated, this, add("tests:accumulated"));
        connect(r, &RefinementRun::testProgress, this, add("test:progress"));
        connect(r, &RefinementRun::evaluateComplete, this, add("evaluate:complete"));
        connect(r, &RefinementRun::analyzeComplete, this, add("analyze:complete"));
        connect(r, &RefinementRun::iterationComplete, this, add("iteration:complete"));
        connect(r, &RefinementRun::topicDuplicate, this, add("topic:duplicate"));
        connect(r, &RefinementRun::topicReverted, this, add("topic:reverted"));
        connect(r, &RefinementRun::topicSimplified, this, add("topic:simplified"));
        connect(r, &RefinementRun::loopPlateau, this, add("loop:plateau"));
        connect(r, &RefinementRun::memoryExtracted, this, add("memory:extracted"));
        connect(r, &RefinementRun::promptSetCreated, this, add("promptset:created"));
        connect(r, &RefinementRun::loopComplete, this, add("loop:complete"));
        connect(r, &RefinementRun::loopPaused, this, add("loop:paused"));
        connect(r, &RefinementRun::loopFailed, this, add("loop:failed"));
    }
    // The events of one iteration (from its iteration:start up to the next), with runs of
    // test:progress collapsed to one "test:progress×N".
    QStringList iteration(int index) const
    {
        QStringList out;
        int seen = -1;
        for (const QString &n : names) {
            if (n == QStringLiteral("iteration:start"))
                ++seen;
            if (seen == index) {
                if (n == QStringLiteral("test:progress") && !out.isEmpty() && out.last().startsWith(n))
                    continue;
                out.append(n);
            }
            if (seen > index)
                break;
        }
        return out;
    }
};
