#!/usr/bin/env bash
# Instructions per pair of one sepax_collide call on the mix scene, per
# backend, counted by valgrind's callgrind (repeatable, unlike time on a
# shared machine). valgrind does not run AVX-512 code, so avx512 is left
# out.
#   bench/scripts/callgrind.sh [BUILD_DIR] [BACKEND...]
#       default: build scalar sse2 avx2
#   SCENE=circles|mixed_kinds bench/scripts/callgrind.sh ...
#       that scene instead of mix
#   WHAT=update bench/scripts/callgrind.sh ...
#       instructions per shape of one sepax_update_world instead
#   WHAT=prune bench/scripts/callgrind.sh [BUILD_DIR] [ENTRY...]
#       instructions per pair of the 3D hull pair test with and without the
#       Gauss-map pruning (poly3_once: the first PAIRS hulls3 pairs in sweep
#       order, default 2000); ENTRY is pruned, unpruned, pruned_avx2 or
#       unpruned_avx2 (default: all four). Generating the 20,000 hulls
#       under valgrind takes a minute or two per entry.
#   WHAT=collide3 CLASS=7 [NEAR=near] bench/scripts/callgrind.sh [BUILD_DIR] [BACKEND...]
#       instructions per pair of one sepax3_collide call over one class of
#       mixed3's pairs at 6,000 shapes (collide3_once: CLASS a
#       sepax3_pair_group number, 7 sphere-hull, 8 capsule-hull; NEAR=near
#       only the pairs answered by closest points); default backends
#       scalar sse2 avx2
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
shift || true
backends=("$@")
if [ "${WHAT:-collide}" = prune ]; then
    exe=$build/bench/poly3_once
    [ -x "$exe" ] || { echo "callgrind.sh: build $exe first (meson compile -C $build)" >&2; exit 2; }
    [ ${#backends[@]} -gt 0 ] || backends=(pruned unpruned pruned_avx2 unpruned_avx2)
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    printf '%-14s %14s %8s %12s\n' entry instructions pairs "per pair"
    for e in "${backends[@]}"; do
        pairs=$(valgrind --tool=callgrind --toggle-collect=sepax3_general_pair_$e \
            --callgrind-out-file="$out/$e" "$exe" "$e" "${PAIRS:-2000}" 2>/dev/null | awk '{print $2}')
        ir=$(callgrind_annotate "$out/$e" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
        awk -v e="$e" -v ir="$ir" -v n="$pairs" 'BEGIN { printf "%-14s %14.0f %8d %12.1f\n", e, ir, n, ir / n }'
    done
    exit 0
fi
[ ${#backends[@]} -gt 0 ] || backends=(scalar sse2 avx2)
if [ "${WHAT:-collide}" = collide3 ]; then
    exe=$build/bench/collide3_once
    [ -x "$exe" ] || { echo "callgrind.sh: build $exe first (meson compile -C $build)" >&2; exit 2; }
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    printf '%-8s %14s %8s %12s\n' backend instructions pairs "per pair"
    for b in "${backends[@]}"; do
        pairs=$(SEPAX_BACKEND=$b valgrind --tool=callgrind --toggle-collect=measured_call \
            --callgrind-out-file="$out/$b" "$exe" "${CLASS:-7}" ${NEAR:-} 2>/dev/null | awk '{print $2}')
        ir=$(callgrind_annotate "$out/$b" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
        awk -v b="$b" -v ir="$ir" -v n="$pairs" 'BEGIN { printf "%-8s %14.0f %8d %12.1f\n", b, ir, n, ir / n }'
    done
    exit 0
fi
exe=$build/bench/collide_once
[ -x "$exe" ] || { echo "callgrind.sh: build $exe first (meson compile -C $build)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ "${WHAT:-collide}" = update ]; then
    fn=sepax_update_world field=3 unit=shapes
else
    fn=sepax_collide field=2 unit=pairs
fi
printf '%-8s %14s %8s %12s\n' backend instructions "$unit" "per ${unit%s}"
for b in "${backends[@]}"; do
    pairs=$(SEPAX_BACKEND=$b valgrind --tool=callgrind --toggle-collect=$fn \
        --callgrind-out-file="$out/$b" "$exe" ${SCENE:-} 2>/dev/null | awk -v f=$field '{print $f}')
    ir=$(callgrind_annotate "$out/$b" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    awk -v b="$b" -v ir="$ir" -v n="$pairs" 'BEGIN { printf "%-8s %14.0f %8d %12.1f\n", b, ir, n, ir / n }'
done
