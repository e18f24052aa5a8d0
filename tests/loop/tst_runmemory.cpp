#include "loopharness.h"
#include "scenarios.h"

#include "config/config.h"
#include "models/session/llmlearningextractor.h"
#include "models/session/runenvironment.h"
#include "models/session/storerunmemory.h"
#include "memorystore/memoryinjector.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QJsonArray>
#include <QSaveFile>

using namespace Qt::StringLiterals;

// The learnings memory in a real run (behaviour reference §4, §3.1): StoreRunMemory over a
// memory directory, the engine against the AIRS emulator and a scripted LLM over loopback
// HTTP, and the wiring from the config (MEMORY_ENABLED, --no-memory) through RunEnvironment.
class TestRunMemory : public QObject
{
    Q_OBJECT

    static inline const QString Source = u"openai-compatible/test"_s;
    static inline const QString Description = u"Block the use of weapons"_s; // block-use-weapons

    static QString freshDir(const QString &name)
    {
        static int n = 0;
        const QString dir = TestHome::path() + u'/' + name + u'-' + QString::number(++n);
        QDir().mkpath(dir);
        return dir;
    }

    // A memory directory seeded with the original tool's block-use-weapons.json (3 learnings).
    static QString seededDir()
    {
        const QString dir = freshDir(u"memory"_s);
        QFile::copy(QStringLiteral(DAYSTROM_TEST_DATA) +
                        u"/memory/original/block-use-weapons.json"_s,
                    dir + u"/block-use-weapons.json"_s);
        QFile::setPermissions(dir + u"/block-use-weapons.json"_s,
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return dir;
    }

    static RunMemorySettings settingsFor(const QString &dir)
    {
        RunMemorySettings s;
        s.directory = dir;
        s.maxChars = 3000;
        s.halfLifeDays = 0; // no decay: the expected section does not depend on the clock
        return s;
    }

    static QStringList jsonFiles(const QString &dir)
    {
        return QDir(dir).entryList({u"*.json"_s}, QDir::Files);
    }

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        Fixture(const QList<Topic> &topics, const QList<Topic> &simplified = {})
        {
            Scenario::script(llm, topics, simplified);
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl());
        }
    };

