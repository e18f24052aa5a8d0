#!/usr/bin/env bash
# The newcomer's check: build and test Daystrom Studio on a bare Debian 12, the way the README
# tells a new user to, so a missing install step can never hide behind packages that happen
# to be on the machine.
#
#   sudo .ci/fresh-debian.sh            # what .ci/run does
#
# 1. A pristine Debian 12 root: `debootstrap --variant=minbase bookworm` with only git,
#    ca-certificates and sudo added, plus the standard bookworm-updates and security sources.
#    That debootstrap output (nothing else) is cached as a tarball for a week.
# 2. A fresh user `newcomer` with sudo clones the repository (the committed HEAD of this
#    checkout) inside that root and runs exactly the README's commands, in a newcomer's order:
#      ./studio.sh run       with no display: installs the packages, builds the CLI only and
#                            runs the headless sandbox loop, which must exit 0. The time from
#                            the start to the loop's first finished iteration is printed, and
#                            the check fails if this step built any test (.ninja_log)
#      ./studio.sh test      every test (builds the rest, runs ctest in parallel)
# 3. Everything is unmounted and the root removed, also on failure or Ctrl+C. The test
#    summary is printed last.
#
# Needs root (chroot, mount) and network access to the Debian mirror. Settings:
#   DEBIAN_MIRROR           default http://deb.debian.org/debian
#   DEBIAN_SECURITY_MIRROR  default http://deb.debian.org/debian-security
#   DAYSTROM_CI_CACHE       where the base tarball is kept (default /var/cache/daystrom-ci)
#   DAYSTROM_CI_WORKDIR     where the root is made (default /var/tmp)
#   DAYSTROM_CI_PACKAGES    if set, replaces studio.sh's package list inside the root (to prove
#                           the check fails when a needed package is missing)
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
CACHE_DIR=${DAYSTROM_CI_CACHE:-/var/cache/daystrom-ci}
SUITE=bookworm
BASE_MAX_AGE_DAYS=7
USER_NAME=newcomer
CLONE=/home/$USER_NAME/daystrom-studio

