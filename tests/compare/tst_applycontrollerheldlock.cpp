#include "applytenant.h"
#include "models/session/applycontroller.h"
#include "tenant/leftovers.h"

#include "testmain.h"

// ApplyController as `daystrom apply` and `revert` drive it (issue 59): the caller holds the
// run's lock for the whole command and hands it over; the controller records the apply in the
// run file step by step (issue 57) and says how each step ended in the engine's own words.
class TestApplyControllerHeldLock : public QObject
{
    Q_OBJECT

private slots:
    void appliesAndRevertsUnderTheCallersLock()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QJsonObject before = t.policy();
        {
            std::unique_ptr<QLockFile> lock = Leftovers::lock(t.runsDir, t.run.id);
            QVERIFY(lock);
            ApplyController c(t.client.get(), t.runsDir);
            c.adoptRunLock(std::move(lock));
            c.setPropagationDelayMs(1000); // TopicApplier says it waits: applyStep()
            QSignalSpy prepared(&c, &ApplyController::prepared);
            c.prepare(t.run, 4);
            QVERIFY(prepared.wait(15000));

            QStringList steps;
            std::optional<qsizetype> recordedBeforeTheWait;
            connect(&c, &ApplyController::applyStep, this, [&](const QString &line) {
                steps.append(line);
                recordedBeforeTheWait = t.stored().applies.size(); // the journal, before the wait
            });
            QSignalSpy finished(&c, &ApplyController::applyFinished);
            c.apply();
            QVERIFY(finished.wait(15000));
            QCOMPARE(c.state(), ApplyController::State::Applied); // the held lock served
            QCOMPARE(steps.size(), 1);
            QVERIFY2(steps.first().startsWith(u"pinned the topics in profile \"lab\"; waiting 1 s"_s), qPrintable(steps.first()));
            QCOMPARE(recordedBeforeTheWait, std::optional<qsizetype>(1));
            const auto outcome = finished.first().at(0).value<TopicApplier::Outcome>();
            QVERIFY(outcome.error.isEmpty());
            QVERIFY(outcome.record.has_value());
            QVERIFY2(outcome.done.contains(u"updated topic \"%1\""_s.arg(t.earlier.name)), qPrintable(outcome.done.join(u"; "_s)));
            QVERIFY(finished.first().at(1).toString().isEmpty()); // recorded
            QCOMPARE(t.stored().applies.size(), 1);
            // Still held: the controller never releases a lock it was handed.
            qint64 holder = 0;
            QVERIFY(!Leftovers::lock(t.runsDir, t.run.id, &holder));
            QCOMPARE(holder, QCoreApplication::applicationPid());
        }
        QVERIFY(Leftovers::lock(t.runsDir, t.run.id)); // released with the controller

        // `daystrom revert`: the stored run, no plan first.
        std::unique_ptr<QLockFile> lock = Leftovers::lock(t.runsDir, t.run.id);
        QVERIFY(lock);
        ApplyController c(t.client.get(), t.runsDir);
        c.adoptRunLock(std::move(lock));
        c.setRun(t.stored());
        QSignalSpy reverted(&c, &ApplyController::revertFinished);
        c.revert();
        QVERIFY(reverted.wait(15000));
        QCOMPARE(c.state(), ApplyController::State::Reverted);
        QCOMPARE(reverted.first().at(0).value<ApplyRecord>().iteration, 4);
        const auto outcome = reverted.first().at(1).value<TopicApplier::Outcome>();
        QVERIFY(outcome.error.isEmpty());
        QVERIFY(!outcome.done.isEmpty());
        QCOMPARE(t.policy(), before);
        QVERIFY(t.stored().applies.first().revertedAt.has_value());
    }

    // A plan AIRS cannot make is said with the engine's error (the command line's exit status
    // depends on its kind), after the translated failure.
    void aRefusedPlanCarriesTheEnginesError()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        ApplyController c(t.client.get(), t.runsDir);
        QSignalSpy failed(&c, &ApplyController::failed);
        QSignalSpy planFailed(&c, &ApplyController::planFailed);
        c.prepare(t.run, 99); // no such iteration
        QTRY_COMPARE_WITH_TIMEOUT(planFailed.size(), 1, 15000);
        QCOMPARE(failed.size(), 1);
        QVERIFY(!planFailed.first().at(0).value<AirsError>().toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestApplyControllerHeldLock)
#include "tst_applycontrollerheldlock.moc"
