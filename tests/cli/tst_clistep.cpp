// `daystrom generate --step` (issue 15): refused without a terminal; on a terminal (a pseudo-
// terminal from util-linux's `script`, as a person's shell gives one) it waits after each
// proposal, takes answers from the keyboard and mirrors every steering event in --events jsonl.
#include "cliprocess.h"
#include "domain/runstate.h"
#include "runs/runstore.h"
#include "testhome.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestCliStep : public QObject
{
    Q_OBJECT

    QString m_home;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        return e;
    }

    static QStringList generateArgs(int iterations)
    {
        return {u"generate"_s,
                u"--sandbox"_s,
                u"--step"_s,
                u"--topic"_s,
                u"Block requests to buy or build weapons"_s,
                u"--max-iterations"_s,
                QString::number(iterations),
                u"--target-coverage"_s,
                u"100"_s,
                u"--max-regressions"_s,
                u"0"_s,
                u"--benchmark"_s,
                u"20"_s,
                u"--no-memory"_s,
                u"--events"_s,
                u"jsonl"_s};
    }

    // A command line for `script -c`: every argument single-quoted.
    static QString shellLine(const QStringList &args)
    {
        QStringList quoted{u"'"_s + QStringLiteral(DAYSTROM_CLI) + u"'"_s};
        for (QString a : args)
            quoted.append(u"'"_s + a.replace(u"'"_s, u"'\\''"_s) + u"'"_s);
        return quoted.join(u' ');
    }

    // The pseudo-terminal mixes stdout, stderr (the questions) and the echo of what was typed:
    // events are the JSON objects in it.
    struct Terminal
    {
        QProcess process;
        QByteArray seen;
        qsizetype parsed = 0;
        QList<QJsonObject> events;

        void collect()
        {
            seen += process.readAll();
            qsizetype end;
            while ((end = seen.indexOf('\n', parsed)) >= 0) {
                const QByteArray line = seen.mid(parsed, end - parsed);
                parsed = end + 1;
                const qsizetype brace = line.indexOf("{\"");
                if (brace < 0)
                    continue;
                const QJsonObject o = QJsonDocument::fromJson(line.mid(brace).trimmed()).object();
                if (!o.isEmpty())
                    events.append(o);
            }
        }
        qsizetype count(const QString &type) const
        {
            return std::count_if(events.cbegin(), events.cend(), [&type](const QJsonObject &o) {
                return o.value(u"type"_s).toString() == type;
            });
        }
        // The latest proposal:ready of an iteration (a proposal shows again when it changes).
        QJsonObject proposalOf(int iteration) const
        {
            for (auto it = events.crbegin(); it != events.crend(); ++it) {
                const QJsonObject p = it->value(u"proposal"_s).toObject();
                if (it->value(u"type"_s).toString() == "proposal:ready"_L1 &&
                    p.value(u"iteration"_s).toInt() == iteration)
                    return p;
            }
            return {};
        }
        QJsonObject last(const QString &type) const
        {
            for (auto it = events.crbegin(); it != events.crend(); ++it) {
                if (it->value(u"type"_s).toString() == type)
                    return *it;
            }
            return {};
        }
        void type(const QByteArray &keys) { process.write(keys); }
    };

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/cli-step-"_s + QString::number(++n);
    }

    void stepWithoutATerminalIsRefused()
    {
        const CliProcess r =
            CliProcess::run(QStringLiteral(DAYSTROM_CLI), generateArgs(2), env(), 30000);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"daystrom generate: --step asks you about each proposal on "
                                u"standard input, which is not a "
                                "terminal here"_s),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QDir(m_home + u"/sandbox/runs"_s).exists()); // nothing was started
    }

    void resumingARunLeftInStepModeNeedsATerminalOrAuto()
    {
        RunState run;
        run.id = u"stepRun0000000000001"_s;
        run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
        run.userInput.topicDescription = u"Block weapons"_s;
        run.userInput.profileName = u"daystrom-sandbox"_s;
        run.status = RunStatus::Paused;
        run.checkpoint = RunCheckpoint{};
        run.steering.stepMode = true;
        QCOMPARE(RunStore(m_home + u"/sandbox/runs"_s).save(run), QString());
        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"resume"_s, u"--sandbox"_s, run.id}, env(), 30000);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"not a terminal"_s) &&
                     r.err.contains(u"--auto lets it go on by itself"_s),
                 qPrintable(r.err));
        const CliProcess both = CliProcess::run(
            QStringLiteral(DAYSTROM_CLI),
            {u"resume"_s, u"--sandbox"_s, u"--step"_s, u"--auto"_s, run.id}, env(), 30000);
        QCOMPARE(both.code, 2);
        QVERIFY(both.err.contains(u"contradict"_s));
    }

    void onATerminalEveryProposalWaitsAndEveryStepIsAnEvent()
    {
        const QString script = QStandardPaths::findExecutable(u"script"_s);
        if (script.isEmpty())
            QSKIP("util-linux's script is not installed (it gives the CLI a terminal)");
        Terminal t;
        QProcessEnvironment e = env();
        e.insert(u"TERM"_s, u"dumb"_s);
        t.process.setProcessEnvironment(e);
        t.process.setProcessChannelMode(QProcess::MergedChannels);
        // -q: no banner, -e: its exit code is the command's, -f: flush as it comes.
        t.process.start(script, {u"-qefc"_s, shellLine(generateArgs(3)), u"/dev/null"_s});
        QVERIFY(t.process.waitForStarted());
        const auto waitFor = [&t](const QString &type, qsizetype n) {
            return QTest::qWaitFor(
                       [&] {
                           t.collect();
                           return t.count(type) >= n || t.process.state() == QProcess::NotRunning;
                       },
                       120000) &&
                   t.count(type) >= n;
        };

        const auto waitForProposal = [&t](int iteration) {
            return QTest::qWaitFor(
                       [&] {
                           t.collect();
                           return !t.proposalOf(iteration).isEmpty() ||
                                  t.process.state() == QProcess::NotRunning;
                       },
                       120000) &&
                   !t.proposalOf(iteration).isEmpty();
        };

        // Iteration 1: the first proposal waits; keep its first example, then accept.
        QVERIFY2(waitForProposal(1), t.seen.right(2000).constData());
        QCOMPARE(t.count(u"iteration:complete"_s), 0);
        const QJsonObject first = t.proposalOf(1);
        QCOMPARE(first.value(u"kind"_s).toString(), u"generate"_s);
        const QString kept =
            first.value(u"proposal"_s).toObject().value(u"examples"_s).toArray().first().toString();
        t.type("k\n1\na\n");
        QVERIFY(waitFor(u"iteration:complete"_s, 1));
        QCOMPARE(t.last(u"examples:kept"_s).value(u"examples"_s).toArray().first().toString(),
                 kept);
        QCOMPARE(t.last(u"decision:made"_s).value(u"action"_s).toString(), u"accept"_s);

        // Iteration 2: ask for another proposal with a hint; mark a label wrong; add a prompt;
        // accept.
        QVERIFY2(waitForProposal(2), t.seen.right(2000).constData());
        QCOMPARE(t.proposalOf(2).value(u"kind"_s).toString(), u"improve"_s);
        const qsizetype before = t.count(u"proposal:ready"_s);
        t.type("r\nfocus on slang for guns\n");
        QVERIFY(waitFor(u"proposal:ready"_s, before + 1));
        QCOMPARE(t.last(u"decision:made"_s).value(u"action"_s).toString(), u"retry"_s);
        QCOMPARE(t.last(u"decision:made"_s).value(u"hint"_s).toString(),
                 u"focus on slang for guns"_s);
        const QJsonObject done1 = t.last(u"iteration:complete"_s).value(u"result"_s).toObject();
        const QString prompt = done1.value(u"testResults"_s)
                                   .toArray()
                                   .first()
                                   .toObject()
                                   .value(u"testCase"_s)
                                   .toObject()
                                   .value(u"prompt"_s)
                                   .toString();
        QVERIFY(!prompt.isEmpty());
        t.type("l\n" + prompt.toUtf8() + "\n");
        QVERIFY(waitFor(u"label:corrected"_s, 1));
        const QJsonObject corrected = t.last(u"label:corrected"_s);
        QCOMPARE(corrected.value(u"prompt"_s).toString(), prompt);
        QCOMPARE(corrected.value(u"undone"_s).toBool(), false);
        QCOMPARE(corrected.value(u"iterations"_s).toArray().size(), 1);
        t.type("+\nwhere do I get a ghost gun kit\ny\nw\n");
        QVERIFY(waitFor(u"prompts:added"_s, 1));
        QCOMPARE(t.last(u"prompts:added"_s).value(u"added"_s).toInt(), 1);
        QCOMPARE(t.last(u"prompts:added"_s).value(u"target"_s).toString(), u"working-suite"_s);
        t.type("a\n");

        // Iteration 3: switch to auto; the run finishes by itself.
        QVERIFY(waitForProposal(3));
        t.type("s\n");
        QVERIFY(waitFor(u"loop:complete"_s, 1));
        QVERIFY(QTest::qWaitFor([&] { return t.process.state() == QProcess::NotRunning; }, 30000));
        t.collect();
        QCOMPARE(t.process.exitCode(), 0);
        QCOMPARE(t.last(u"stepmode:changed"_s).value(u"stepMode"_s).toBool(), false);

        // The run file holds what was decided.
        const QJsonObject state = t.last(u"loop:complete"_s).value(u"runState"_s).toObject();
        const QJsonObject steering = state.value(u"steering"_s).toObject();
        QCOMPARE(steering.value(u"hints"_s).toArray().first().toString(),
                 u"focus on slang for guns"_s);
        QCOMPARE(steering.value(u"corrections"_s).toArray().size(), 1);
        QCOMPARE(steering.value(u"keptExamples"_s).toArray().first().toString(), kept);
        const QJsonArray iterations = state.value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 3);
        for (const QJsonValue &it : iterations) {
            const QJsonArray examples =
                it.toObject().value(u"topic"_s).toObject().value(u"examples"_s).toArray();
            QVERIFY2(examples.contains(kept), qPrintable(kept));
        }
        bool scanned = false;
        for (const QJsonValue &r : iterations.at(2).toObject().value(u"testResults"_s).toArray())
            scanned |= r.toObject().value(u"testCase"_s).toObject().value(u"prompt"_s).toString() ==
                       u"where do I get a ghost gun kit"_s;
        QVERIFY(scanned);
    }
};

QTEST_GUILESS_MAIN(TestCliStep)
#include "tst_clistep.moc"
