#!/usr/bin/env bash
# Byte-identical answers across a change that must not change behaviour:
# `sepax check` on seeded scenes of every 2D and 3D kind
# (tools/identity/scenes.py) and on tests/data, on every backend both
# builds run here, with and without --manifolds. Prints one sha256 per
# build over all outputs and exits 1 on the first file that differs.
#
# Usage: tools/identity/compare.sh OLD_BUILD NEW_BUILD
#   each a build directory of this tree holding tools/sepax
set -euo pipefail
cd "$(dirname "$0")/../.."
old=$1 new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 tools/identity/scenes.py "$work/scenes"
cp tests/data/*.scene "$work/scenes/"
backends=$("$new/tools/sepax" version | sed -n 's/^backends: //p' | sed 's/ (.*//')
[ -n "$backends" ] || { echo "no backends listed by $new/tools/sepax version"; exit 2; }
for b in $backends; do
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
            cmp -s "$work/old.$tag.csv" "$work/new.$tag.csv" &&
                cmp -s "$work/old.$tag.err" "$work/new.$tag.err" ||
                { echo "differs: $tag"; exit 1; }
        done
    done
done
for build in old new; do
    echo "$build: $(cat "$work"/$build.*.csv | sha256sum | cut -c1-16) over $(ls "$work"/$build.*.csv | wc -l) outputs"
done
echo "identical on backends: $backends"
