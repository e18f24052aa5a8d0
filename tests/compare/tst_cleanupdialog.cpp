#include "applytenant.h"
#include "models/session/tenantcleanup.h"
#include "ui/compare/cleanupdialog.h"

#include "testmain.h"

#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>

// File ▸ Clean up AIRS against the emulator over loopback: it lists what a killed run left,
// deletes it only on confirmation, and leaves paused runs' objects alone.
class TestCleanupDialog : public QObject
{
    Q_OBJECT

    static QByteArray tenant(const AirsEmulator &airs)
    {
        QJsonArray all;
        for (const QJsonObject &p : airs.profiles())
            all.append(p);
        for (const QJsonObject &t : airs.topics())
            all.append(t);
        return QJsonDocument(all).toJson(QJsonDocument::Compact);
    }

    static RunState runWith(const QString &id, RunStatus status, const TenantFootprint &footprint)
    {
        RunState run = CompareFixture::make();
        run.id = id;
        run.status = status;
        run.tenant = footprint;
        return run;
    }

private slots:
    void listsThenDeletesWhatAKilledRunLeft()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QByteArray before = tenant(t.airs);

        // What a run killed mid-iteration leaves: its profile and its topic, both recorded.
        const QString killedId = u"killedRun0000000000001"_s.left(21);
        const QString scratch = TenantFootprint::scratchProfileName(killedId);
        const auto profile = await<AirsProfile>([&](QObject *ctx, auto done) { t.client->createProfile(scratch, t.policy(), ctx, done); });
        QVERIFY(profile.ok());
        const auto topic = await<AirsTopic>([&](QObject *ctx, auto done) {
            t.client->createTopic(u"Weapons (2)"_s, u"Candidate"_s, {u"a"_s, u"b"_s}, ctx, done);
        });
        QVERIFY(topic.ok());
        QVERIFY(await<AirsProfile>([&](QObject *ctx, auto done) {
                    t.client->assignTopics(scratch, {{topic.value.id, topic.value.name, u"block"_s, 0}}, u"allow"_s, ctx, done);
                }).ok());
        TenantFootprint killed;
        killed.productionProfile = u"lab"_s;
        killed.scratchProfile = scratch;
        killed.scratchProfileId = profile.value.id;
        killed.topics = {{topic.value.name, topic.value.id}};
        QVERIFY(RunStore(t.runsDir).save(runWith(killedId, RunStatus::Running, killed)).isEmpty());
        TenantFootprint paused;
        paused.productionProfile = u"lab"_s;
        paused.scratchProfile = u"daystrom-run-pausedRun"_s;
        QVERIFY(RunStore(t.runsDir).save(runWith(u"pausedRun000000000001"_s, RunStatus::Paused, paused)).isEmpty());
        QVERIFY(tenant(t.airs) != before);

        CleanupDialog dialog(t.client.get(), t.runsDir);
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString list = dialog.findChild<QPlainTextEdit *>(u"cleanupList"_s)->toPlainText();
        QVERIFY2(list.contains(u"delete scratch profile \"%1\""_s.arg(scratch)), qPrintable(list));
        QVERIFY(list.contains(u"delete topic \"Weapons (2)\""_s));
        QVERIFY(list.contains(u"pausedRun000000000001 is paused"_s));
        QVERIFY(!list.contains(u"daystrom-run-pausedRun\""_s)); // listed only as passed over
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(dialog.grab().save(shots + u"/cleanup-dialog.png"_s));
        QCOMPARE(tenant(t.airs).size() > before.size(), true); // listing deleted nothing

        auto *remove = dialog.findChild<QPushButton *>(u"cleanupDeleteButton"_s);
        QVERIFY(remove->isVisible() && remove->isEnabled());
        QSignalSpy finished(dialog.cleanup(), &TenantCleanup::finished);
        QTest::mouseClick(remove, Qt::LeftButton);
        QVERIFY(dialog.cleanup()->isBusy());
        dialog.reject(); // cannot walk away while deleting
        QVERIFY(dialog.isVisible());
        QVERIFY(finished.wait(15000));
        QCOMPARE(dialog.cleanup()->remaining(), 0);
        QCOMPARE(tenant(t.airs), before);
        QVERIFY(!RunStore(t.runsDir).load(killedId).run.tenant.has_value());
        QVERIFY(RunStore(t.runsDir).load(u"pausedRun000000000001"_s).run.tenant.has_value()); // kept for resume
        QVERIFY(dialog.findChild<QLabel *>(u"cleanupStatus"_s)->text().startsWith(u"Done"_s));
    }

    void nothingToCleanUpSaysSo()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        CleanupDialog dialog(t.client.get(), t.runsDir);
        QVERIFY(dialog.findChild<QLabel *>(u"cleanupStatus"_s)->text().contains(u"No stopped run"_s));
        QVERIFY(!dialog.findChild<QPushButton *>(u"cleanupDeleteButton"_s)->isVisibleTo(&dialog));
    }
};

QTEST_MAIN(TestCleanupDialog)
#include "tst_cleanupdialog.moc"
