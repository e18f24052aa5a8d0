#!/bin/sh
# Runs a command with no D-Bus session bus address at all, as when the app is started outside a
# desktop session (a plain X session, ssh -X, xinit), so libdbus and GDBus would "autolaunch"
# one. An X display of its own (Xvfb) lets autolaunch really happen; HOME and XDG_RUNTIME_DIR
# are in a temporary directory (no user bus socket there). DAYSTROM_AUTOLAUNCH_TAG, inherited
# by every process started from here, lets the test find what was launched and outlived it;
# whatever still carries the tag when the command ends is killed here, by pid.
set -eu
tmp=$(mktemp -d)
xpid=""
tag="daystrom-autolaunch-$$-$(date +%s%N)"
cleanup() {
    for p in /proc/[0-9]*; do
        pid=${p#/proc/}
        [ "$pid" = "$$" ] && continue
        if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qx "DAYSTROM_AUTOLAUNCH_TAG=$tag"; then
            kill -9 "$pid" 2>/dev/null || true
        fi
    done
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/home" "$tmp/run"
chmod 700 "$tmp/run"
Xvfb -displayfd 3 -nolisten tcp -screen 0 640x480x24 3>"$tmp/display" >/dev/null 2>&1 &
xpid=$!
i=0
while [ ! -s "$tmp/display" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/display" ] || { echo "no-session-bus.sh: Xvfb did not start" >&2; exit 1; }
unset DBUS_SESSION_BUS_ADDRESS
export DISPLAY=":$(cat "$tmp/display")" DAYSTROM_AUTOLAUNCH_TAG="$tag"
export HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" XDG_DATA_HOME="$tmp/home/.local/share"
status=0
"$@" || status=$?
exit $status
