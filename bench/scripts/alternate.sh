#!/usr/bin/env bash
# Interleaved runs for comparisons on a noisy machine: each round runs
# every given sepax_bench binary once on the filter, in turn, so slow
# spells of the machine hit all of them alike; prints the minimum and the
# median (the lower middle of an even count) ns per pair or per shape of
# every benchmark per binary.
#   bench/scripts/alternate.sh [--rounds N] [--filter REGEX] [BIN...]
# Default binary: build/bench/sepax_bench; default 9 rounds, mix scene.
# Comparing two builds:
#   bench/scripts/alternate.sh OLD/bench/sepax_bench NEW/bench/sepax_bench
set -euo pipefail
rounds=9
filter='^(sepax_scalar|sepax_avx512|box2d_collide_polygons)/mix/sweep$'
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    *) break ;;
    esac
done
bins=("$@")
[ ${#bins[@]} -gt 0 ] || bins=(build/bench/sepax_bench)
for ((r = 0; r < rounds; r++)); do
    for i in "${!bins[@]}"; do
        "${bins[$i]}" --benchmark_filter="$filter" --benchmark_min_time=0.2 2>/dev/null |
            awk -v b="$i" '/^(sepax|box2d|chipmunk|ccd)/ { for (f = 1; f <= NF; f++)
                if ($f ~ /^ns_per_(pair|shape)=/) { split($f, kv, "="); sub("s$", "", kv[2]); m = 1
                    if (kv[2] ~ /k$/) { m = 1000; sub("k$", "", kv[2]) }
                    print b, $1, kv[2] * m } }'
    done
done | sort -k1,1n -k2,2 -k3,3g | awk '
    { key = $1 " " $2; n[key]++; v[key, n[key]] = $3 }
    END { for (k in n) { split(k, p, " ")
            printf "binary %s  %-45s min %8.2f  median %8.2f  (%d runs)\n", p[1], p[2], v[k, 1], v[k, int((n[k] + 1) / 2)], n[k] } }' |
    sort -k3,3 -k2,2n