say() { printf '\033[1m[fresh-debian %s] %s\033[0m\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot, mount): run it with sudo"
git -C "$SRC" rev-parse --verify -q HEAD >/dev/null || die "$SRC is not a git checkout with a commit"

WORK=$(mktemp -d "${DAYSTROM_CI_WORKDIR:-/var/tmp}/daystrom-fresh.XXXXXX")
ROOT=$WORK/root
TEST_LOG=$WORK/test.log
RUN_LOG=$WORK/run.log
START=$(date +%s)

mounts_under_root() { findmnt -rn -o TARGET | awk -v r="$ROOT" 'index($0, r "/") == 1 || $0 == r' | sort -r; }

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    set +e
    # Daemons a test left behind inside the root (D-Bus, gnome-keyring, Xvfb) hold mounts busy.
    local p
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/root" 2>/dev/null)" = "$ROOT" ] && kill -9 "${p#/proc/}" 2>/dev/null
    done
    local m
    for m in $(mounts_under_root); do umount "$m" 2>/dev/null || umount -l "$m"; done
    if [ -n "$(mounts_under_root)" ]; then
        say "still mounted, leaving $WORK in place: $(mounts_under_root | tr '\n' ' ')"
    else
        rm -rf --one-file-system "$WORK"
    fi
    say "cleaned up after $(( ($(date +%s) - START) / 60 )) min $(( ($(date +%s) - START) % 60 )) s"
    if [ -s "$TEST_SUMMARY" ]; then
        printf '\n' >&2
        cat "$TEST_SUMMARY"
    fi
    rm -f "$TEST_SUMMARY"
    exit "$rc"
}
TEST_SUMMARY=$(mktemp)
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ensure_host_tools() {
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    command -v findmnt >/dev/null || missing+=(util-linux)
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing on this machine: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The cached base: debootstrap's output and the standard sources, nothing ever installed into it.
base_tarball() {
    local tarball=$CACHE_DIR/$SUITE-minbase-$(dpkg --print-architecture).tar
    if [ -f "$tarball" ] && [ -n "$(find "$tarball" -mtime -"$BASE_MAX_AGE_DAYS" 2>/dev/null)" ]; then
        echo "$tarball"
        return 0
    fi
    say "debootstrap --variant=minbase $SUITE from $MIRROR (cached in $CACHE_DIR afterwards)"
    local base=$WORK/base attempt
    for attempt in 1 2; do
        rm -rf --one-file-system "$base"
        if debootstrap --variant=minbase --include=git,ca-certificates,sudo "$SUITE" "$base" "$MIRROR" \
            >"$WORK/debootstrap.log" 2>&1; then
            break
        fi
        tail -n 20 "$WORK/debootstrap.log" >&2
        [ "$attempt" -eq 2 ] && die "debootstrap failed twice (log above)"
        say "debootstrap failed; trying once more"
    done
    cat >"$base/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
EOF
    chroot "$base" apt-get clean
    mkdir -p "$CACHE_DIR"
    tar --numeric-owner -C "$base" -cf "$tarball.part" .
    mv -f "$tarball.part" "$tarball"
    rm -rf --one-file-system "$base"
    echo "$tarball"
}

prepare_root() {
    local tarball=$1
    mkdir -p "$ROOT"
    if ! tar --numeric-owner -C "$ROOT" -xf "$tarball"; then
        rm -f "$tarball"
        die "the cached base $tarball did not unpack; removed it, run again"
    fi
    cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
    # A chroot shares the kernel's host name; sudo wants to resolve it.
    printf '127.0.0.1 localhost %s\n::1 localhost ip6-localhost ip6-loopback\n' "$(uname -n)" >"$ROOT/etc/hosts"

    # The root is its own private mount: nothing mounted below it propagates anywhere else.
    mount --bind "$ROOT" "$ROOT"
    mount --make-rprivate "$ROOT"
    mount -t proc proc "$ROOT/proc"
    mount -t sysfs -o ro sysfs "$ROOT/sys"
    # A /dev of its own, with only the usual nodes: the host's devices stay out of reach.
    mount -t tmpfs -o mode=0755,nosuid dev "$ROOT/dev"
    local node
    for node in "null 1 3" "zero 1 5" "full 1 7" "random 1 8" "urandom 1 9" "tty 5 0"; do
        set -- $node
        mknod -m 0666 "$ROOT/dev/$1" c "$2" "$3"
    done
    mkdir -p "$ROOT/dev/pts" "$ROOT/dev/shm"
    mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$ROOT/dev/pts"
    ln -s pts/ptmx "$ROOT/dev/ptmx"
    ln -s /proc/self/fd "$ROOT/dev/fd"
    ln -s /proc/self/fd/0 "$ROOT/dev/stdin"
    ln -s /proc/self/fd/1 "$ROOT/dev/stdout"
    ln -s /proc/self/fd/2 "$ROOT/dev/stderr"
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$ROOT/dev/shm"
    mount -t tmpfs -o mode=0755,nosuid,nodev run "$ROOT/run"
    mkdir -p "$ROOT/mnt/daystrom-source"
    mount --bind "$SRC" "$ROOT/mnt/daystrom-source"
    mount -o remount,bind,ro "$ROOT/mnt/daystrom-source"

    # The host's own CA certificates (an egress proxy's, say) are trusted inside as well, as they
    # would be on the newcomer's machine: the tests fetch a pinned file from the npm registry
    # over HTTPS (the published JUnit schema).
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        mkdir -p "$ROOT/usr/local/share/ca-certificates"
        cp -L /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
        chroot "$ROOT" update-ca-certificates >/dev/null 2>&1 || say "could not add the host's CA certificates"
    fi
    chroot "$ROOT" useradd --create-home --shell /bin/bash "$USER_NAME"
    echo "$USER_NAME ALL=(ALL) NOPASSWD:ALL" >"$ROOT/etc/sudoers.d/$USER_NAME"
    chmod 0440 "$ROOT/etc/sudoers.d/$USER_NAME"
    chroot "$ROOT" git -c safe.directory='*' clone --quiet --no-hardlinks /mnt/daystrom-source "$CLONE"
    chroot "$ROOT" chown -R "$USER_NAME:$USER_NAME" "$CLONE"
    if [ -n "${DAYSTROM_CI_PACKAGES:-}" ]; then
        say "replacing studio.sh's package list with: $DAYSTROM_CI_PACKAGES"
        sed -i "/^PACKAGES=(/,/^)/c\\PACKAGES=($DAYSTROM_CI_PACKAGES)" "$ROOT$CLONE/studio.sh"
    fi
}

# Runs a command as the newcomer, in the clone, with a login's plain environment (no DISPLAY).
as_newcomer() {
    chroot --userspec="$USER_NAME:$USER_NAME" "$ROOT" /usr/bin/env -i \
        HOME="/home/$USER_NAME" USER="$USER_NAME" LOGNAME="$USER_NAME" SHELL=/bin/bash \
        PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 TERM=dumb \
        /bin/bash -c "cd '$CLONE' && $*"
}

minutes() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)
ensure_host_tools
tarball=$(base_tarball)
say "unpacking the base root into $ROOT"
prepare_root "$tarball"
HEAD_SHORT=$(chroot "$ROOT" git -C "$CLONE" -c safe.directory='*' rev-parse --short HEAD)
say "fresh root ready: $(chroot "$ROOT" dpkg-query -W | wc -l) packages, HEAD $HEAD_SHORT"

