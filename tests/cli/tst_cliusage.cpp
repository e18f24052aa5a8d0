#include "cliprocess.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// Usage, cost and the budget as a person or a script meets them (issue 19, item 6): the real
// `daystrom` binary against `daystrom sandbox serve` over loopback, files in a temporary
// DAYSTROM_HOME. A budget stop exits 4 with the reason in the run file; a resume with a higher
// budget completes it, the totals keep growing; report --format json carries the usage.
class TestCliUsage : public QObject
{
    Q_OBJECT

    QString m_home;
    QProcess m_sandbox;
    QProcessEnvironment m_env; // pointed at the sandbox's emulators

    static constexpr int Timeout = 120000;

    void writeConfig(const QByteArray &json) const
    {
        QDir().mkpath(m_home);
        QFile f(m_home + u"/config.json"_s);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json);
    }

    CliProcess daystrom(const QStringList &args) const
    {
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, m_env, Timeout);
    }

    static QStringList generateArgs()
    {
        return {u"generate"_s,
                u"--topic"_s,
                u"Block requests to buy or build weapons"_s,
                u"--profile"_s,
                u"daystrom-sandbox"_s,
                u"--max-iterations"_s,
                u"3"_s,
                u"--target-coverage"_s,
                u"100"_s,
                u"--max-regressions"_s,
                u"0"_s};
    }

    RunState onlyRun() const
    {
        const RunStore store(m_home + u"/runs"_s);
        const QString id = store.list().runs.value(0).id;
        const RunStore::Loaded loaded = store.load(id);
        if (!loaded.ok())
            qWarning().noquote() << loaded.error;
        return loaded.run;
    }

    static QJsonObject reportJson(const CliProcess &p)
    {
        return QJsonDocument::fromJson(p.out.toUtf8()).object();
    }

    static void verifyUsageObject(const QJsonValue &v)
    {
        QVERIFY(v.isObject());
        const QJsonObject o = v.toObject();
        for (const char *key :
             {"inputTokens", "outputTokens", "llmCalls", "scans", "estimatedCost"})
            QVERIFY2(o.contains(QLatin1StringView(key)), key);
    }

