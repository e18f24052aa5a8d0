#include "models/keychainsecretstore.h"

#include "testmain.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;

// KeychainSecretStore against a real Secret Service (gnome-keyring on a private D-Bus
// session, started by with-keyring.sh): what is written can be read back, a missing entry
// reads as empty, and a removed entry is gone.
class TestKeychain : public QObject
{
    Q_OBJECT

    SecretStore::Result call(const std::function<void(QObject *, SecretStore::Callback)> &op)
    {
        std::optional<SecretStore::Result> r;
        QObject ctx;
        op(&ctx, [&](const SecretStore::Result &res) { r = res; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(r.has_value(), 15000); }();
        return r.value_or(SecretStore::Result{{}, u"no answer"_s});
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QFAIL("run this test through tests/keychain/with-keyring.sh (a private Secret Service)");
    }

    void writeReadRemove()
    {
        KeychainSecretStore store;
        const QString key = u"airsApiKey-test-"_s + QString::number(QRandomGenerator::global()->generate());
        SecretStore::Result w = call([&](QObject *c, SecretStore::Callback d) { store.write(key, u"s3cr3t-value"_s, c, d); });
        QVERIFY2(w.ok(), qPrintable(w.error));
        SecretStore::Result r = call([&](QObject *c, SecretStore::Callback d) { store.read(key, c, d); });
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.value, u"s3cr3t-value"_s);

        // A second store (as after a restart) reads the same secret.
        KeychainSecretStore again;
        QCOMPARE(call([&](QObject *c, SecretStore::Callback d) { again.read(key, c, d); }).value, u"s3cr3t-value"_s);

        QVERIFY(call([&](QObject *c, SecretStore::Callback d) { store.remove(key, c, d); }).ok());
        const SecretStore::Result gone = call([&](QObject *c, SecretStore::Callback d) { store.read(key, c, d); });
        QVERIFY(gone.ok());
        QVERIFY(gone.value.isEmpty());
    }

    void missingEntryIsEmptyNotAnError()
    {
        KeychainSecretStore store;
        const SecretStore::Result r = call([&](QObject *c, SecretStore::Callback d) { store.read(u"never-written"_s, c, d); });
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.value.isEmpty());
    }

    void queuedJobsAllAnswer()
    {
        KeychainSecretStore store;
        int answered = 0;
        QObject ctx;
        for (int i = 0; i < 5; ++i)
            store.write(u"k%1"_s.arg(i), u"v%1"_s.arg(i), &ctx, [&](const SecretStore::Result &r) { answered += r.ok() ? 1 : 0; });
        QTRY_COMPARE_WITH_TIMEOUT(answered, 5, 15000);
        QHash<QString, QString> values;
        bool done = false;
        SecretStore::readAll(&store, {u"k0"_s, u"k4"_s}, &ctx, [&](const QHash<QString, QString> &v, const QStringList &) {
            values = v;
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 15000);
        QCOMPARE(values.value(u"k4"_s), u"v4"_s);
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
