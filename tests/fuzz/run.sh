#!/usr/bin/env bash
# Build the libFuzzer targets with clang, replay their committed corpora,
# then fuzz each one for SECONDS and print how many inputs it ran.
#
# Usage: tests/fuzz/run.sh [BUILD_DIR] [SECONDS]     (build-fuzz, 60)
# BUILD_DIR is relative to the repository root, as in tests/run.sh.
#
# Needs clang and its libFuzzer runtime besides the usual build packages:
# bash tools/install-deps.sh --fuzz (clang-14, libclang-rt-14-dev). CC
# overrides the compiler. New inputs go to a scratch copy of each corpus
# under BUILD_DIR/fuzz-work/, never into tests/fuzz/corpus/; crashes are
# written there too and make the script exit 1. SEPAX_FUZZ_SEED sets
# libFuzzer's seed (default 1, so that a run can be repeated; 0 lets
# libFuzzer pick one). SEPAX_FUZZ_CPU=1 makes SECONDS a budget of CPU
# time per target rather than of wall time: each target is stopped once
# it has used that much CPU, however busy the machine is (the release
# runs of docs/RELIABILITY.md use it). SEPAX_FUZZ_OPTIMIZATION sets the
# optimization level of a new BUILD_DIR (default 2, as debugoptimized):
# CI takes 1, under which the generic backend's kernels compile about a
# quarter faster.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-fuzz}
seconds=${2:-60}
seed=${SEPAX_FUZZ_SEED:-1}
# SEPAX_FUZZ_TARGETS picks some of the targets (space-separated names)
read -r -a targets <<<"${SEPAX_FUZZ_TARGETS:-fuzz_shape fuzz_collide fuzz_scene fuzz_store3 fuzz_collide3}"

if [ ! -f "$build/build.ninja" ]; then
    # The library gets the sanitizers and libFuzzer's coverage hooks too:
    # without them the fuzzers would be blind to the code they test.
    CC=${CC:-clang-14} meson setup "$build" -Dfuzz=true -Dbench=disabled \
        -Doptimization="${SEPAX_FUZZ_OPTIMIZATION:-2}" -Ddebug=true -Db_ndebug=false \
        -Db_sanitize=address,undefined -Db_lundef=false \
        -Dc_args='-fsanitize=fuzzer-no-link -fno-sanitize-recover=all' \
        -Dc_link_args='-fsanitize=fuzzer-no-link -fno-sanitize-recover=all'
else
    meson configure "$build" -Dfuzz=true
fi
meson compile -C "$build" "${targets[@]}"

export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
unset SEPAX_BACKEND SEPAX_FUZZ_TRACE

echo "== replaying the committed corpora"
meson test -C "$build" --no-rebuild --print-errorlogs "${targets[@]}"

# Interrupt process $1 once its user + system CPU time reaches $2 s.
cpu_watch() {
    local pid=$1 limit=$(( $2 * $(getconf CLK_TCK) )) ticks
    while [ -r "/proc/$pid/stat" ]; do
        # fields 14 and 15 after the command name, which may hold spaces
        ticks=$(sed 's/^.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 }') || return 0
        if [ "${ticks:-0}" -ge "$limit" ]; then
            kill -INT "$pid" 2>/dev/null
            return 0
        fi
        sleep 5
    done
}

# One target: fuzz it, then leave a one-line summary in $work/summary and
# a status in $work/status.
fuzz_one() {
    local t=$1 work="$build/fuzz-work/$1"
    rm -rf "$work"
    mkdir -p "$work/corpus" "$work/crashes"
    cp tests/fuzz/corpus/"$t"/* "$work/corpus/"
    local before after runs rate result=ok
    before=$(find "$work/corpus" -type f | wc -l)
    local args=(-max_total_time="$seconds" -seed="$seed" -print_final_stats=1 -timeout=30
                -rss_limit_mb=2048 -artifact_prefix="$work/crashes/")
    if [ "$t" = fuzz_scene ]; then
        args+=(-dict=tests/fuzz/scene.dict)
    fi
    local clock=wall rc=0
    if [ "${SEPAX_FUZZ_CPU:-0}" = 1 ]; then
        clock=CPU
        # the wall-time limit only guards against a stuck run
        args[0]=-max_total_time=$((seconds * 20))
    fi
    echo "== fuzzing $t for $seconds s of $clock time (log: $work/log)"
    "$build/tests/fuzz/$t" "${args[@]}" "$work/corpus" >"$work/log" 2>&1 &
    local pid=$!
    if [ "$clock" = CPU ]; then
        cpu_watch "$pid" "$seconds" &
    fi
    wait "$pid" || rc=$?
    # libFuzzer exits 72 when interrupted: that is how a CPU budget ends
    if [ "$rc" = 72 ] && [ "$clock" = CPU ] && grep -q 'run interrupted' "$work/log"; then
        rc=0
    fi
    if [ "$rc" != 0 ]; then
        result=FAILED
        {
            grep -E -A1 'property failed|ERROR: (AddressSanitizer|libFuzzer)' "$work/log" | head -8 || true
            grep -E 'runtime error|SUMMARY: ' "$work/log" | head -4 || true
            echo "crash inputs: $(ls "$work/crashes")"
        } >"$work/failure"
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log" | tail -n 1)
    after=$(find "$work/corpus" -type f | wc -l)
    printf '%-13s %-6s %10s executions %7s/s  corpus %d -> %d\n' \
        "$t" "$result" "${runs:-?}" "${rate:-?}" "$before" "$after" >"$work/summary"
}

# SEPAX_FUZZ_PARALLEL=1 fuzzes the targets at the same time (each still
# for $seconds of wall time), which CI uses to stay within its budget.
if [ "${SEPAX_FUZZ_PARALLEL:-0}" = 1 ]; then
    for t in "${targets[@]}"; do fuzz_one "$t" & done
    wait
else
    for t in "${targets[@]}"; do fuzz_one "$t"; done
fi

status=0
summary=()
for t in "${targets[@]}"; do
    work="$build/fuzz-work/$t"
    if [ -f "$work/failure" ]; then
        cat "$work/failure"
        status=1
    fi
    summary+=("$(cat "$work/summary")")
done

echo "== summary ($seconds s of $([ "${SEPAX_FUZZ_CPU:-0}" = 1 ] && echo CPU || echo wall) time per target)"
printf '%s\n' "${summary[@]}"
exit $status
