#include "models/keychainsecretstore.h"
#include "models/settingscontroller.h"
#include "models/studiocontext.h"
#include "testhome.h"
#include "ui/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QtTest>

using namespace Qt::StringLiterals;

// KeychainSecretStore when the keychain cannot serve (run through without-keyring.sh: a
// private D-Bus session on which nothing provides org.freedesktop.secrets):
// - no Secret Service: every call answers with an error at once, never a hang, and no secret
//   is written anywhere in clear;
// - a Secret Service that takes calls and never answers (a locked keyring whose unlock prompt
//   nobody sees): the watchdog answers for it and the queue moves on;
// - the window: Settings says the keychain cannot be used and offers session-only storage;
//   chosen, secrets are kept in memory and never reach disk.
class TestKeychainFailures : public QObject
{
    Q_OBJECT

    static inline const QString Secret = u"sk-live-DO-NOT-WRITE-9f3b2"_s;

    // Every file under the test's home (config, data, cache, runtime) that contains `text`.
    static QStringList filesContaining(const QString &text)
    {
        QStringList found;
        QDirIterator it(TestHome::path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly) && f.readAll().contains(text.toUtf8()))
                found << f.fileName();
        }
        return found;
    }

    static SecretStore::Result call(const std::function<void(QObject *, SecretStore::Callback)> &op,
                                    int timeoutMs)
    {
        std::optional<SecretStore::Result> r;
        QObject ctx;
        op(&ctx, [&](const SecretStore::Result &res) { r = res; });
        if (!QTest::qWaitFor([&] { return r.has_value(); }, timeoutMs))
            return SecretStore::Result{{}, u"(no answer within %1 ms)"_s.arg(timeoutMs)};
        return r.value_or(SecretStore::Result{{}, u"(no answer within %1 ms)"_s.arg(timeoutMs)});
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QFAIL("run this test through tests/keychain/without-keyring.sh");
        QDBusConnectionInterface *bus = QDBusConnection::sessionBus().interface();
        QVERIFY(bus);
        QVERIFY2(!bus->isServiceRegistered(u"org.freedesktop.secrets"_s),
                 "a Secret Service is running on this bus");
        QVERIFY(!bus->activatableServiceNames().value().contains(u"org.freedesktop.secrets"_s));
    }

    void noSecretServiceAnswersWithAnError()
    {
        // The watchdog is far away: an answer in time comes from the keychain library itself.
        KeychainSecretStore store(nullptr, 60000);
        const SecretStore::Result w =
            call([&](QObject *c, SecretStore::Callback d) { store.write(u"airsApiKey"_s, Secret, c, d); }, 20000);
        QVERIFY2(!w.ok(), "a write without a Secret Service reported success");
        QVERIFY(!w.error.contains(u"no answer"_s));
        const SecretStore::Result r =
            call([&](QObject *c, SecretStore::Callback d) { store.read(u"airsApiKey"_s, c, d); }, 20000);
        QVERIFY(!r.ok());
        QVERIFY(r.value.isEmpty());
        QCOMPARE(filesContaining(Secret), QStringList()); // no plaintext fallback anywhere
    }

    void aSilentKeychainTripsTheWatchdog()
    {
        QProcess service;
        service.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        service.start(QStringLiteral(DAYSTROM_SILENT_SECRETS), {});
        QVERIFY2(service.waitForStarted(), qPrintable(service.errorString()));
        QVERIFY(service.waitForReadyRead(10000));
        QCOMPARE(service.readLine().trimmed(), QByteArray("ready"));

        KeychainSecretStore store(nullptr, 1000);
        int answered = 0;
        QStringList errors;
        QObject ctx;
        QElapsedTimer clock;
        clock.start();
        for (const QString &key : {u"airsApiKey"_s, u"openaiApiKey"_s})
            store.read(key, &ctx, [&](const SecretStore::Result &r) {
                ++answered;
                errors << r.error;
            });
        // One job at a time: the first times out, then the second, each after its watchdog
        // (coarse timers may fire up to 5 % early).
        QTRY_COMPARE_WITH_TIMEOUT(answered, 2, 10000);
        QVERIFY2(clock.elapsed() >= 1800, qPrintable(QString::number(clock.elapsed())));
        for (const QString &e : std::as_const(errors))
            QVERIFY2(e.contains(u"did not answer"_s), qPrintable(e));

        // The service goes away with calls still pending: nothing is left to crash later.
        service.kill();
        QVERIFY(service.waitForFinished(5000));
        const SecretStore::Result after =
            call([&](QObject *c, SecretStore::Callback d) { store.read(u"airsApiKey"_s, c, d); }, 20000);
        QVERIFY(!after.ok());
        QVERIFY(!after.error.contains(u"no answer"_s));
    }

    void settingsOfferSessionOnlyStorage()
    {
        KeychainSecretStore keychain(nullptr, 5000);
        StudioContext context(&keychain);
        MainWindow window(&context);
        QSignalSpy ready(&context, &StudioContext::ready);
        context.initialize();
        QVERIFY(context.isReady() || ready.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // No account: the welcome (as main() shows it) offers the sandbox or the settings.
        window.offerSandboxIfNeeded();
        QMessageBox *offer = nullptr;
        QTRY_VERIFY((offer = window.findChild<QMessageBox *>(u"sandboxOffer"_s)) && offer->isVisible());
        QTest::mouseClick(offer->findChild<QPushButton *>(u"openSettingsButton"_s), Qt::LeftButton);

        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<QDialog *>(u"settingsDialog"_s)) && dialog->isVisible());
        auto *banner = dialog->findChild<QLabel *>(u"keychainBanner"_s);
        auto *sessionOnly = dialog->findChild<QCheckBox *>(u"sessionOnlyCheck"_s);
        QVERIFY(banner && sessionOnly);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 20000);
        QVERIFY2(banner->text().contains(u"keychain cannot be used"_s), qPrintable(banner->text()));
        QVERIFY(sessionOnly->isVisible());
        if (const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS"); !shots.isEmpty())
            QVERIFY(dialog->grab().save(shots + u"/settings-no-keychain.png"_s));

        QTest::mouseClick(sessionOnly, Qt::LeftButton);
        QVERIFY(sessionOnly->isChecked());
        QVERIFY(context.settings()->secretStore() != &keychain);
        auto *key = dialog->findChild<QLineEdit *>(u"airsApiKeyEdit"_s);
        QVERIFY(key);
        key->setFocus();
        QTest::keyClicks(key, Secret);
        QPointer<QDialog> guard = dialog;
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"settingsButtons"_s)
                              ->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!guard || !guard->isVisible(), 20000);

        // Kept for this session: readable through the context's store, on disk nowhere.
        const SecretStore::Result stored = call(
            [&](QObject *c, SecretStore::Callback d) { context.settings()->secretStore()->read(u"airsApiKey"_s, c, d); },
            5000);
        QVERIFY2(stored.ok(), qPrintable(stored.error));
        QCOMPARE(stored.value, Secret);
        QCOMPARE(filesContaining(Secret), QStringList());
    }
};

QTEST_MAIN(TestKeychainFailures)
#include "tst_keychainfailures.moc"
