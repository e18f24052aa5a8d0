#include "keychainerrors.h"

#include <qt6keychain/keychain.h>

#include <QStringList>

using namespace Qt::StringLiterals;

namespace {
bool mentions(const QString &text, const QStringList &needles)
{
    for (const QString &n : needles) {
        if (text.contains(n, Qt::CaseInsensitive))
            return true;
    }
    return false;
}
} // namespace

QString KeychainErrors::message(Kind kind)
{
    switch (kind) {
    case Kind::NoKeychain:
        return tr("No keychain is available on this system (no Secret Service is running). "
                  "Keys can be kept for this session only.");
    case Kind::NotAnswering:
        return tr("The system keychain did not answer. It may be locked and waiting for your "
                  "keyring password.");
    case Kind::Stopped:
        return tr("The system keychain stopped while answering. Try again, or keep keys for this "
                  "session only.");
    case Kind::Declined:
        return tr("The keychain's request was dismissed, so keys stored there were not used.");
    case Kind::Locked:
        return tr("The keychain is locked. Unlock it with your keyring password and try again.");
    case Kind::NoCollection:
        return tr("The keychain has no default keyring to keep keys in. Create one in your "
                  "keyring manager (for example \"Passwords and Keys\"), or keep keys for this "
                  "session only.");
    case Kind::CannotRemove:
        return tr("The key could not be removed from the keychain.");
    case Kind::Unsupported:
        return tr("This keychain cannot do what was asked.");
    case Kind::Cancelled:
        return tr("You stopped waiting for the system keychain, so keys stored there were not "
                  "loaded or saved. Keys can be kept for this session only.");
    case Kind::Busy:
        return tr("The system keychain has not answered an earlier request yet (it may still be "
                  "asking for your keyring password). Try again once it has answered.");
    case Kind::Other:
        break;
    }
    return tr("The system keychain reported a problem. Keys can be kept for this session only.");
}

KeychainErrors::Problem KeychainErrors::make(Kind kind, const QString &detail)
{
    return Problem{kind, message(kind), detail};
}

KeychainErrors::Problem KeychainErrors::describe(int code, const QString &detail)
{
    // The library's text first: the same code (OtherError) covers very different causes.
    if (code == QKeychain::NoBackendAvailable ||
        mentions(detail,
                 {u"ServiceUnknown"_s, u"not provided by any"_s, u"not activatable"_s,
                  u"unsupported transport"_s, u"autolaunch"_s, u"DBUS_SESSION_BUS_ADDRESS"_s,
                  u"Could not connect"_s, u"No such file or directory"_s, u"Connection refused"_s}))
        return make(Kind::NoKeychain, detail);
    if (mentions(detail, {u"disconnected"_s, u"Disconnected"_s, u"peer vanished"_s}))
        return make(Kind::Stopped, detail);
    if (mentions(detail, {u"NoReply"_s, u"Timeout was reached"_s, u"timed out"_s,
                          u"did not receive a reply"_s}))
        return make(Kind::NotAnswering, detail);
    if (code == QKeychain::AccessDeniedByUser ||
        mentions(detail, {u"dismissed"_s, u"prompt was cancelled"_s}))
        return make(Kind::Declined, detail);
    if (mentions(detail, {u"no such secret collection"_s, u"default collection"_s,
                          u"NoSuchObject"_s, u"No such object"_s}))
        return make(Kind::NoCollection, detail);
    if (code == QKeychain::AccessDenied || mentions(detail, {u"locked"_s}))
        return make(Kind::Locked, detail);
    if (code == QKeychain::CouldNotDeleteEntry)
        return make(Kind::CannotRemove, detail);
    if (code == QKeychain::NotImplemented)
        return make(Kind::Unsupported, detail);
    return make(Kind::Other, detail);
}
