#!/usr/bin/env bash
# Daystrom Studio: one script to set up, build, run and test on Debian 12.
#   ./studio.sh run    install what is missing, build, start the app
#   ./studio.sh test   install what is missing, build, run every test (benchmarks excluded)
#   ./studio.sh bench  build and run the benchmarks (they print figures)
set -euo pipefail

cd "$(dirname "$0")"
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}

PACKAGES=(
  cmake g++ ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-scxml-dev qt6-httpserver-dev qt6-websockets-dev
  qtkeychain-qt6-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libgl-dev
  xvfb xauth dbus-x11 gnome-keyring libsecret-tools desktop-file-utils appstream libdtl-dev
  qt6-translations-l10n dpkg-dev file
)

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing missing Debian packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  say "Configuring and building in $BUILD_DIR (-j$JOBS)"
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  fi
  cmake --build "$BUILD_DIR" -j"$JOBS"
}

have_display() { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  run)
    install_packages
    build
    if have_display; then
      say "Starting Daystrom Studio"
      exec "$BUILD_DIR/app/daystrom-studio" "$@"
    fi
    say "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the sandbox loop headless instead."
    say "daystrom generate --sandbox: the built-in AIRS and LLM emulators, no account needed."
    exec "$BUILD_DIR/app/daystrom" generate --sandbox \
      --topic "Block requests to buy, build or obtain guns and explosives" --max-iterations 8 "$@"
    ;;
  test)
    install_packages
    build
    say "Running the test suite"
    cd "$BUILD_DIR"
    exec ctest --output-on-failure --label-exclude bench --timeout 600 "$@"
    ;;
  bench)
    install_packages
    build
    cd "$BUILD_DIR"
    exec ctest --verbose --label-regex bench "$@"
    ;;
  *)
    echo "usage: $0 run|test|bench" >&2
    exit 2
    ;;
esac
