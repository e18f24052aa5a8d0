// Issue 41, item 6: what the CLI prints from a run file (a topic an LLM named, its analysis, a
// stop reason) never reaches the terminal as control sequences: `report` showed them raw, so
// a crafted or hostile run file could recolour, retitle or rewrite the terminal.
#include "runs/runstore.h"
#include "cliprocess.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QProcessEnvironment>

using namespace Qt::StringLiterals;

class TestCliEscapes : public QObject
{
    Q_OBJECT

private slots:
    void reportShowsControlSequencesAsText()
    {
        const QString home = TestHome::path() + u"/escapes"_s;
        QVERIFY(QDir().mkpath(home + u"/runs"_s));
        RunState run = SampleRun::make();
        const QString hostile = u"Weapons \u001b[31mRED\u001b[0m \u001b]0;owned\u0007 \u009b2J"_s;
        run.userInput.topicDescription = hostile;
        for (IterationResult &it : run.iterations) {
            it.topic.name = hostile;
            it.analysis.summary = hostile;
        }
        QCOMPARE(RunStore(home + u"/runs"_s).save(run), QString());

        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, home);
        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI), {u"report"_s, run.id}, e, 30000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QByteArray bytes = (r.out + r.err).toUtf8();
        QVERIFY2(r.out.contains(u"Weapons"_s), qPrintable(r.out.left(400)));
        QVERIFY2(!bytes.contains('\x1b'), "a raw ESC reached the terminal");
        QVERIFY2(!bytes.contains("\xc2\x9b"), "a raw CSI (U+009B) reached the terminal");
        QVERIFY2(!bytes.contains('\x07'), "a raw BEL reached the terminal");
        QVERIFY2(r.out.contains(u"\\e[31mRED\\e[0m"_s), qPrintable(r.out.left(600)));
    }
};

QTEST_GUILESS_MAIN(TestCliEscapes)
#include "tst_cliescapes.moc"
