#!/bin/sh
# Runs a command against a real, unlocked Secret Service (gnome-keyring) on a private D-Bus
# session, with HOME and XDG_RUNTIME_DIR in a temporary directory: no real keyring is touched.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/run"
chmod 700 "$tmp/run"
export HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" XDG_DATA_HOME="$tmp/home/.local/share"
exec dbus-run-session -- sh -c 'echo -n daystrom-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@"
