#!/usr/bin/env bash
# runfuzzer.sh FUZZER TARGET FUZZ_DIR: one bounded libFuzzer session of one target (issue 54).
#   FUZZER    the daystrom_fuzz executable of a -DDAYSTROM_FUZZ=ON build (clang)
#   TARGET    a DAYSTROM_FUZZ_TARGET name
#   FUZZ_DIR  tests/fuzz: seeds from corpus/TARGET and regressions/TARGET
# Runs for DAYSTROM_FUZZ_SECONDS (8) seconds from libFuzzer seed DAYSTROM_FUZZ_SEED (1: the
# suite explores the same inputs on every machine, so a red run is the code's, not the dice's;
# 0 draws a new seed each time, for exploring). New inputs go to a temporary corpus, never into
# the tree. On a failure it prints the input (hex and base64) and where to keep it, and copies
# it into $DAYSTROM_FUZZ_KEEP/TARGET/ when that is set; exit 77 (a skip) when there is no fuzz
# build.
set -uo pipefail
fuzzer=$1 target=$2 dir=$3
if [ ! -x "$fuzzer" ]; then
    echo "no fuzz build at $fuzzer: configure one with CXX=clang++ and -DDAYSTROM_FUZZ=ON (./studio.sh test does)"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/daystrom-fuzz-$target-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/artifacts"
dirs=("$work/corpus" "$dir/corpus/$target")
[ -d "$dir/regressions/$target" ] && dirs+=("$dir/regressions/$target")

# detect_leaks=0: Qt keeps caches for the process's life, which LeakSanitizer would report.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
DAYSTROM_FUZZ_TARGET=$target "$fuzzer" \
    -max_total_time="${DAYSTROM_FUZZ_SECONDS:-8}" -seed="${DAYSTROM_FUZZ_SEED:-1}" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -error_exitcode=1 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "${dirs[@]}" >"$work/log" 2>&1
rc=$?
tail -n 60 "$work/log"
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
echo "fuzz target $target: ${executions:-?} executions, exit $rc"
if [ $rc -ne 0 ]; then
    for input in "$work"/artifacts/*; do
        [ -f "$input" ] || continue
        echo "failing input $(basename "$input") ($(stat -c %s "$input") bytes); keep it as"
        echo "  tests/fuzz/regressions/$target/<what-it-found> and fix what it found:"
        od -A d -c "$input" | head -n 40
        echo "base64: $(base64 -w 0 "$input")"
        if [ -n "${DAYSTROM_FUZZ_KEEP:-}" ]; then
            mkdir -p "$DAYSTROM_FUZZ_KEEP/$target" && cp "$input" "$DAYSTROM_FUZZ_KEEP/$target/"
        fi
    done
    exit 1
fi
