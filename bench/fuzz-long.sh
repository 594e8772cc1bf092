#!/usr/bin/env bash
# Fuzzes every fuzz target of the project (or those named) for a long
# time: FUZZ_LONG (10 minutes by default) each, FUZZ_JOBS (2) at once with
# one worker each, building on the inputs earlier runs found (go test's
# cache). A failing input is kept in the package's testdata/fuzz/TARGET/;
# commit it with the fix. See .ci/fuzz.sh, which CI runs with a shorter
# time.
#
#   bash bench/fuzz-long.sh              every target, 10 minutes each
#   bash bench/fuzz-long.sh FuzzValidate just the targets named
set -uo pipefail
cd "$(dirname "$0")/.."
exec bash .ci/fuzz.sh "${FUZZ_LONG:-10m}" "${FUZZ_JOBS:-2}" "$@"
