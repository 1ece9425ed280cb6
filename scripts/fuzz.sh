#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (and AddressSanitizer for the image targets) and runs
# each one for a fixed number of inputs.
#
# Usage: scripts/fuzz.sh [-n RUNS] [TARGET...]
#   TARGET  image-decoding, header-dimensions, papago-reply, command-line (default: all four, in
#           that order)
#   RUNS    inputs per target (default 1000000)
#   FUZZ_FLAGS in the environment: more libFuzzer flags (e.g. FUZZ_FLAGS=-max_total_time=600)
#
# The C libraries (Leptonica, libtiff, libpng, libjpeg, giflib, libwebp, openjpeg) are not
# instrumented: AddressSanitizer still sees their allocations and what they pass through libc,
# and the image targets report each outcome to libFuzzer as a feature of its own.
# Each target starts from its seeds (scripts/fuzz/seed_corpus.py: the fixture images, small
# images of every format behind header-dimensions' control bytes, the recorded Papago replies,
# the README's command lines) and a fresh corpus, with a fixed random
# seed. Everything goes under .build/fuzz: the builds, seeds/ and corpus/, logs/TARGET.log, and
# artifacts/TARGET/ for any input that crashed, broke an invariant, hung (20 s) or went past
# 2 GB, and, under AddressSanitizer, leaked or asked for more than 512 MB at once (no input
# within the decoding target's pixel limit needs that). Replay one without libFuzzer:
# `swift build && .build/debug/fuzz-TARGET FILE`.
# Prints one line of figures per target; the exit status is 1 when any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1000000
if [[ "${1:-}" == "-n" ]]; then runs="$2"; shift 2; fi
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(image-decoding header-dimensions papago-reply command-line)

work=.build/fuzz
# Swift's own crash reporter would catch a failed check before libFuzzer does, and libFuzzer
# would then save no input.
export SWIFT_BACKTRACE=enable=no
# What the C libraries keep for the life of the process is not a leak (scripts/fuzz/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/scripts/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
mkdir -p "$work/logs"
scripts/fuzz/seed_corpus.py "$work/seeds" >/dev/null

# Per target: the longest input libFuzzer makes (the seeds' images are cut to their first
# 64 KiB too; header-dimensions adds its 31 control bytes), and the sanitizers. AddressSanitizer
# goes where unsafe pointers and C decoders are (it costs the Swift-only targets two thirds of
# their speed, and finds nothing Swift's own checks do not).
declare -A max_len=([image-decoding]=65536 [header-dimensions]=65567 [papago-reply]=8192 [command-line]=4096)
declare -A sanitizers=([image-decoding]=fuzzer,address [header-dimensions]=fuzzer,address [papago-reply]=fuzzer [command-line]=fuzzer)

failed=0
for target in "${targets[@]}"; do
    [[ -n "${max_len[$target]:-}" ]] || { echo "fuzz.sh: unknown target '$target'" >&2; exit 2; }
    echo "fuzz.sh: building fuzz-$target" >&2
    # One build folder per set of sanitizers, so that switching targets does not rebuild all.
    # lld: gold fails on the fuzzer runtime's main.
    build="$work/build-${sanitizers[$target]/,/-}"
    swift build -c release --scratch-path "$build" --product "fuzz-$target" -Xswiftc -sanitize="${sanitizers[$target]}" \
        -Xswiftc -use-ld=lld >"$work/logs/$target.build.log" 2>&1 || { cat "$work/logs/$target.build.log" >&2; exit 2; }
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    dictionary=()
    [[ -f "$work/seeds/$target.dict" ]] && dictionary=(-dict="$work/seeds/$target.dict")
    echo "fuzz.sh: running fuzz-$target for $runs inputs (log: $work/logs/$target.log)" >&2
    start=$(date +%s.%N)
    status=0
    # shellcheck disable=SC2086
    "$build/release/fuzz-$target" -runs="$runs" -seed=1 -keep_seed=1 -max_len="${max_len[$target]}" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=512 \
        "${dictionary[@]}" -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_FLAGS:-} \
        "$corpus" "$work/seeds/$target" >"$work/logs/$target.log" 2>&1 || status=$?
    seconds=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { print end - start }')
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/logs/$target.log" | tail -1)
    found=$(find "$artifacts" -type f | wc -l)
    printf '%s: %s inputs in %.0f s (%.0f/s), %s crash(es), corpus %s files, exit status %s\n' \
        "$target" "${executed:-?}" "$seconds" "$(awk -v n="${executed:-0}" -v s="$seconds" 'BEGIN { print n / s }')" "$found" \
        "$(find "$corpus" -type f | wc -l)" "$status"
    if [[ $status -ne 0 || $found -ne 0 ]]; then
        failed=1
        grep -m1 -E "invariant broken|ERROR: libFuzzer|Fatal error|==ERROR" "$work/logs/$target.log" >&2 || true
        find "$artifacts" -type f >&2
    fi
done
exit $failed
