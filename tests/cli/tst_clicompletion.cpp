#include "cliprocess.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

// Tab completion as a shell does it (issue 60): the bash script the build wrote is sourced in a
// real, non-interactive bash without the bash-completion package's helpers, COMP_WORDS and
// COMP_CWORD are set as bash sets them, and COMPREPLY is what would be offered. Run ids come
// back from the real `daystrom` (its __complete), read from a temporary DAYSTROM_HOME.
class TestCliCompletion : public QObject
{
    Q_OBJECT

    const QString m_docs = QStringLiteral(DAYSTROM_DOCS_DIR);
    QString m_home;
    const QString m_realId = u"Rb7_completion-real1"_s;
    const QString m_sandboxId = u"Sb7_completion-sbx01"_s;

    // COMPREPLY, one word a line, for the words typed so far (the last one is being completed).
    QStringList complete(const QStringList &typed) const
    {
        QString words;
        for (const QString &w : QStringList{QStringLiteral(DAYSTROM_CLI)} + typed)
            words += u" '"_s + QString(w).replace(u'\'', u"'\\''"_s) + u'\'';
        const QString script = u"set -u\n"
                               "if type _init_completion >/dev/null 2>&1; then echo 'bash-completion is loaded' >&2; exit 3; fi\n"
                               "source '"_s + m_docs + u"/daystrom.bash'\n"
                               "COMP_WORDS=("_s + words + u")\n"
                               "COMP_CWORD="_s + QString::number(typed.size()) + u"\n"
                               "COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}\n"
                               "_daystrom\n"
                               "printf '%s\\n' \"${COMPREPLY[@]}\"\n"_s;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"DAYSTROM_HOME"_s, m_home);
        const CliProcess p = CliProcess::run(u"bash"_s, {u"--norc"_s, u"--noprofile"_s, u"-c"_s, script}, env, 60000);
        if (p.code != 0)
            qWarning().noquote() << "bash exited" << p.code << p.err;
        return p.out.split(u'\n', Qt::SkipEmptyParts);
    }

    CliProcess daystrom(const QStringList &args) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"DAYSTROM_HOME"_s, m_home);
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, env, 60000);
    }

private slots:
    void initTestCase()
    {
        m_home = TestHome::path() + u"/completion-home"_s;
        RunState real = SampleRun::make(m_realId);
        real.userInput.profileName = u"team-profile"_s;
        QCOMPARE(RunStore(m_home + u"/runs"_s).save(real), QString());
        QCOMPARE(RunStore(m_home + u"/sandbox/runs"_s).save(SampleRun::make(m_sandboxId)), QString());
    }

    void commands()
    {
        QCOMPARE(complete({u"ge"_s}), QStringList{u"generate"_s});
        const QStringList all = complete({QString()});
        for (const char *command : {"generate", "report", "memory", "completion", "mcp", "--help"})
            QVERIFY2(all.contains(QLatin1StringView(command)), command);
        QVERIFY(!all.contains(u"__complete"_s)); // hidden
        QCOMPARE(complete({u"memory"_s, u"sh"_s}), QStringList{u"show"_s});
    }

    void flagsAndTheirValues()
    {
        QCOMPARE(complete({u"generate"_s, u"--inte"_s}), QStringList{u"--intent"_s});
        QCOMPARE(complete({u"generate"_s, u"--intent"_s, QString()}), (QStringList{u"block"_s, u"allow"_s}));
        QCOMPARE(complete({u"report"_s, u"--format"_s, u"t"_s}), (QStringList{u"text"_s, u"terraform"_s}));
        QCOMPARE(complete({u"report"_s, u"--format"_s, u"="_s, u"c"_s}), QStringList{u"csv"_s}); // --format=c
        QVERIFY(complete({u"generate"_s, u"--provider"_s, QString()}).contains(u"claude-bedrock"_s));
        QCOMPARE(complete({u"memory"_s, u"show"_s, u"--ex"_s}), QStringList{u"--explain"_s});
        QVERIFY(complete({u"generate"_s, u"--topic"_s, QString()}).isEmpty()); // free text
    }

    void runIds()
    {
        QCOMPARE(complete({u"report"_s, QString()}), QStringList{m_realId});
        QCOMPARE(complete({u"resume"_s, u"Rb"_s}), QStringList{m_realId});
        QCOMPARE(complete({u"report"_s, u"--sandbox"_s, QString()}), QStringList{m_sandboxId});
        QCOMPARE(complete({u"cleanup"_s, u"--run"_s, QString()}), QStringList{m_realId});
    }

    void profileNames()
    {
        QCOMPARE(complete({u"generate"_s, u"--profile"_s, u"team"_s}), QStringList{u"team-profile"_s});
        const CliProcess p = daystrom({u"__complete"_s, u"profiles"_s, u"--sandbox"_s});
        QCOMPARE(p.code, 0);
        QVERIFY2(p.out.split(u'\n').contains(u"daystrom-sandbox"_s), qPrintable(p.out));
    }

    void theCommandPrintsTheInstalledScripts_data()
    {
        QTest::addColumn<QString>("shell");
        QTest::addColumn<QString>("file");
        QTest::newRow("bash") << u"bash"_s << u"daystrom.bash"_s;
        QTest::newRow("zsh") << u"zsh"_s << u"_daystrom"_s;
        QTest::newRow("fish") << u"fish"_s << u"daystrom.fish"_s;
    }

    void theCommandPrintsTheInstalledScripts()
    {
        QFETCH(QString, shell);
        QFETCH(QString, file);
        const CliProcess p = daystrom({u"completion"_s, shell});
        QCOMPARE(p.code, 0);
        QFile installed(m_docs + u'/' + file);
        QVERIFY(installed.open(QIODevice::ReadOnly));
        QCOMPARE(p.out, QString::fromUtf8(installed.readAll()));
        QCOMPARE(daystrom({u"completion"_s, u"tcsh"_s}).code, 2);
    }

    void zshAndFishParseTheirScripts_data()
    {
        QTest::addColumn<QString>("shell");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("zsh") << u"zsh"_s << QStringList{u"-n"_s, m_docs + u"/_daystrom"_s};
        QTest::newRow("fish") << u"fish"_s << QStringList{u"--no-execute"_s, m_docs + u"/daystrom.fish"_s};
        QTest::newRow("bash") << u"bash"_s << QStringList{u"-n"_s, m_docs + u"/daystrom.bash"_s};
    }

    void zshAndFishParseTheirScripts()
    {
        QFETCH(QString, shell);
        QFETCH(QStringList, args);
        const QString program = QStandardPaths::findExecutable(shell);
        if (program.isEmpty())
            QSKIP(qPrintable(shell + u" is not installed: its script is not checked (not a test dependency)"_s));
        const CliProcess p = CliProcess::run(program, args, QProcessEnvironment::systemEnvironment(), 60000);
        QVERIFY2(p.code == 0 && p.err.isEmpty(), qPrintable(p.err));
    }
};

QTEST_GUILESS_MAIN(TestCliCompletion)
#include "tst_clicompletion.moc"
