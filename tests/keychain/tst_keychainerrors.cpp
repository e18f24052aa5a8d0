#include "models/keychainerrors.h"

#include <qt6keychain/keychain.h>

#include "testmain.h"

using namespace Qt::StringLiterals;

// What the keychain library reports, in words: every code and the D-Bus texts seen from
// libsecret and QtDBus map to a sentence without D-Bus names; the raw text is kept as detail.
class TestKeychainErrors : public QObject
{
    Q_OBJECT

private slots:
    void describe_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<int>("kind");
        using K = KeychainErrors::Kind;
        // Texts as libsecret (GDBus) and QtKeychain report them on Debian 12.
        QTest::newRow("service unknown")
            << int(QKeychain::OtherError)
            << u"GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files"_s
            << int(K::NoKeychain);
        QTest::newRow("no backend code")
            << int(QKeychain::NoBackendAvailable) << u"No keychain service available"_s
            << int(K::NoKeychain);
        QTest::newRow("bus disabled")
            << int(QKeychain::OtherError)
            << u"Unknown or unsupported transport “disabled” for address “disabled:”"_s
            << int(K::NoKeychain);
        QTest::newRow("no X11 for autolaunch")
            << int(QKeychain::OtherError) << u"Cannot autolaunch D-Bus without X11 $DISPLAY"_s
            << int(K::NoKeychain);
        QTest::newRow("service went away")
            << int(QKeychain::OtherError)
            << u"GDBus.Error:org.freedesktop.DBus.Error.NoReply: Message recipient disconnected from message bus without replying"_s
            << int(K::Stopped);
        QTest::newRow("timeout") << int(QKeychain::OtherError) << u"Timeout was reached"_s
                                 << int(K::NotAnswering);
        QTest::newRow("prompt dismissed")
            << int(QKeychain::AccessDeniedByUser) << u"Prompt dismissed"_s << int(K::Declined);
        QTest::newRow("locked") << int(QKeychain::AccessDenied)
                                << u"Cannot create an item in a locked collection"_s
                                << int(K::Locked);
        QTest::newRow("no collection")
            << int(QKeychain::OtherError)
            << u"GDBus.Error:org.freedesktop.Secret.Error.NoSuchObject: The 'login' collection does not exist"_s
            << int(K::NoCollection);
        QTest::newRow("cannot delete")
            << int(QKeychain::CouldNotDeleteEntry) << u"Could not delete"_s << int(K::CannotRemove);
        QTest::newRow("not implemented")
            << int(QKeychain::NotImplemented) << QString() << int(K::Unsupported);
        QTest::newRow("anything else")
            << int(QKeychain::OtherError) << u"Unknown error"_s << int(K::Other);
    }

    void describe()
    {
        QFETCH(int, code);
        QFETCH(QString, detail);
        QFETCH(int, kind);
        const KeychainErrors::Problem p = KeychainErrors::describe(code, detail);
        QCOMPARE(int(p.kind), kind);
        QCOMPARE(p.detail, detail); // the technical text is kept, untouched
        QVERIFY(!p.message.isEmpty());
        QVERIFY2(p.message.endsWith(u'.'), qPrintable(p.message)); // a sentence
        for (const QString &raw :
             {u"org.freedesktop"_s, u"GDBus"_s, u"DBus.Error"_s, u"transport"_s})
            QVERIFY2(!p.message.contains(raw), qPrintable(p.message));
    }

    void noKeychainSaysWhatToDo()
    {
        const KeychainErrors::Problem p = KeychainErrors::describe(
            int(QKeychain::OtherError),
            u"org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"_s);
        QCOMPARE(p.message,
                 u"No keychain is available on this system (no Secret Service is running). "
                 "Keys can be kept for this session only."_s);
    }

    void everyKindHasItsOwnSentence()
    {
        QSet<QString> seen;
        for (int k = int(KeychainErrors::Kind::NoKeychain); k <= int(KeychainErrors::Kind::Other);
             ++k)
            seen.insert(KeychainErrors::message(KeychainErrors::Kind(k)));
        QCOMPARE(seen.size(), int(KeychainErrors::Kind::Other) + 1);
    }
};

QTEST_GUILESS_MAIN(TestKeychainErrors)
#include "tst_keychainerrors.moc"
