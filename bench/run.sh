#!/usr/bin/env bash
# bench/run.sh: times each zsj command against its jq and gojq equivalent on
# generated corpora, in one run on page-cached files, and writes
# bench/RESULTS.md. See bench/README.md.
#
# Environment:
#   BENCH_SIZE_SCALE    multiply the corpus sizes (default 1; 0.1 for a quick run)
#   BENCH_KEEP          keep the corpora in this folder and reuse them next time
#   BENCH_OUT           where to write the results (default bench/RESULTS.md)
#   BENCH_NOTE          a line for the header of the results, e.g. "development run"
#   BENCH_ROUNDS        rounds of a zsj command and the jq and gojq ones it is
#                       compared with, timed in turns (default 5)
#   BENCH_RUNS_ZSJ      hyperfine's timed runs of a zsj command compared with
#                       no other tool (default 5)
#   BENCH_WARMUP_ZSJ    hyperfine's warmup runs of such a command (default 1)
#   BENCH_TIMEOUT       seconds the first run of a command (for its RSS) may
#                       take before it counts as failed (default 300)
#   BENCH_GITLEAKS_MB   size of the slice given to gitleaks, which scans
#                       ~1.5 MB/s (default 25)
#   BENCH_BASELINE      a git revision: zsj built at it is timed on every zsj
#                       command too, in runs alternating with the zsj under
#                       test, and RESULTS.md gets a table of the change
#   BENCH_PAIRS         alternating runs of each for that table (default 31:
#                       with 11, a 150 ms command's median moved 10 % from
#                       one run to the next on a 2-core virtual machine)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

scale=${BENCH_SIZE_SCALE:-1}
out=${BENCH_OUT:-$here/RESULTS.md}
note=${BENCH_NOTE:-}
rounds=${BENCH_ROUNDS:-5}
runs_zsj=${BENCH_RUNS_ZSJ:-5}
warmup_zsj=${BENCH_WARMUP_ZSJ:-1}
limit=${BENCH_TIMEOUT:-300}
gitleaks_mb=${BENCH_GITLEAKS_MB:-25}
baseline=${BENCH_BASELINE:-}
pairs=${BENCH_PAIRS:-31}

gojq_version=v0.12.19

