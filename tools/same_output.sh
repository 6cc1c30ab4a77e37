#!/usr/bin/env bash
# Writes what a dynamo binary prints for every problem file of the project (examples/, problems/,
# tests/data/popeye/problems), by `solve` and by `check --json`, at 1 and 2 threads, into a folder,
# with the figures that vary from run to run taken out: solving times, and the node counts of a parallel
# search. Run it for two builds and diff the folders: a change that only moves code
# leaves them equal.
#   tools/same_output.sh OLD_BINARY old-out && tools/same_output.sh build/dynamo new-out
#   diff -r old-out new-out
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DYNAMO_BINARY OUTPUT_FOLDER" >&2; exit 2; }
binary=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")
files=$( { ls examples/*.pop examples/*.inp 2>/dev/null; find problems tests/data/popeye/problems \
  -type f \( -name '*.pop' -o -name '*.inp' \); } | sort)
normalise() { # $1: threads (one thread's node counts do not vary)
  local nodes='s/^$//'
  [ "$1" -gt 1 ] && nodes='s/"nodes":[0-9]+/"nodes":N/g'
  sed -E -e 's/"time_s":[0-9.e+-]+/"time_s":T/g' -e "$nodes" \
    -e 's/ in [0-9.]+ s$/ in T s/' -e 's/^solving time .*/solving time T/'
}
for f in $files; do
  name=$(echo "$f" | tr '/' '_')
  for t in 1 2; do
    timeout 600 "$binary" solve --no-time --quiet --threads $t "$f" >"$out/$name.solve.t$t" 2>&1
    echo "exit $?" >>"$out/$name.solve.t$t"
    timeout 600 "$binary" check --json --quiet --threads $t "$f" 2>&1 | normalise $t >"$out/$name.check.t$t"
    echo "exit ${PIPESTATUS[0]}" >>"$out/$name.check.t$t"
  done
done
echo "$(echo "$files" | wc -l) files written to $out" >&2
