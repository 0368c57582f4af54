#!/usr/bin/env bash
# run.sh: benchmark github.com/sdxc/robots against github.com/temoto/robotstxt
# (the library Colly uses) and github.com/jimsmart/grobotstxt (Google's
# parser and matcher in Go) on the real corpus in ../testdata, then print the
# ratios and each figure against the targets of issue 2.
#
# Usage (from anywhere): bash benchmarks/run.sh [flags]
#   (no flags)     -count=6 -benchtime=1s, then benchstat: about 2-3 minutes
#   -quick         -count=1 -benchtime=200ms, no benchstat: well under a minute
#   -count N       runs of each benchmark (benchstat wants 6 or more)
#   -benchtime D   go test -benchtime: a duration (2s) or iterations (100x)
#   -full-hostile  give temoto all 100 hostile rules (seconds per query; the
#                  default gives it 1 and scales the figure to 100)
#   -no-benchstat  skip benchstat (it is fetched through the Go module proxy)
#   -strict        exit 1 when a target is missed
#   -o FILE        keep the raw `go test -bench` output in FILE
#
# It runs TestAgreement (how many workload queries ours and each other library decide
# differently: expected, their semantics differ), the benchmarks in one
# `go test -bench` run, benchstat -col /lib, and cmd/benchreport, printing
# each command line it runs after "+". The workload: `go run ./cmd/workload -summary`.
# Where IsAllowed's time goes (per kind of query, shuffled vs site order):
#   go test -run='^$' -bench=IsAllowed . -args -detail
set -euo pipefail

count=6
benchtime=1s
benchstat=1
strict=()
hostile=()
out=""
# value checks that flag $1 has a value, $2.
value() {
	if [ $# -lt 2 ] || [[ $2 == -* ]]; then
		echo "run.sh: $1 needs a value (try -help)" >&2
		exit 2
	fi
}
while [ $# -gt 0 ]; do
	case "$1" in
	-quick) count=1; benchtime=200ms; benchstat=0 ;;
	-count) value "$@"; count="$2"; shift ;;
	-benchtime) value "$@"; benchtime="$2"; shift ;;
	-full-hostile) hostile=(-args -hostile.temoto=100) ;;
	-no-benchstat) benchstat=0 ;;
	-strict) strict=(-strict) ;;
	-o) value "$@"; out="$2"; shift ;;
	-h | -help | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "run.sh: unknown flag $1 (try -help)" >&2; exit 2 ;;
	esac
	shift
done

# run prints a command, quoted so that it can be pasted into a shell, then
# runs it.
run() {
	local line="+" arg
	for arg in "$@"; do
		if [[ $arg =~ ^[A-Za-z0-9_./=:@%+,-]+$ ]]; then
			line+=" $arg"
		else
			line+=" '${arg//\'/\'\\\'\'}'"
		fi
	done
	printf '%s\n' "$line"
	"$@"
}

# warn_if_busy says when other processes compete for the CPU: benchmarks
# measure wall-clock time, so their figures are then inflated. With an
# argument, it is how much of the load average is this run's own (the
# benchmarks just ended keep a core busy, and the one-minute average
# remembers them).
warn_if_busy() {
	local load cores own=${1:-0}
	load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
	cores=$(nproc 2>/dev/null || echo 1)
	if [ "$own" = 0 ]; then
		echo "load average $load on $cores cores"
	else
		echo "load average $load on $cores cores, about $own of it this run's own"
	fi
	if awk -v l="$load" -v c="$cores" -v o="$own" 'BEGIN { exit !(l - o > c) }'; then
		echo "WARNING: the machine is busy (load $load, less $own of this run's, > $cores cores): timings are inflated; rerun when it is idle"
	fi
}

# -o names a file where the caller stands, not in benchmarks/.
if [ -n "$out" ] && [[ $out != /* ]]; then
	out="$PWD/$out"
fi
cd "$(dirname "$0")"
echo "+ cd $(pwd)"
if [ -z "$out" ]; then
	out=$(mktemp "${TMPDIR:-/tmp}/robots-bench.XXXXXX")
fi
run go version
warn_if_busy

echo
echo "== agreement: queries the libraries decide differently (not an error)"
agreement=$(run go test -count=1 -run='^TestAgreement$' -v .)
printf '%s\n' "$agreement" | grep -E '^\+|temoto rejects|queries:|disagreements on|grobotstxt: allowed|DISAGREEMENTS' | sed 's/^ *workload_test.go:[0-9]*: /  /'
total=$(printf '%s\n' "$agreement" | sed -n 's/.*queries: \([0-9]*\); allowed by ours: \([0-9]*\),.*/\1 \2/p')
if [ -n "$total" ] && [ "${total% *}" = "${total#* }" ]; then
	echo "  WARNING: ours allows every query of the workload: is the core on this branch a placeholder?"
fi

echo
echo "== benchmarks (raw output: $out)"
# Only the comparison's benchmarks: the module holds others (fetch_test.go).
run go test -run='^$' -bench='^Benchmark(Parse|ParseAndAsk|IsAllowed|Hostile|HeldHeap)$' -count="$count" -benchtime="$benchtime" . "${hostile[@]}" | tee "$out"

if [ "$benchstat" = 1 ]; then
	echo
	echo "== benchstat, ours against temoto and grobotstxt (pairs with the same name apart from lib=)"
	run go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da -col /lib "$out" ||
		echo "(benchstat failed; the report below does not need it)"
fi

warn_if_busy 1

echo
echo "== report"
run go run ./cmd/benchreport "${strict[@]}" "$out"
