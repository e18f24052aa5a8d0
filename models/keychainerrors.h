#pragma once

#include <QCoreApplication>
#include <QString>

// Turns what the keychain library reports (a QKeychain::Error code and its error string, often
// raw D-Bus text such as "org.freedesktop.DBus.Error.ServiceUnknown: The name
// org.freedesktop.secrets was not provided by any .service files") into a sentence a person
// can act on. The technical text stays available as `detail` (a tooltip, a "Details" line).
class KeychainErrors final
{
    Q_DECLARE_TR_FUNCTIONS(KeychainErrors)
public:
    enum class Kind {
        NoKeychain,   // no Secret Service (or no session bus) at all
        NotAnswering, // the service took the call and did not answer in time
        Stopped,      // the service went away while answering
        Declined,     // the person dismissed the keychain's own prompt
        Locked,       // the collection is locked
        NoCollection, // no default keyring to store into
        CannotRemove,
        Unsupported,
        Cancelled, // the person stopped waiting (see KeychainSecretStore::cancelWaiting)
        Busy,      // an earlier, abandoned request still holds the keychain
        Other,
    };

    struct Problem
    {
        Kind kind = Kind::Other;
        QString message; // one or two plain sentences, translated
        QString detail;  // the library's own text, untranslated (may be empty)
    };

    // `code` is a QKeychain::Error value; `detail` the job's errorString().
    static Problem describe(int code, const QString &detail);
    static Problem make(Kind kind, const QString &detail = {});
    static QString message(Kind kind);
};
