#!/usr/bin/env bash
# Build the sepax benchmark harness (release build) and run it with
# repetitions, writing Google Benchmark JSON, then turn the JSON into a
# Markdown table and charts with bench/scripts/report.py.
#
#   bench/scripts/run.sh [options] [-- extra sepax_bench / Google Benchmark
#                        flags]
#
# Options:
#   --quick            CI smoke run: only the mix scene, 3 repetitions of
#                      0.05 s; the report goes to BUILD/bench/quick-report
#                      unless --out-dir is given
#   --3d               only the 3D rows (scenes boxes3, stack3,
#                      spheres_boxes3, hulls3, mixed3: sepax3_* and the
#                      3D peers, the pruned, unpruned, one-pair-per-lane
#                      and floor hull tests on hulls3, and the 3D box
#                      kernel alone, sepax3_floor_*; the hull size classes
#                      hulls3_4to8, _9to16, _17to32 only by --filter); the
#                      report goes to bench/results/<machine>-<best
#                      backend>-3d unless --out-dir is given. With --quick:
#                      the 3D rows at --quick's repetitions and time, the
#                      report where --quick puts it.
#   --reps N           repetitions per benchmark (default 5)
#   --min-time S       minimum seconds per repetition (default 0.2)
#   --filter REGEX     only benchmarks whose name matches (Google Benchmark
#                      regex, e.g. 'sepax_.*/mix/' or '/(mix|oct)(/|$)')
#   --build-dir DIR    meson build directory (default: build, under the
#                      repository; set up as a release build if absent)
#   --cpu N|none       pin to this CPU with taskset (default 0; none: no pin)
#   --machine NAME     machine part of the results directory name
#                      (default: architecture and CPU model)
#   --out-dir DIR      where the report goes (default:
#                      bench/results/<machine>-<best backend>)
#   --no-report        only write the JSON
# Relative paths are taken from the repository root. The full run (no
# --filter) covers every scene: mix, oct, big, boxes, sparse, circles,
# mixed_kinds (with its pair classes), the mix_* scaling series and the 3D
# scenes.
# The report records which library source was measured: the commit, and
# any uncommitted changes under src/ and include/ (with a hash of the diff).
set -euo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

quick=0
three_d=0
reps=
min_time=
filter=
build_dir=build
cpu=0
machine=
out_dir=
report=1
recorded=() # the options that shape the results, for the report

die() {
    echo "run.sh: $*" >&2
    exit 2
}
need_value() {
    [ "$#" -ge 2 ] || die "$1 needs a value"
}

while [ "$#" -gt 0 ]; do
    case "$1" in
    --quick) quick=1; recorded+=("$1") ;;
    --3d) three_d=1; recorded+=("$1") ;;
    --reps) need_value "$@"; reps=$2; recorded+=("$1" "$2"); shift ;;
    --min-time) need_value "$@"; min_time=$2; recorded+=("$1" "$2"); shift ;;
    --filter) need_value "$@"; filter=$2; recorded+=("$1" "'$2'"); shift ;;
    --build-dir) need_value "$@"; build_dir=$2; shift ;;
    --cpu) need_value "$@"; cpu=$2; recorded+=("$1" "$2"); shift ;;
    --machine) need_value "$@"; machine=$2; recorded+=("$1" "$2"); shift ;;
    --out-dir) need_value "$@"; out_dir=$2; shift ;;
    --no-report) report=0 ;;
    -h | --help) sed -n '2,/^set -e/p' "$self" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
    shift
done

# Defaults; explicit --reps, --min-time and --filter win over --3d's and
# --quick's. Every 3D row but the kernel floor names one of the 3D scenes.
if [ "$three_d" = 1 ]; then
    : "${filter:=(/(boxes3|stack3|spheres_boxes3|hulls3|mixed3)(/|\$))|(^sepax3_floor_)}"
fi
if [ "$quick" = 1 ]; then
    : "${reps:=3}" "${min_time:=0.05}" "${filter:=/mix(/|\$)}"
else
    : "${reps:=5}" "${min_time:=0.2}"
fi

# Configure (once) and build.
if [ ! -f "$build_dir/build.ninja" ]; then
    meson setup "$build_dir" "$root" --buildtype=release -Dbench=enabled
fi
option_of() {
    meson introspect "$build_dir" --buildoptions |
        python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
# README's first command configures without the harness: turn it on here
# rather than fail, as this is the command README names for the bench
if [ "$(option_of bench)" = disabled ]; then
    meson configure "$build_dir" -Dbench=enabled
fi
buildtype=$(option_of buildtype)
if [ "$buildtype" != release ]; then
    die "$build_dir is a '$buildtype' build; benchmarks need a release build." \
        "Use --build-dir with a fresh directory, or: meson configure $build_dir -Dbuildtype=release"
fi
meson compile -C "$build_dir" sepax_bench
exe="$build_dir/bench/sepax_bench"
[ -x "$exe" ] || die "$exe was not built (is libbenchmark installed, or -Dbench=disabled?)"

# The library source the binary was built from.
source_desc="not a git checkout"
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    rev=$(git -C "$root" rev-parse --short HEAD)
    changed=$(git -C "$root" status --porcelain --untracked-files=no -- src include |
        awk '{print $NF}' | tr '\n' ' ' | sed 's/ $//')
    if [ -n "$changed" ]; then
        sum=$(git -C "$root" diff HEAD -- src include | sha256sum | cut -c1-12)
        source_desc="$rev with uncommitted changes (diff sha256 $sum) in: $changed"
    else
        source_desc="$rev (src/ and include/ as committed)"
    fi
fi

json="$build_dir/bench/sepax_bench.json"
pin=()
if [ "$cpu" != none ]; then
    if command -v taskset >/dev/null 2>&1; then
        pin=(taskset -c "$cpu")
    else
        echo "run.sh: taskset not found; running unpinned" >&2
    fi
fi
args=(--benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true
    --benchmark_min_time="$min_time"
    --benchmark_out="$json" --benchmark_out_format=json)
[ -n "$filter" ] && args+=(--benchmark_filter="$filter")

echo "run.sh: ${pin[*]:+${pin[*]} }$exe ${args[*]} $*" >&2
"${pin[@]}" "$exe" "${args[@]}" "$@"

if [ "$report" = 1 ]; then
    command_line="bench/scripts/run.sh${recorded[*]:+ ${recorded[*]}}${*:+ -- $*}"
    rargs=("$json" --command "$command_line" --source "$source_desc")
    [ -n "$machine" ] && rargs+=(--machine "$machine")
    if [ -n "$out_dir" ]; then
        rargs+=(--out "$out_dir")
    elif [ "$quick" = 1 ]; then
        rargs+=(--out "$build_dir/bench/quick-report")
    fi
    python3 "$root/bench/scripts/report.py" "${rargs[@]}"
fi
