#!/usr/bin/env bash
# Runs every fuzz target of the project for a long time (FUZZ_LONG, 10
# minutes by default), two at once with one worker each on a 2-core
# machine (FUZZ_JOBS to change). A failing input is kept by go test in the
# package's testdata/fuzz/TARGET/ (the seed corpus, which plain go test
# runs from then on): commit it with the fix. Every target runs even when
# one fails; the script lists the failures and exits 1.
#
#   bash bench/fuzz-long.sh              every target, 10 minutes each
#   bash bench/fuzz-long.sh FuzzValidate just the targets named
#   bash bench/fuzz-long.sh --calibrate  measure each target's inputs in
#                                        8 s and rewrite .ci/fuzz-counts
#                                        for about 20 s each in CI
set -uo pipefail
cd "$(dirname "$0")/.."

: "${FUZZ_LONG:=10m}" "${FUZZ_JOBS:=2}"
calibrate=false
if [ "${1:-}" = --calibrate ]; then
	calibrate=true
	FUZZ_LONG=8s
	shift
fi

# targets prints "package target" for every fuzz target, or those named.
targets() {
	git grep -o '^func Fuzz[A-Za-z0-9_]*' -- '*_test.go' | while IFS=: read -r file name; do
		name=${name#func }
		if [ $# -eq 0 ] || printf '%s\n' "$@" | grep -qx "$name"; then
			echo "./$(dirname "$file") $name"
		fi
	done
}

fuzz_long() {
	local pkg=$1 name=$2 log
	log=$(mktemp)
	go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZ_LONG" -parallel 1 >"$log" 2>&1
	local rc=$?
	local execs
	execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
	if [ $rc -eq 0 ]; then
		echo "ok $pkg $name ${execs:-0}"
	else
		echo "FAIL $pkg $name ${execs:-0}"
		sed 's/^/    /' "$log" >&2
	fi
	rm -f "$log"
}
export -f fuzz_long
export FUZZ_LONG

results=$(targets "$@" | xargs -P "$FUZZ_JOBS" -L 1 bash -c 'fuzz_long "$@"' _)
echo "$results"

if $calibrate; then
	{
		sed -n '/^#/p' .ci/fuzz-counts
		# 8 s measured, 20 s wanted, rounded to two significant digits.
		echo "$results" | awk '$1 == "ok" {
			c = $4 * 20 / 8; e = 1
			while (c >= 100 * e) e *= 10
			printf "%s %s %d\n", $2, $3, int(c / e + 0.5) * e
		}'
	} >.ci/fuzz-counts.new && mv .ci/fuzz-counts.new .ci/fuzz-counts
	echo "wrote .ci/fuzz-counts"
fi

failed=$(echo "$results" | grep -c '^FAIL')
if [ "$failed" -gt 0 ]; then
	echo "$failed target(s) failed; their inputs are in testdata/fuzz/ of each package:"
	git status --short -- '*/testdata/fuzz/*'
	exit 1
fi
