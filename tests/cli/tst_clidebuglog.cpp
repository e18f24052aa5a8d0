// Issue 41, item 2: with Qt's debug logging on, the CLI crashed after a completed run (exit 134
// or 139 in 28 of 30 runs): the secret-scrubbing message filter used regular expressions that
// were already destroyed while the process exited and Qt logged (a plugin unloading). A
// completed run must exit normally (0 at its target, 1 below it: never a crash) whatever the
// logging rules, and the desktop app 0.
#include "cliprocess.h"
#include "testhome.h"

#include "testmain.h"

#include <QProcessEnvironment>

using namespace Qt::StringLiterals;

class TestCliDebugLog : public QObject
{
    Q_OBJECT

    static QProcessEnvironment debugLogging(const QString &home)
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, home);
        e.insert(u"QT_LOGGING_RULES"_s, u"*.debug=true"_s);
        return e;
    }

private slots:
    void aCompletedRunExitsNormally()
    {
        // Several runs: the crash depended on what was still alive at exit.
        for (int i = 0; i < 4; ++i) {
            const QString home = TestHome::path() + u"/debug-log-"_s + QString::number(i);
            const CliProcess r = CliProcess::run(
                QStringLiteral(DAYSTROM_CLI),
                {u"generate"_s, u"--sandbox"_s, u"--topic"_s,
                 u"Block requests to buy, build or obtain guns and explosives"_s,
                 u"--max-iterations"_s, u"1"_s, u"--events"_s, u"jsonl"_s},
                debugLogging(home), 120000);
            QVERIFY2(CliProcess::completed(r.code), qPrintable(u"run %1: exit %2; %3"_s.arg(i).arg(r.code).arg(r.err.right(600))));
            QVERIFY(r.out.contains(u"\"loop:complete\""_s));
            QVERIFY(r.err.contains(u"debug"_s, Qt::CaseInsensitive) || !r.err.isEmpty()); // the rules took effect
        }
    }

    void theAppExitsZero()
    {
        QProcessEnvironment e = debugLogging(TestHome::path() + u"/debug-log-app"_s);
        e.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        e.insert(u"DISPLAY"_s, u":0"_s); // the app asks for a display before it starts
        e.insert(u"HOME"_s, TestHome::path());
        // Its command line parsed, the app exits from inside Qt with its platform loaded.
        const CliProcess r =
            CliProcess::run(QStringLiteral(DAYSTROM_STUDIO), {u"--version"_s}, e, 60000);
        QVERIFY2(r.code == 0, qPrintable(u"exit %1; %2"_s.arg(r.code).arg(r.err.right(600))));
        QVERIFY(r.out.contains(u"Daystrom Studio"_s) || r.out.contains(u"daystrom"_s, Qt::CaseInsensitive));
    }
};

QTEST_GUILESS_MAIN(TestCliDebugLog)
#include "tst_clidebuglog.moc"
