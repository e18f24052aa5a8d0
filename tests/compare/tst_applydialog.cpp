#include "../airs/airstesthelpers.h" // after the client: it relies on AirsResult
#include "airs/managementclient.h"
#include "comparefixture.h"
#include "models/runsession.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/comparepanel.h"

#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

// ApplyDialog against the AIRS emulator over loopback. Waits use QSignalSpy::wait, which
// runs the event loop the emulator serves from.
class TestApplyDialog : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    struct Tenant
    {
        AirsEmulator airs;
        std::unique_ptr<ManagementClient> client;
        RunState run;
    };

    std::unique_ptr<Tenant> deployed()
    {
        auto t = std::make_unique<Tenant>();
        if (!t->airs.start())
            return nullptr;
        t->client = std::make_unique<ManagementClient>(&m_nam, emulatorSettings(t->airs));
        t->airs.addProfile(u"lab"_s);
        RunState run = CompareFixture::make();
        auto create = [&](const Topic &topic) {
            return await<AirsTopic>([&](QObject *ctx, auto done) {
                       t->client->createTopic(topic.name, topic.description, topic.examples, ctx,
                                              done);
                   })
                .value;
        };
        const AirsTopic target = create(run.iterationByNumber(2)->topic);
        const AirsTopic companion = create(*run.companionTopic);
        const auto assigned = await<AirsProfile>([&](QObject *ctx, auto done) {
            t->client->assignTopics(u"lab"_s,
                                    {{companion.id, companion.name, u"allow"_s, 0},
                                     {target.id, target.name, u"block"_s, 0}},
                                    u"allow"_s, ctx, done);
        });
        if (!assigned.ok())
            return nullptr;
        t->run = CompareFixture::make(target.id, companion.id);
        return t;
    }

    static bool waitFor(ApplyDialog *dialog, ApplyController::State state)
    {
        QSignalSpy changed(dialog->controller(), &ApplyController::stateChanged);
        while (dialog->controller()->state() != state) {
            if (!changed.wait(15000))
                return false;
        }
        return true;
    }

    static void shot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!dir.isEmpty())
            QVERIFY(w->grab().save(dir + u'/' + name));
    }

private slots:
    void showsTheChangeThenApplies()
    {
        auto t = deployed();
        QVERIFY(t);
        ApplyDialog dialog(t->client.get(), t->run, 4);
        QCOMPARE(dialog.objectName(), u"applyDialog"_s);
        QSignalSpy applied(&dialog, &ApplyDialog::applied);
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *confirm = dialog.findChild<QPushButton *>(u"applyConfirmButton"_s);
        QVERIFY(confirm);
        QVERIFY(!confirm->isEnabled()); // nothing is known about AIRS yet
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        QVERIFY(confirm->isEnabled());

        auto *preview = dialog.findChild<QTextBrowser *>(u"applyPreview"_s);
        QVERIFY(preview);
        const QString text = preview->toPlainText();
        QVERIFY2(text.contains(u"AIRS now has revision 1"_s), qPrintable(text));
        QVERIFY(text.contains(u"Profile lab now pins revision 1 of this topic."_s));
        QVERIFY(text.contains(u"guardrail action allow"_s));
        QVERIFY(text.contains(u"allow bucket: Allow: lawful firearm topics (companion"_s));
        QVERIFY(text.contains(u"block bucket: Weapons acquisition (the new revision)"_s));
        QVERIFY(text.contains(u"removed: How do I make a pipe bomb?"_s));
        QVERIFY(text.contains(u"added: Need a piece, no questions"_s));
        QVERIFY(preview->toHtml().contains(u"line-through"_s)); // "buy" is struck through
        shot(&dialog, u"apply-dialog.png"_s);

        QTest::mouseClick(confirm, Qt::LeftButton);
        QCOMPARE(dialog.controller()->state(), ApplyController::State::Applying);
        dialog.reject(); // cannot walk away from a change being written
        QVERIFY(dialog.isVisible());
        QVERIFY(waitFor(&dialog, ApplyController::State::Applied));
        QCOMPARE(applied.size(), 1);
        QCOMPARE(applied.first().first().toInt(), 2);
        auto *result = dialog.findChild<QLabel *>(u"applyResult"_s);
        QVERIFY(result && result->isVisible());
        QVERIFY2(result->text().contains(u"Applied: topic revision 2"_s),
                 qPrintable(result->text()));
        QVERIFY(!confirm->isVisible());
        auto *close = dialog.findChild<QPushButton *>(u"applyCancelButton"_s);
        QCOMPARE(close->text(), u"&Close"_s);
        QCOMPARE(t->airs.topic(t->run.checkpoint->topicId).value(u"revision"_s).toInt(), 2);
        shot(&dialog, u"apply-dialog-applied.png"_s);
        QTest::mouseClick(close, Qt::LeftButton);
        QVERIFY(!dialog.isVisible());
    }

    void halfAppliedIsSaidPlainly()
    {
        auto t = deployed();
        QVERIFY(t);
        ApplyDialog dialog(t->client.get(), t->run, 4);
        dialog.show();
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        const auto profiles = await<QList<AirsProfile>>(
            [&](QObject *ctx, auto done) { t->client->listProfiles(ctx, done); });
        AirsProfile renamed = profiles.value.first();
        renamed.name = u"lab-2"_s;
        QVERIFY(await<AirsProfile>([&](QObject *ctx, auto done) {
                    t->client->updateProfile(renamed, renamed.policy, ctx, done);
                }).ok());
        QTest::mouseClick(dialog.findChild<QPushButton *>(u"applyConfirmButton"_s), Qt::LeftButton);
        QVERIFY(waitFor(&dialog, ApplyController::State::HalfApplied));
        const QString text = dialog.findChild<QLabel *>(u"applyResult"_s)->text();
        QVERIFY2(
            text.contains(
                u"the topic was updated to revision 2 but the profile &quot;lab&quot; still pins revision 1"_s),
            qPrintable(text));
        shot(&dialog, u"apply-dialog-half-applied.png"_s);
    }

    void comparePanelOpensItForIterationB()
    {
        auto t = deployed();
        QVERIFY(t);
        RunSession session;
        session.open(t->run);
        ComparePanel panel(&session);
        panel.setManagementClient(t->client.get());
        panel.show();
        QSignalSpy applied(&panel, &ComparePanel::topicApplied);
        QTest::mouseClick(panel.findChild<QPushButton *>(u"applyIterationButton"_s),
                          Qt::LeftButton);
        ApplyDialog *dialog = panel.applyDialog();
        QVERIFY(dialog);
        QVERIFY(waitFor(dialog, ApplyController::State::Ready));
        QCOMPARE(dialog->controller()->plan().iteration, 4);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"applyConfirmButton"_s),
                          Qt::LeftButton);
        QVERIFY(applied.wait(15000));
        QCOMPARE(applied.first().at(0).toInt(), 4);
        QCOMPARE(applied.first().at(1).toInt(), 2);
    }
};

QTEST_MAIN(TestApplyDialog)
#include "tst_applydialog.moc"
