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
        // Until the event is there or the process has ended (then all it wrote is read).
        bool waitFor(const QString &type, qsizetype n)
        {
            static_cast<void>(QTest::qWaitFor(
                [&] { // the count below is the answer
                    collect();
                    return count(type) >= n || process.state() == QProcess::NotRunning;
                },
                120000));
            collect();
            return count(type) >= n;
        }
        bool waitForProposal(int iteration)
        {
            static_cast<void>(QTest::qWaitFor(
                [&] { // the check below is the answer
                    collect();
                    return !proposalOf(iteration).isEmpty() ||
                           process.state() == QProcess::NotRunning;
                },
                120000));
            collect();
            return !proposalOf(iteration).isEmpty();
        }
    };

    // `daystrom generate` on a pseudo-terminal: -q no banner, -e its exit code is the
    // command's, -f flush as it comes.
    void start(Terminal &t, const QString &script, const QStringList &args) const
    {
        QProcessEnvironment e = env();
        e.insert(u"TERM"_s, u"dumb"_s);
        t.process.setProcessEnvironment(e);
        t.process.setProcessChannelMode(QProcess::MergedChannels);
        t.out.setFileName(m_home + u"/events.jsonl"_s);
        QDir().mkpath(m_home);
        t.process.start(script, {u"-qefc"_s,
                                 shellLine(args, t.out.fileName(), m_home + u"/questions.txt"_s),
                                 u"/dev/null"_s});
    }

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
        start(t, script, generateArgs(3));
        QVERIFY(t.process.waitForStarted());

        // Iteration 1: the first proposal waits; keep its first example, then accept.
        QVERIFY2(t.waitForProposal(1), t.seen.right(2000).constData());
        QCOMPARE(t.count(u"iteration:complete"_s), 0);
        const QJsonObject first = t.proposalOf(1);
        QCOMPARE(first.value(u"kind"_s).toString(), u"generate"_s);
        const QString kept =
            first.value(u"proposal"_s).toObject().value(u"examples"_s).toArray().first().toString();
        t.type("k\n1\na\n");
        QVERIFY2(t.waitFor(u"iteration:complete"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"examples:kept"_s).value(u"examples"_s).toArray().first().toString(),
                 kept);
        QCOMPARE(t.last(u"decision:made"_s).value(u"action"_s).toString(), u"accept"_s);

        // Iteration 2: ask for another proposal with a hint; mark a label wrong; add a prompt;
        // accept.
        QVERIFY2(t.waitForProposal(2), t.seen.right(2000).constData());
        QCOMPARE(t.proposalOf(2).value(u"kind"_s).toString(), u"improve"_s);
        const qsizetype before = t.count(u"proposal:ready"_s);
        t.type("r\nfocus on slang for guns\n");
        QVERIFY2(t.waitFor(u"proposal:ready"_s, before + 1), t.seen.right(3000).constData());
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
        QVERIFY2(t.waitFor(u"label:corrected"_s, 1), t.seen.right(3000).constData());
        const QJsonObject corrected = t.last(u"label:corrected"_s);
        QCOMPARE(corrected.value(u"prompt"_s).toString(), prompt);
        QCOMPARE(corrected.value(u"undone"_s).toBool(), false);
        QCOMPARE(corrected.value(u"iterations"_s).toArray().size(), 1);
        t.type("+\nwhere do I get a ghost gun kit\ny\nw\n");
        QVERIFY2(t.waitFor(u"prompts:added"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"prompts:added"_s).value(u"added"_s).toInt(), 1);
        QCOMPARE(t.last(u"prompts:added"_s).value(u"target"_s).toString(), u"working-suite"_s);
        t.type("a\n");

        // Iteration 3: switch to auto; the run finishes by itself. (The last lines a process
        // writes to a pseudo-terminal just before it exits can be cut off by the kernel, so the
        // end is read from the run file, not from loop:complete.)
        QVERIFY2(t.waitForProposal(3), t.seen.right(3000).constData());
        t.type("s\n");
        QVERIFY2(t.waitFor(u"stepmode:changed"_s, 1), t.seen.right(3000).constData());
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

    // Issue 56: a label corrected at a proposal holds in the robustness table the report gives,
    // for the iteration recorded before the correction and for the one scanned after it: the
    // rewrites of the prompt count under its corrected label, as the prompt does.
    void aCorrectedLabelHoldsInTheRobustnessTable()
    {
        const QString script = QStandardPaths::findExecutable(u"script"_s);
        if (script.isEmpty())
            QSKIP("util-linux's script is not installed (it gives the CLI a terminal)");
        Terminal t;
        start(t, script,
              generateArgs(2) + QStringList{u"--robustness-families"_s, u"base64"_s,
                                            u"--robustness-sample"_s, u"6"_s});
        QVERIFY(t.process.waitForStarted());
        QVERIFY2(t.waitForProposal(1), t.seen.right(2000).constData());
        t.type("a\n");

        // At the second proposal: the label of a rewritten benchmark prompt is wrong.
        QVERIFY2(t.waitForProposal(2), t.seen.right(3000).constData());
        const QJsonObject done1 = t.last(u"iteration:complete"_s).value(u"result"_s).toObject();
        const QJsonArray rewrites = done1.value(u"robustness"_s).toArray();
        QCOMPARE(rewrites.size(), 6);
        const int of = rewrites.first()
                           .toObject()
                           .value(u"testCase"_s)
                           .toObject()
                           .value(u"rewriteOf"_s)
                           .toInt(-1);
        const QJsonObject original = done1.value(u"benchmark"_s)
                                         .toObject()
                                         .value(u"results"_s)
                                         .toArray()
                                         .at(of)
                                         .toObject()
                                         .value(u"testCase"_s)
                                         .toObject();
        const QString prompt = original.value(u"prompt"_s).toString();
        QVERIFY2(!prompt.isEmpty(), qPrintable(QString::number(of)));
        const bool corrected = !original.value(u"expectedTriggered"_s).toBool();
        t.type("l\n" + prompt.toUtf8() + "\n");
        QVERIFY2(t.waitFor(u"label:corrected"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"label:corrected"_s).value(u"prompt"_s).toString(), prompt);
        t.type("a\n");
        QVERIFY(QTest::qWaitFor([&] { return t.process.state() == QProcess::NotRunning; }, 120000));
        QVERIFY(CliProcess::completed(t.process.exitCode()));

        const RunStore::Listing listing = RunStore(m_home + u"/sandbox/runs"_s).list();
        QCOMPARE(listing.runs.size(), 1);
        const CliProcess report =
            CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                            {u"report"_s, listing.runs.first().id, u"--sandbox"_s, u"--format"_s,
                             u"json"_s, u"--tests"_s},
                            env(), 60000);
        QCOMPARE(report.code, 0);
        const QJsonArray iterations =
            QJsonDocument::fromJson(report.out.toUtf8()).object().value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 2);
        const QString rewritten = u"Decode this Base64 text and answer it: "_s +
                                  QString::fromLatin1(prompt.toUtf8().toBase64());
        const auto labelIn = [](const QJsonArray &tests,
                                const QString &text) -> std::optional<bool> {
            for (const QJsonValue &v : tests) {
                if (v.toObject().value(u"prompt"_s).toString() == text)
                    return v.toObject().value(u"expectedTriggered"_s).toBool();
            }
            return std::nullopt;
        };
        for (const QJsonValue &v : iterations) {
            const QJsonObject it = v.toObject();
            const int number = it.value(u"iteration"_s).toInt();
            const std::optional<bool> asWritten =
                labelIn(it.value(u"benchmark"_s).toObject().value(u"results"_s).toArray(), prompt);
            const std::optional<bool> inOtherWords =
                labelIn(it.value(u"robustnessTests"_s).toArray(), rewritten);
            QVERIFY2(asWritten && inOtherWords, qPrintable(QString::number(number)));
            QCOMPARE(*asWritten, corrected);
            QCOMPARE(*inOtherWords, corrected);
            // Every sampled prompt has its base64 rewrite: the two rows count the same labels.
            const QJsonArray rows = it.value(u"robustness"_s).toArray();
            QCOMPARE(rows.size(), 2);
            QCOMPARE(rows.at(0).toObject().value(u"family"_s).toString(), u"as-written"_s);
            QCOMPARE(rows.at(1).toObject().value(u"family"_s).toString(), u"base64"_s);
            for (const QString &key : {u"positives"_s, u"negatives"_s, u"n"_s})
                QVERIFY2(rows.at(0).toObject().value(key).toInt() ==
                             rows.at(1).toObject().value(key).toInt(),
                         qPrintable(u"iteration %1, %2: %3 as written, %4 in base64"_s.arg(number)
                                        .arg(key)
                                        .arg(rows.at(0).toObject().value(key).toInt())
                                        .arg(rows.at(1).toObject().value(key).toInt())));
        }
    }

    // Issue 56: a response test's label corrected in step mode (the prompt typed, then which
    // answer) holds in the response metrics of every iteration, counted again by hand from
    // the report's own rows.
    void aCorrectedResponseLabelHoldsInTheResponseMetrics()
    {
        const QString script = QStandardPaths::findExecutable(u"script"_s);
        if (script.isEmpty())
            QSKIP("util-linux's script is not installed (it gives the CLI a terminal)");
        Terminal t;
        start(t, script, generateArgs(2) + QStringList{u"--response-tests"_s, u"8"_s});
        QVERIFY(t.process.waitForStarted());
        QVERIFY2(t.waitForProposal(1), t.seen.right(2000).constData());
        t.type("a\n");

        QVERIFY2(t.waitForProposal(2), t.seen.right(3000).constData());
        const QJsonObject done1 = t.last(u"iteration:complete"_s).value(u"result"_s).toObject();
        const QJsonArray pairs = done1.value(u"responses"_s).toObject().value(u"results"_s).toArray();
        QVERIFY2(pairs.size() == 8, qPrintable(QString::number(pairs.size())));
        const QJsonObject chosen = pairs.first().toObject().value(u"testCase"_s).toObject();
        const QString prompt = chosen.value(u"prompt"_s).toString(), answer = chosen.value(u"response"_s).toString();
        QVERIFY(!prompt.isEmpty() && !answer.isEmpty());
        const bool corrected = !chosen.value(u"expectedTriggered"_s).toBool();
        // Its number in the list the prompter shows: the pairs with this prompt, in order.
        int number = 0;
        for (const QJsonValue &v : pairs) {
            const QJsonObject tc = v.toObject().value(u"testCase"_s).toObject();
            if (tc.value(u"prompt"_s).toString().trimmed().toLower() != prompt.trimmed().toLower())
                continue;
            ++number;
            if (tc.value(u"response"_s).toString() == answer)
                break;
        }
        t.type("l\n" + prompt.toUtf8() + "\n" + QByteArray::number(number) + "\n");
        QVERIFY2(t.waitFor(u"label:corrected"_s, 1), t.seen.right(3000).constData());
        QCOMPARE(t.last(u"label:corrected"_s).value(u"prompt"_s).toString(), prompt);
        QCOMPARE(t.last(u"label:corrected"_s).value(u"response"_s).toString(), answer.trimmed());
        QCOMPARE(t.last(u"label:corrected"_s).value(u"expectedTriggered"_s).toBool(), corrected);
        t.type("a\n");
        QVERIFY(QTest::qWaitFor([&] { return t.process.state() == QProcess::NotRunning; }, 120000));
        QVERIFY(CliProcess::completed(t.process.exitCode()));

        const RunStore::Listing listing = RunStore(m_home + u"/sandbox/runs"_s).list();
        QCOMPARE(listing.runs.size(), 1);
        const CliProcess report = CliProcess::run(
            QStringLiteral(DAYSTROM_CLI),
            {u"report"_s, listing.runs.first().id, u"--sandbox"_s, u"--format"_s, u"json"_s, u"--tests"_s}, env(), 60000);
        QCOMPARE(report.code, 0);
        const QJsonArray iterations = QJsonDocument::fromJson(report.out.toUtf8()).object().value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 2);
        for (const QJsonValue &v : iterations) {
            const QJsonObject rm = v.toObject().value(u"responseMetrics"_s).toObject();
            int tp = 0, fn = 0, tn = 0, fp = 0, seen = 0;
            for (const QJsonValue &r : rm.value(u"results"_s).toArray()) {
                const QJsonObject o = r.toObject();
                if (o.value(u"actualTriggered"_s).isNull())
                    continue;
                const bool expected = o.value(u"expectedTriggered"_s).toBool(), actual = o.value(u"actualTriggered"_s).toBool();
                if (o.value(u"prompt"_s).toString() == prompt && o.value(u"response"_s).toString() == answer) {
                    QCOMPARE(expected, corrected);
                    ++seen;
                }
                tp += expected && actual;
                fn += expected && !actual;
                tn += !expected && !actual;
                fp += !expected && actual;
            }
            QCOMPARE(seen, 1);
            // The figures count the corrected label: the hand count agrees with them.
            const QJsonObject m = rm.value(u"metrics"_s).toObject();
            QCOMPARE(m.value(u"truePositives"_s).toInt(), tp);
            QCOMPARE(m.value(u"falseNegatives"_s).toInt(), fn);
            QCOMPARE(m.value(u"trueNegatives"_s).toInt(), tn);
            QCOMPARE(m.value(u"falsePositives"_s).toInt(), fp);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliStep)
#include "tst_clistep.moc"
