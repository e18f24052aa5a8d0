#!/usr/bin/env bash
# Walks Daystrom Studio as a newcomer does, with a real X server, a window manager, the mouse
# and the keyboard, and saves a screenshot of each step to look at:
#
#   tests/gui/newcomer-walk.sh [output-dir]      (default: /tmp/daystrom-walk)
#
#   SCREEN=1400x900 (default), 1024x700, …     the X screen
#   SCALE=1.5                                   QT_SCALE_FACTOR
#   LANGUAGE_UI=de                              the interface in German
#
# The three settings of issue 40 are:
#   SCREEN=1024x700 tests/gui/newcomer-walk.sh /tmp/walk-small
#   SCREEN=1400x900 SCALE=1.5 tests/gui/newcomer-walk.sh /tmp/walk-scaled
#   SCREEN=1024x700 LANGUAGE_UI=de tests/gui/newcomer-walk.sh /tmp/walk-german
#
# The walk: the first-launch welcome and its sandbox; New run, typed in, its form scrolled with
# the wheel over the Intent combo and the Target spin box (which must not change: the form
# scrolls); Advanced opened; a sandbox run watched on Live until it ends; Charts with a point
# clicked; Compare and each of its detail tabs; Runs; Memory, its first learning opened with a
# double-click; Settings; then the window made smaller by dragging. It uses a home of its own
# (never yours) and no network beyond 127.0.0.1. Needs Xvfb, openbox, xdotool and ImageMagick's
# import (Debian: xvfb openbox xdotool imagemagick); builds the app first if needed (BUILD_DIR).
set -euo pipefail

default_out=/tmp/daystrom-walk
source "$(dirname "$0")/walk-common.sh"
if [ "${LANGUAGE_UI:-}" = de ]; then
  sandbox_key=alt+s; flips_tab=alt+adiaeresis; grid_tab=alt+s
else
  sandbox_key=alt+s; flips_tab=alt+i; grid_tab=alt+g
fi

echo "walking at $screen${SCALE:+, scale $SCALE}${LANGUAGE_UI:+, $LANGUAGE_UI} into $out"
main=$(window "Daystrom Studio")
shot welcome
xdotool key --clearmodifiers "$sandbox_key"          # the welcome's sandbox button
sleep 2
shot sandbox-new-run
xdotool key --clearmodifiers ctrl+n                 # New run, the topic focused
xdotool type --delay 20 "Block requests to buy, build or obtain guns and explosives"
shot topic-typed
# The wheel over the form's middle (Intent) and lower part (Target): the form scrolls,
# nothing changes.
wheel_at 40 45 5 6
shot wheel-down-over-intent
wheel_at 40 70 5 6
shot wheel-down-over-target
wheel_at 40 50 4 12
shot wheel-back-up
xdotool key --clearmodifiers ctrl+r                 # Run
sleep 8
shot live-running
sleep 25
shot live-later
sleep "${RUN_WAIT:-50}"                             # a sandbox run takes about a minute
shot live-ended
xdotool key --clearmodifiers ctrl+3
shot charts
click_at 50 55
shot chart-clicked
shot compare-from-chart
xdotool key --clearmodifiers ctrl+4
shot compare-topic-changes
xdotool key --clearmodifiers "$flips_tab"
shot compare-flips
xdotool key --clearmodifiers "$grid_tab"
shot compare-grid
xdotool key --clearmodifiers ctrl+5
shot runs
xdotool key --clearmodifiers ctrl+6
shot memory
click_at 60 52                                      # the first learning
xdotool click --repeat 2 --delay 80 1               # double-click: its form
shot memory-learning-opened
xdotool key --clearmodifiers Escape
xdotool key --clearmodifiers ctrl+comma
shot settings
xdotool key --clearmodifiers Escape
# Smaller: three quarters of its size, through the window manager as a drag would, then the
# pages again.
eval "$(xdotool getwindowgeometry --shell "$main")"
xdotool windowsize --sync "$main" $((WIDTH * 3 / 4)) $((HEIGHT * 3 / 4)) || true
xdotool windowactivate --sync "$main" || true
xdotool key --clearmodifiers ctrl+2
shot resized-live
xdotool key --clearmodifiers ctrl+4
shot resized-compare
xdotool key --clearmodifiers ctrl+1
shot resized-new-run
echo "done: look at the PNGs in $out"
