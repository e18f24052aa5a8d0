#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "airs/promptsetclient.h"
#include "airstesthelpers.h"

#include "testmain.h"

#include <QJsonArray>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

// Profile creates and deletes, and creates that exist once whatever happens to their answer
// (createbyname.h), against the AIRS emulator over real loopback HTTP.
class TestAirsCreates : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    AirsTopic createTopic(ManagementClient &m, const QString &name, const QString &desc, const QStringList &ex)
    {
        const auto r = await<AirsTopic>([&](QObject *ctx, auto done) { m.createTopic(name, desc, ex, ctx, done); });
        [&] { QVERIFY2(r.ok(), qPrintable(r.error.toString())); }();
        return r.value;
    }

private slots:
    void profileCreateAndDelete()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        const QJsonObject policy = ProfilePolicy::withTopicGuardrails({}, {}, u"block"_s);
        const auto created = await<AirsProfile>(
            [&](QObject *c, auto d) { m.createProfile(u"daystrom-scratch-abc"_s, policy, c, d); });
        QVERIFY2(created.ok(), qPrintable(created.error.toString()));
        QCOMPARE(created.value.name, u"daystrom-scratch-abc"_s);
        QCOMPARE(e.profile(u"daystrom-scratch-abc"_s).value(u"profile_id"_s).toString(),
                 created.value.id);
        // The same create again finds its own object (nothing new); another policy under the
        // same name is a conflict.
        const auto again = await<AirsProfile>(
            [&](QObject *c, auto d) { m.createProfile(u"daystrom-scratch-abc"_s, policy, c, d); });
        QVERIFY2(again.ok(), qPrintable(again.error.toString()));
        QCOMPARE(again.value.id, created.value.id);
        const auto other = await<AirsProfile>([&](QObject *c, auto d) {
            m.createProfile(u"daystrom-scratch-abc"_s,
                            ProfilePolicy::withTopicGuardrails({}, {}, u"allow"_s), c, d);
        });
        QCOMPARE(other.error.kind, AirsError::Kind::Conflict);
        const auto noUser = await<QString>(
            [&](QObject *c, auto d) { m.deleteProfile(created.value.id, true, {}, c, d); });
        QCOMPARE(noUser.error.kind, AirsError::Kind::Validation);
        const auto removed = await<QString>([&](QObject *c, auto d) {
            m.deleteProfile(created.value.id, true, u"me@example.com"_s, c, d);
        });
        QVERIFY2(removed.ok(), qPrintable(removed.error.toString()));
        QVERIFY(e.profile(u"daystrom-scratch-abc"_s).isEmpty());
    }

    // The tenant refuses profile creation: a plain Auth error with the server's words, after
    // one token refresh, and nothing created.
    void profileCreateRefused()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        AirsFaults faults;
        faults.refuseProfileCreate = true;
        e.setFaults(faults);
        ManagementClient m(&m_nam, emulatorSettings(e));
        const auto refused = await<AirsProfile>([&](QObject *c, auto d) {
            m.createProfile(u"scratch"_s, ProfilePolicy::withTopicGuardrails({}, {}, u"block"_s), c,
                            d);
        });
        QCOMPARE(refused.error.kind, AirsError::Kind::Auth);
        QCOMPARE(refused.error.httpStatus, 403);
        QVERIFY2(refused.error.message.contains(u"may not create security profiles"_s),
                 qPrintable(refused.error.message));
        QVERIFY(e.profile(u"scratch"_s).isEmpty());
    }

    // AIRS performs a create and the answer is lost (the connection closes). Qt re-sends a
    // request whose connection closed unanswered, which AIRS refuses with 409; the client looks
    // the object up by name and takes it, as its content is what was sent. One object exists.
    void createWithLostAnswerLeavesOneObject_data()
    {
        QTest::addColumn<bool>("profile");
        QTest::addColumn<int>("lostAnswers");
        QTest::newRow("topic") << false << 1;
        QTest::newRow("topic, twice") << false << 2;
        QTest::newRow("profile") << true << 1;
    }
    void createWithLostAnswerLeavesOneObject()
    {
        QFETCH(bool, profile);
        QFETCH(int, lostAnswers);
        AirsEmulator e;
        QVERIFY(e.start());
        AirsFaults faults;
        faults.dropCreateResponseNext = lostAnswers;
        e.setFaults(faults);
        AirsSettings settings = emulatorSettings(e);
        settings.retry.baseDelayMs = 1;
        ManagementClient m(&m_nam, settings);
        QString id;
        if (profile) {
            const auto r = await<AirsProfile>([&](QObject *c, auto d) {
                m.createProfile(u"scratch"_s,
                                ProfilePolicy::withTopicGuardrails({}, {}, u"block"_s), c, d);
            });
            QVERIFY2(r.ok(), qPrintable(r.error.toString()));
            id = r.value.id;
            QCOMPARE(e.profile(u"scratch"_s).value(u"profile_id"_s).toString(), id);
        } else {
            id = createTopic(m, u"Once"_s, u"Created exactly once"_s, {u"a"_s, u"b"_s}).id;
            QCOMPARE(e.topics().size(), 1);
            QCOMPARE(e.topics().at(0).value(u"topic_id"_s).toString(), id);
        }
        QCOMPARE(e.faults().dropCreateResponseNext, lostAnswers - 1); // the fault did fire
        bool lookedUp = false;
        for (const auto &req : e.requests())
            lookedUp = lookedUp || (req.method == "GET" &&
                                    req.path.contains(profile ? u"/profiles/"_s : u"/topics/"_s));
        QVERIFY(lookedUp);
    }

    // An object of the same name that is not what this create sent stays a conflict.
    void createConflictWithSomeoneElsesObject()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        e.addTopic(u"Taken"_s, u"A person's own topic"_s, {u"a"_s, u"b"_s});
        ManagementClient m(&m_nam, emulatorSettings(e));
        const auto r = await<AirsTopic>([&](QObject *c, auto d) {
            m.createTopic(u"Taken"_s, u"Something else"_s, {u"a"_s, u"b"_s}, c, d);
        });
        QCOMPARE(r.error.kind, AirsError::Kind::Conflict);
        QCOMPARE(e.topics().size(), 1);
        QCOMPARE(e.topics().at(0).value(u"description"_s).toString(), u"A person's own topic"_s);
    }

    // A create that timed out before AIRS performed it (the emulator held it unanswered) is
    // sent again only after the lookup by name found nothing; one object results.
    void createTimedOutIsSentAgainOnlyWhenAbsent()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        AirsSettings settings = emulatorSettings(e);
        settings.retry.baseDelayMs = 1;
        settings.timeoutMs = 400;
        ManagementClient m(&m_nam, settings);
        QVERIFY(
            await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok()); // token
        e.clearRequests();
        AirsFaults faults;
        faults.hangNext = 1;
        e.setFaults(faults);
        const AirsTopic t = createTopic(m, u"Second try"_s, u"d"_s, {u"a"_s, u"b"_s});
        QVERIFY(!t.id.isEmpty());
        QCOMPARE(e.topics().size(), 1);
        QStringList calls;
        for (const auto &req : e.requests())
            calls << QString::fromLatin1(req.method) + u' ' + req.path;
        QCOMPARE(calls, (QStringList{u"POST /aisec/v1/mgmt/topic"_s,
                                     u"GET /aisec/v1/mgmt/topics/tsg/1234567890"_s,
                                     u"POST /aisec/v1/mgmt/topic"_s}));
    }

    // The prompt set's create loses its answer: found by name and description, one set. A set
    // of that name with another description is someone else's: a conflict.
    void promptSetCreateWithLostAnswer()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        AirsFaults faults;
        faults.dropCreateResponseNext = 1;
        e.setFaults(faults);
        AirsSettings settings = emulatorSettings(e);
        settings.retry.baseDelayMs = 1;
        PromptSetClient p(&m_nam, settings);
        const auto set = await<PromptSetInfo>([&](QObject *c, auto d) {
            p.createPromptSet(u"daystrom-weapons-abc1234"_s, u"Generated by run abc1234"_s, c, d);
        });
        QVERIFY2(set.ok(), qPrintable(set.error.toString()));
        QCOMPARE(e.faults().dropCreateResponseNext, 0);
        QCOMPARE(e.promptSets().size(), 1);
        QCOMPARE(e.promptSets().at(0).value(u"uuid"_s).toString(), set.value.id);
        const auto other = await<PromptSetInfo>([&](QObject *c, auto d) {
            p.createPromptSet(u"daystrom-weapons-abc1234"_s, u"Another export"_s, c, d);
        });
        QCOMPARE(other.error.kind, AirsError::Kind::Conflict);
        QCOMPARE(e.promptSets().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestAirsCreates)
#include "tst_airscreates.moc"
