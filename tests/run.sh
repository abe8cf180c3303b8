#!/usr/bin/env bash
# The one test command: install what is needed, build, run every test.
# Usage: tests/run.sh [BUILD_DIR] [extra meson setup options...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
bash tools/install-deps.sh
if [ -f "$build/build.ninja" ]; then
    meson setup --reconfigure "$build" "$@"
else
    meson setup "$build" "$@"
fi
meson compile -C "$build"
meson test -C "$build" --print-errorlogs
