#!/usr/bin/env bash
# Byte-identical answers across a change that must not change behaviour:
# `sepax check` on seeded scenes of every 2D and 3D kind
# (tools/identity/scenes.py) and on tests/data, on every backend both
# builds run here, with and without --manifolds. Prints one sha256 per
# build over all outputs and exits 1 on the first file that differs.
#
# Usage: tools/identity/compare.sh [--apart-may-move] OLD_BUILD NEW_BUILD
#   each a build directory of this tree holding tools/sepax
# --apart-may-move: for a change that may move apart answers only (a
#   support direction's gap in place of a distance), rows that are apart
#   in both builds may differ if the new separation stays above 0
#   (tools/identity/moved.py); every hit row, every
#   manifold and every exit status must still be identical. Prints how
#   many rows moved per backend.
set -euo pipefail
cd "$(dirname "$0")/../.."
apart=0
if [ "${1:-}" = --apart-may-move ]; then apart=1; shift; fi
old=$1 new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 tools/identity/scenes.py "$work/scenes"
cp tests/data/*.scene "$work/scenes/"
backends=$("$new/tools/sepax" version | sed -n 's/^backends: //p' | sed 's/ (.*//')
[ -n "$backends" ] || { echo "no backends listed by $new/tools/sepax version"; exit 2; }
for b in $backends; do
    moved=0
    for f in "$work"/scenes/*.scene; do
        name=$(basename "$f" .scene)
        flags=("" --manifolds)
        for extra in "${flags[@]}"; do
            tag="$name.$b${extra:+.m}"
            for build in old new; do
                dir=$old; [ "$build" = new ] && dir=$new
                # the exit status says whether the scene had problems,
                # which both builds must say alike too
                set +e
                "$dir/tools/sepax" check "$f" --backend "$b" $extra \
                    >"$work/$build.$tag.csv" 2>"$work/$build.$tag.err"
                echo "exit $?" >>"$work/$build.$tag.err"
                set -e
            done
            cmp -s "$work/old.$tag.err" "$work/new.$tag.err" || { echo "differs: $tag"; exit 1; }
            if ! cmp -s "$work/old.$tag.csv" "$work/new.$tag.csv"; then
                if [ "$apart" != 1 ] || [ -n "$extra" ]; then echo "differs: $tag"; exit 1; fi
                n=$(python3 tools/identity/moved.py "$work/old.$tag.csv" "$work/new.$tag.csv") ||
                    { echo "$n"; echo "differs beyond apart answers: $tag"; exit 1; }
                moved=$((moved + n))
            fi
        done
    done
    if [ "$apart" = 1 ]; then echo "$b: $moved apart answers moved"; fi
done
for build in old new; do
    echo "$build: $(cat "$work"/$build.*.csv | sha256sum | cut -c1-16) over $(ls "$work"/$build.*.csv | wc -l) outputs"
done
if [ "$apart" = 1 ]; then
    echo "hits and manifolds identical, apart answers moved only as allowed, on backends: $backends"
else
    echo "identical on backends: $backends"
fi
