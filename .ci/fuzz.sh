#!/usr/bin/env bash
# Fuzzes every fuzz target of the project (or those named) for a time each,
# some at once with one worker each. .ci/run fuzzes each target for
# FUZZ_TIME; bench/fuzz-long.sh for 10 minutes.
#
#   bash .ci/fuzz.sh TIME JOBS [TARGET...]
#
# Every target is found by name, so a new one is fuzzed too. Every target
# runs even when one fails; the failures are listed, with their output,
# and the script exits 1. A failing input is kept in the package's
# testdata/fuzz/TARGET/ (the seed corpus, which plain go test runs from
# then on): it belongs in the commit that fixes it.
#
# FUZZ_CACHE, when set, is where the inputs that the targets find are
# kept (a folder per package); by default go test's own cache, so that a
# long run builds on the one before.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
	echo "usage: bash .ci/fuzz.sh TIME JOBS [TARGET...]" >&2
	exit 2
fi
fuzz_time=$1 jobs=$2
shift 2

# A time, not a count of inputs: a target's rate swings with what it
# finds (one ran 42 inputs in 20 s from the seeds alone, and 36,688 in the
# next 20 s; minimizing each new input stops it meanwhile), so a count
# calibrated to 20 s took anything from 2 s to 30 s.
#
# Go 1.26's fuzz coordinator can fail a target that found nothing, just
# as its time is up, with "context deadline exceeded": a race between the
# deadline's context and the one it hands the workers
# (https://go.dev/issue/75804, fixed in Go 1.27). That failure alone is
# read as the end of the time. A real failure writes its input to
# testdata/fuzz, counted before and after the run (new_inputs): a crash
# still being minimized when the race strikes writes it without saying
# so.
deadline_race() {
	local log=$1 new_inputs=$2
	[ "$new_inputs" -eq 0 ] || return 1
	grep -q -e 'Failing input written to' -e 'failing input' "$log" && return 1
	# The target's FAIL line, the error, and nothing but the verdicts.
	awk '/^--- FAIL: Fuzz/ { fail = 1; next }
		fail && /^[[:space:]]+context deadline exceeded$/ { race = 1; next }
		fail && !/^(FAIL|exit status [0-9]+)/ { other = 1 }
		END { exit !(race && !other) }' "$log"
}

# inputs counts the inputs kept in a target's seed corpus.
inputs() { find "$1" -type f 2>/dev/null | wc -l; }

# fuzz_package runs a package's targets, one after another, from one
# instrumented test binary built once (go test -fuzz links one per
# target). Two jobs never fuzz one package: the instrumented build
# covers every package the test imports, the standard library too, and
# two jobs would each build it.
fuzz_package() {
	local pkg=$1 name log dir cache failed=0
	shift
	dir=$(mktemp -d)
	trap "rm -rf '$dir'" EXIT
	log=$dir/log
	if ! go test -c -fuzz . -o "$dir/fuzz.test" "$pkg" >"$log" 2>&1; then
		printf -- '-- %s: the fuzz build FAILED\n' "$pkg"
		sed 's/^/    /' "$log"
		return 1
	fi
	cache=${FUZZ_CACHE:+$FUZZ_CACHE/$pkg}
	cache=${cache:-$(go env GOCACHE)/fuzz/$(go list "$pkg")}
	for name in "$@"; do
		local corpus=$pkg/testdata/fuzz/$name before rc execs
		before=$(inputs "$corpus")
		# In the package's folder, as go test runs it: the seed corpus
		# is read from testdata/fuzz, and a failing input written there.
		# -test.paniconexit0 as go test passes it: an os.Exit(0) in the
		# code fuzzed is then a panic, not a silent end.
		(cd "$pkg" && "$dir/fuzz.test" -test.run '^$' -test.fuzz "^${name}\$" \
			-test.fuzztime "$FUZZ_TIME" -test.parallel 1 -test.paniconexit0 \
			-test.fuzzcachedir "$cache") >"$log" 2>&1
		rc=$?
		execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
		if [ $rc -eq 0 ]; then
			printf -- '-- %s %s: ok, %s inputs\n' "$pkg" "$name" "${execs:-0}"
		elif deadline_race "$log" $(($(inputs "$corpus") - before)); then
			printf -- '-- %s %s: ok, %s inputs (then the deadline race of go.dev/issue/75804)\n' "$pkg" "$name" "${execs:-0}"
		else
			printf -- '-- %s %s: FAILED\n' "$pkg" "$name"
			sed 's/^/    /' "$log"
			failed=1
		fi
	done
	return $failed
}
export -f fuzz_package deadline_race inputs
export FUZZ_TIME=$fuzz_time
if [ -n "${FUZZ_CACHE:-}" ]; then
	# Absolute: the targets run in their packages' folders.
	FUZZ_CACHE=$(realpath -m "$FUZZ_CACHE")
	export FUZZ_CACHE
fi

# The targets, "package name" a line: every one, or those named (each of
# which must be one).
targets=$(git grep -o '^func Fuzz[A-Za-z0-9_]*' -- '*_test.go' | while IFS=: read -r file name; do
	echo "./$(dirname "$file") ${name#func }"
done)
for name in "$@"; do
	if ! printf '%s\n' "$targets" | grep -q " $name\$"; then
		echo "no fuzz target is named $name" >&2
		exit 2
	fi
done

start=$SECONDS
printf '%s\n' "$targets" | while read -r pkg name; do
	if [ $# -eq 0 ] || printf '%s\n' "$@" | grep -qx "$name"; then
		echo "$pkg $name"
	fi
done |
	# One line per package: its number of targets, the package, then its
	# targets. The packages with the most start first, so the last job
	# to finish is a short one.
	awk '{ n[$1]++; list[$1] = list[$1] " " $2 }
		END { for (p in list) print n[p], p list[p] }' |
	sort -rn | cut -d' ' -f2- |
	xargs -r -P "$jobs" -L 1 bash -c 'fuzz_package "$@"' _
rc=$?
echo "fuzzing took $((SECONDS - start)) s"
if [ $rc -ne 0 ]; then
	echo "fuzzing FAILED (above); the inputs that failed, in testdata/fuzz/ of their packages:"
	git status --short -- '*/testdata/fuzz/*'
	exit 1
fi
