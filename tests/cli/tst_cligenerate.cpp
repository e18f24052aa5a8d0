#include "cli/generatecommand.h"
#include "cliprocess.h"
#include "domain/decision.h"
#include "memorystore/memorystore.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// `daystrom generate / resume / eval` as a person or a CI script runs them: real processes,
// real HTTP to the sandbox emulators, real files in a temporary DAYSTROM_HOME.
class TestCliGenerate : public QObject
{
    Q_OBJECT

    QString m_home;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        return e;
    }

    // Reads one process's stdout line by line until `until` matches a JSON event.
    static QList<QJsonObject> readEvents(QProcess &p, const std::function<bool(const QJsonObject &)> &until, int timeoutMs)
    {
        QList<QJsonObject> events;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            if (!p.canReadLine() && !p.waitForReadyRead(200) && p.state() == QProcess::NotRunning)
                break;
            while (p.canReadLine()) {
                const QJsonObject o = QJsonDocument::fromJson(p.readLine()).object();
                events.append(o);
                if (until(o))
                    return events;
            }
        }
        return events;
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/cli-home-"_s + QString::number(++n);
    }

    void flags_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("no topic") << QStringList{u"--profile"_s, u"p"_s} << u"--topic is required"_s;
        QTest::newRow("no profile") << QStringList{u"--topic"_s, u"t"_s} << u"--profile is required"_s;
        QTest::newRow("bad intent") << QStringList{u"--topic"_s, u"t"_s, u"--profile"_s, u"p"_s, u"--intent"_s, u"deny"_s}
                                    << u"--intent must be block or allow"_s;
        QTest::newRow("iterations out of range") << QStringList{u"--topic"_s, u"t"_s, u"--profile"_s, u"p"_s, u"--max-iterations"_s, u"0"_s}
                                                 << u"--max-iterations must be a whole number from 1 to 100"_s;
        QTest::newRow("coverage not a number") << QStringList{u"--topic"_s, u"t"_s, u"--profile"_s, u"p"_s, u"--target-coverage"_s, u"high"_s}
                                               << u"--target-coverage must be a number from 10 to 100"_s;
        QTest::newRow("events format") << QStringList{u"--topic"_s, u"t"_s, u"--profile"_s, u"p"_s, u"--events"_s, u"xml"_s}
                                       << u"--events supports only jsonl"_s;
        const QStringList base{u"--topic"_s, u"t"_s, u"--profile"_s, u"p"_s};
        QTest::newRow("response tests for allow") << base + QStringList{u"--intent"_s, u"allow"_s, u"--response-tests"_s, u"10"_s}
                                                  << u"response tests need block intent"_s;
        QTest::newRow("both without responses") << base + QStringList{u"--directions"_s, u"both"_s}
                                                << u"deciding on both directions needs response tests"_s;
        QTest::newRow("bad directions") << base + QStringList{u"--directions"_s, u"response"_s}
                                        << u"--directions must be prompt or both"_s;
        QTest::newRow("too many responses") << base + QStringList{u"--response-tests"_s, u"5000"_s}
                                            << u"--response-tests must be a whole number from 0 to 400"_s;
        QTest::newRow("unknown family") << base + QStringList{u"--robustness-families"_s, u"typos,rot13"_s}
                                        << u"unknown rewrite family \"rot13\""_s;
        QTest::newRow("both robustness flags") << base + QStringList{u"--robustness"_s, u"--robustness-families"_s, u"typos"_s}
                                               << u"not both"_s;
        QTest::newRow("robustness without a benchmark") << base + QStringList{u"--robustness"_s, u"--benchmark"_s, u"0"_s}
                                                        << u"needs a benchmark"_s;
        QTest::newRow("unknown flag") << QStringList{u"--topic"_s, u"t"_s, u"--frobnicate"_s} << u"Unknown option 'frobnicate'"_s;
    }
    void flags()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QString out, err;
        QTextStream o(&out), e(&err);
        CliContext ctx{o, e, env()};
        GenerateArgs parsed;
        bool help = false;
        const QString got = parseGenerateArgs(args, &parsed, &help, ctx);
        QVERIFY2(got.contains(error), qPrintable(got));
    }

    void flagsParsed()
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        CliContext ctx{o, e, env()};
        GenerateArgs a;
        bool help = false;
        QCOMPARE(parseGenerateArgs({u"--topic"_s, u" Block weapons "_s, u"--profile"_s, u"lab"_s, u"--intent"_s, u"ALLOW"_s,
                                    u"--seed"_s, u"one"_s, u"--seed"_s, u"two"_s, u"--target-coverage"_s, u"87.5"_s,
                                    u"--max-accumulated-tests"_s, u"60"_s, u"--accumulate-tests"_s, u"--no-memory"_s,
                                    u"--provider"_s, u"openai"_s, u"--concurrency"_s, u"9"_s},
                                   &a, &help, ctx),
                 QString());
        QCOMPARE(a.settings.topicDescription, u"Block weapons"_s);
        QCOMPARE(a.settings.intent, Intent::Allow);
        QCOMPARE(a.settings.seedExamples, (QStringList{u"one"_s, u"two"_s}));
        QCOMPARE(a.settings.targetCoverage, 0.875); // decimals kept (the original dropped them)
        QCOMPARE(a.settings.maxAccumulatedTests.value_or(0), 60);
        QVERIFY(a.settings.accumulateTests);
        QCOMPARE(a.configFlags.value(u"memoryEnabled"_s), u"false"_s);
        QCOMPARE(a.configFlags.value(u"llmProvider"_s), u"openai"_s);
        QCOMPARE(a.configFlags.value(u"scanConcurrency"_s), u"9"_s);
    }

    void jsonlEventsOnly()
    {
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                              u"--max-iterations"_s, u"2"_s, u"--events"_s, u"jsonl"_s});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY(CliProcess::completed(p.exitCode()));
        const QList<QByteArray> lines = p.readAllStandardOutput().split('\n');
        QStringList types;
        for (const QByteArray &line : lines) {
            if (line.isEmpty())
                continue;
            QJsonParseError pe;
            const QJsonObject o = QJsonDocument::fromJson(line, &pe).object();
            QVERIFY2(pe.error == QJsonParseError::NoError && o.contains(u"type"_s), line.constData());
            types.append(o.value(u"type"_s).toString());
        }
        // Memory is on by default: memory:loaded comes first, memory:extracted just before the end.
        QCOMPARE(types.first(), u"memory:loaded"_s);
        QCOMPARE(types.at(1), u"iteration:start"_s);
        QCOMPARE(types.at(types.size() - 2), u"memory:extracted"_s);
        QCOMPARE(types.last(), u"loop:complete"_s);
        QCOMPARE(types.count(u"iteration:complete"_s), 2);
        QVERIFY(types.contains(u"companion:created"_s));
        QVERIFY(types.count(u"test:progress"_s) > 20);
    }

    // Memory is on by default: the first run writes learnings, the second loads them.
    // --no-memory and MEMORY_ENABLED=false neither read nor write the memory.
    // A person reading the run sees each iteration's benchmark figures with their intervals.
    // Issue 44: generate exits as eval's gate does. 0 when an iteration reached the target, 1
    // when the run completed below it (said on stderr); which one is read from the run file.
    void exitCodeSaysWhetherTheTargetWasReached_data()
    {
        QTest::addColumn<QString>("maxIterations");
        QTest::addColumn<int>("code");
        QTest::newRow("one iteration: below the target") << u"1"_s << 1;
        QTest::newRow("eight: the target reached") << u"8"_s << 0;
    }
    void exitCodeSaysWhetherTheTargetWasReached()
    {
        QFETCH(QString, maxIterations);
        QFETCH(int, code);
        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"generate"_s, u"--sandbox"_s, u"--topic"_s,
                                              u"Block requests to buy, build or obtain guns and explosives"_s,
                                              u"--max-iterations"_s, maxIterations},
                                             env(), 180000);
        const RunStore::Listing listing = RunStore(m_home + u"/sandbox/runs"_s).list();
        QCOMPARE(listing.runs.size(), 1);
        const RunStore::Loaded run = RunStore(m_home + u"/sandbox/runs"_s).load(listing.runs.first().id);
        QVERIFY(run.ok());
        QCOMPARE(run.run.status, RunStatus::Completed);
        // The exit code reads the recorded decision; computed again from the iterations it agrees.
        QVERIFY(run.run.decision.has_value());
        QCOMPARE(run.run.decision->targetReached(), code == 0);
        QCOMPARE(Decision(run.run.userInput).firstIterationAtTarget(run.run), run.run.decision->iterationAtTarget);
        QVERIFY2(r.code == code, qPrintable(u"exit %1: %2"_s.arg(r.code).arg(r.err.right(800))));
        QCOMPARE(r.err.contains(u"daystrom: the run ended below its target coverage of 90.0% (exit 1)"_s), code == 1);
    }

    // Issue 54: a topic whose last word has no letter or digit (a dash, a star, a terminal
    // colour code) hung the sandbox's subject reading at 100 % CPU. Each run now completes, and
    // its topic is about the weapons the text names.
    void hostileTopicEndingsComplete_data()
    {
        QTest::addColumn<QString>("topic");
        QTest::newRow("dashes") << u"Block requests to buy weapons --"_s;
        QTest::newRow("star") << u"Block requests to buy weapons \u2605"_s;
        QTest::newRow("colour code") << u"Block requests to buy weapons \x1b[0m"_s;
        QTest::newRow("only punctuation") << u"-- \u2605 --"_s;
    }
    void hostileTopicEndingsComplete()
    {
        QFETCH(QString, topic);
        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"generate"_s, u"--sandbox"_s, u"--topic"_s, topic,
                                              u"--max-iterations"_s, u"1"_s, u"--benchmark"_s, u"10"_s},
                                             env(), 120000);
        QVERIFY2(CliProcess::completed(r.code), qPrintable(u"exit %1: %2"_s.arg(r.code).arg(r.err.right(800))));
        const RunStore::Listing listing = RunStore(m_home + u"/sandbox/runs"_s).list();
        QCOMPARE(listing.runs.size(), 1);
        QCOMPARE(listing.runs.first().status, RunStatus::Completed);
        if (topic.contains(u"weapons"_s))
            QVERIFY2(listing.runs.first().topicName.contains(u"weapons"_s, Qt::CaseInsensitive),
                     qPrintable(listing.runs.first().topicName));
    }

    void humanOutputShowsTheBenchmark()
    {
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                              u"--max-iterations"_s, u"2"_s, u"--benchmark"_s, u"30"_s});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY(CliProcess::completed(p.exitCode()));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QCOMPARE(out.count(u"(30 held-out prompts)"_s), 2);
        QVERIFY2(QRegularExpression(u"benchmark: coverage [0-9.]+% \\[[0-9.]+%–[0-9.]+%\\]"_s).match(out).hasMatch(), qPrintable(out));
        QVERIFY2(out.contains(u"Best: iteration "_s) && out.contains(u", benchmark coverage "_s), qPrintable(out));
    }

    // Issue 43: the response side and the robustness table, as a person reading the run sees
    // them, and the extra scans said before the run starts.
    void humanOutputShowsResponsesAndRobustness()
    {
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                              u"--max-iterations"_s, u"2"_s, u"--benchmark"_s, u"30"_s, u"--response-tests"_s, u"12"_s,
                                              u"--robustness-families"_s, u"typos, leetspeak,translation-de"_s,
                                              u"--robustness-sample"_s, u"10"_s, u"--directions"_s, u"both"_s});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY(CliProcess::completed(p.exitCode()));
        QVERIFY2(err.contains(u"Extra tests: 12 response tests and up to 30 robustness rewrites (3 families), scanned in every "
                              u"iteration (42 more scans each); 2 LLM calls at the start."_s),
                 qPrintable(err));
        QCOMPARE(out.count(u"(12 prompt+response pairs)"_s), 2);
        QVERIFY2(QRegularExpression(u"responses: coverage [0-9.]+% \\[[0-9.]+%–[0-9.]+%\\]"_s).match(out).hasMatch(), qPrintable(out));
        QCOMPARE(out.count(u"robustness (coverage kept under each rewrite; not in the decision):"_s), 2);
        for (const QString &family : {u"as-written"_s, u"typos"_s, u"leetspeak"_s, u"translation-de"_s})
            QCOMPARE(out.count(QRegularExpression(u"^    "_s + family + u" +[0-9.]+% +[0-9.]+% +[0-9.]+% +(10|[1-9])$"_s,
                                                  QRegularExpression::MultilineOption)), 2);
        QVERIFY2(out.contains(u"Best: iteration "_s) && out.contains(u", the weaker direction's coverage "_s), qPrintable(out));

        // report --format json, for scripts: per iteration responseMetrics and robustness.
        const QString id = QRegularExpression(u"Run ([A-Za-z0-9_-]{21}) completed"_s).match(out).captured(1);
        QVERIFY(!id.isEmpty());
        QProcess report;
        report.setProcessEnvironment(env());
        report.start(QStringLiteral(DAYSTROM_CLI), {u"report"_s, id, u"--sandbox"_s, u"--format"_s, u"json"_s});
        QVERIFY(report.waitForFinished(60000));
        QCOMPARE(report.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(report.readAllStandardOutput()).object();
        const QJsonArray iterations = json.value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 2);
        for (const QJsonValue &v : iterations) {
            const QJsonObject it = v.toObject();
            const QJsonObject rm = it.value(u"responseMetrics"_s).toObject();
            for (const QString &key : {u"tpr"_s, u"tnr"_s, u"coverage"_s})
                QVERIFY2(rm.value(key).isDouble() && rm.value(u"intervals"_s).toObject().value(key).toArray().size() == 2, qPrintable(key));
            const QJsonArray rows = it.value(u"robustness"_s).toArray();
            QCOMPARE(rows.size(), 4);
            QCOMPARE(rows.at(1).toObject().value(u"family"_s).toString(), u"typos"_s);
            QCOMPARE(rows.at(0).toObject().value(u"n"_s).toInt(), 10); // the sample as written
            QVERIFY(rows.at(1).toObject().value(u"n"_s).toInt() > 0); // a typo may leave a short prompt as it was
        }
        QCOMPARE(json.value(u"run"_s).toObject().value(u"decideOnDirections"_s).toString(), u"both"_s);
    }

    void generateUsesMemoryUnlessTurnedOff_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("enabled"); // MEMORY_ENABLED, empty = unset
        QTest::addColumn<bool>("on");
        QTest::newRow("default") << QStringList() << QString() << true;
        QTest::newRow("--no-memory") << QStringList{u"--no-memory"_s} << QString() << false;
        QTest::newRow("MEMORY_ENABLED=false") << QStringList() << u"false"_s << false;
    }
    void generateUsesMemoryUnlessTurnedOff()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, enabled);
        QFETCH(bool, on);
        QProcessEnvironment e = env();
        if (!enabled.isEmpty())
            e.insert(u"MEMORY_ENABLED"_s, enabled);
        const QString memoryDir = m_home + u"/sandbox/memory"_s; // a sandbox run's own memory
        for (int round = 0; round < 2; ++round) {
            QProcess p;
            p.setProcessEnvironment(e);
            p.start(QStringLiteral(DAYSTROM_CLI), QStringList{u"generate"_s, u"--sandbox"_s, u"--topic"_s,
                                                              u"Block requests to buy weapons"_s, u"--max-iterations"_s,
                                                              u"2"_s, u"--events"_s, u"jsonl"_s} + flags);
            QVERIFY(p.waitForFinished(120000));
            QVERIFY(CliProcess::completed(p.exitCode()));
            QStringList types;
            int loadedCount = -1;
            for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                if (o.isEmpty())
                    continue;
                types.append(o.value(u"type"_s).toString());
                if (types.last() == "memory:loaded"_L1)
                    loadedCount = o.value(u"learningCount"_s).toInt();
            }
            QCOMPARE(types.last(), u"loop:complete"_s);
            QCOMPARE(types.contains(u"memory:loaded"_s), on);
            QCOMPARE(types.contains(u"memory:extracted"_s), on);
            if (on)
                QCOMPARE(loadedCount > 0, round == 1); // the second run reads what the first wrote
        }
        QVERIFY(!QFileInfo::exists(m_home + u"/memory"_s)); // never the real memory
        if (!on) {
            QVERIFY2(!QFileInfo::exists(memoryDir), qPrintable(QDir(memoryDir).entryList().join(u", "_s)));
            return;
        }
        QCOMPARE(QDir(memoryDir).entryList({u"*.json"_s}, QDir::Files), QStringList{u"block-buy-requests-weapons.json"_s});
        const MemoryStore::Loaded m = MemoryStore(memoryDir).load(u"block-buy-requests-weapons"_s);
        QVERIFY(!m.memory.learnings.isEmpty());
        const Learning &first = m.memory.learnings.first();
        QVERIFY(first.source.value_or(QString()).endsWith(u" openai-compatible/daystrom-sandbox"_s));
        QVERIFY(first.lastRecalledAt.has_value()); // injected into the second run
    }

    void sigkillThenResumeLosesNothing()
    {
        QProcess sandbox;
        sandbox.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"serve"_s});
        QByteArray banner;
        QTRY_VERIFY_WITH_TIMEOUT((banner += sandbox.readAllStandardOutput()).contains("Serving until"), 10000);
        QProcessEnvironment e = env();
        for (const QString &line : QString::fromUtf8(banner).split(u'\n')) {
            const QRegularExpressionMatch m = QRegularExpression(u"^\\s+([A-Z_]+)=(\\S+)$"_s).match(line);
            if (m.hasMatch())
                e.insert(m.captured(1), m.captured(2));
        }
        QVERIFY(e.contains(u"OPENAI_BASE_URL"_s));
        e.insert(u"PROPAGATION_DELAY_MS"_s, u"0"_s);
        const QStringList common{u"--topic"_s, u"Block requests to buy or build weapons"_s, u"--profile"_s, u"daystrom-sandbox"_s,
                                 u"--max-iterations"_s, u"5"_s, u"--target-coverage"_s, u"100"_s, u"--max-regressions"_s, u"0"_s,
                                 u"--events"_s, u"jsonl"_s};
        QProcess gen;
        gen.setProcessEnvironment(e);
        gen.start(QStringLiteral(DAYSTROM_CLI), QStringList{u"generate"_s} + common);
        const QList<QJsonObject> seen = readEvents(gen, [](const QJsonObject &o) {
            return o.value(u"type"_s).toString() == "iteration:complete"_L1
                   && o.value(u"result"_s).toObject().value(u"iteration"_s).toInt() == 2;
        }, 60000);
        gen.kill(); // SIGKILL: no chance to save anything more
        QVERIFY(gen.waitForFinished(5000));
        QVERIFY(!seen.isEmpty());
        const QString runId = RunStore(m_home + u"/runs"_s).list().runs.value(0).id;
        QVERIFY(!runId.isEmpty());
        const RunStore::Loaded killed = RunStore(m_home + u"/runs"_s).load(runId);
        QVERIFY2(killed.ok(), qPrintable(killed.error));
        QCOMPARE(killed.run.status, RunStatus::Running); // it never got to say otherwise
        QVERIFY(killed.run.iterations.size() >= 2);
        const IterationResult firstBefore = killed.run.iterations.first();

        QProcess resume;
        resume.setProcessEnvironment(e);
        resume.start(QStringLiteral(DAYSTROM_CLI), {u"resume"_s, runId, u"--events"_s, u"jsonl"_s});
        QVERIFY(resume.waitForFinished(120000));
        QVERIFY(CliProcess::completed(resume.exitCode()));
        const RunStore::Loaded done = RunStore(m_home + u"/runs"_s).load(runId);
        QVERIFY(done.ok());
        QCOMPARE(done.run.status, RunStatus::Completed);
        QList<int> numbers;
        for (const IterationResult &it : done.run.iterations)
            numbers.append(it.iteration);
        QCOMPARE(numbers, (QList<int>{1, 2, 3, 4, 5}));
        QCOMPARE(done.run.iterations.first(), firstBefore); // nothing recorded was lost or changed
        // The resumed iterations updated the same AIRS topic, and the run removed it at the end.
        QStringList appliedIds;
        for (const QByteArray &line : resume.readAllStandardOutput().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value(u"type"_s).toString() == "apply:complete"_L1)
                appliedIds.append(o.value(u"topicId"_s).toString());
        }
        QVERIFY(!appliedIds.isEmpty());
        QCOMPARE(appliedIds.first(), killed.run.checkpoint->topicId);
        QCOMPARE(appliedIds.last(), killed.run.checkpoint->topicId);
        QVERIFY(!done.run.tenant.has_value());
        sandbox.terminate();
        QVERIFY(sandbox.waitForFinished(5000));
    }

    void interruptPausesCleanly()
    {
        QProcess gen;
        gen.setProcessEnvironment(env());
        gen.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                                u"--max-iterations"_s, u"8"_s, u"--target-coverage"_s, u"100"_s,
                                                u"--events"_s, u"jsonl"_s});
        const QList<QJsonObject> seen = readEvents(gen, [](const QJsonObject &o) {
            return o.value(u"type"_s).toString() == "iteration:complete"_L1;
        }, 60000);
        QVERIFY(!seen.isEmpty());
        gen.terminate(); // SIGTERM, handled like Ctrl+C
        QVERIFY(gen.waitForFinished(20000));
        QCOMPARE(gen.exitCode(), 4);
        const RunStore::Listing listing = RunStore(m_home + u"/sandbox/runs"_s).list(); // the sandbox's own
        QCOMPARE(listing.runs.size(), 1);
        QCOMPARE(listing.runs.first().status, RunStatus::Paused);
        QVERIFY(listing.runs.first().iterationCount >= 1);
    }

    void evalLabelledPrompts()
    {
        QDir().mkpath(m_home);
        QFile csv(m_home + u"/prompts.csv"_s);
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("prompt,expected,intent\n\"hello, how are you\",false,block\nbake bread,false,block\n");
        csv.close();
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"eval"_s, u"--sandbox"_s, u"--prompts"_s, csv.fileName(), u"--format"_s, u"json"_s});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(o.value(u"metrics"_s).toObject().value(u"trueNegatives"_s).toInt(), 2);

        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("prompt,expected\nfine,true\n\"unterminated,false\n");
        csv.close();
        QProcess bad;
        bad.setProcessEnvironment(env());
        bad.start(QStringLiteral(DAYSTROM_CLI), {u"eval"_s, u"--sandbox"_s, u"--prompts"_s, csv.fileName()});
        QVERIFY(bad.waitForFinished(30000));
        QCOMPARE(bad.exitCode(), 2);
        const QString err = QString::fromUtf8(bad.readAllStandardError());
        QVERIFY2(err.contains(u"line 3"_s), qPrintable(err));
    }

    // A report's CSV (the original's --save-tests format) reads back as labelled prompts.
    void reportCsvReadsBackIntoEval()
    {
        QDir().mkpath(m_home);
        QFile csv(m_home + u"/exported.csv"_s);
        QVERIFY(csv.open(QIODevice::WriteOnly));
        // As `daystrom report <id> --format csv` writes it: the label is expected_triggered,
        // not the scan's verdict in actual_triggered.
        csv.write("prompt,expected_triggered,category,source,actual_triggered,correct\n"
                  "\"bake bread\",false,\"unrelated\",generated,true,false\n"
                  "\"hello, how are you\",false,\"greeting\",carried-fp,false,true");
        csv.close();
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"eval"_s, u"--sandbox"_s, u"--prompts"_s, csv.fileName(), u"--format"_s, u"json"_s});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QJsonObject metrics =
            QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(u"metrics"_s).toObject();
        QCOMPARE(metrics.value(u"trueNegatives"_s).toInt() + metrics.value(u"falsePositives"_s).toInt(), 2);
        QCOMPARE(metrics.value(u"truePositives"_s).toInt() + metrics.value(u"falseNegatives"_s).toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliGenerate)
#include "tst_cligenerate.moc"
