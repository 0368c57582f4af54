#!/usr/bin/env bash
# ab.sh: time IsAllowed of two versions of the library against each other,
# in one process, on the corpus workload. On a machine whose speed drifts
# by a third over minutes (as this repository's CI machine does), two
# separate benchmark runs cannot tell a 5 % change from noise; passes of the
# two versions interleaved in one process slow down alike.
#
# Usage (from anywhere): bash benchmarks/ab.sh REV [-rounds N] [-kind KIND]
#   REV     the old version: any git revision (the new one is the working tree)
#   -rounds passes of each version (default 200, about ten seconds)
#   -kind   only queries of this kind (crawled, hit, wildcard, nearmiss,
#           dollarmiss, percent, long)
# It prints both medians and the median of the new/old ratios of adjacent
# passes, with their quartiles. The passes go old, new, old, new, so that
# each follows the other version's and both find the caches alike. Run it
# once with REV = HEAD on a clean tree to see the noise left: on the CI
# machine four such runs of 200 rounds gave medians of 1.002-1.016 with
# quartiles about 0.97-1.05, so changes of about 3 % show. For counts that
# do not depend on the machine at all, see cmd/querycost (instructions,
# cache misses, branches).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case "${1-}" in
-h | -help | --help) usage; exit 0 ;;
'' | -*) usage >&2; exit 2 ;;
esac
rev=$1
shift

cd "$(dirname "$0")"
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robots-ab.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/old" "$tmp/new"
# The package's own files: the top level's .go files, without tests.
files=$(git -C "$root" ls-tree --name-only "$rev" | grep '[.]go$' | grep -v '_test[.]go$')
# shellcheck disable=SC2086
git -C "$root" archive "$rev" $files | tar -x -C "$tmp/old"
for f in "$root"/*.go; do
	case "$f" in *_test.go) ;; *) cp "$f" "$tmp/new/" ;; esac
done
sed -i 's/^package robots$/package old/' "$tmp"/old/*.go
sed -i 's/^package robots$/package new/' "$tmp"/new/*.go
sed '/^\/\/go:build ignore$/d' abtime/main.go >"$tmp/main.go"
{
	printf 'module abtime\n\ngo 1.26\n\n'
	sed -n '/^require/,/^)/p' "$root/go.mod"
} >"$tmp/go.mod"
cp "$root/go.sum" "$tmp/"

echo "+ go run ./cmd/workload > workload.tsv"
go run ./cmd/workload >"$tmp/workload.tsv"
echo "+ building old ($(git -C "$root" rev-parse --short "$rev")) and new (working tree) into one binary"
(cd "$tmp" && go mod tidy >/dev/null && go build -o abtime .)
echo "+ abtime $*"
"$tmp/abtime" -workload "$tmp/workload.tsv" -testdata "$root/testdata" "$@"
