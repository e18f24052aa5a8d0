# What the GUI walks share (sourced, not run): an X server with a window manager, the app
# started with a home of its own (never yours; `prepare_home HOME` may fill it first) in the
# chosen size, scale and language, and the helpers that look and act as a person does.
# The sourcing script sets default_out first.
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$default_out}
build=${BUILD_DIR:-$root/build}
screen=${SCREEN:-1400x900}
display=${WALK_DISPLAY:-:97}

for tool in Xvfb openbox xdotool import; do
  command -v "$tool" >/dev/null || { echo "$(basename "$0"): $tool is missing" >&2; exit 2; }
done
[ -x "$build/app/daystrom-studio" ] || cmake --build "$build" -j"${JOBS:-2}" --target daystrom-studio

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.png
home=$(mktemp -d)
[ -n "${prepare_home:-}" ] && "$prepare_home" "$home/.daystrom"
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
else
  env+=(LANG=C.UTF-8 LANGUAGE=en)
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

