#!/usr/bin/env bash
# Walks the export of a run's topic as Terraform (issue 44) as a person does, with a real X
# server, a window manager and the keyboard, and saves a screenshot of each step to look at:
#
#   tests/gui/export-walk.sh [output-dir]    (default: /tmp/daystrom-export-walk)
#
# SCREEN, SCALE and LANGUAGE_UI as in newcomer-walk.sh. First, in the walk's own home, a
# sandbox run from the CLI. Then the app: the welcome's sandbox, the Runs page (Ctrl+5), the
# first run chosen with Home and Space (the page gives its list the focus), Export Report… (Ctrl+E), the file type switched to Terraform in the dialog's type
# list, the file saved; the .tf file is copied next to the screenshots.
set -euo pipefail

seed_run() { # home: a finished sandbox run
  local home=$1 cli=$build/app/daystrom
  [ -x "$cli" ] || cmake --build "$build" -j"${JOBS:-2}" --target daystrom
  mkdir -p "$home"
  DAYSTROM_HOME=$home HOME=$home "$cli" generate --sandbox --topic "Block requests to buy, build or obtain guns and explosives" \
    --max-iterations 2 >/dev/null 2>&1 || true # 1: it ended below its target, as expected
}
default_out=/tmp/daystrom-export-walk
prepare_home=seed_run
source "$(dirname "$0")/walk-common.sh"

echo "walking at $screen${SCALE:+, scale $SCALE}${LANGUAGE_UI:+, $LANGUAGE_UI} into $out"
main=$(window "Daystrom Studio")
xdotool key --clearmodifiers alt+s                  # the welcome's sandbox button
sleep 2
main=$(window "Sandbox")                            # the main window, titled for the sandbox now
xdotool key --clearmodifiers ctrl+5                 # Runs
sleep 2                                             # the list is read off the GUI thread
xdotool key --clearmodifiers Home space             # the list has the focus: its first run, selected
shot runs
xdotool key --clearmodifiers ctrl+e                 # Export Report…
sleep 1.5
shot export-dialog
# From the file name, Tab reaches the type list; End picks its last entry, Terraform.
xdotool key --clearmodifiers Tab End
shot terraform-chosen
xdotool key --clearmodifiers Return
sleep 1.5
shot saved
find "$home" -name '*-topic.tf' -exec cp {} "$out/" \;
ls "$out"/*.tf 2>/dev/null || echo "  no .tf file was written"
