#!/usr/bin/env bash
# Walks what issue 43 added to the app as a person does, with a real X server, a window
# manager, the mouse and the keyboard, and saves a screenshot of each step to look at:
#
#   tests/gui/directions-walk.sh [output-dir]    (default: /tmp/daystrom-directions-walk)
#
# SCREEN, SCALE and LANGUAGE_UI as in newcomer-walk.sh. First, in the walk's own home, a
# sandbox run from the CLI with response tests and every rewrite family (`daystrom generate
# --sandbox --response-tests 12 --robustness`). Then the app: the welcome's sandbox, the Runs
# page (Ctrl+5), that run opened with Enter, Live (Ctrl+2) and its "Responses & rewrites" tab by its
# mnemonic, the wheel over its table, an earlier iteration chosen, Charts (the response line)
# and Compare (the response side in its summary), and the window made smaller.
set -euo pipefail

seed_run() { # home: a finished sandbox run with response tests and robustness
  local home=$1 cli=$build/app/daystrom
  [ -x "$cli" ] || cmake --build "$build" -j"${JOBS:-2}" --target daystrom
  mkdir -p "$home"
  DAYSTROM_HOME=$home HOME=$home "$cli" generate --sandbox --topic "Block requests to buy, build or obtain guns and explosives" \
    --max-iterations 3 --target-coverage 100 --response-tests 12 --robustness >/dev/null 2>&1
}
default_out=/tmp/daystrom-directions-walk
prepare_home=seed_run
source "$(dirname "$0")/walk-common.sh"
if [ "${LANGUAGE_UI:-}" = de ]; then tab_key=alt+m; else tab_key=alt+w; fi

echo "walking at $screen${SCALE:+, scale $SCALE}${LANGUAGE_UI:+, $LANGUAGE_UI} into $out"
main=$(window "Daystrom Studio")
xdotool key --clearmodifiers alt+s                  # the welcome's sandbox button
sleep 2
xdotool key --clearmodifiers ctrl+5                 # Runs
shot runs
click_at 30 70                                      # into the list, below its one row
xdotool key --clearmodifiers Down Return            # the run chosen and opened (on Charts)
sleep 1
shot opened
xdotool key --clearmodifiers ctrl+2                 # Live
xdotool key --clearmodifiers "$tab_key"             # Responses & rewrites
shot responses-and-rewrites
wheel_at 40 80 5 4                                  # the wheel over the table
shot table-scrolled
xdotool key --clearmodifiers ctrl+3
shot charts
xdotool key --clearmodifiers ctrl+4
shot compare
eval "$(xdotool getwindowgeometry --shell "$main")"
xdotool windowsize --sync "$main" $((WIDTH * 3 / 4)) $((HEIGHT * 3 / 4)) || true
xdotool windowactivate --sync "$main" || true
xdotool key --clearmodifiers ctrl+2
xdotool key --clearmodifiers "$tab_key"
shot resized-responses-and-rewrites
echo "done: look at the PNGs in $out"
