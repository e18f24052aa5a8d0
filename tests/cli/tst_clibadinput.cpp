#include "cliprocess.h"
#include "runfilefixture.h"

#include "testmain.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLockFile>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// Bad input to the real `daystrom` binary: every case ends with exit 2 and exactly one line on
// stderr, with no raw control characters, and the files involved are byte-identical afterwards.
class TestCliBadInput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString home() const { return m_dir.filePath(u"home"_s); }
    QString file(const QString &name) const { return m_dir.filePath(name); }

    CliProcess cli(const QStringList &args, const QHash<QString, QString> &env = {}) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString &k : e.keys()) {
            if (k.startsWith(u"PANW_"_s) || k.endsWith(u"_API_KEY"_s) || k == "SCAN_RATE"_L1 ||
                k == "DATA_DIR"_L1 || k == "MEMORY_DIR"_L1)
                e.remove(k);
        }
        e.insert(u"DAYSTROM_HOME"_s, home());
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            e.insert(it.key(), it.value());
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, e, 60000);
    }

    void write(const QString &path, const QByteArray &bytes) const
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

    static QByteArray hashOf(const QString &path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
    }

    // Exit 2, one line on stderr containing `expected`, nothing raw, `files` unchanged.
    void expectRefused(const QStringList &args, const QString &expected,
                       const QStringList &files = {}, const QHash<QString, QString> &env = {})
    {
        QList<QByteArray> before;
        for (const QString &f : files)
            before.append(hashOf(f));
        const CliProcess r = cli(args, env);
        QVERIFY2(r.code == 2, qPrintable(u"exit %1: %2"_s.arg(r.code).arg(r.err)));
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        for (const QChar c : r.errLines().first())
            QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(r.err));
        for (qsizetype i = 0; i < files.size(); ++i)
            QVERIFY2(hashOf(files.at(i)) == before.at(i), qPrintable(files.at(i) + u" changed"_s));
    }

    // A paused, resumable run (iterations 1-2 of 3) under home/runs, with `path` set to `value`.
    QString writeRun(const QString &id, const QString &path = {}, const QJsonValue &value = {})
    {
        RunState run = RunFileFixture::makeRun(false, RunStatus::Paused);
        run.id = id;
        run.userInput.maxIterations = 3;
        run.iterations = {RunFileFixture::makeIteration(1, false),
                          RunFileFixture::makeIteration(2, false)};
        run.bestIteration = 2;
        run.steering = RunSteering{};
        run.checkpoint = RunCheckpoint{};
        run.checkpoint->nextIteration = 3;
        QJsonObject o = run.toJson();
        if (!path.isEmpty())
            o = RunFileFixture::patched(o, path, value);
        const QString to = home() + u"/runs/"_s + id + u".json"_s;
        write(to, QJsonDocument(o).toJson());
        return to;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        write(file(u"good.csv"_s), "prompt,expected\na,true\nb,false\n");
        write(file(u"utf16.csv"_s), QByteArray("\xFF\xFEp\0r\0o\0m\0p\0t\0", 14));
        write(file(u"escape.csv"_s), "prompt,expected\nx,\x1b]0;pwned\x07\x1b[2J\n");
        write(file(u"latin1.csv"_s), "prompt,expected\ncaf\xE9,true\n");
        write(file(u"mixed.csv"_s), "prompt,expected,intent\na,true,block\nb,false,allow\n");
    }

    void boundedCsv()
    {
        expectRefused({u"eval"_s, u"--sandbox"_s, u"--prompts"_s, u"/dev/zero"_s},
                      u"/dev/zero is larger than 16 MiB"_s);
        expectRefused(
            {u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"x"_s, u"--prompts"_s, u"/dev/zero"_s},
            u"/dev/zero is larger than 16 MiB"_s);
        expectRefused({u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"x"_s,
                       u"--benchmark-prompts"_s, u"/dev/zero"_s},
                      u"/dev/zero is larger than 16 MiB"_s);
    }

    void csvEncodings()
    {
        expectRefused({u"eval"_s, u"--sandbox"_s, u"--prompts"_s, file(u"utf16.csv"_s)},
                      u"is UTF-16; save it as UTF-8"_s, {file(u"utf16.csv"_s)});
        expectRefused({u"eval"_s, u"--sandbox"_s, u"--prompts"_s, file(u"latin1.csv"_s)},
                      u"line 2 is not valid UTF-8; save the file as UTF-8"_s,
                      {file(u"latin1.csv"_s)});
        expectRefused({u"eval"_s, u"--sandbox"_s, u"--prompts"_s, file(u"escape.csv"_s)},
                      u"\\x1b]0;pwned\\x07\\x1b[2J"_s, {file(u"escape.csv"_s)});
    }

    void mixedIntentsRefusedByBoth()
    {
        const QString message = u"line 3 mixes intents; use one intent per file or pass --intent"_s;
        expectRefused({u"eval"_s, u"--sandbox"_s, u"--prompts"_s, file(u"mixed.csv"_s)}, message);
        expectRefused({u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"x"_s, u"--prompts"_s,
                       file(u"mixed.csv"_s)},
                      message);
    }

    void nonFiniteNumbers_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("expected");
        const QStringList gen{u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"x"_s};
        QTest::newRow("--target-coverage nan")
            << gen + QStringList{u"--target-coverage"_s, u"nan"_s} << QString()
            << u"--target-coverage must be a number from 10 to 100, not \"nan\""_s;
        QTest::newRow("--plateau-band nan")
            << gen + QStringList{u"--plateau-band"_s, u"nan"_s} << QString()
            << u"--plateau-band must be a number from 0 to 1, not \"nan\""_s;
        QTest::newRow("--plateau-band inf")
            << gen + QStringList{u"--plateau-band"_s, u"inf"_s} << QString()
            << u"--plateau-band must be a number from 0 to 1"_s;
        QTest::newRow("--rate nan") << gen + QStringList{u"--rate"_s, u"nan"_s} << QString()
                                    << u"--rate must be a number from 0 to 1000, not \"nan\""_s;
        QTest::newRow("resume --rate inf")
            << QStringList{u"resume"_s, u"someid"_s, u"--rate"_s, u"inf"_s} << QString()
            << u"--rate must be a number from 0 to 1000"_s;
        QTest::newRow("SCAN_RATE=nan")
            << gen << u"nan"_s
            << u"scanRate = \"nan\" (from SCAN_RATE) is out of range: allowed 0 to 1000"_s;
    }
    void nonFiniteNumbers()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, env);
        QFETCH(QString, expected);
        QHash<QString, QString> vars;
        if (!env.isEmpty())
            vars.insert(u"SCAN_RATE"_s, env);
        expectRefused(args, expected, {}, vars);
    }

    void configFileNonFinite()
    {
        const QString config = home() + u"/config.json"_s;
        write(config, "{\n  \"scanRate\": \"inf\"\n}");
        expectRefused({u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"x"_s},
                      u"scanRate = \"inf\" (from config.json) is out of range: allowed 0 to 1000"_s,
                      {config});
        QFile::remove(config);
    }

    void badRunNumbers_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("nextIteration") << u"checkpoint.nextIteration"_s << QJsonValue(2147483647.0)
                                       << u"checkpoint.nextIteration is 2147483647; expected 1-4"_s;
        QTest::newRow("negative iteration")
            << u"iterations[1].iteration"_s << QJsonValue(-5) << u"iterations[1].iteration is -5"_s;
        QTest::newRow("maxIterations") << u"userInput.maxIterations"_s << QJsonValue(100000)
                                       << u"userInput.maxIterations is 100000; expected 1-1000"_s;
    }
    void badRunNumbers()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        const QString id =
            u"bad-"_s + QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-');
        const QString run = writeRun(id, path, value);
        expectRefused({u"resume"_s, id}, expected, {run});
        QVERIFY(!QFile::exists(home() + u"/runs/"_s + id + u".lock"_s));
        // The Runs list still shows the other runs, and names the bad file.
        const QString good = writeRun(u"goodrun"_s);
        const CliProcess list = cli({u"runs"_s});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(u"goodrun"_s), qPrintable(list.out));
        QVERIFY2(list.err.contains(expected), qPrintable(list.err));
        QFile::remove(run);
        QFile::remove(good);
    }

    void resumeOfARunDrivenElsewhere()
    {
        const QString run = writeRun(u"busyrun"_s);
        QLockFile lock(home() + u"/runs/busyrun.lock"_s); // this process drives it
        QVERIFY(lock.tryLock(0));
        expectRefused({u"resume"_s, u"busyrun"_s},
                      u"run busyrun is being driven by another process (pid %1)"_s.arg(
                          QCoreApplication::applicationPid()),
                      {run});
        QVERIFY(QFile::exists(lock.fileName())); // the other process's lock is left alone
        lock.unlock();
        QFile::remove(run);
    }

    void corruptMemoryFileNamedOnConfirm()
    {
        const QString memory = home() + u"/memory/block-weapons.json"_s;
        write(memory, "{\"category\": \"block-weapons\", \"learnings\": [");
        expectRefused({u"memory"_s, u"confirm"_s, u"l-123"_s}, u"block-weapons.json is corrupt"_s,
                      {memory});
        const CliProcess again = cli({u"memory"_s, u"confirm"_s, u"l-123"_s});
        QVERIFY2(again.err.contains(u"a copy was kept as block-weapons.json.corrupt-"_s),
                 qPrintable(again.err));
        QVERIFY(!again.err.contains(u"no learning"_s));
        QFile::remove(memory);
    }
};

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_clibadinput.moc"
