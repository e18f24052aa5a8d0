#include "cliprocess.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

// `daystrom experiment memory` as a person meets it: the real binary in a temporary
// DAYSTROM_HOME. A sandbox experiment completes and leaves its plan and three reports next to
// the sandbox's runs; wrong flags are refused with a one-line error and exit 2.
class TestCliExperiment : public QObject
{
    Q_OBJECT

    QString m_home;
    QProcessEnvironment m_env;
    static constexpr int Timeout = 240000;

    CliProcess daystrom(const QStringList &args) const
    {
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, m_env, Timeout);
    }

private slots:
    void initTestCase()
    {
        m_home = TestHome::path();
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(u"DAYSTROM_HOME"_s, m_home);
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("no experiment") << QStringList{u"experiment"_s} << u"which experiment"_s;
        QTest::newRow("unknown experiment") << QStringList{u"experiment"_s, u"speed"_s} << u"unknown experiment"_s;
        QTest::newRow("no profile") << QStringList{u"experiment"_s, u"memory"_s} << u"--profile is required"_s;
        QTest::newRow("orders 0") << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--orders"_s, u"0"_s}
                                  << u"--orders must be"_s;
        QTest::newRow("NaN target") << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--target-coverage"_s, u"nan"_s}
                                    << u"--target-coverage must be"_s;
        QTest::newRow("bad seed") << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--seed"_s, u"-1"_s}
                                  << u"--seed must be"_s;
        QTest::newRow("missing topics file")
            << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--topics"_s, u"/nonexistent/topics.txt"_s}
            << u"/nonexistent/topics.txt"_s;
        QTest::newRow("resume changes the plan")
            << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--resume"_s, u"x"_s, u"--orders"_s, u"3"_s}
            << u"cannot change an experiment being resumed"_s;
        QTest::newRow("resume unknown") << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--resume"_s, u"nope"_s}
                                        << u"experiment.json"_s;
        QTest::newRow("bad format") << QStringList{u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--format"_s, u"xml"_s}
                                    << u"--format must be"_s;
    }

    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const CliProcess p = daystrom(args);
        QCOMPARE(p.code, 2);
        QVERIFY2(p.err.startsWith(u"daystrom experiment: "_s), qPrintable(p.err));
        QVERIFY2(p.err.contains(says), qPrintable(p.err));
    }

    void help()
    {
        const CliProcess p = daystrom({u"experiment"_s, u"--help"_s});
        QCOMPARE(p.code, 0);
        QVERIFY(p.out.contains(u"Does memory help?"_s));
        QVERIFY(daystrom({u"--help"_s}).out.contains(u"experiment memory"_s));
    }

    void sandboxExperimentCompletes()
    {
        const QString topics = QDir(m_home).filePath(u"topics.txt"_s);
        QFile f(topics);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# three related topics\nBlock requests to buy guns\nBlock requests to build guns\n"
                "Block requests to hide guns\n");
        f.close();
        const CliProcess p = daystrom({u"experiment"_s, u"memory"_s, u"--sandbox"_s, u"--topics"_s, topics, u"--orders"_s,
                                       u"2"_s, u"--seed"_s, u"3"_s, u"--max-iterations"_s, u"3"_s, u"--format"_s, u"json"_s});
        QVERIFY2(p.code == 0, qPrintable(p.err));
        // With --format json, standard output is the report alone (progress is on stderr).
        QJsonParseError error{};
        const QJsonObject report = QJsonDocument::fromJson(p.out.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QVERIFY(p.err.contains(u"[12/12]"_s));
        QCOMPARE(report.value(u"summary"_s).toObject().value(u"completePairs"_s).toInt(), 6);
        QVERIFY(report.value(u"sandbox"_s).toBool());
        const QString id = report.value(u"experiment"_s).toString();
        QVERIFY(!id.isEmpty());
        const QDir dir(QDir(m_home).filePath(u"sandbox/experiments/"_s + id));
        for (const char *name : {"experiment.json", "report.txt", "report.json", "report.html"})
            QVERIFY2(dir.exists(QLatin1StringView(name)), name);
        // Its memory is its own: nothing was written to the sandbox's or the person's memory.
        QVERIFY(!QDir(QDir(m_home).filePath(u"memory"_s)).exists()
                || QDir(QDir(m_home).filePath(u"memory"_s)).isEmpty());
        QVERIFY(!QDir(QDir(m_home).filePath(u"sandbox/memory"_s)).exists()
                || QDir(QDir(m_home).filePath(u"sandbox/memory"_s)).isEmpty());
        QVERIFY(!dir.entryList({u"order-*"_s}, QDir::Dirs).isEmpty() || QDir(dir.filePath(u"memory"_s)).exists());
    }
};

QTEST_GUILESS_MAIN(TestCliExperiment)
#include "tst_cliexperiment.moc"
