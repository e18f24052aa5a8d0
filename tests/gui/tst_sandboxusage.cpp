// Usage and budget end to end in the desktop app, over the built-in sandbox: a run's Live usage
// line shows, when the run ends, exactly the totals stored in its run file (tokens from the
// emulator's usage fields, LLM calls, scans); a token budget typed in New run reaches the run,
// which pauses before the call that would pass it, and says why like any other pause.
#include "models/runsession.h"
#include "studiodriver.h"

#include "testmain.h"

#include <QLabel>
#include <QLineEdit>
#include <QApplication>
#include <QInputDialog>
#include <QTimer>

using namespace Qt::StringLiterals;

class TestSandboxUsage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void liveShowsWhatTheRunFileHolds()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.maxIterations = 2;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        RunSession *session = studio.session();
        auto *label = studio.find<QLabel>(u"usageLabel"_s);
        QVERIFY(label);
        // Live: the counts grow while the run runs.
        QTRY_VERIFY_WITH_TIMEOUT(session->usage().scans > 0, StudioDriver::RunTimeoutMs);
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));

        const RunState stored = studio.storedRun(session->run().id);
        QVERIFY(stored.usage.inputTokens > 0);
        QVERIFY(stored.usage.outputTokens > 0);
        QVERIFY(stored.usage.llmCalls > 0);
        QVERIFY(stored.usage.scans > 0);
        QCOMPARE(session->usage(), stored.usage);
        const QLocale locale;
        const QString tokens = u"Tokens: %1 in / %2 out"_s.arg(
            locale.toString(stored.usage.inputTokens), locale.toString(stored.usage.outputTokens));
        QVERIFY2(label->text().contains(tokens), qPrintable(label->text() + u" / "_s + tokens));
        QVERIFY(label->text().contains(u"LLM calls: %1"_s.arg(stored.usage.llmCalls)));
        QVERIFY(label->text().contains(u"Scans: %1"_s.arg(locale.toString(stored.usage.scans))));
        // Iterations hold their part of it.
        RunUsage iterations;
        for (const IterationResult &it : stored.iterations)
            iterations += it.usage;
        QVERIFY(iterations.scans > 0 && iterations.scans <= stored.usage.scans);
        QVERIFY(iterations.inputTokens <= stored.usage.inputTokens);
    }

    void aTokenBudgetPausesTheRunWithItsReason()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        form.topic = u"Block requests to launder money or run investment scams"_s;
        form.maxIterations = 3;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        auto *budget = studio.find<QLineEdit>(u"maxTokensEdit"_s);
        QVERIFY(budget);
        budget->setFocus();
        QTest::keyClicks(budget, u"500"_s);
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        RunSession *session = studio.session();
        QCOMPARE(session->run().userInput.maxTokens, std::optional<qint64>(500));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));

        const RunState stored = studio.storedRun(session->run().id);
        QCOMPARE(stored.status, RunStatus::Paused);
        QVERIFY2(stored.stopReason.contains(u"token"_s), qPrintable(stored.stopReason));
        QVERIFY(stored.usage.totalTokens() <= 500);
        // Said where other pauses are said: the status line and the Live log.
        auto *status = studio.find<QLabel>(u"statusLabel"_s);
        QTRY_VERIFY2(status->text().contains(u"budget"_s), qPrintable(status->text()));
        QVERIFY2(session->log().join(u'\n').contains(u"budget"_s),
                 qPrintable(session->log().join(u'\n')));
        QVERIFY2(studio.find<QLabel>(u"usageLabel"_s)->text().contains(u"budget: 500 tokens"_s),
                 qPrintable(studio.find<QLabel>(u"usageLabel"_s)->text()));
        // In the app's words: no command-line flag in the status line.
        QVERIFY2(!status->text().contains(u"--max"_s), qPrintable(status->text()));

        // Resume asks for a higher budget first (as it is, the run would pause again at once).
        // Cancelling the question leaves the run paused and untouched.
        QString asked;
        // Answers the modal question once it shows (polled, so a slow show cannot hang the test).
        auto *poll = new QTimer(this);
        poll->setInterval(10);
        bool accept = false;
        connect(poll, &QTimer::timeout, this, [&asked, &accept, poll] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            poll->stop();
            asked = dialog->labelText();
            if (!accept)
                return dialog->reject();
            dialog->setIntValue(1000000);
            dialog->accept();
        });
        auto answer = [&accept, poll](bool yes) {
            accept = yes;
            poll->start();
        };
        answer(false);
        QVERIFY2(studio.clickAction(u"resumeAction"_s), qPrintable(studio.why()));
        QVERIFY2(asked.contains(u"New token budget"_s), qPrintable(asked));
        QCOMPARE(studio.storedRun(session->run().id).status, RunStatus::Paused);
        QVERIFY(!studio.context()->isRunActive());

        asked.clear();
        answer(true);
        QVERIFY2(studio.clickAction(u"resumeAction"_s), qPrintable(studio.why()));
        QVERIFY2(asked.contains(u"of 500 tokens used"_s), qPrintable(asked));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        const RunState resumed = studio.storedRun(session->run().id);
        QCOMPARE(resumed.userInput.maxTokens, std::optional<qint64>(1000000));
        QCOMPARE(resumed.status, RunStatus::Completed);
        QVERIFY(resumed.usage.totalTokens() > stored.usage.totalTokens());
        QVERIFY(resumed.usage.llmCalls > stored.usage.llmCalls);
    }
};

QTEST_MAIN(TestSandboxUsage)
#include "tst_sandboxusage.moc"
