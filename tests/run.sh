#!/usr/bin/env bash
# The one test command: install what is needed, build, run every test.
# Usage: tests/run.sh [BUILD_DIR] [extra meson setup options...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
bash tools/install-deps.sh --tests --bench
# The tests, the command line and the bench harness (compiled, not run: a
# compile check of bench/) whatever an earlier setup of the same folder
# chose, such as README's first command, which leaves tests and bench out;
# the caller's options come after and win.
opts=(-Dtests=true -Dtools=true -Dcriterion=enabled -Dbench=auto "$@")
if [ -f "$build/build.ninja" ]; then
    meson setup --reconfigure "$build" "${opts[@]}"
else
    meson setup "$build" "${opts[@]}"
fi
meson compile -C "$build"
meson test -C "$build" --print-errorlogs