private slots:
    void initTestCase()
    {
        m_sandbox.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"serve"_s});
        QByteArray banner;
        QTRY_VERIFY_WITH_TIMEOUT(
            (banner += m_sandbox.readAllStandardOutput()).contains("Serving until"), 10000);
        m_env = QProcessEnvironment::systemEnvironment();
        for (const QString &line : QString::fromUtf8(banner).split(u'\n')) {
            const QRegularExpressionMatch m =
                QRegularExpression(u"^\\s+([A-Z_]+)=(\\S+)$"_s).match(line);
            if (m.hasMatch())
                m_env.insert(m.captured(1), m.captured(2));
        }
        QVERIFY(m_env.contains(u"OPENAI_BASE_URL"_s));
        m_env.insert(u"PROPAGATION_DELAY_MS"_s, u"0"_s);
        m_env.insert(u"LLM_MODEL"_s, u"daystrom-sandbox"_s); // the name config.json prices
    }

    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/usage-home-"_s + QString::number(++n);
        QDir().mkpath(m_home);
        m_env.insert(u"DAYSTROM_HOME"_s, m_home);
        m_env.insert(u"HOME"_s, m_home);
    }

    void cleanupTestCase()
    {
        m_sandbox.terminate();
        m_sandbox.waitForFinished(5000);
    }

    void tokenBudgetStopsAndAHigherOneCompletes()
    {
        // A sandbox run of three iterations takes about 15,000 tokens.
        const CliProcess paused =
            daystrom(generateArgs() + QStringList{u"--max-tokens"_s, u"10000"_s});
        QCOMPARE(paused.code, 4);
        QVERIFY2(paused.out.contains(
                     u"Reason: paused: the token budget would be exceeded by the next LLM call"_s),
                 qPrintable(paused.out));
        QVERIFY(paused.out.contains(u"Usage: tokens "_s));
        const RunState first = onlyRun();
        QCOMPARE(first.status, RunStatus::Paused);
        QVERIFY2(first.stopReason.startsWith(
                     u"paused: the token budget would be exceeded by the next LLM call ("_s),
                 qPrintable(first.stopReason));
        QVERIFY(first.stopReason.contains(u" of 10,000 tokens used"_s));
        QCOMPARE(first.userInput.maxTokens.value_or(0), 10000);
        QVERIFY(first.usage.llmCalls > 0 && first.usage.scans > 0);
        QVERIFY(first.usage.totalTokens() <= 10000);
        QVERIFY(first.iterations.size() < 3);

        // The same or a lower budget is refused: the run has used more already.
        const CliProcess low = daystrom({u"resume"_s, first.id, u"--max-tokens"_s, u"5"_s});
        QCOMPARE(low.code, 2);
        QCOMPARE(low.errLines().size(), 1);
        QVERIFY2(low.err.contains(u"is not above the "_s), qPrintable(low.err));

        const CliProcess resumed =
            daystrom({u"resume"_s, first.id, u"--max-tokens"_s, u"200000"_s});
        QVERIFY(CliProcess::completed(resumed.code));
        const RunState done = onlyRun();
        QCOMPARE(done.id, first.id);
        QCOMPARE(done.status, RunStatus::Completed);
        QCOMPARE(done.iterations.size(), 3);
        QCOMPARE(done.userInput.maxTokens.value_or(0), 200000);
        QVERIFY(done.usage.inputTokens > first.usage.inputTokens); // kept growing, not reset
        QVERIFY(done.usage.outputTokens > first.usage.outputTokens);
        QVERIFY(done.usage.llmCalls > first.usage.llmCalls);
        QVERIFY(done.usage.scans > first.usage.scans);
        for (const IterationResult &it : first.iterations) // recorded before the pause: unchanged
            QCOMPARE(done.iterationByNumber(it.iteration)->usage, it.usage);

        const CliProcess report = daystrom({u"report"_s, first.id, u"--format"_s, u"json"_s});
        QCOMPARE(report.code, 0);
        const QJsonObject json = reportJson(report);
        verifyUsageObject(json.value(u"run"_s).toObject().value(u"usage"_s));
        QCOMPARE(json.value(u"run"_s).toObject().value(u"usage"_s).toObject(), done.usage.toJson());
        const QJsonArray iterations = json.value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 3);
        qint64 inside = 0;
        for (const QJsonValue &it : iterations) {
            verifyUsageObject(it.toObject().value(u"usage"_s));
            const QJsonObject u = it.toObject().value(u"usage"_s).toObject();
            QVERIFY(u.value(u"llmCalls"_s).toInt() >= 3);
            QVERIFY(u.value(u"estimatedCost"_s).isNull()); // no price table: cost unknown
            inside += u.value(u"inputTokens"_s).toInteger();
        }
        QVERIFY(inside > 0 && inside < done.usage.inputTokens); // + benchmark set, learnings

        const CliProcess text = daystrom({u"report"_s, first.id});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(u"  Usage:       tokens "_s), qPrintable(text.out));
        QVERIFY(text.out.contains(u"    #3       tokens "_s));
        QVERIFY(text.out.contains(u"  Budget:      200,000 tokens"_s));
        const CliProcess runs = daystrom({u"runs"_s});
        QCOMPARE(runs.code, 0);
        QVERIFY2(runs.out.contains(u"LLM calls · "_s) && runs.out.contains(u"cost unknown"_s),
                 qPrintable(runs.out));
    }

    void costBudgetWithAPriceTable()
    {
        writeConfig(
            R"({"llmPrices": {"daystrom-sandbox": {"inputPerMillion": 150, "outputPerMillion": 10}}})");
        // The first call is estimated with its whole 8,192-token output cap (about $0.15); the
        // whole run costs about $1.30.
        const CliProcess paused = daystrom(generateArgs() + QStringList{u"--max-cost"_s, u"0.7"_s});
        QCOMPARE(paused.code, 4);
        const RunState first = onlyRun();
        QCOMPARE(first.status, RunStatus::Paused);
        QVERIFY2(first.stopReason.startsWith(
                     u"paused: the cost budget would be exceeded by the next LLM call ($"_s),
                 qPrintable(first.stopReason));
        QVERIFY(first.stopReason.endsWith(u"resume with a higher --max-cost"_s));
        QVERIFY(first.usage.estimatedCost && *first.usage.estimatedCost > 0 &&
                *first.usage.estimatedCost <= 0.7);
        QVERIFY(paused.out.contains(u"est. $"_s));

        const CliProcess resumed = daystrom({u"resume"_s, first.id, u"--max-cost"_s, u"$50"_s});
        QVERIFY(CliProcess::completed(resumed.code));
        const RunState done = onlyRun();
        QCOMPARE(done.status, RunStatus::Completed);
        QCOMPARE(done.userInput.maxCost.value_or(0), 50.0);
        QVERIFY(done.usage.estimatedCost && *done.usage.estimatedCost > *first.usage.estimatedCost);
        const double expected =
            (double(done.usage.inputTokens) * 150 + double(done.usage.outputTokens) * 10) / 1e6;
        QVERIFY(qAbs(*done.usage.estimatedCost - expected) < 1e-9);
        const QJsonObject json =
            reportJson(daystrom({u"report"_s, first.id, u"--format"_s, u"json"_s}));
        QVERIFY(json.value(u"run"_s)
                    .toObject()
                    .value(u"usage"_s)
                    .toObject()
                    .value(u"estimatedCost"_s)
                    .isDouble());
        QCOMPARE(json.value(u"run"_s).toObject().value(u"maxCost"_s).toDouble(), 50.0);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("config"); // config.json, when not empty
        QTest::addColumn<QString>("error");
        const QStringList gen = generateArgs();
        const QString tokens =
            u"--max-tokens must be a whole number of tokens from 1 to 1,000,000,000,000"_s;
        const QString cost =
            u"--max-cost must be an amount in US dollars above 0 and at most 1,000,000"_s;
        for (const char *v : {"0", "-5", "nan", "abc", "2.5", "1000000000001"})
            QTest::addRow("max-tokens %s", v)
                << gen + QStringList{u"--max-tokens=%1"_s.arg(QLatin1StringView(v))} << QByteArray()
                << tokens;
        for (const char *v : {"nan", "-1", "0", "inf", "lots"})
            QTest::addRow("max-cost %s", v)
                << gen + QStringList{u"--max-cost=%1"_s.arg(QLatin1StringView(v))} << QByteArray()
                << cost;
        QTest::newRow("resume max-tokens")
            << QStringList{u"resume"_s, u"someid"_s, u"--max-tokens"_s, u"0"_s} << QByteArray()
            << tokens;
        QTest::newRow("resume max-cost")
            << QStringList{u"resume"_s, u"someid"_s, u"--max-cost"_s, u"nan"_s} << QByteArray()
            << cost;
        QTest::newRow("max-cost without a price")
            << gen + QStringList{u"--max-cost"_s, u"1"_s} << QByteArray()
            << u"--max-cost needs a price for the model: add \"daystrom-sandbox\""_s;
        QTest::newRow("sandbox max-cost without a price")
            << QStringList{u"generate"_s, u"--sandbox"_s,  u"--topic"_s,
                           u"t"_s,        u"--max-cost"_s, u"1"_s}
            << QByteArray() << u"--max-cost needs a price for the model"_s;
        QTest::newRow("llmPrices not an object") << gen << QByteArray(R"({"llmPrices": 5})")
                                                 << u"config.json llmPrices must be an object"_s;
        QTest::newRow("llmPrices entry")
            << gen << QByteArray(R"({"llmPrices": {"m": {"inputPerMillion": -1}}})")
            << u"the entry for model \"m\" has inputPerMillion -1"_s;
        QTest::newRow("llmPrices sandbox")
            << QStringList{u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"t"_s}
            << QByteArray(R"({"llmPrices": {"m": {"outputPerMillion": 1}}})")
            << u"has no inputPerMillion"_s;
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, config);
        QFETCH(QString, error);
        if (!config.isEmpty())
            writeConfig(config);
        const CliProcess p = daystrom(args);
        QCOMPARE(p.code, 2);
        QCOMPARE(p.errLines().size(), 1);
        QVERIFY2(p.err.contains(error), qPrintable(p.err));
        QVERIFY(!QFileInfo::exists(m_home + u"/runs"_s) || QDir(m_home + u"/runs"_s).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliUsage)
#include "tst_cliusage.moc"