log() { printf '[bench %3dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }
die() {
	log "error: $*"
	exit 1
}

case $out in /*) ;; *) out=$PWD/$out ;; esac
awk -v s="$scale" 'BEGIN { exit !(s > 0) }' || die "BENCH_SIZE_SCALE must be a number above 0, not '$scale'"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zsj-bench.XXXXXX")
trap 'rm -rf "$tmp" "$out.tmp"' EXIT
if [ -n "${BENCH_KEEP:-}" ]; then
	mkdir -p "$BENCH_KEEP"
	work=$(cd "$BENCH_KEEP" && pwd)
else
	work=$tmp/corpora
	mkdir -p "$work"
fi
mkdir -p "$tmp/bin" "$tmp/results"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# --- tools -------------------------------------------------------------------

sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
apt_updated=
apt_install() {
	log "installing $* from Debian"
	if [ -z "$apt_updated" ]; then
		$sudo apt-get update -qq >/dev/null
		apt_updated=1
	fi
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

command -v go >/dev/null || die "go is not on PATH"
command -v jq >/dev/null || apt_install jq
command -v hyperfine >/dev/null || apt_install hyperfine
[ -x /usr/bin/time ] || apt_install time
command -v zstd >/dev/null || apt_install zstd

# Tools from the Go module proxy go to GOBIN, ahead of anything else on PATH.
gobin=$(go env GOBIN)
[ -n "$gobin" ] || gobin=$(go env GOPATH)/bin
go_tool_version() { go version -m "$1" 2>/dev/null | awk '$1 == "mod" { print $3; exit }'; }
if [ "$(go_tool_version "$gobin/gojq")" != "$gojq_version" ]; then
	log "installing gojq $gojq_version"
	(cd "$tmp" && go install "github.com/itchyny/gojq/cmd/gojq@$gojq_version")
fi
export PATH="$tmp/bin:$gobin:$PATH"

# --- zsj -----------------------------------------------------------------------

commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
# Anything changed or added outside bench/ may be in the build.
if [ -n "$(git -C "$root" status --porcelain -- . ':!bench' 2>/dev/null)" ]; then
	commit="$commit (with uncommitted changes)"
fi
log "building zsj at $commit"
# Built as the README installs it, as are the profiling build and the
# baseline: CGO_ENABLED=0 gives a static binary, which starts 5 ms sooner
# here than one that loads the C library.
(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-X 'main.version=${commit%% *}'" -o "$tmp/bin/zsj" ./cmd/zsj)
# The same zsj with a CPU profiler (ZSJ_CPUPROFILE, see cmd/zsj/cpuprofile.go),
# run once for each target missed, to say where the time goes.
mkdir -p "$tmp/prof-bin" "$tmp/prof"
(cd "$root" && CGO_ENABLED=0 go build -trimpath -tags zsjprofile -o "$tmp/prof-bin/zsj" ./cmd/zsj)

# The baseline is built from a clean export of its revision, so nothing
# of this checkout's working tree leaks into it.
base_commit=
if [ -n "$baseline" ]; then
	base_commit=$(git -C "$root" rev-parse --short=12 "$baseline^{commit}") || die "BENCH_BASELINE: no revision '$baseline'"
	log "building the baseline zsj at $base_commit"
	mkdir -p "$tmp/base-src"
	git -C "$root" archive "$base_commit" | tar -x -C "$tmp/base-src"
	(cd "$tmp/base-src" && CGO_ENABLED=0 go build -trimpath -ldflags "-X 'main.version=$base_commit'" -o "$tmp/bin/zsj-base" ./cmd/zsj)
fi

built() { zsj "$1" --help >/dev/null 2>&1; }
built gen || die "zsj gen is not built: nothing to benchmark with"

# --- corpora -------------------------------------------------------------------

declare -A SIZE     # corpus file -> bytes
declare -A LABEL    # corpus file -> what it is, for the tables
GEN_CMDS=()
zsj_sum=$(sha256sum "$tmp/bin/zsj" | cut -d' ' -f1)

mb_of() { awk -v b="$1" 'BEGIN { v = b / 1e6; printf(v >= 10 ? "%.0f" : "%.1f", v) }'; }

# corpus FILE LABEL MB GEN-FLAGS...: generate FILE with zsj gen, MB scaled.
# In BENCH_KEEP a corpus is reused when it came from the same zsj and flags.
corpus() {
	local file=$1 label=$2 mb
	mb=$(awk -v m="$3" -v s="$scale" 'BEGIN { printf "%g", m * s }')
	shift 3
	local cmd="zsj gen $* --size ${mb}MB --seed 1 > $file"
	GEN_CMDS+=("$cmd")
	if [ -f "$work/$file" ] && [ "$(cat "$work/$file.stamp" 2>/dev/null)" = "$zsj_sum $cmd" ]; then
		log "reusing $file"
	else
		local need have
		need=$(awk -v m="$mb" 'BEGIN { printf "%d", m * 1e3 + 1e5 }') # KB, with room
		have=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
		[ "$have" -ge "$need" ] || die "$file needs ${mb} MB but $work has $((have / 1000)) MB free"
		log "generating $file ($label, ${mb} MB)"
		rm -f "$work/$file.stamp"
		(cd "$work" && sh -c "$cmd") || die "could not generate $file: $cmd"
		echo "$zsj_sum $cmd" >"$work/$file.stamp"
	fi
	SIZE[$file]=$(stat -c %s "$work/$file")
	LABEL[$file]="$label, $(mb_of "${SIZE[$file]}") MB"
}

# --- measuring -----------------------------------------------------------------

IDS=()
declare -A CMD FILE TIME SD RUNS WARMUP RSS STATUS BASE_OF PAIR_NEW PAIR_BASE
failures=0
GROUP=() # measurements checked and waiting to be timed in turns

ok() { [ -n "$1" ] && [ "${STATUS[$1]:-}" = ok ]; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
stddev() { awk '{ s += $1; q += $1 * $1 } END { v = (NR > 1) ? (q - s * s / NR) / (NR - 1) : 0; printf "%.6f", (v > 0) ? sqrt(v) : 0 }'; }

# measure ID RUNS WARMUP FILE CMD: a command not timed in turns (zsj alone,
# or gitleaks, too slow for turns).
# One run under /usr/bin/time for its peak RSS (see check), then hyperfine
# for the time. CMD runs in the corpus folder, by sh, with stdout
# discarded; a non-zero exit fails the measurement.
measure() {
	measure_one "$@"
	baseline_of "$1"
}

# measure_one ID RUNS WARMUP FILE CMD: measure without the baseline.
measure_one() {
	local id=$1 runs=$2 warmup=$3 rc=0
	check "$id" "$4" "$5" || return 0
	RUNS[$id]=$runs WARMUP[$id]=$warmup
	(cd "$work" && hyperfine --style basic --warmup "$warmup" --runs "$runs" \
		--export-json "$tmp/results/$id.json" --command-name "$id" "${CMD[$id]}" >&2) || rc=$?
	if [ "$rc" -ne 0 ]; then
		failed "$id" "exit status $rc in a timed run"
		return 0
	fi
	TIME[$id]=$(jq '.results[0].median' "$tmp/results/$id.json")
	SD[$id]=$(jq '.results[0].stddev // 0' "$tmp/results/$id.json")
}

# compared ID FILE CMD: a command timed in turns with others: its check
# run now, its timed runs at the next in_turns.
compared() {
	check "$1" "$2" "$3" && GROUP+=("$1")
	return 0
}

# check ID FILE CMD: one run of CMD under /usr/bin/time for its peak RSS,
# which also puts FILE in the page cache (the warm-up of what follows) and
# catches failures early. It fails, and says why, when CMD exits non-zero,
# outlasts BENCH_TIMEOUT or changes FILE.
check() {
	local id=$1 file=$2 cmd=$3 stamp rc=0
	IDS+=("$id")
	CMD[$id]=$cmd FILE[$id]=$file RUNS[$id]=0 WARMUP[$id]=0
	stamp=$(stat -c '%i %.9Y %s' "$work/$file") # replaced, rewritten or resized
	log "$id: $cmd"
	(cd "$work" && timeout "$limit" /usr/bin/time -f %M -o "$tmp/results/$id.rss" \
		sh -c "$cmd" </dev/null >/dev/null 2>"$tmp/results/$id.err") || rc=$?
	if [ "$stamp" != "$(stat -c '%i %.9Y %s' "$work/$file")" ]; then
		rm -f "$work/$file.stamp" # a kept corpus is generated again next time
		failed "$id" "it modified $file"
	elif [ "$rc" -eq 124 ]; then
		failed "$id" "a run took over ${limit}s"
	elif [ "$rc" -ne 0 ]; then
		failed "$id" "exit status $rc$(head -n 1 "$tmp/results/$id.err" | cut -c1-120 | sed 's/^/: /')"
	else
		STATUS[$id]=ok
		RSS[$id]=$(tail -n 1 "$tmp/results/$id.rss")
		return 0
	fi
	return 1
}

failed() {
	STATUS[$1]="failed: $2"
	failures=$((failures + 1))
	log "$1 ${STATUS[$1]}"
}

# in_turns: times the measurements of compared since the last call in
# rounds: each runs once a round, and the first of a round moves on by one
# each time. A measurement's time is the median of its rounds. Timed one
# after the other, zsj and the jq it was compared with were minutes apart,
# and on this kind of machine the speed drifts by a third over minutes
# (jq read the realistic corpus at 67 MB/s in one run and 95 in the
# next): in turns, the drift falls on all of them alike.
in_turns() {
	local ids=() id i k n rc
	for id in "${GROUP[@]}"; do
		ok "$id" && ids+=("$id")
	done
	GROUP=()
	n=${#ids[@]}
	[ "$n" -gt 0 ] || return 0
	log "in turns, $rounds rounds: ${ids[*]}"
	for id in "${ids[@]}"; do
		: >"$tmp/results/$id.turns"
		RUNS[$id]=$rounds
	done
	for ((i = 0; i < rounds; i++)); do
		for ((k = 0; k < n; k++)); do
			id=${ids[(i + k) % n]}
			ok "$id" || continue
			rc=0
			run_s "${CMD[$id]}" >>"$tmp/results/$id.turns" || rc=$?
			[ "$rc" -eq 0 ] || failed "$id" "exit status $rc in a timed run"
		done
	done
	for id in "${ids[@]}"; do
		ok "$id" || continue
		TIME[$id]=$(median <"$tmp/results/$id.turns")
		SD[$id]=$(stddev <"$tmp/results/$id.turns")
		baseline_of "$id"
	done
}

# run_s CMD: runs CMD in the corpus folder and prints its wall time in
# seconds, less the time to start a shell that does nothing (spawn, below),
# as hyperfine does. Its exit status is CMD's. (No timeout here, as in
# hyperfine: one costs 10 ms a run on this kind of machine, and the check
# run has caught a command that hangs.)
run_s() {
	local start end rc=0
	start=$EPOCHREALTIME
	(cd "$work" && exec sh -c "$1" </dev/null >/dev/null 2>&1) || rc=$?
	end=$EPOCHREALTIME
	awk -v a="$start" -v b="$end" -v s="${spawn:-0}" 'BEGIN { printf "%.6f\n", b - a - s }'
	return "$rc"
}
spawn=$(for _ in 1 2 3 4 5 6 7 8 9 10 11; do run_s :; done | median)

# baseline_of ID: with BENCH_BASELINE, the baseline's same command in turns
# with this one. The zsj commands start with "zsj ": the baseline runs the
# same line.
baseline_of() {
	local cmd=${CMD[$1]}
	if [ -n "$baseline" ] && [ "${cmd#zsj }" != "$cmd" ] && ok "$1"; then
		alternate "$1" "$cmd"
	fi
}

# run_ms CMD: the wall time of one run of CMD in the corpus folder, in ms.
run_ms() { run_s "$1" | awk '{ printf "%d\n", $1 * 1000 }'; }

# alternate ID CMD: runs CMD and the baseline's same line in turns, the
# first of each pair changing every time, and keeps the median of each.
# Timed one block after the other, the two were seen to differ by 20 %
# either way on this kind of machine, which drifts over a minute; taken
# in turns, the drift falls on both alike.
alternate() {
	local id=$1 cmd=$2 base="zsj-base ${2#zsj }" i a b
	log "$id: against the baseline, $pairs runs of each in turns"
	: >"$tmp/results/$id.pairs"
	for ((i = 0; i < pairs; i++)); do
		if ((i % 2 == 0)); then
			a=$(run_ms "$cmd") b=$(run_ms "$base")
		else
			b=$(run_ms "$base") a=$(run_ms "$cmd")
		fi
		echo "$a $b" >>"$tmp/results/$id.pairs"
	done
	PAIR_NEW[$id]=$(cut -d' ' -f1 "$tmp/results/$id.pairs" | median)
	PAIR_BASE[$id]=$(cut -d' ' -f2 "$tmp/results/$id.pairs" | median)
	BASE_OF[$id]=1
}

# --- tables --------------------------------------------------------------------

ROWS=()     # name|zsj id|jq id|gojq id (the last two may be empty)
TARGETS=()  # what|kind (ratio, rss or mbps)|zsj id|other id or ""|threshold
SKIPPED=()  # name|why
LEAKS_ROW=  # zsj id|gitleaks id, when gitleaks ran

row() { ROWS+=("$1|$2|$3|$4"); }
target() { TARGETS+=("$1|$2|$3|$4|$5"); }
skip() {
	SKIPPED+=("$1|$2")
	log "skipped $1: $2"
}

# --- the benchmarks ------------------------------------------------------------

# Three corpora, as the README says: logs of large tool outputs, logs of
# many small events, and logs whose tool outputs and prose are real files
# (the Go source tree of the toolchain running this, which every machine
# with Go has), where the secret search meets real code's "token", "key"
# and "password" on every screen.
oh=output-heavy-v2.jsonl
chatty=chatty-v2.jsonl
real=realistic-v2.jsonl
content=$(go env GOROOT)
corpus $oh "output-heavy v2" 500 --profile output-heavy
corpus $chatty "chatty v2" 130 --profile chatty
corpus $real "realistic v2" 300 --profile realistic --content "$content"
CORPORA=("$oh" "$chatty" "$real")

# name ID: the corpus part of a measurement's id.
name() { local f=${1%.jsonl}; echo "${f%-v2}"; }

usage_sel="select(.type==\"usage\")"
if built validate; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		# As users run it: the report printed, the secret search on.
		compared "validate $c zsj" "$f" "zsj validate $f"
		compared "validate --quiet $c zsj" "$f" "zsj validate --quiet $f"
		compared "validate $c jq" "$f" "jq empty $f"
		compared "validate $c gojq" "$f" "gojq empty $f"
		in_turns
		row "validate (secret search on)" "validate $c zsj" "validate $c jq" "validate $c gojq"
		row "validate --quiet" "validate --quiet $c zsj" "validate $c jq" "validate $c gojq"
		target "validate, ${LABEL[$f]}: zsj >= 10x jq" ratio "validate $c zsj" "validate $c jq" 10
		target "validate --quiet, ${LABEL[$f]}: zsj >= 15x jq" ratio "validate --quiet $c zsj" "validate $c jq" 15
		target "validate, ${LABEL[$f]}: peak RSS < 100 MB" rss "validate $c zsj" "" 100
	done
else
	skip validate "not built yet"
fi

if built filter; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		compared "filter expr $c zsj" "$f" "zsj filter -c '$usage_sel' $f"
		compared "filter --type $c zsj" "$f" "zsj filter --type usage $f"
		compared "filter $c jq" "$f" "jq -c '$usage_sel' $f"
		compared "filter $c gojq" "$f" "gojq -c '$usage_sel' $f"
		in_turns
		row "filter expression" "filter expr $c zsj" "filter $c jq" "filter $c gojq"
		row "filter --type" "filter --type $c zsj" "filter $c jq" "filter $c gojq"
		target "filter expression, ${LABEL[$f]}: zsj >= 2x jq" ratio "filter expr $c zsj" "filter $c jq" 2
		target "filter expression, ${LABEL[$f]}: zsj >= 3x gojq" ratio "filter expr $c zsj" "filter $c gojq" 3
		target "filter --type usage, ${LABEL[$f]}: zsj >= 20x jq (with the select)" ratio "filter --type $c zsj" "filter $c jq" 20
		target "filter expression, ${LABEL[$f]}: peak RSS < 100 MB" rss "filter expr $c zsj" "" 100
	done
else
	skip filter "not built yet"
fi

usage_sum="[inputs | $usage_sel | .totalTokens] | add"
if built usage; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		compared "usage $c zsj" "$f" "zsj usage $f"
		compared "usage $c jq" "$f" "jq -n '$usage_sum' $f"
		compared "usage $c gojq" "$f" "gojq -n '$usage_sum' $f"
		in_turns
		row "usage totals" "usage $c zsj" "usage $c jq" "usage $c gojq"
		target "usage, ${LABEL[$f]}: zsj >= 10x jq" ratio "usage $c zsj" "usage $c jq" 10
		target "usage, ${LABEL[$f]}: peak RSS < 100 MB" rss "usage $c zsj" "" 100
	done
else
	skip usage "not built yet"
fi

upgrade_expr='if has("violation") then .block = .violation | del(.violation) else . end | .schemaVersion = 2'
if built upgrade; then
	corpus output-heavy-v1.jsonl "output-heavy v1" 500 --profile output-heavy --schema-version 1
	corpus chatty-v1.jsonl "chatty v1" 130 --profile chatty --schema-version 1
	corpus realistic-v1.jsonl "realistic v1" 300 --profile realistic --content "$content" --schema-version 1
	for f in output-heavy-v1.jsonl chatty-v1.jsonl realistic-v1.jsonl; do
		c=${f%.jsonl}
		compared "upgrade $c zsj" $f "zsj upgrade $f > /dev/null"
		compared "upgrade $c jq" $f "jq -c '$upgrade_expr' $f > /dev/null"
		compared "upgrade $c gojq" $f "gojq -c '$upgrade_expr' $f > /dev/null"
		in_turns
		row "upgrade v1 to v2" "upgrade $c zsj" "upgrade $c jq" "upgrade $c gojq"
		target "upgrade, ${LABEL[$f]}: zsj >= 20x jq" ratio "upgrade $c zsj" "upgrade $c jq" 20
		target "upgrade, ${LABEL[$f]}: peak RSS < 100 MB" rss "upgrade $c zsj" "" 100
	done
else
	skip upgrade "not built yet"
fi

gitleaks_version=
if built redact; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		measure "redact $c zsj" "$runs_zsj" "$warmup_zsj" "$f" "zsj redact $f > /dev/null"
		row "redact" "redact $c zsj" "" ""
		target "redact, ${LABEL[$f]}: >= 400 MB/s" mbps "redact $c zsj" "" 400
		target "redact, ${LABEL[$f]}: peak RSS < 100 MB" rss "redact $c zsj" "" 100
	done
	# gitleaks scans ~1.5 MB/s, so it gets a slice of the realistic corpus
	# (whole lines), and zsj redact is timed on the same slice next to it.
	if [ -x "$gobin/gitleaks" ] || (log "installing gitleaks" && cd "$tmp" && go install github.com/zricethezav/gitleaks/v8@latest); then
		gitleaks_version=$(go_tool_version "$gobin/gitleaks")
		slice=realistic-v2-head.jsonl
		mb=$(awk -v m="$gitleaks_mb" -v s="$scale" 'BEGIN { printf "%d", m * s * 1e6 }')
		head -c "$mb" "$work/$real" | sed '$d' >"$work/$slice"
		SIZE[$slice]=$(stat -c %s "$work/$slice")
		LABEL[$slice]="first $(mb_of "${SIZE[$slice]}") MB of $real"
		GEN_CMDS+=("head -c $mb $real | sed '\$d' > $slice")
		measure "redact slice zsj" "$runs_zsj" "$warmup_zsj" $slice "zsj redact $slice > /dev/null"
		measure "gitleaks stdin" 1 0 $slice "gitleaks stdin --no-banner --log-level error --exit-code 0 < $slice"
		LEAKS_ROW="redact slice zsj|gitleaks stdin"
	else
		skip gitleaks "go install github.com/zricethezav/gitleaks/v8@latest failed"
	fi
else
	skip redact "not built yet (so gitleaks was not run either)"
fi

if built pretty; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		measure "pretty $c zsj" "$runs_zsj" "$warmup_zsj" "$f" "zsj pretty $f > /dev/null"
		row "pretty" "pretty $c zsj" "" ""
		target "pretty, ${LABEL[$f]}: >= 300 MB/s" mbps "pretty $c zsj" "" 300
		target "pretty, ${LABEL[$f]}: peak RSS < 100 MB" rss "pretty $c zsj" "" 100
	done
else
	skip pretty "not built yet"
fi

if built replay; then
	for f in "${CORPORA[@]}"; do
		c=$(name "$f")
		# Replay exits with the code of the last run_end it plays, and the
		# last generated run may have failed: --exit 0 keeps real
		# failures apart.
		measure "replay $c zsj" "$runs_zsj" "$warmup_zsj" "$f" "zsj replay --exit 0 $f > /dev/null"
		row "replay" "replay $c zsj" "" ""
	done
else
	skip replay "not built yet"
fi

if built export; then
	# Parquet for SQL engines: every table, every partition, zstd. The
	# directory must be new, so each run starts by removing the last one's.
	c=$(name "$oh")
	measure "export parquet $c zsj" "$runs_zsj" "$warmup_zsj" "$oh" "rm -rf export-out && zsj export --to parquet export-out $oh"
	row "export --to parquet" "export parquet $c zsj" "" ""
	target "export --to parquet, ${LABEL[$oh]}: >= 150 MB/s" mbps "export parquet $c zsj" "" 150
	target "export --to parquet, ${LABEL[$oh]}: peak RSS < 150 MB" rss "export parquet $c zsj" "" 150
	rm -rf "$work/export-out"
else
	skip export "not built yet"
fi

# --- an archive, and compressed logs ---------------------------------------------

# The shape of a real archive: many small logs in a folder, one or a few
# runs each. Cut from the realistic corpus at run starts, so the content
# is the same and only the shape differs.
archive=archive
if [ ! -f "$work/$archive.stamp" ] || [ "$(cat "$work/$archive.stamp")" != "$(cat "$work/$real.stamp")" ]; then
	log "cutting $archive/ (2000 logs) from $real"
	rm -rf "${work:?}/$archive"
	mkdir -p "$work/$archive"
	awk -v dir="$work/$archive" '
		/"type":"run_start"/ { if (++runs > 2000) exit; if (out) close(out); out = sprintf("%s/run-%04d.jsonl", dir, runs) }
		out { print > out }' "$work/$real"
	cp "$work/$real.stamp" "$work/$archive.stamp"
fi
SIZE[$archive]=$(cat "$work/$archive"/*.jsonl | wc -c)
LABEL[$archive]="$(find "$work/$archive" -name '*.jsonl' | wc -l) logs of realistic v2 in a folder, $(mb_of "${SIZE[$archive]}") MB"
GEN_CMDS+=("awk: the first 2000 runs of $real, one log each, into $archive/")

# The realistic corpus compressed as archives keep it, and how the other
# tools read it back.
declare -A UNZIP=([gz]="gzip -dc" [zst]="zstd -dc")
for z in gz zst; do
	f=$real.$z
	if [ ! -f "$work/$f.stamp" ] || [ "$(cat "$work/$f.stamp")" != "$(cat "$work/$real.stamp")" ]; then
		log "compressing $f"
		case $z in
		gz) gzip -6 -c "$work/$real" >"$work/$f" ;;
		zst) zstd -q -3 -c "$work/$real" >"$work/$f" ;;
		esac
		cp "$work/$real.stamp" "$work/$f.stamp"
	fi
	# Throughput is over the decompressed bytes, as for the plain file.
	SIZE[$f]=${SIZE[$real]}
	LABEL[$f]="realistic v2, $(mb_of "${SIZE[$real]}") MB as .$z ($(mb_of "$(stat -c %s "$work/$f")") MB)"
done
GEN_CMDS+=("gzip -6 -c $real > $real.gz" "zstd -3 -c $real > $real.zst")

if built validate; then
	compared "validate archive zsj" $archive "zsj validate $archive"
	compared "validate archive jq" $archive "jq empty $archive/*.jsonl"
	compared "validate archive gojq" $archive "gojq empty $archive/*.jsonl"
	in_turns
	row "validate (secret search on)" "validate archive zsj" "validate archive jq" "validate archive gojq"
	target "validate, ${LABEL[$archive]}: zsj >= 10x jq" ratio "validate archive zsj" "validate archive jq" 10
	for z in gz zst; do
		f=$real.$z
		unz=${UNZIP[$z]}
		compared "validate $z zsj" $f "zsj validate $f"
		compared "validate $z jq" $f "$unz $f | jq empty"
		compared "validate $z gojq" $f "$unz $f | gojq empty"
		in_turns
		row "validate (secret search on)" "validate $z zsj" "validate $z jq" "validate $z gojq"
		target "validate, ${LABEL[$f]}: peak RSS < 100 MB" rss "validate $z zsj" "" 100
	done
fi
if built usage; then
	compared "usage archive zsj" $archive "zsj usage $archive"
	compared "usage archive jq" $archive "jq -n '$usage_sum' $archive/*.jsonl"
	in_turns
	row "usage totals" "usage archive zsj" "usage archive jq" ""
	target "usage, ${LABEL[$archive]}: zsj >= 10x jq" ratio "usage archive zsj" "usage archive jq" 10
	for z in gz zst; do
		f=$real.$z
		unz=${UNZIP[$z]}
		compared "usage $z zsj" $f "zsj usage $f"
		compared "usage $z jq" $f "$unz $f | jq -n '$usage_sum'"
		in_turns
		row "usage totals" "usage $z zsj" "usage $z jq" ""
	done
fi
if built filter; then
	compared "filter --type archive zsj" $archive "zsj filter --type usage $archive"
	compared "filter archive jq" $archive "jq -c '$usage_sel' $archive/*.jsonl"
	in_turns
	row "filter --type" "filter --type archive zsj" "filter archive jq" ""
fi

# zsj view: the time to the first full run list and the peak RSS. The
# hidden --index-only builds the index as the screen does (every run's
# summary and byte offsets, compressed inputs decompressed once into the
# cache), prints the number of runs and exits. The RSS must stay flat
# however large the logs are: the index holds offsets, not content.
if built view; then
	for f in $archive $oh $real.zst; do
		c=$(name "$f")
		measure "view $c zsj" "$runs_zsj" "$warmup_zsj" "$f" "zsj view --index-only --cache-dir $tmp $f"
		row "view: the full run list" "view $c zsj" "" ""
		target "view, ${LABEL[$f]}: peak RSS < 200 MB" rss "view $c zsj" "" 200
	done
fi

# --- scaling -----------------------------------------------------------------------

# Each command on one core and on all of them, on the realistic corpus, so
# that a user can tell what more cores would bring.
SCALING=() # command|id on 1 core|id on all cores
if [ "$(nproc)" -gt 1 ]; then
	c=$(name "$real")
	for pair in "validate $real|validate $c zsj" "validate --quiet $real|validate --quiet $c zsj" \
		"filter --type usage $real|filter --type $c zsj" "filter -c '$usage_sel' $real|filter expr $c zsj" \
		"usage $real|usage $c zsj" "redact $real|redact $c zsj" "pretty $real|pretty $c zsj" \
		"replay --exit 0 $real|replay $c zsj"; do
		cmd=${pair%%|*} all=${pair#*|}
		ok "$all" || continue
		id1="$all on 1 core"
		measure_one "$id1" 3 1 $real "GOMAXPROCS=1 zsj $cmd > /dev/null"
		SCALING+=("zsj $cmd|$id1|$all")
	done
fi

# --- redaction recall -------------------------------------------------------------

# What the secret search finds is as much a figure of redact as its speed:
# the recall test measures the rules on gitleaks' own samples (see the
# README's Redaction section), and its summary goes into RESULTS.md.
log "measuring redaction recall (go test -run TestCatalogueRecall ./redact/)"
recall_log=$tmp/results/recall.txt
if (cd "$root" && go test -count=1 -run '^TestCatalogueRecall$' -v ./redact/) >"$recall_log" 2>&1; then
	recall_status=passed
else
	recall_status=failed
	failures=$((failures + 1))
fi

# --- RESULTS.md ------------------------------------------------------------------

mbps() { awk -v b="${SIZE[${FILE[$1]}]}" -v t="${TIME[$1]}" 'BEGIN { v = b / 1e6 / t; printf(v >= 100 ? "%.0f" : "%.1f", v) }'; }
ratio() { awk -v a="${TIME[$1]}" -v b="${TIME[$2]}" 'BEGIN { printf "%.1f", b / a }'; }
rss_mb() { awk -v k="${RSS[$1]}" 'BEGIN { v = k * 1024 / 1e6; printf(v >= 10 ? "%.0f" : "%.1f", v) }'; }

# cell ID FUNC UNIT: FUNC's figure for measurement ID, or why there is none.
cell() {
	if [ -z "$1" ]; then
		echo "n/a"
	elif ok "$1"; then
		echo "$("$2" "$1")$3"
	else
		echo "failed"
	fi
}
cell_ratio() {
	if [ -z "$2" ]; then
		echo "n/a"
	elif ok "$1" && ok "$2"; then
		echo "$(ratio "$1" "$2")x"
	else
		echo "failed"
	fi
}

# verdict WHAT KIND ID OTHER THRESHOLD: one line of the targets table.
verdict() {
	local what=$1 kind=$2 id=$3 other=$4 thr=$5 measured unit cmp
	if ! ok "$id" || { [ -n "$other" ] && ! ok "$other"; }; then
		echo "| $what | failed | not met | |"
		return
	fi
	case $kind in
	ratio) measured=$(ratio "$id" "$other") unit=x cmp=ge ;;
	rss) measured=$(rss_mb "$id") unit=" MB" cmp=lt ;;
	mbps) measured=$(mbps "$id") unit=" MB/s" cmp=ge ;;
	esac
	if awk -v m="$measured" -v t="$thr" -v c="$cmp" 'BEGIN { exit !(c == "ge" ? m >= t : m < t) }'; then
		echo "| $what | $measured$unit | met | |"
	else
		local short
		short=$(awk -v m="$measured" -v t="$thr" -v c="$cmp" 'BEGIN { printf "%.2f", c == "ge" ? t / m : m / t }')
		echo "| $what | $measured$unit | not met: ${short}x short | $(profile_line "$id") |"
	fi
}

# profile_line ID: the functions that took most of the CPU time of one
# more run of measurement ID's command, by the profiling build: the
# answer to "why is it short of its target".
profile_line() {
	local id=$1 prof="$tmp/prof/${1//[^A-Za-z0-9]/_}.prof"
	(cd "$work" && ZSJ_CPUPROFILE="$prof" PATH="$tmp/prof-bin:$PATH" sh -c "${CMD[$id]}" </dev/null >/dev/null 2>&1)
	[ -s "$prof" ] || { echo "no profile"; return; }
	go tool pprof -top -nodecount=4 "$tmp/prof-bin/zsj" "$prof" 2>/dev/null |
		awk '$2 ~ /%$/ && $6 != "" { sub(/^github.com\/zsj-dev\/zsj\//, "", $6); out = out (out ? ", " : "") $6 " " $2 } END { print (out ? "flat: " out : "no samples") }'
}

tool_version() { "$@" 2>&1 | head -n 1; }
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
minutes=$(awk -v s="$SECONDS" 'BEGIN { printf "%.1f", s / 60 }')

{
	echo "# zsj benchmark results"
	echo
	echo "Written by \`bench/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), in $minutes minutes"
	echo "(installs, build and corpus generation included), zsj at $commit."
	if [ -n "$note" ]; then
		echo
		echo "**$note**"
	fi
	if [ "$scale" != 1 ]; then
		echo
		echo "**Scaled run (BENCH_SIZE_SCALE=$scale): the corpora are smaller than the"
		echo "reference sizes, so these are not the reference figures.**"
	fi
	echo
	echo "Throughput is input bytes (10^6 per MB) over the median wall time of"
	echo "the timed runs, on page-cached files. A zsj command compared with jq and"
	echo "gojq is timed in turns with them: $rounds rounds, each running every one"
	echo "of them once, the first of a round moving on by one each time, so that"
	echo "the machine's drift over minutes falls on all alike. A ratio is zsj's"
	echo "throughput over the other tool's on the same file (above 1: zsj is"
	echo "faster). Peak RSS is the maximum resident set size of one more run under"
	echo "\`/usr/bin/time -f %M\`, in MB."
	echo
	echo "## Results"
	echo
	echo "| benchmark | corpus | zsj | jq | gojq | zsj / jq | zsj / gojq | zsj RSS | jq RSS | gojq RSS |"
	echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for r in "${ROWS[@]}"; do
		IFS='|' read -r name z j g <<<"$r"
		echo "| $name | ${LABEL[${FILE[$z]}]} | $(cell "$z" mbps " MB/s") | $(cell "$j" mbps " MB/s") | $(cell "$g" mbps " MB/s") | $(cell_ratio "$z" "$j") | $(cell_ratio "$z" "$g") | $(cell "$z" rss_mb " MB") | $(cell "$j" rss_mb " MB") | $(cell "$g" rss_mb " MB") |"
	done
	for s in "${SKIPPED[@]}"; do
		echo "| ${s%%|*} | | ${s#*|} | | | | | | | |"
	done
	if [ -n "$LEAKS_ROW" ]; then
		IFS='|' read -r z l <<<"$LEAKS_ROW"
		echo
		echo "gitleaks scans about a hundred times slower than the tools above, so it"
		echo "reads a slice of the corpus, and zsj redact is timed on that slice too:"
		echo
		echo "| corpus | zsj redact | gitleaks stdin | zsj / gitleaks | zsj RSS | gitleaks RSS |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: |"
		echo "| ${LABEL[${FILE[$z]}]} | $(cell "$z" mbps " MB/s") | $(cell "$l" mbps " MB/s") | $(cell_ratio "$z" "$l") | $(cell "$z" rss_mb " MB") | $(cell "$l" rss_mb " MB") |"
	fi
	if [ -n "$baseline" ]; then
		echo
		echo "## Against the baseline"
		echo
		echo "The same zsj commands built at $base_commit (BENCH_BASELINE), run in turns"
		echo "with the zsj under test on the same file, $pairs runs of each, the first"
		echo "of each pair changing every time. Times are medians; change is the zsj"
		echo "under test's over the baseline's, minus one: below 0 it is faster."
		echo
		echo "| measurement | baseline | zsj | change |"
		echo "| --- | ---: | ---: | ---: |"
		for id in "${IDS[@]}"; do
			[ -n "${BASE_OF[$id]:-}" ] || continue
			printf '| %s | %s ms | %s ms | %s |\n' "$id" "${PAIR_BASE[$id]}" "${PAIR_NEW[$id]}" \
				"$(awk -v a="${PAIR_NEW[$id]}" -v b="${PAIR_BASE[$id]}" 'BEGIN { printf "%+.1f %%", (a / b - 1) * 100 }')"
		done
	fi
	if [ "${#SCALING[@]}" -gt 0 ]; then
		echo
		echo "## Cores"
		echo
		echo "Each command on the realistic corpus with GOMAXPROCS=1 and with all"
		echo "$(nproc) cores (the figure of the results table): what more cores bring."
		echo
		echo "| command | 1 core | $(nproc) cores | speed-up |"
		echo "| --- | ---: | ---: | ---: |"
		for sc in "${SCALING[@]}"; do
			IFS='|' read -r what one all <<<"$sc"
			echo "| $what | $(cell "$one" mbps " MB/s") | $(cell "$all" mbps " MB/s") | $(cell_ratio "$all" "$one") |"
		done
	fi
	echo
	echo "## Redaction recall"
	echo
	echo "TestCatalogueRecall ($recall_status): the default rules on the true and false"
	echo "samples of every rule of the pinned gitleaks catalogue, each placed in four"
	echo "kinds of event. A false sample counts against the rules only when gitleaks'"
	echo "whole catalogue does not flag it (a false sample of one rule is often a"
	echo "true key of a sibling rule); both rates are shown."
	echo
	echo '```'
	sed -n 's/^ *catalogue_recall_report_test.go:[0-9]*: //p' "$recall_log"
	echo '```'
	echo
	echo "## Targets"
	echo
	echo "A target missed says by what factor, and where the CPU time of one more"
	echo "run of that zsj command went (the functions with the most samples of its"
	echo "CPU profile, own time, in percent of all samples)."
	echo
	echo "| target | measured | result | where the time goes |"
	echo "| --- | --- | --- | --- |"
	for t in "${TARGETS[@]}"; do
		IFS='|' read -r what kind id other thr <<<"$t"
		verdict "$what" "$kind" "$id" "$other" "$thr"
	done
	for s in "${SKIPPED[@]}"; do
		echo "| ${s%%|*} | ${s#*|} | - | |"
	done
	echo
	echo "## Timings"
	echo
	echo "| measurement | warmup | runs | median | stddev | peak RSS | status |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
	for id in "${IDS[@]}"; do
		if ok "$id"; then
			printf '| %s | %s | %s | %.3f s | %.3f s | %s MB | ok |\n' "$id" "${WARMUP[$id]}" "${RUNS[$id]}" "${TIME[$id]}" "${SD[$id]}" "$(rss_mb "$id")"
		else
			echo "| $id | ${WARMUP[$id]} | ${RUNS[$id]} | | | | ${STATUS[$id]} |"
		fi
	done
	echo
	echo "## Commands"
	echo
	echo "Corpora, generated by the zsj under test:"
	echo
	echo '```sh'
	printf '%s\n' "${GEN_CMDS[@]}"
	echo '```'
	echo
	echo "Each measurement runs in the corpus folder: first"
	echo "\`/usr/bin/time -f %M sh -c 'COMMAND' > /dev/null\` for its peak RSS (this run"
	echo "also warms the page cache). Then a command compared with jq and gojq"
	echo "runs in turns with them, timed by the shell (\`sh -c 'COMMAND'\`, less the"
	echo "$(awk -v s="$spawn" 'BEGIN { printf "%.1f", s * 1000 }') ms the shell took to start a command that does nothing),"
	echo "and any other command under"
	echo "\`hyperfine --warmup WARMUP --runs RUNS --export-json OUT.json 'COMMAND'\`,"
	echo "with the counts of the timings table:"
	echo
	echo '```sh'
	for id in "${IDS[@]}"; do
		printf '# %s\n%s\n' "$id" "${CMD[$id]}"
	done
	echo '```'
	if [ "${#SKIPPED[@]}" -gt 0 ]; then
		echo
		echo "Skipped (a command is built when \`zsj COMMAND --help\` succeeds):"
		echo
		for s in "${SKIPPED[@]}"; do
			echo "- ${s%%|*}: ${s#*|}"
		done
	fi
	echo
	echo "## Machine"
	echo
	echo "- CPU: $cpu ($(nproc) CPUs online)"
	echo "- memory: $mem"
	echo "- kernel: $(uname -sr)"
	echo "- load average (1, 5, 15 min): $load_before before the run, $(cut -d' ' -f1-3 /proc/loadavg) after"
	echo "- $(go version)"
	echo "- jq: $(tool_version jq --version)"
	echo "- gojq: $(tool_version gojq --version)"
	echo "- hyperfine: $(tool_version hyperfine --version)"
	[ -z "$gitleaks_version" ] || echo "- gitleaks: $gitleaks_version"
	echo "- zsj: $commit"
	[ -z "$base_commit" ] || echo "- baseline zsj: $base_commit"
} >"$out.tmp"
mv "$out.tmp" "$out"
log "wrote $out"
[ "$failures" -eq 0 ] || die "$failures measurements failed; see $out"
