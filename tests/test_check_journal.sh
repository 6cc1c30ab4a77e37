#!/bin/bash
# `check --journal` killed and resumed (docs/format.md, "Journal"): a collection of over 40
# problems, some of a second or more, checked with a journal, killed with SIGKILL at KILLS random
# moments and resumed each time, then run to the end. The final output (text, then JSON) must be
# an uninterrupted run's, times aside, with its exit status; no problem may be solved again once
# the journal holds its line (every solve appends one line, so no item may have two).
# usage: test_check_journal.sh DYNAMO PROJECT_ROOT [KILLS]
set -u
DYNAMO=$1
ROOT=$2
KILLS=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/set"
cp "$ROOT"/tests/data/popeye/problems/*.inp "$work/set/"
for f in seven_3 seven_s3 p17_3_tries seven_4; do
    cp "$ROOT/problems/bench-dynamo/$f.pop" "$work/set/"
done
cd "$work" || exit 1
count=$(ls set | wc -l)
[ "$count" -ge 40 ] || { echo "only $count problem files"; exit 1; }
# Times differ from run to run: the seconds of each line and of the total are masked.
untimed() { sed -E 's/[0-9]+\.[0-9]+ s/T s/g; s/"seconds":[-0-9.e+]+/"seconds":T/g' "$1"; }

run_case() { # $1: extra options (--json or none)
    local opts=$1 name=${1:-text}
    "$DYNAMO" check set $opts --threads 2 > whole.out 2> whole.err
    local whole_status=$?
    rm -f journal.jsonl
    local start end total=0
    start=$(date +%s.%N)
    for k in $(seq 1 "$KILLS"); do
        # A random moment of a run: up to about the time a resumed run needs, at least a little.
        local delay
        delay=$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 0.05 + (r % 300) / 100 }')
        "$DYNAMO" check set $opts --threads 2 --journal journal.jsonl > /dev/null 2>&1 &
        local pid=$!
        sleep "$delay"
        kill -KILL "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    "$DYNAMO" check set $opts --threads 2 --journal journal.jsonl > resumed.out 2> resumed.err
    local resumed_status=$?
    end=$(date +%s.%N)
    [ "$resumed_status" = "$whole_status" ] ||
        { echo "$name: exit status $resumed_status, uninterrupted $whole_status"; exit 1; }
    cmp <(untimed whole.out) <(untimed resumed.out) ||
        { echo "$name: the resumed output differs"; diff <(untimed whole.out) <(untimed resumed.out) | head; exit 1; }
    cmp <(untimed whole.err) <(untimed resumed.err) ||
        { echo "$name: the resumed stderr differs"; diff <(untimed whole.err) <(untimed resumed.err) | head; exit 1; }
    # One line per item solved: an item twice is an item solved again after it was journaled.
    local twice
    twice=$(tail -n +2 journal.jsonl | sed -E 's/,"id".*//' | sort | uniq -d | head -3)
    [ -z "$twice" ] || { echo "$name: solved again after being journaled: $twice"; exit 1; }
    local lines
    lines=$(($(wc -l < journal.jsonl) - 1))
    echo "$name: $KILLS kills, then resumed: same output and status ($whole_status), $lines items journaled once each"
    # Once complete, a rerun solves nothing: the journal does not grow.
    "$DYNAMO" check set $opts --journal journal.jsonl > again.out 2> /dev/null
    [ "$(($(wc -l < journal.jsonl) - 1))" = "$lines" ] || { echo "$name: a complete journal grew"; exit 1; }
    cmp <(untimed whole.out) <(untimed again.out) || { echo "$name: rerun differs"; exit 1; }
}
run_case ""
run_case "--json"

# A problem edited since is solved again, the others not.
f=set/castling_01.inp
before=$(($(wc -l < journal.jsonl)))
sed -i '1s/^/remark edited\n/' "$f"
"$DYNAMO" check set --json --journal journal.jsonl > /dev/null 2>&1
grew=$(($(wc -l < journal.jsonl) - before))
[ "$grew" -ge 1 ] && tail -n "$grew" journal.jsonl | grep -q '"castling_01.inp' ||
    { echo "an edited problem was not solved again (journal grew by $grew)"; exit 1; }
tail -n "$grew" journal.jsonl | grep -v -q 'castling_01.inp' &&
    { echo "an unedited problem was solved again"; exit 1; }
echo "edited problem: solved again, alone"

# A journal of other options or other inputs is refused, naming the journal and what differs.
"$DYNAMO" check set --json --journal journal.jsonl --tries > /dev/null 2> refused.err
status=$?
[ "$status" = 2 ] && grep -q "journal.jsonl" refused.err && grep -q "tries" refused.err ||
    { echo "other options: status $status: $(cat refused.err)"; exit 1; }
"$DYNAMO" check set/ep_01.inp --json --journal journal.jsonl > /dev/null 2> refused.err
status=$?
[ "$status" = 2 ] && grep -q "other inputs" refused.err ||
    { echo "other inputs: status $status: $(cat refused.err)"; exit 1; }
echo "other options, other inputs: refused"

# A torn last line (a kill mid-write) is cut off, and its problem solved again.
head -c -40 journal.jsonl > torn.jsonl
"$DYNAMO" check set --json --journal torn.jsonl > torn.out 2> /dev/null
[ "$(wc -l < torn.jsonl)" = "$(wc -l < journal.jsonl)" ] || { echo "torn line: not solved again"; exit 1; }
python3 -c "import json,sys; [json.loads(l) for l in open('torn.jsonl')]" 2> /dev/null ||
    { command -v python3 > /dev/null && { echo "torn line: journal not whole lines"; exit 1; }; }
echo "torn last line: cut off, its problem solved again"
