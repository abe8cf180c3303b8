#!/usr/bin/env bash
# Install what sepax needs on Debian 12. With no option: what the library
# and the sepax command line need, nothing more, so that the demo is built
# in a minute or two on a fresh machine.
# Usage: tools/install-deps.sh [--tests] [--bench] [--cross] [--fuzz]
#   --tests adds Criterion, valgrind, CMake and python3 (tests/run.sh)
#   --bench adds C++, Google Benchmark, gnuplot and the six peer libraries
#           that bench/ measures sepax against (Box2D, Chipmunk2D, libccd,
#           ODE, Bullet, FCL)
#   --cross adds the aarch64 cross compiler and qemu-user
#   --fuzz  adds clang 14 and its runtime (libFuzzer, sanitizers)
set -euo pipefail
run() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "install-deps: need root or sudo to run: $*" >&2; exit 2; fi; }
pkgs=(gcc libc6-dev meson ninja-build pkg-config libsimde-dev libqhull-dev)
for opt in "$@"; do
    case "$opt" in
    --tests) pkgs+=(libcriterion-dev valgrind cmake python3) ;;
    --bench)
        pkgs+=(g++ libbenchmark-dev libbox2d-dev libchipmunk-dev libccd-dev libode-dev
               libbullet-dev libfcl-dev gnuplot-nox python3) ;;
    --cross)
        # the benchmark harness links Google Benchmark built for the target
        run dpkg --add-architecture arm64
        pkgs+=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
               libbenchmark-dev:arm64 libqhull-dev:arm64) ;;
    --fuzz) pkgs+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "install-deps: unknown option $opt" >&2; exit 2 ;;
    esac
done
run apt-get update -q
DEBIAN_FRONTEND=noninteractive run apt-get install -y -q --no-install-recommends "${pkgs[@]}"
