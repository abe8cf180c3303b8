#!/usr/bin/env bash
# The library as its users get it: installed into a staging prefix and
# used through pkg-config and through CMake's find_package, and used from
# meson as a subproject. Each way
# builds the README's examples (tests/examples/example.c and example3.c) and runs
# them; the installed shared library must export nothing but the public
# sepax_ and sepax3_ names, and the
# installed headers must compile on their own, in C and in C++.
#
# Usage: tests/consumer/run.sh [WORK_DIR] [BUILD_DIR]
#   WORK_DIR   scratch directory (default: build-consumer), emptied first
#   BUILD_DIR  an existing build of this tree to install from (its prefix
#              is set to the staging prefix), instead of configuring and
#              compiling the library once more in WORK_DIR/build: CI
#              installs the release build its tests ran on
# Outputs are written to files before grep reads them: `prog | grep -q`
# under pipefail fails whenever grep's early exit kills prog with SIGPIPE.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
work=$(realpath -m "${1:-build-consumer}")
from=${2:-}
rm -rf "$work"
mkdir -p "$work"
stage=$work/stage

echo "== install into a staging prefix"
if [ -n "$from" ]; then
    # only the install paths change: nothing is compiled again
    meson configure "$from" -Dprefix="$stage" >/dev/null
    meson compile -C "$from" >/dev/null
    meson install -C "$from" >/dev/null
else
    meson setup "$work/build" --prefix="$stage" -Dtests=false -Dtools=false -Dbench=disabled >/dev/null
    meson compile -C "$work/build" >/dev/null
    meson install -C "$work/build" >/dev/null
fi

pcdir=$(dirname "$(find "$stage" -name sepax.pc | head -n 1)")
export PKG_CONFIG_PATH=$pcdir
echo "pkg-config: sepax $(pkg-config --modversion sepax)"
libdir=$(pkg-config --variable=libdir sepax)
so=$(find "$libdir" -name 'libsepax.so.*.*' | head -n 1)
# the soversion is the major version, 0.MINOR before 1.0
version=$(pkg-config --modversion sepax)
major=${version%%.*}
sover=$major
[ "$major" != 0 ] || sover=$(echo "$version" | cut -d. -f1-2)
test -e "$libdir/libsepax.so.$sover" || { echo "no libsepax.so.$sover in $libdir"; exit 1; }

echo "== exports of $(basename "$so")"
bad=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRV]$/ { print $3 }' | grep -v -E '^sepax3?_' || true)
if [ -n "$bad" ]; then
    echo "exported beyond the public API:"; echo "$bad"; exit 1
fi
echo "$(nm -D --defined-only "$so" | grep -c -E ' T sepax3?_') public functions, nothing else"

echo "== each installed header on its own, C11 and C++17"
for h in "$stage"/include/sepax/*.h; do
    name=sepax/$(basename "$h")
    echo "#include <$name>" | cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c \
        $(pkg-config --cflags sepax) -
    echo "#include <$name>" | c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ \
        $(pkg-config --cflags sepax) -
done

echo "== the example through pkg-config (shared, then static)"
cc -std=c11 -Wall -Wextra -Werror tests/examples/example.c -o "$work/example-shared" \
    $(pkg-config --cflags --libs sepax)
LD_LIBRARY_PATH=$libdir "$work/example-shared" | tee "$work/shared.out"
cc -std=c11 -Wall -Wextra -Werror tests/examples/example.c -o "$work/example-static" \
    $(pkg-config --cflags sepax) "$libdir/libsepax.a" -lm
"$work/example-static" >"$work/static.out"
cmp "$work/shared.out" "$work/static.out"
grep -q '^shapes 0 and 1: depth ' "$work/shared.out"
cc -std=c11 -Wall -Wextra -Werror tests/examples/example3.c -o "$work/example3-shared" \
    $(pkg-config --cflags --libs sepax)
LD_LIBRARY_PATH=$libdir "$work/example3-shared" >"$work/shared3.out"
grep -q '^pair 0: hit, separation -0.1 ' "$work/shared3.out"

echo "== a non-system prefix: the rpath README gives, no LD_LIBRARY_PATH"
cc -std=c11 -Wall -Wextra -Werror tests/examples/example.c -o "$work/example-rpath" \
    $(pkg-config --cflags --libs sepax) -Wl,-rpath,"$libdir"
env -u LD_LIBRARY_PATH "$work/example-rpath" >"$work/rpath.out"
cmp "$work/shared.out" "$work/rpath.out"

echo "== the build tree without installing: its uninstalled pkg-config file"
tree=${from:-$work/build}
tree=$(realpath "$tree")
test -f "$tree/meson-uninstalled/sepax-uninstalled.pc"
cflags=$(PKG_CONFIG_PATH=$tree/meson-uninstalled pkg-config --cflags sepax)
# every folder it puts on the include path is include/ or holds no header:
# the library's private src/ must stay out of its users' reach
for flag in $cflags; do
    case "$flag" in
    -I*) dir=${flag#-I}
        case "$dir" in */include) ;; *)
            if [ -d "$dir" ] && [ -n "$(find "$dir" -name '*.h' -print -quit)" ]; then
                echo "uninstalled pkg-config file puts $dir, which holds headers, on the include path"
                exit 1
            fi ;;
        esac ;;
    esac
done
cc -std=c11 -Wall -Wextra -Werror tests/examples/example.c -o "$work/example-tree" \
    $(PKG_CONFIG_PATH=$tree/meson-uninstalled pkg-config --cflags --libs sepax) \
    -Wl,-rpath,"$tree/src/lib"
"$work/example-tree" >"$work/tree.out"
cmp "$work/shared.out" "$work/tree.out"
ldd "$work/example-tree" >"$work/ldd-tree.out"
grep -q "$tree/src/lib/libsepax" "$work/ldd-tree.out"

echo "== the examples through CMake's find_package (shared, then static)"
cmproj=$work/cmake
mkdir -p "$cmproj"
cp tests/consumer/CMakeLists.txt tests/examples/example.c tests/examples/example3.c "$cmproj/"
cmake -S "$cmproj" -B "$cmproj/build" -G Ninja -DCMAKE_PREFIX_PATH="$stage" >/dev/null
cmake --build "$cmproj/build" >/dev/null
"$cmproj/build/example-shared" >"$work/cmake-shared.out"
"$cmproj/build/example-static" >"$work/cmake-static.out"
cmp "$work/shared.out" "$work/cmake-shared.out"
cmp "$work/shared.out" "$work/cmake-static.out"
"$cmproj/build/example3-shared" >"$work/cmake3-shared.out"
"$cmproj/build/example3-static" >"$work/cmake3-static.out"
cmp "$work/shared3.out" "$work/cmake3-shared.out"
cmp "$work/shared3.out" "$work/cmake3-static.out"
# the shared target runs from the staging prefix without LD_LIBRARY_PATH
# (CMake's build rpath), so check it loaded the staged library
ldd "$cmproj/build/example-shared" >"$work/ldd.out"
grep -q "$stage" "$work/ldd.out"

echo "== the example with sepax as a meson subproject"
proj=$work/subproject
mkdir -p "$proj/subprojects"
cp tests/consumer/meson.build tests/examples/example.c "$proj/"
ln -s "$src" "$proj/subprojects/sepax"
meson setup "$proj/build" "$proj" --force-fallback-for=sepax >/dev/null
meson compile -C "$proj/build" >/dev/null
"$proj/build/example" >"$work/subproject.out"
cmp "$work/shared.out" "$work/subproject.out"
echo "consumer checks: 6 passed, 0 failed"
