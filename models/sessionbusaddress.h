#pragma once

#include <QString>

// Keeps the app from starting a D-Bus session bus of its own.
//
// When DBUS_SESSION_BUS_ADDRESS is not set, both D-Bus client libraries the app loads (libdbus,
// behind QtDBus, and GDBus, behind libsecret inside QtKeychain) fall back to "autolaunch": they
// run `dbus-launch --autolaunch`, which starts a dbus-daemon bound to the X display, and the
// first keychain call then activates gnome-keyring-daemon on that bus. Both outlive the app.
//
// ensureNoAutolaunch() settles the address before the first D-Bus use instead: the user's
// session bus at $XDG_RUNTIME_DIR/bus when there is one (what the libraries would find
// themselves), otherwise "disabled:", an address no transport accepts, so every D-Bus use
// fails at once and honestly: no keychain (session-only storage is offered), no notifications.
// An address that is already set, even an explicit "autolaunch:", is left alone.
namespace SessionBusAddress {

// Returns the address now in effect (set before, chosen now, or empty off Linux/BSD).
// Call it before the first D-Bus use — ideally first thing in main(), before QApplication
// (the platform plugin may use D-Bus); KeychainSecretStore and DesktopNotifier call it too.
QString ensureNoAutolaunch();

// The value used when there is no session bus to find.
inline constexpr char Disabled[] = "disabled:";

} // namespace SessionBusAddress
