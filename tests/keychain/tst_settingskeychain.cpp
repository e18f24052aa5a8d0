#include "models/keychainsecretstore.h"
#include "models/settingscontroller.h"
#include "models/studiocontext.h"
#include "ui/mainwindow.h"
#include "ui/settings/llmproviderfields.h"

#include "testmain.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

// The Settings dialog over a real Secret Service (gnome-keyring on a private D-Bus session,
// started by with-keyring.sh): a key typed and then cancelled (button or Escape) is forgotten
// — the field is empty when the dialog opens again and nothing reaches the keychain — and a
// key confirmed with OK is stored there and shown as stored.
class TestSettingsKeychain : public QObject
{
    Q_OBJECT

    static inline const QString Typed = u"sk-typed-then-cancelled-51c9"_s;

    static SecretStore::Result readFromKeychain(const QString &key)
    {
        KeychainSecretStore store; // a second store, as another process would read it
        std::optional<SecretStore::Result> r;
        QObject ctx;
        store.read(key, &ctx, [&](const SecretStore::Result &res) { r = res; });
        if (!QTest::qWaitFor([&] { return r.has_value(); }, 15000))
            return SecretStore::Result{{}, u"(no answer)"_s};
        return *r;
    }

    static QDialog *openSettings(MainWindow &window)
    {
        window.findChild<QAction *>(u"settingsAction"_s)->trigger();
        QDialog *dialog = nullptr;
        const bool shown = QTest::qWaitFor(
            [&] {
                for (QDialog *d : window.findChildren<QDialog *>(u"settingsDialog"_s)) {
                    if (d->isVisible())
                        dialog = d;
                }
                return dialog != nullptr;
            },
            5000);
        return shown ? dialog : nullptr;
    }

    static void typeKey(QDialog *dialog, const QString &text)
    {
        auto *edit = dialog->findChild<QLineEdit *>(u"airsApiKeyEdit"_s);
        QVERIFY(edit);
        edit->setFocus();
        QTest::keyClicks(edit, text);
        QCOMPARE(edit->text(), text);
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QFAIL(
                "run this test through tests/keychain/with-keyring.sh (a private Secret Service)");
    }

    void cancelForgetsATypedKey_data()
    {
        QTest::addColumn<bool>("escape");
        QTest::newRow("Cancel button") << false;
        QTest::newRow("Escape") << true;
    }

    void cancelForgetsATypedKey()
    {
        QFETCH(bool, escape);
        KeychainSecretStore keychain;
        StudioContext context(&keychain);
        MainWindow window(&context);
        QSignalSpy ready(&context, &StudioContext::ready);
        context.initialize();
        QVERIFY(context.isReady() || ready.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QDialog *dialog = openSettings(window);
        QVERIFY(dialog);
        auto *status = dialog->findChild<QLabel *>(u"airsApiKeyStatus"_s);
        QVERIFY(status);
        const QString before = status->text();
        typeKey(dialog, Typed);
        QVERIFY(context.settings()->hasChanges());
        QPointer<QDialog> guard = dialog;
        if (escape)
            QTest::keyClick(dialog, Qt::Key_Escape);
        else
            QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"settingsButtons"_s)
                                  ->button(QDialogButtonBox::Cancel),
                              Qt::LeftButton);
        QTRY_VERIFY(!guard);
        QVERIFY(!context.settings()->hasChanges());

        // Opened again: as it was, nothing "will be saved".
        dialog = openSettings(window);
        QVERIFY(dialog);
        auto *edit = dialog->findChild<QLineEdit *>(u"airsApiKeyEdit"_s);
        status = dialog->findChild<QLabel *>(u"airsApiKeyStatus"_s);
        QVERIFY(edit && status);
        QVERIFY(edit->text().isEmpty());
        QCOMPARE(status->text(), before);
        QVERIFY(!status->text().contains(u"will be"_s));
        QVERIFY(!edit->placeholderText().contains(u"will be"_s));
        guard = dialog;
        // OK with nothing typed: still nothing for the key in the keychain.
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"settingsButtons"_s)
                              ->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!guard, 15000);
        const SecretStore::Result stored = readFromKeychain(u"airsApiKey"_s);
        QVERIFY2(stored.ok(), qPrintable(stored.error));
        QCOMPARE(stored.value, QString());
    }

    void okStoresTheKeyInTheKeychain()
    {
        KeychainSecretStore keychain;
        StudioContext context(&keychain);
        MainWindow window(&context);
        QSignalSpy ready(&context, &StudioContext::ready);
        context.initialize();
        QVERIFY(context.isReady() || ready.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDialog *dialog = openSettings(window);
        QVERIFY(dialog);
        typeKey(dialog, u"sk-confirmed-77"_s);
        QPointer<QDialog> guard = dialog;
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"settingsButtons"_s)
                              ->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!guard, 15000);
        QCOMPARE(readFromKeychain(u"airsApiKey"_s).value, u"sk-confirmed-77"_s);
        QVERIFY(!context.settings()->isSessionOnly());

        dialog = openSettings(window);
        QVERIFY(dialog);
        auto *status = dialog->findChild<QLabel *>(u"airsApiKeyStatus"_s);
        QTRY_COMPARE(status->text(), u"stored in the system keychain"_s);
        QVERIFY(!dialog->findChild<QWidget *>(u"keychainProblem"_s)->isVisible());
        QVERIFY(!dialog->findChild<QWidget *>(u"keychainWaitBanner"_s)->isVisible());
        guard = dialog;
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(!guard);
    }

    // A Google service-account key file imported in Settings ▸ LLM lands in the keychain as it
    // was, and its private key is nowhere in config.json.
    void anImportedGoogleKeyGoesToTheKeychain()
    {
        QTemporaryDir files;
        QVERIFY(files.isValid());
        const QByteArray key = QJsonDocument(QJsonObject{
            {u"type"_s, u"service_account"_s},
            {u"client_email"_s, u"keychain-test@example.iam.gserviceaccount.com"_s},
            {u"private_key"_s, u"-----BEGIN PRIVATE KEY-----\nMIIE-keychain-marker-52e1\n-----END PRIVATE KEY-----\n"_s},
            {u"token_uri"_s, u"https://oauth2.googleapis.com/token"_s}}).toJson();
        QFile file(files.filePath(u"key.json"_s));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(key) == key.size());
        file.close();

        KeychainSecretStore keychain;
        StudioContext context(&keychain);
        MainWindow window(&context);
        QSignalSpy ready(&context, &StudioContext::ready);
        context.initialize();
        QVERIFY(context.isReady() || ready.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDialog *dialog = openSettings(window);
        QVERIFY(dialog);
        auto *fields = dialog->findChild<LlmProviderFields *>();
        QVERIFY(fields);
        QVERIFY(fields->importKeyFile(file.fileName()));
        QVERIFY(dialog->findChild<QLabel *>(u"googleCredentialsJsonStatus"_s)->text().contains(u"keychain-test@"_s));
        QPointer<QDialog> guard = dialog;
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"settingsButtons"_s)
                              ->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!guard, 15000);
        QCOMPARE(readFromKeychain(u"googleCredentialsJson"_s).value, QString::fromUtf8(key));
        QFile config(Config::configFilePath(Config::homeDir()));
        if (config.open(QIODevice::ReadOnly)) {
            const QByteArray text = config.readAll();
            QVERIFY(!text.contains("keychain-marker-52e1"));
            QVERIFY(!text.contains("PRIVATE KEY"));
        }
    }
};

QTEST_MAIN(TestSettingsKeychain)
#include "tst_settingskeychain.moc"
