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

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/daystrom-walk}
build=${BUILD_DIR:-$root/build}
screen=${SCREEN:-1400x900}
display=${WALK_DISPLAY:-:97}

for tool in Xvfb openbox xdotool import; do
  command -v "$tool" >/dev/null || { echo "newcomer-walk.sh: $tool is missing" >&2; exit 2; }
done
[ -x "$build/app/daystrom-studio" ] || cmake --build "$build" -j"${JOBS:-2}" --target daystrom-studio

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.png
home=$(mktemp -d)
export DISPLAY=$display
Xvfb "$display" -screen 0 "${screen}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
cleanup() {
  kill "${app:-}" "${wm:-}" "$xvfb" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
openbox >/dev/null 2>&1 &
wm=$!

env=(HOME="$home" DAYSTROM_HOME="$home/.daystrom" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$home/.config")
[ -n "${SCALE:-}" ] && env+=(QT_SCALE_FACTOR="$SCALE")
if [ "${LANGUAGE_UI:-}" = de ]; then
  env+=(LANG=de_DE.UTF-8 LANGUAGE=de LC_ALL=de_DE.UTF-8)
  sandbox_key=alt+s; flips_tab=alt+e; grid_tab=alt+r
else
  env+=(LANG=C.UTF-8 LANGUAGE=en)
  sandbox_key=alt+s; flips_tab=alt+i; grid_tab=alt+g
fi
env "${env[@]}" "$build/app/daystrom-studio" >"$out/app.log" 2>&1 &
app=$!

step=0
shot() { # name: the whole screen, as a person sees it
  step=$((step + 1))
  sleep 0.6
  import -window root "$out/$(printf '%02d' "$step")-$1.png"
  echo "  $(printf '%02d' "$step")-$1.png"
}
window() { xdotool search --sync --onlyvisible --name "$1" | head -1; }
# Moves the mouse over a point of the main window (fractions of its size) and scrolls there.
wheel_at() {
  local fx=$1 fy=$2 button=$3 times=$4
  eval "$(xdotool getwindowgeometry --shell "$main")"
  xdotool mousemove $((X + WIDTH * fx / 100)) $((Y + HEIGHT * fy / 100))
  for _ in $(seq "$times"); do xdotool click "$button"; sleep 0.05; done
}
click_at() {
  eval "$(xdotool getwindowgeometry --shell "$main")"
  xdotool mousemove $((X + WIDTH * $1 / 100)) $((Y + HEIGHT * $2 / 100)) click "${3:-1}"
}

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
