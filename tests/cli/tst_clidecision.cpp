// Issue 56: one decision, read everywhere. The rule lives in Decision; DAYSTROM_DECISION_ALPHA
// (read only there) changes it for a test. A sandbox run on an 8-prompt benchmark whose third
// iteration measures 100 % against a first at 0 % is run under the product's rule and under a
// rule that takes every measured gain as real, and for each the CLI's exit code, `daystrom
// compare`'s verdict and the report (JSON and text) must tell the same story — and the two
// stories must differ, so the one change reached every reader.
#include "cliprocess.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

class TestCliDecision : public QObject
{
    Q_OBJECT

    struct Outcome
    {
        int code = -1;
        QString err;
        QJsonObject decision; // the report's run.decision
        int bestIteration = 0;
        QString text;         // report, text
        QString verdict;      // compare 1 against the best, or against the iteration within noise
        int comparedWith = 0;
    };

    static Outcome runUnder(const QString &alpha)
    {
        Outcome o;
        const QString home = TestHome::path() + u"/decision-"_s + (alpha.isEmpty() ? u"default"_s : alpha);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"DAYSTROM_HOME"_s, home);
        env.remove(u"DAYSTROM_DECISION_ALPHA"_s);
        if (!alpha.isEmpty())
            env.insert(u"DAYSTROM_DECISION_ALPHA"_s, alpha);
        const CliProcess run = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                               {u"generate"_s, u"--sandbox"_s, u"--topic"_s,
                                                u"Block requests to buy, build or obtain guns and explosives"_s,
                                                u"--benchmark"_s, u"8"_s, u"--max-iterations"_s, u"3"_s},
                                               env, 180000);
        o.code = run.code;
        o.err = run.err;
        const RunStore::Listing listing = RunStore(home + u"/sandbox/runs"_s).list();
        if (listing.runs.size() != 1)
            return o;
        const QString id = listing.runs.first().id;
        const CliProcess json = CliProcess::run(QStringLiteral(DAYSTROM_CLI), {u"report"_s, u"--sandbox"_s, id, u"--format"_s, u"json"_s}, env, 60000);
        const QJsonObject runJson = QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"run"_s).toObject();
        o.decision = runJson.value(u"decision"_s).toObject();
        o.bestIteration = runJson.value(u"bestIteration"_s).toInt();
        o.text = CliProcess::run(QStringLiteral(DAYSTROM_CLI), {u"report"_s, u"--sandbox"_s, id}, env, 60000).out;
        o.comparedWith = o.bestIteration > 1 ? o.bestIteration
                                             : o.decision.value(u"withinNoise"_s).toObject().value(u"iteration"_s).toInt();
        const CliProcess compare = CliProcess::run(
            QStringLiteral(DAYSTROM_CLI),
            {u"compare"_s, u"--sandbox"_s, id, u"1"_s, QString::number(o.comparedWith), u"--format"_s, u"json"_s}, env, 60000);
        o.verdict = QJsonDocument::fromJson(compare.out.toUtf8()).object().value(u"verdict"_s).toString();
        return o;
    }

    // What every reader must agree on, whatever the rule.
    static void agree(const Outcome &o)
    {
        QVERIFY2(CliProcess::completed(o.code), qPrintable(o.err.right(800)));
        QVERIFY(!o.decision.isEmpty());
        const bool reached = o.decision.value(u"targetReached"_s).toBool();
        QCOMPARE(o.code, reached ? 0 : 1);
        QCOMPARE(o.bestIteration, o.decision.value(u"bestIteration"_s).toInt());
        QVERIFY(o.comparedWith > 1);
        // Compare's verdict between the first iteration and the one the run chose (or the one
        // it measured higher but did not choose) is the run's.
        QCOMPARE(o.verdict, o.bestIteration > 1 ? u"b-better"_s : u"within-noise"_s);
        QVERIFY2(o.text.contains(u"  Decision:    "_s + o.decision.value(u"why"_s).toString()), qPrintable(o.text.left(1200)));
    }

private slots:
    void theRuleChangedInOnePlaceMovesEveryReader()
    {
        const Outcome product = runUnder({});
        agree(product);
        if (QTest::currentTestFailed())
            return;
        // 4 positives fixed of 4 is not beyond noise (one-sided p = 1/16 > 2.5 %): the first
        // iteration stays the best, the run ends below its target, and it says why.
        QCOMPARE(product.code, 1);
        QCOMPARE(product.bestIteration, 1);
        const QJsonObject noise = product.decision.value(u"withinNoise"_s).toObject();
        QCOMPARE(noise.value(u"prompts"_s).toInt(), 8);
        QVERIFY(noise.value(u"promptsNeeded"_s).toInt() > 8);
        QVERIFY2(product.text.contains(u"but is within noise of iteration 1 on 8 prompts"_s),
                 qPrintable(product.text.left(1200)));

        // Every measured gain taken as real: the best moves, the target is reached, exit 0.
        const Outcome loose = runUnder(u"1"_s);
        agree(loose);
        QCOMPARE(loose.code, 0);
        QVERIFY(loose.bestIteration > 1);
        QVERIFY(loose.decision.value(u"targetReached"_s).toBool());
    }
};

QTEST_GUILESS_MAIN(TestCliDecision)
#include "tst_clidecision.moc"
