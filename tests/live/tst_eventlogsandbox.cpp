// The event log of a real sandbox run (the emulators over loopback): paused while it scans,
// the run file keeps the log; resumed, the Live page shows the earlier lines followed by the
// new ones; and the stored run, opened again, shows the whole log.
#include "domain/nanoid.h"
#include "models/eventlogtext.h"
#include "models/session/runcontroller.h"
#include "models/runsession.h"
#include "models/session/sandboxhost.h"
#include "runs/runstore.h"
#include "testhome.h"
#include "ui/live/liverunpanel.h"

#include "testmain.h"

#include <QPlainTextEdit>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

class TestEventLogSandbox : public QObject
{
    Q_OBJECT

    static constexpr int TimeoutMs = 90000;

    SandboxHost m_sandbox;
    RunEnvironment m_env;

    static QStringList lines(const RunState &run)
    {
        QStringList out;
        for (const QJsonObject &e : run.eventLog) {
            const QString line = EventLogText::line(e);
            if (!line.isEmpty())
                out.append(line);
        }
        return out;
    }

    static QStringList shown(LiveRunPanel &panel)
    {
        return panel.findChild<QPlainTextEdit *>(u"eventLog"_s)
            ->toPlainText()
            .split(u'\n', Qt::SkipEmptyParts);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_sandbox.start(&error), qPrintable(error));
        m_env.airs = m_sandbox.airsSettings();
        m_env.llm = m_sandbox.llmEndpoint();
        m_env.runsDirectory = TestHome::path() + u"/runs"_s;
        m_env.scanConcurrency = 5;
        m_env.scanRate = 40; // an iteration's scan takes a while: room to pause in it
        m_env.propagationDelayMs = 0;
    }

    void pausedThenResumedShowsEarlierLinesFirst()
    {
        RunState run;
        run.id = NanoId::generate();
        run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
        run.userInput.topicDescription = u"Block requests for help planning a bank robbery"_s;
        run.userInput.profileName = SandboxHost::ProfileName;
        run.userInput.maxIterations = 3;
        run.userInput.targetCoverage = 1.0;

        RunSession session;
        LiveRunPanel panel(&session, nullptr);
        {
            RunController first;
            std::optional<RunStatus> status;
            connect(&first, &RunController::finished, this, [&status](RunStatus s) { status = s; });
            session.attach(&first, run);
            QVERIFY(first.start(m_env, run));
            QTRY_VERIFY_WITH_TIMEOUT(session.currentIteration() == 2 && session.step() == u"scan"_s,
                                     TimeoutMs);
            first.pause();
            QTRY_VERIFY_WITH_TIMEOUT(status.has_value(), TimeoutMs);
            QCOMPARE(*status, RunStatus::Paused);
        }
        const QStringList before = shown(panel);
        QVERIFY(before.size() >= 5);
        QVERIFY2(before.last().endsWith(u"Run paused"_s), qPrintable(before.last()));
        QVERIFY(before.first().contains(u"Iteration 1 started"_s) ||
                before.first().contains(u"Memory"_s));

        const RunStore::Loaded paused = RunStore(m_env.runsDirectory).load(run.id);
        QVERIFY(paused.ok());
        QCOMPARE(paused.run.status, RunStatus::Paused);
        QCOMPARE(lines(paused.run), before); // what was shown is what the file keeps

        RunController second;
        std::optional<RunStatus> status;
        connect(&second, &RunController::finished, this, [&status](RunStatus s) { status = s; });
        session.attach(&second, paused.run);
        QCOMPARE(shown(panel), before); // the earlier lines, before anything new happens
        QVERIFY(second.start(m_env, paused.run));
        QTRY_VERIFY_WITH_TIMEOUT(status.has_value(), TimeoutMs * 2);
        QCOMPARE(*status, RunStatus::Completed);
        const QStringList after = shown(panel);
        QCOMPARE(after.mid(0, before.size()), before);
        const QStringList added = after.mid(before.size());
        QVERIFY2(added.size() >= 3, qPrintable(added.join(u'\n')));
        QVERIFY2(added.first().contains(u"Iteration 2 started"_s) ||
                     added.first().contains(u"Memory"_s),
                 qPrintable(added.first()));
        QVERIFY2(added.last().contains(u"Run completed: "_s), qPrintable(added.last()));

        // Opened from the store, as the Runs page does: the whole log.
        const RunStore::Loaded done = RunStore(m_env.runsDirectory).load(run.id);
        QVERIFY(done.ok());
        RunSession stored;
        LiveRunPanel storedPanel(&stored, nullptr);
        stored.open(done.run);
        QCOMPARE(shown(storedPanel), after);
    }
};

QTEST_MAIN(TestEventLogSandbox)
#include "tst_eventlogsandbox.moc"
