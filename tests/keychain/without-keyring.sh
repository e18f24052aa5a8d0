#!/bin/sh
# Runs a command on a private D-Bus session on which nothing provides a Secret Service: the
# bus has no service directories, so org.freedesktop.secrets cannot be activated (a machine
# with gnome-keyring installed would otherwise start it on demand). HOME and XDG_RUNTIME_DIR
# are in a temporary directory.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/run"
chmod 700 "$tmp/run"
cat >"$tmp/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$tmp/run</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
export HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" XDG_DATA_HOME="$tmp/home/.local/share"
exec dbus-run-session --config-file="$tmp/session.conf" -- "$@"