# Each line of a command's output with the seconds since t0 in front of it.
stamp_lines() {
    local t0=$1 line now
    while IFS= read -r line; do
        printf -v now '%(%s)T' -1
        printf '%5d  %s\n' $((now - t0)) "$line"
    done
}

say "as $USER_NAME, no display: ./studio.sh run (the newcomer's first command)"
t0=$(date +%s)
set +e
as_newcomer timeout 1800 ./studio.sh run 2>&1 | stamp_lines "$t0" >"$RUN_LOG"
run_rc=${PIPESTATUS[0]}
set -e
run_secs=$(($(date +%s) - t0))
tail -n 15 "$RUN_LOG" >&2
# The CLI prints "  coverage ..." when an iteration is done.
first_iteration_secs=$(awk '$2 == "coverage" { print $1; exit }' "$RUN_LOG")
# A test's objects live under tests/ in the build tree; `run` must build none of them.
tests_built=$(awk 'NR > 1 && $4 ~ /^tests\// { n++ } END { print n + 0 }' "$ROOT$CLONE/build/.ninja_log" 2>/dev/null || echo "?")

say "as $USER_NAME: ./studio.sh test"
t0=$(date +%s)
set +e
as_newcomer ./studio.sh test 2>&1 | tee "$TEST_LOG"
test_rc=${PIPESTATUS[0]}
set -e
test_secs=$(($(date +%s) - t0))
sed -n '/tests passed, /,$p' "$TEST_LOG" >"$TEST_SUMMARY"
[ -s "$TEST_SUMMARY" ] || tail -n 30 "$TEST_LOG" >"$TEST_SUMMARY"

{
    printf 'fresh Debian 12 check (%s, HEAD %s, %s cores, load average %s at the start, %s at the end)\n' \
        "$SUITE" "$HEAD_SHORT" "$(nproc)" "$LOAD_AT_START" "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf '  ./studio.sh run (no display, first): exit %d after %s; first iteration after %s; test objects built: %s\n' \
        "$run_rc" "$(minutes "$run_secs")" \
        "$([ -n "$first_iteration_secs" ] && minutes "$first_iteration_secs" || echo never)" "$tests_built"
    printf '  ./studio.sh test: exit %d after %s (the rest of the build + tests)\n' "$test_rc" "$(minutes "$test_secs")"
    cat "$TEST_SUMMARY"
} >"$TEST_SUMMARY.new"
mv "$TEST_SUMMARY.new" "$TEST_SUMMARY"

[ "$run_rc" -eq 0 ] || { say "./studio.sh run failed (exit $run_rc): the log's end is above"; exit 1; }
[ "$tests_built" = 0 ] || { say "./studio.sh run built $tests_built test objects; it must build none"; exit 1; }
[ "$test_rc" -eq 0 ] || exit "$test_rc"
exit 0
