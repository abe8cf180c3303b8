#!/usr/bin/env bash
# Instructions per pair of one sepax_collide call on the mix scene, per
# backend, counted by valgrind's callgrind (repeatable, unlike time on a
# shared machine). valgrind does not run AVX-512 code, so avx512 is left
# out.
#   bench/callgrind.sh [BUILD_DIR] [BACKEND...]     default: build scalar sse2 avx2
#   SCENE=circles|mixed_kinds bench/callgrind.sh ...  that scene instead of mix
#   WHAT=update bench/callgrind.sh ...    instructions per shape of one
#                                         sepax_update_world instead
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
backends=("$@")
[ ${#backends[@]} -gt 0 ] || backends=(scalar sse2 avx2)
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
    awk -v b="$b" -v ir="$ir" -v n="$pairs" 'BEGIN { printf "%-8s %14d %8d %12.1f\n", b, ir, n, ir / n }'
done
