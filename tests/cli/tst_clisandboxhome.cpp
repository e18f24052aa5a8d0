// Issue 13, item 6: sandbox runs and their learnings live apart from real ones, in
// $DAYSTROM_HOME/sandbox. A sandbox run leaves the real memory and run directories untouched,
// byte for byte; a real run never gets sandbox learnings injected.
#include "memorystore/memorystore.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "cliprocess.h"
#include "dirtree.h"
#include "testhome.h"

#include "testmain.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

class TestCliSandboxHome : public QObject
{
    Q_OBJECT

    static constexpr auto Topic = "Block requests to buy weapons";
    static constexpr auto Category = "block-buy-requests-weapons";

    QString m_home;
    QHash<QString, QString> m_extraEnv;

    struct Run : CliProcess
    {
        // The JSON events on stdout (--events jsonl), in order.
        QList<QJsonObject> events() const
        {
            QList<QJsonObject> list;
            for (const QString &line : out.split(u'\n', Qt::SkipEmptyParts)) {
                const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
                if (!o.isEmpty())
                    list.append(o);
            }
            return list;
        }
        // learningCount of the first event of `type`; -1 when there is none.
        int learningCount(const QString &type) const
        {
            for (const QJsonObject &o : events()) {
                if (o.value(u"type"_s).toString() == type)
                    return o.value(u"learningCount"_s).toInt();
            }
            return -1;
        }
    };

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        for (auto it = m_extraEnv.cbegin(); it != m_extraEnv.cend(); ++it)
            e.insert(it.key(), it.value());
        return e;
    }

    Run cli(const QStringList &args, const QProcessEnvironment &e, int timeoutMs = 120000) const
    {
        return {CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, e, timeoutMs)};
    }
    Run cli(const QStringList &args) const { return cli(args, env()); }

    static QMap<QString, QByteArray> tree(const QString &dir) { return dirTree(dir); }

    static void compareTrees(const QMap<QString, QByteArray> &after,
                             const QMap<QString, QByteArray> &before)
    {
        QCOMPARE(after.keys(), before.keys());
        for (auto it = before.cbegin(); it != before.cend(); ++it)
            QVERIFY2(after.value(it.key()) == it.value(), qPrintable(it.key() + u" changed"_s));
    }

    // `daystrom sandbox serve`'s emulators, as the environment of a run that is not a sandbox
    // run (the CLI then uses the real runs and memory, as with an account).
    static QProcessEnvironment servedEnvironment(QProcess &server, QProcessEnvironment e)
    {
        QByteArray banner;
        if (!QTest::qWaitFor(
                [&] {
                    return (banner += server.readAllStandardOutput()).contains("Serving until");
                },
                10000))
            return {};
        for (const QString &line : QString::fromUtf8(banner).split(u'\n')) {
            const QRegularExpressionMatch m =
                QRegularExpression(u"^\\s+([A-Z_]+)=(\\S+)$"_s).match(line);
            if (m.hasMatch())
                e.insert(m.captured(1), m.captured(2));
        }
        e.insert(u"PROPAGATION_DELAY_MS"_s, u"0"_s);
        return e;
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/sandbox-home-"_s + QString::number(++n);
        m_extraEnv.clear();
    }

    // The real data is either in the default directories or where DATA_DIR and MEMORY_DIR
    // say; the sandbox's is in $DAYSTROM_HOME/sandbox either way.
    void sandboxRunLeavesRealDataUntouched_data()
    {
        QTest::addColumn<bool>("explicitDirs");
        QTest::newRow("default directories") << false;
        QTest::newRow("DATA_DIR and MEMORY_DIR") << true;
    }
    void sandboxRunLeavesRealDataUntouched()
    {
        QFETCH(bool, explicitDirs);
        QString realRuns = m_home + u"/runs"_s;
        QString realMemory = m_home + u"/memory"_s;
        if (explicitDirs) {
            realRuns = m_home + u"/real/runs"_s;
            realMemory = m_home + u"/real/memory"_s;
            m_extraEnv.insert(u"DATA_DIR"_s, realRuns);
            m_extraEnv.insert(u"MEMORY_DIR"_s, realMemory);
        }
        const QString sandboxRuns = m_home + u"/sandbox/runs"_s;
        const QString sandboxMemory = m_home + u"/sandbox/memory"_s;

        // Real data first: a learning for the very topic the sandbox run will design, and a run.
        const Run add = cli({u"memory"_s, u"add"_s, u"--topic"_s, QString::fromLatin1(Topic),
                             u"--insight"_s, u"A real learning: name the purchase channels"_s});
        QVERIFY2(add.code == 0, qPrintable(add.err));
        QVERIFY(QFile::exists(realMemory + u'/' + QLatin1StringView(Category) + u".json"_s));
        QCOMPARE(RunStore(realRuns).save(SampleRun::make()), QString());
        const QMap<QString, QByteArray> realMemoryBefore = tree(realMemory);
        const QMap<QString, QByteArray> realRunsBefore = tree(realRuns);
        QVERIFY(realMemoryBefore.size() >= 1);
        QVERIFY(realRunsBefore.size() >= 1);

        const Run sandbox =
            cli({u"generate"_s, u"--sandbox"_s, u"--topic"_s, QString::fromLatin1(Topic),
                 u"--max-iterations"_s, u"2"_s, u"--events"_s, u"jsonl"_s});
        QVERIFY2(CliProcess::completed(sandbox.code), qPrintable(sandbox.err));
        QCOMPARE(sandbox.events().last().value(u"type"_s).toString(), u"loop:complete"_s);
        // Memory is on, but the real learning for this topic was not injected...
        QCOMPARE(sandbox.learningCount(u"memory:loaded"_s), 0);
        QVERIFY(sandbox.learningCount(u"memory:extracted"_s) > 0);

        // ... and the real memory and runs are exactly as they were.
        compareTrees(tree(realMemory), realMemoryBefore);
        if (QTest::currentTestFailed())
            return;
        compareTrees(tree(realRuns), realRunsBefore);
        if (QTest::currentTestFailed())
            return;

        // The sandbox's own home got the run and the learnings (and its best-known topic).
        const RunStore::Listing runs = RunStore(sandboxRuns).list();
        QCOMPARE(runs.runs.size(), 1);
        QCOMPARE(runs.runs.first().status, RunStatus::Completed);
        const QString runId = runs.runs.first().id;
        const MemoryStore::Loaded learned =
            MemoryStore(sandboxMemory).load(QString::fromLatin1(Category));
        QVERIFY2(learned.ok(), qPrintable(learned.error));
        QVERIFY(!learned.memory.learnings.isEmpty());
        QVERIFY(learned.memory.bestKnown.has_value());
        QCOMPARE(learned.memory.bestKnown->runId, runId);
        for (const Learning &l : learned.memory.learnings)
            QVERIFY(!l.insight.contains(u"A real learning"_s));

        // The commands that read data look at one side or the other.
        const Run realList = cli({u"runs"_s});
        QVERIFY(realList.out.contains(SampleRun::make().id));
        QVERIFY(!realList.out.contains(runId));
        const Run sandboxList = cli({u"runs"_s, u"--sandbox"_s});
        QVERIFY(sandboxList.out.contains(runId));
        QVERIFY(!sandboxList.out.contains(SampleRun::make().id));
        QCOMPARE(cli({u"report"_s, runId, u"--sandbox"_s}).code, 0);
        const Run realReport = cli({u"report"_s, runId});
        QCOMPARE(realReport.code, 2);
        const Run realResume = cli({u"resume"_s, runId});
        QCOMPARE(realResume.code, 2);
        QVERIFY2(realResume.err.contains(u"sandbox data; resume it with --sandbox"_s),
                 qPrintable(realResume.err));
        const QString realShow = cli({u"memory"_s, u"show"_s, QString::fromLatin1(Category)}).out;
        QVERIFY2(realShow.startsWith(QLatin1StringView(Category) + u": 1 learnings"_s),
                 qPrintable(realShow));
        const QString sandboxShow =
            cli({u"memory"_s, u"show"_s, QString::fromLatin1(Category), u"--sandbox"_s}).out;
        QVERIFY2(sandboxShow.contains(u"best "_s) && !sandboxShow.contains(u"A real learning"_s),
                 qPrintable(sandboxShow));
        compareTrees(tree(realMemory), realMemoryBefore); // reading changed nothing either
    }

    // A second sandbox run reads what the first learned (the sandbox has a memory of its own);
    // a real run gets only the real learnings, never the sandbox's.
    void eachSideInjectsOnlyItsOwnLearnings()
    {
        const Run add = cli({u"memory"_s, u"add"_s, u"--topic"_s, QString::fromLatin1(Topic),
                             u"--insight"_s, u"A real learning: name the purchase channels"_s});
        QVERIFY2(add.code == 0, qPrintable(add.err));
        const QStringList generate{
            u"generate"_s, u"--topic"_s, QString::fromLatin1(Topic), u"--max-iterations"_s, u"2"_s,
            u"--events"_s, u"jsonl"_s};
        const Run first = cli(generate + QStringList{u"--sandbox"_s});
        QVERIFY2(CliProcess::completed(first.code), qPrintable(first.err));
        QCOMPARE(first.learningCount(u"memory:loaded"_s), 0);
        const Run second = cli(generate + QStringList{u"--sandbox"_s});
        QVERIFY2(CliProcess::completed(second.code), qPrintable(second.err));
        QVERIFY(second.learningCount(u"memory:loaded"_s) > 0);
        const QMap<QString, QByteArray> sandboxMemoryBefore = tree(m_home + u"/sandbox/memory"_s);
        const QMap<QString, QByteArray> sandboxRunsBefore = tree(m_home + u"/sandbox/runs"_s);

        // A real run, against the emulators served as if they were an account.
        QProcess server;
        server.start(QStringLiteral(DAYSTROM_CLI), {u"sandbox"_s, u"serve"_s});
        const QProcessEnvironment served = servedEnvironment(server, env());
        QVERIFY(served.contains(u"OPENAI_BASE_URL"_s));
        const Run real = cli(generate + QStringList{u"--profile"_s, u"daystrom-sandbox"_s}, served);
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
        QVERIFY2(CliProcess::completed(real.code), qPrintable(real.err));
        QCOMPARE(real.learningCount(u"memory:loaded"_s), 1); // the one real learning, nothing else
        QCOMPARE(RunStore(m_home + u"/runs"_s).list().runs.size(), 1);
        compareTrees(tree(m_home + u"/sandbox/memory"_s), sandboxMemoryBefore);
        compareTrees(tree(m_home + u"/sandbox/runs"_s), sandboxRunsBefore);
    }
};

QTEST_GUILESS_MAIN(TestCliSandboxHome)
#include "tst_clisandboxhome.moc"
