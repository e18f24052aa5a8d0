#!/usr/bin/env bash
# Saves a PNG of each main view of Daystrom Studio (New run filled in, Live run mid-run, Charts
# after a run, Compare with a diff, the Apply dialog, the Runs list, the memory browser and its
# injection preview, the Settings dialog) by
# running the tst_screenshots GUI test against the built-in sandbox under Xvfb.
#
#   tests/gui/screenshots.sh [output-dir]      (default: /tmp/daystrom-screenshots)
#
# Builds the GUI tests (tst_screenshots among them) first if needed (BUILD_DIR, default
# build/; JOBS, default 2).
# Needs xvfb-run (Debian: xvfb xauth).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/daystrom-screenshots}
build=${BUILD_DIR:-$root/build}
jobs=${JOBS:-2}

command -v xvfb-run >/dev/null || { echo "screenshots.sh: xvfb-run is missing (apt install xvfb xauth)" >&2; exit 2; }
if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build" -j"$jobs" --target daystrom_tests_gui

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.png

# A 1400×900 screen gives the window its preferred 1200×780 (it takes at most 90 % of the
# screen); SCREEN=1024x700, QT_SCALE_FACTOR=1.5 or DAYSTROM_TEST_LANGUAGE=de show it on a small
# screen, scaled, or in German. The test's own startup hook gives it a temporary home, so
# nothing touches the real one. Fusion with the default palette keeps the pictures the same
# whatever desktop settings the machine has.
screen=${SCREEN:-1400x900}
DAYSTROM_SCREENSHOTS=$out QT_QPA_PLATFORM=xcb QT_STYLE_OVERRIDE=Fusion \
  xvfb-run -a -s "-screen 0 ${screen}x24 -dpi 96" \
  "$build/tests/daystrom_tests_gui" tst_screenshots -silent

expected=(welcome new-run live-run charts compare apply-dialog runs memory memory-preview settings
          settings-claude-vertex settings-claude-bedrock)
missing=0
for name in "${expected[@]}"; do
  if [ -s "$out/$name.png" ]; then
    echo "$out/$name.png"
  else
    echo "screenshots.sh: $name.png was not written" >&2
    missing=1
  fi
done
exit $missing