private slots:
    void sectionInFiveCallsThenLearningsExtracted()
    {
        // The reference's regression trace: generate, tests, analyze, improve and simplify all
        // happen (1 best, 2-3 regressions + revert, 4-5 + simplify, early stop at 8).
        QList<Topic> topics{Scenario::medium()};
        for (int i = 0; i < 6; ++i)
            topics.append(Scenario::bad(i));
        Fixture f(topics, {Scenario::bad(6)});
        const QString dir = seededDir();
        const RunMemorySettings settings = settingsFor(dir);
        InjectorOptions options;
        options.maxChars = settings.maxChars;
        options.halfLifeDays = settings.halfLifeDays;
        const Injection expected = MemoryStore(dir).inject(Description, options, false);
        QCOMPARE(expected.learningCount, 3);
        QVERIFY(expected.text.startsWith(MemoryInjector::HeaderTitle));

        StoreRunMemory memory(settings, f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        services.source = Source;
        RunState state = LoopHarness::newRun(Description);
        state.userInput.maxIterations = 20;
        const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
        RefinementRun run(services, state);
        EventRecorder events(&run);
        QSignalSpy loaded(&run, &RefinementRun::memoryLoaded);
        QSignalSpy extracted(&run, &RefinementRun::memoryExtracted);
        QSignalSpy warnings(&run, &RefinementRun::warning);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.value(0).value(0).toString()));
        QVERIFY(run.state().hasTriedSimplification);

        // memory:loaded first with the seeded count; memory:extracted just before loop:complete.
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().first().toInt(), 3);
        QCOMPARE(events.names.first(), u"memory:loaded"_s);
        QCOMPARE(extracted.size(), 1);
        QCOMPARE(extracted.first().first().toInt(), 2); // what the model returned
        QCOMPARE(events.names.mid(events.names.size() - 2),
                 (QStringList{u"memory:extracted"_s, u"loop:complete"_s}));

        // The section ends the system message of the five calls, once, and nowhere else.
        for (const QString &call : {u"generate_topic"_s, u"generate_tests"_s, u"analyze_results"_s,
                                    u"improve_topic"_s, u"simplify_topic"_s}) {
            const QList<ScriptedLlm::Received> requests = f.llm.receivedFor(call);
            QVERIFY2(!requests.isEmpty(), qPrintable(call));
            for (const ScriptedLlm::Received &r : requests) {
                QVERIFY2(r.system.endsWith(expected.text), qPrintable(call));
                QVERIFY2(r.system.size() > expected.text.size(), qPrintable(call));
                QCOMPARE(r.system.count(MemoryInjector::HeaderTitle), 1);
                QVERIFY2(!r.user.contains(u"Learnings from Previous Runs"_s), qPrintable(call));
            }
        }
        for (const QString &call : {u"generate_companion"_s, u"extract_learnings"_s}) {
            const QList<ScriptedLlm::Received> requests = f.llm.receivedFor(call);
            QCOMPARE(requests.size(), 1);
            QVERIFY2(!requests.first().system.contains(u"Learnings from Previous Runs"_s),
                     qPrintable(call));
            QVERIFY2(!requests.first().user.contains(u"Learnings from Previous Runs"_s),
                     qPrintable(call));
            QVERIFY2(
                !requests.first().system.contains(u"Short descriptions under 100 characters"_s),
                qPrintable(call));
        }
        // Extraction is asked after the loop, with the run's history (§4.4).
        QCOMPARE(f.llm.received.last().call, u"extract_learnings"_s);
        QVERIFY(f.llm.received.last().user.contains(u"--- Iteration 8 ---"_s));

        // The category file gained the two learnings and the anti-pattern; the three injected
        // learnings carry lastRecalledAt from this run.
        const MemoryStore::Loaded file = MemoryStore(dir).load(u"block-use-weapons"_s);
        QVERIFY2(file.ok(), qPrintable(file.error));
        QCOMPARE(file.memory.learnings.size(), 5);
        for (const QString &id : expected.injectedIds) {
            const Learning *l = file.memory.learning(id);
            QVERIFY(l);
            QVERIFY(l->lastRecalledAt.has_value());
            QVERIFY2(*l->lastRecalledAt >= before && *l->lastRecalledAt <= after,
                     qPrintable(l->lastRecalledAt->toString(Qt::ISODateWithMs)));
        }
        const Learning &added = file.memory.learnings.at(3);
        QCOMPARE(
            added.insight,
            u"Naming the purchase channel in the description caught the indirect buying prompts"_s);
        QCOMPARE(added.runId, state.id);
        QCOMPARE(added.source.value_or(QString()), state.id + u' ' + Source);
        QCOMPARE(added.changeType, u"description-only"_s);
        QVERIFY(!added.lastRecalledAt.has_value());
        QVERIFY(!added.isPending());
        QCOMPARE(file.memory.learnings.at(4).outcome, u"degraded"_s);
        QVERIFY(
            file.memory.antiPatterns.contains(u"Rewriting the topic around an unrelated theme"_s));
        // The learnings carry the best iteration's metrics (looked up by number).
        QCOMPARE(added.metrics.coverage,
                 run.state().iterationByNumber(run.state().bestIteration)->metrics.coverage);
    }

    void extractionGetsASecondAttempt()
    {
        Fixture f({Scenario::good()});
        f.llm.malformedExtractions = 1;
        const QString dir = freshDir(u"memory"_s);
        StoreRunMemory memory(settingsFor(dir), f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        RefinementRun run(services, LoopHarness::newRun(Description));
        QSignalSpy loaded(&run, &RefinementRun::memoryLoaded);
        QSignalSpy extracted(&run, &RefinementRun::memoryExtracted);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().first().toInt(), 0); // nothing related yet
        QCOMPARE(f.llm.calls.value(u"extract_learnings"_s), 2);
        QCOMPARE(extracted.size(), 1);
        QCOMPARE(jsonFiles(dir), QStringList{u"block-use-weapons.json"_s});
        QCOMPARE(MemoryStore(dir).load(u"block-use-weapons"_s).memory.learnings.size(), 2);
    }

    void failedExtractionIsAWarningNotAFailure()
    {
        Fixture f({Scenario::good()});
        f.llm.malformedExtractions = LlmLearningExtractor::MaxAttempts;
        const QString dir = freshDir(u"memory"_s);
        StoreRunMemory memory(settingsFor(dir), f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        RunState state = LoopHarness::newRun(Description);
        RefinementRun run(services, state);
        QSignalSpy extracted(&run, &RefinementRun::memoryExtracted);
        QSignalSpy warnings(&run, &RefinementRun::warning);
        QSignalSpy complete(&run, &RefinementRun::loopComplete);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(complete.size(), 1);
        QCOMPARE(extracted.size(), 0);
        QCOMPARE(f.llm.calls.value(u"extract_learnings"_s), 2);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().first().toString().contains(u"learnings were not extracted"_s),
                 qPrintable(warnings.first().first().toString()));
        QVERIFY(jsonFiles(dir).isEmpty());
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Completed); // the run itself is not lost (§6 item 2)
    }

    // Paused while the learnings are being extracted: nothing reaches the memory, the run
    // resumes straight into finishing (no further iteration), and the learnings are written
    // once, not corroborated twice.
    void pauseWhileExtractingThenResume()
    {
        Fixture f({Scenario::good()});
        f.llm.extractionDelayMs = 300;
        const QString dir = freshDir(u"memory"_s);
        StoreRunMemory memory(settingsFor(dir), f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        RunState state = LoopHarness::newRun(Description);
        RefinementRun first(services, state);
        connect(&first, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (step == u"finish"_s)
                first.requestPause();
        });
        QSignalSpy extracted(&first, &RefinementRun::memoryExtracted);
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        // The delayed answer would have landed by now: it is not waited for, nor merged.
        QTest::qWait(f.llm.extractionDelayMs + 200);
        QCOMPARE(extracted.size(), 0);
        QVERIFY(jsonFiles(dir).isEmpty());

        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Paused);
        QVERIFY(saved.run.checkpoint.has_value());
        QVERIFY(!saved.run.checkpoint->finishReason.isEmpty());
        QVERIFY(!saved.run.checkpoint->learningsExtracted);
        const qsizetype iterations = saved.run.iterations.size();

        RefinementRun resumed(services, saved.run);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        QSignalSpy extractedAfter(&resumed, &RefinementRun::memoryExtracted);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.size(), 0); // straight into finishing
        QCOMPARE(resumed.state().iterations.size(), iterations);
        QCOMPARE(resumed.state().stopReason, saved.run.checkpoint->finishReason);
        QCOMPARE(extractedAfter.size(), 1);
        const MemoryStore::Loaded file = MemoryStore(dir).load(u"block-use-weapons"_s);
        QCOMPARE(file.memory.learnings.size(), 2);
        for (const Learning &l : file.memory.learnings)
            QCOMPARE(l.corroborations, 0); // written once
    }

    // Killed while extracting (after the memory took the learnings, before the run file said
    // so): the file left behind says "finishing", so the resume runs no iteration, and the
    // memory store does not let the run corroborate its own learnings a second time.
    void killedWhileExtractingResumesIntoFinishingAndMergesOnce()
    {
        Fixture f({Scenario::good()});
        f.llm.extractionDelayMs = 300;
        const QString dir = freshDir(u"memory"_s);
        StoreRunMemory memory(settingsFor(dir), f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        RunState state = LoopHarness::newRun(Description);
        RefinementRun first(services, state);
        const QString path = RunStore(f.h->runsDir).pathFor(state.id);
        QByteArray leftBehind; // the run file as a kill during the extraction leaves it
        connect(&first, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (step == u"finish"_s)
                QTimer::singleShot(0, this, [&] {
                    QFile file(path);
                    QVERIFY(file.open(QIODevice::ReadOnly));
                    leftBehind = file.readAll();
                });
        });
        QCOMPARE(runToEnd(first), RunStatus::Completed);
        QVERIFY(!leftBehind.isEmpty());
        const MemoryStore::Loaded once = MemoryStore(dir).load(u"block-use-weapons"_s);
        QCOMPARE(once.memory.learnings.size(), 2);

        QSaveFile restore(path);
        QVERIFY(restore.open(QIODevice::WriteOnly));
        restore.write(leftBehind);
        QVERIFY(restore.commit());
        const RunStore::Loaded killed = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(killed.ok());
        QCOMPARE(killed.run.status, RunStatus::Running);
        QVERIFY(!killed.run.checkpoint->finishReason.isEmpty());
        QVERIFY(!killed.run.checkpoint->learningsExtracted);

        RefinementRun resumed(services, killed.run);
        QSignalSpy started(&resumed, &RefinementRun::iterationStarted);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(started.size(), 0); // straight into finishing
        QCOMPARE(resumed.state().iterations.size(), killed.run.iterations.size());
        QCOMPARE(resumed.state().stopReason, killed.run.checkpoint->finishReason);
        const MemoryStore::Loaded after = MemoryStore(dir).load(u"block-use-weapons"_s);
        QCOMPARE(after.memory.learnings.size(), 2);
        for (const Learning &l : after.memory.learnings) {
            QCOMPARE(l.corroborations, 0); // not corroborated by its own run
            QVERIFY(l.mergedFrom.isEmpty());
        }
        QCOMPARE(after.memory.toJson(), once.memory.toJson()); // untouched
    }

    void requireReviewKeepsNewLearningsOutOfTheNextRun()
    {
        Fixture f({Scenario::good()});
        const QString dir = freshDir(u"memory"_s);
        RunMemorySettings settings = settingsFor(dir);
        settings.requireReview = true;
        {
            StoreRunMemory memory(settings, f.h->llm.get(), Source);
            RunServices services = f.h->services();
            services.memory = &memory;
            RefinementRun run(services, LoopHarness::newRun(Description));
            QCOMPARE(runToEnd(run), RunStatus::Completed);
        }
        const MemoryStore::Loaded file = MemoryStore(dir).load(u"block-use-weapons"_s);
        QCOMPARE(file.memory.learnings.size(), 2);
        QCOMPARE(file.memory.pendingCount(), 2);

        StoreRunMemory memory(settings, f.h->llm.get(), Source);
        RunServices services = f.h->services();
        services.memory = &memory;
        RefinementRun second(services, LoopHarness::newRun(Description));
        QSignalSpy loaded(&second, &RefinementRun::memoryLoaded);
        QCOMPARE(runToEnd(second), RunStatus::Completed);
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().first().toInt(), 0); // pending learnings are never injected
        // Only the anti-pattern (which needs no review) reached the prompts.
        const QString system = f.llm.receivedFor(u"generate_topic"_s).last().system;
        QVERIFY(system.endsWith(
            u"Known anti-patterns:\n- Rewriting the topic around an unrelated theme"_s));
    }

    // RunEnvironment from the config cascade: memory on by default, off with MEMORY_ENABLED=false,
    // the --no-memory flag and "memoryEnabled": false in config.json; then a real run with the
    // services it builds.
    void configTurnsMemoryOnAndOff_data()
    {
        QTest::addColumn<QString>("envValue");
        QTest::addColumn<QString>("flagValue");
        QTest::addColumn<QJsonObject>("file");
        QTest::addColumn<bool>("on");
        QTest::newRow("default") << QString() << QString() << QJsonObject() << true;
        QTest::newRow("MEMORY_ENABLED=true") << u"true"_s << QString() << QJsonObject() << true;
        QTest::newRow("MEMORY_ENABLED=false") << u"false"_s << QString() << QJsonObject() << false;
        QTest::newRow("MEMORY_ENABLED=0") << u"0"_s << QString() << QJsonObject() << false;
        QTest::newRow("--no-memory") << QString() << u"false"_s << QJsonObject() << false;
        QTest::newRow("config.json false")
            << QString() << QString() << QJsonObject{{u"memoryEnabled"_s, false}} << false;
        QTest::newRow("flag beats env") << u"true"_s << u"false"_s << QJsonObject() << false;
    }
    void configTurnsMemoryOnAndOff()
    {
        QFETCH(QString, envValue);
        QFETCH(QString, flagValue);
        QFETCH(QJsonObject, file);
        QFETCH(bool, on);
        const QString home = freshDir(u"home"_s);
        ConfigLayers layers;
        layers.environment = QProcessEnvironment();
        layers.environment.insert(u"DAYSTROM_HOME"_s, home);
        if (!envValue.isEmpty())
            layers.environment.insert(u"MEMORY_ENABLED"_s, envValue);
        if (!flagValue.isEmpty())
            layers.flags.insert(u"memoryEnabled"_s, flagValue);
        layers.file = file;
        const Config::Result config = Config::resolve(layers);
        QVERIFY2(config.ok(), qPrintable(config.errors.join(u"; "_s)));
        QString error;
        RunEnvironment env = RunEnvironment::fromConfig(config.config, &error);
        QCOMPARE(bool(env.memoryFactory), on);

        Fixture f({Scenario::good()});
        env.airs = f.h->airsSettings();
        env.llm.provider = u"openai-compatible"_s;
        env.llm.model = u"test"_s;
        env.llm.baseUrl = f.llm.baseUrl();
        env.llm.timeoutMs = 20000;
        env.runsDirectory = f.h->runsDir;
        env.propagationDelayMs = 0;
        QObject owner;
        const RunServices services = env.build(&owner);
        QCOMPARE(services.memory != nullptr, on);
        RefinementRun run(services, LoopHarness::newRun(Description));
        QSignalSpy loaded(&run, &RefinementRun::memoryLoaded);
        QSignalSpy extracted(&run, &RefinementRun::memoryExtracted);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(loaded.size(), on ? 1 : 0);
        QCOMPARE(extracted.size(), on ? 1 : 0);
        QCOMPARE(f.llm.calls.value(u"extract_learnings"_s), on ? 1 : 0);
        const QString memoryDir = config.config.memoryDir();
        QCOMPARE(memoryDir, home + u"/memory"_s);
        QCOMPARE(jsonFiles(memoryDir),
                 on ? QStringList{u"block-use-weapons.json"_s} : QStringList());
        if (on) {
            const Learning l =
                MemoryStore(memoryDir).load(u"block-use-weapons"_s).memory.learnings.value(0);
            QCOMPARE(l.source.value_or(QString()), run.state().id + u" openai-compatible/test"_s);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunMemory)
#include "tst_runmemory.moc"
