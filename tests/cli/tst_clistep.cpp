// `daystrom generate --step` (issue 15): refused without a terminal; on a terminal (a pseudo-
// terminal from util-linux's `script`, as a person's shell gives one) it waits after each
// proposal, takes answers from the keyboard and mirrors every steering event in --events jsonl.
#include "cliprocess.h"
#include "domain/runstate.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

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

    static QString quoted(QString text) { return u"'"_s + text.replace(u"'"_s, u"'\\''"_s) + u"'"_s; }

    // A command line for `script -c`: the CLI's standard input is the terminal, as in a person's
    // shell; its events and questions go to files (a pseudo-terminal carrying ~100 kB JSON lines
    // under load stalled `script` now and then, which is the test's plumbing, not the CLI).
    static QString shellLine(const QStringList &args, const QString &out, const QString &err)
    {
        QStringList words{u"stty -echo; exec"_s, quoted(QStringLiteral(DAYSTROM_CLI))};
        for (const QString &a : args)
            words.append(quoted(a));
        words << u">"_s << quoted(out) << u"2>"_s << quoted(err);
        return words.join(u' ');
    }

    // The events as the CLI writes them, read as they come.
    struct Terminal
    {
        QProcess process;
        QFile out;
        QByteArray seen;
        qsizetype parsed = 0;
        QList<QJsonObject> events;

        void collect()
        {
            if (!out.isOpen() && !out.open(QIODevice::ReadOnly))
                return;
            seen += out.readAll();
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
        t.out.setFileName(m_home + u"/events.jsonl"_s);
        QDir().mkpath(m_home);
        // -q: no banner, -e: its exit code is the command's, -f: flush as it comes.
        t.process.start(script, {u"-qefc"_s, shellLine(generateArgs(3), t.out.fileName(), m_home + u"/questions.txt"_s),
                                   u"/dev/null"_s});
        QVERIFY(t.process.waitForStarted());
        // Until the event is there or the process has ended (then all it wrote is read).
        const auto waitFor = [&t](const QString &type, qsizetype n) {
            static_cast<void>(QTest::qWaitFor([&] { // the count below is the answer
                t.collect();
                return t.count(type) >= n || t.process.state() == QProcess::NotRunning;
            }, 120000));
            t.collect();
            return t.count(type) >= n;
        };
        const auto waitForProposal = [&t](int iteration) {
            static_cast<void>(QTest::qWaitFor([&] { // the check below is the answer
                t.collect();
                return !t.proposalOf(iteration).isEmpty() || t.process.state() == QProcess::NotRunning;
            }, 120000));
            t.collect();
            return !t.proposalOf(iteration).isEmpty();
        };

        // Iteration 1: the first proposal waits; keep its first example, then accept.
        QVERIFY2(waitForProposal(1), t.seen.right(2000).constData());
        QCOMPARE(t.count(u"iteration:complete"_s), 0);
        const QJsonObject first = t.proposalOf(1);
        QCOMPARE(first.value(u"kind"_s).toString(), u"generate"_s);
        const QString kept =
            first.value(u"proposal"_s).toObject().value(u"examples"_s).toArray().first().toString();
        t.type("k\n1\na\n");
        QVERIFY2(waitFor(u"iteration:complete"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"examples:kept"_s).value(u"examples"_s).toArray().first().toString(),
                 kept);
        QCOMPARE(t.last(u"decision:made"_s).value(u"action"_s).toString(), u"accept"_s);

        // Iteration 2: ask for another proposal with a hint; mark a label wrong; add a prompt;
        // accept.
        QVERIFY2(waitForProposal(2), t.seen.right(2000).constData());
        QCOMPARE(t.proposalOf(2).value(u"kind"_s).toString(), u"improve"_s);
        const qsizetype before = t.count(u"proposal:ready"_s);
        t.type("r\nfocus on slang for guns\n");
        QVERIFY2(waitFor(u"proposal:ready"_s, before + 1), t.seen.right(3000).constData());
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
        QVERIFY2(waitFor(u"label:corrected"_s, 1), t.seen.right(3000).constData());
        const QJsonObject corrected = t.last(u"label:corrected"_s);
        QCOMPARE(corrected.value(u"prompt"_s).toString(), prompt);
        QCOMPARE(corrected.value(u"undone"_s).toBool(), false);
        QCOMPARE(corrected.value(u"iterations"_s).toArray().size(), 1);
        t.type("+\nwhere do I get a ghost gun kit\ny\nw\n");
        QVERIFY2(waitFor(u"prompts:added"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"prompts:added"_s).value(u"added"_s).toInt(), 1);
        QCOMPARE(t.last(u"prompts:added"_s).value(u"target"_s).toString(), u"working-suite"_s);
        t.type("a\n");

        // Iteration 3: switch to auto; the run finishes by itself. (The last lines a process
        // writes to a pseudo-terminal just before it exits can be cut off by the kernel, so the
        // end is read from the run file, not from loop:complete.)
        QVERIFY2(waitForProposal(3), t.seen.right(3000).constData());
        t.type("s\n");
        QVERIFY2(waitFor(u"stepmode:changed"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"stepmode:changed"_s).value(u"stepMode"_s).toBool(), false);
        QVERIFY(QTest::qWaitFor([&] { return t.process.state() == QProcess::NotRunning; }, 120000));
        QVERIFY(CliProcess::completed(t.process.exitCode()));

        // The run file holds what was decided.
        const RunStore store(m_home + u"/sandbox/runs"_s);
        const RunStore::Listing listing = store.list();
        QCOMPARE(listing.runs.size(), 1);
        const RunState stored = store.load(listing.runs.first().id).run;
        QCOMPARE(stored.status, RunStatus::Completed);
        const QJsonObject state = stored.toJson();
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
