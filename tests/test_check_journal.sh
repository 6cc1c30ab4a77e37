#!/bin/bash
# `check --journal` killed and resumed (docs/format.md, "Journal"): a collection of over 40
# problems, some of seconds, checked with a journal, killed with SIGKILL at KILLS random
# moments and resumed each time, then run to the end. The final output (text, then JSON) must be
# an uninterrupted run's, times aside, with its exit status; no problem may be solved again once
# the journal holds its line (every solve appends one line, so no item may have two).
# usage: test_check_journal.sh DYNAMO PROJECT_ROOT [KILLS]
set -u
DYNAMO=$(realpath "$1")
ROOT=$(realpath "$2")
KILLS=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/set"
cp "$ROOT"/tests/data/popeye/problems/*.inp "$work/set/"
rm "$work/set/intell_25.inp" # 20 s alone: the test would be that one problem
for f in seven_3 seven_s3 p17_3_tries seven_4 seven_5 middle_4; do
    cp "$ROOT/problems/bench-dynamo/$f.pop" "$work/set/"
done
cd "$work" || exit 1
count=$(ls set | wc -l)
[ "$count" -ge 40 ] || { echo "only $count problem files"; exit 1; }
# Times differ from run to run: the seconds of each line (with the spaces that align them) and of
# the total are masked.
untimed() { sed -E 's/ *[0-9]+\.[0-9]+ s/ T s/g; s/"(seconds|time_s)":[-0-9.e+]+/"\1":T/g' "$1"; }

# $1: extra options (--json or none); $2: threads. The last problem to start gets the threads the
# others leave, as many as are free at that moment: its JSON's "threads" and "nodes" depend on
# the timing of any run, so the JSON case runs on one thread, where they do not.
run_case() {
    local opts=$1 name=${1:-text} threads=$2
    "$DYNAMO" check set $opts --threads "$threads" > whole.out 2> whole.err
    local whole_status=$?
    rm -f journal.jsonl
    local start end total=0
    start=$(date +%s.%N)
    for k in $(seq 1 "$KILLS"); do
        # A random moment of a run: up to about the time a resumed run needs, at least a little.
        local delay
        delay=$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 0.05 + (r % 300) / 100 }')
        "$DYNAMO" check set $opts --threads "$threads" --journal journal.jsonl > /dev/null 2>&1 &
        local pid=$!
        sleep "$delay"
        kill -KILL "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    "$DYNAMO" check set $opts --threads "$threads" --journal journal.jsonl > resumed.out 2> resumed.err
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
    twice=$(tail -n +2 journal.jsonl | sed -E 's/"id":"[0-9a-f]+",//; s/"report":\{.*\},"twin"/"twin"/' |
        sort | uniq -d | head -3)
    [ -z "$twice" ] || { echo "$name: solved again after being journaled: $twice"; exit 1; }
    local lines
    lines=$(($(wc -l < journal.jsonl) - 1))
    echo "$name: $KILLS kills, then resumed: same output and status ($whole_status), $lines items journaled once each"
    # Once complete, a rerun solves nothing: the journal does not grow.
    "$DYNAMO" check set $opts --journal journal.jsonl > again.out 2> /dev/null
    [ "$(($(wc -l < journal.jsonl) - 1))" = "$lines" ] || { echo "$name: a complete journal grew"; exit 1; }
    cmp <(untimed whole.out) <(untimed again.out) || { echo "$name: rerun differs"; exit 1; }
}
run_case "" 2
run_case "--json" 1

# A problem edited since is solved again, the others not.
f=set/castling_01.inp
before=$(($(wc -l < journal.jsonl)))
sed -i '1s/^/remark edited\n/' "$f"
"$DYNAMO" check set --json --journal journal.jsonl > /dev/null 2>&1
grew=$(($(wc -l < journal.jsonl) - before))
[ "$grew" -ge 1 ] && tail -n "$grew" journal.jsonl | grep -q '/castling_01.inp"' ||
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

# solve --part --output: the part file appears whole or not at all (docs/distributed.md). One
# thread: on more, a part's "nodes" depends on how the threads met.
"$DYNAMO" solve --part 0/2 set/intell_12.inp --quiet --json --output part-0.json 2> /dev/null &
pid=$!
sleep 0.3
kill -KILL "$pid" 2> /dev/null
wait "$pid" 2> /dev/null
[ ! -e part-0.json ] || { echo "a killed part left a part file"; exit 1; }
"$DYNAMO" solve --part 1/2 set/ep_01.inp --quiet --json --threads 1 --output part-1.json ||
    { echo "solve --part --output failed"; exit 1; }
"$DYNAMO" solve --part 1/2 set/ep_01.inp --quiet --json --threads 1 > part-1.stdout
cmp <(untimed part-1.json) <(untimed part-1.stdout) || { echo "--output differs from stdout"; exit 1; }
ls part-1.json.tmp-* > /dev/null 2>&1 && { echo "a temporary part file left behind"; exit 1; }
echo "solve --part --output: no file from a killed part, the whole file otherwise"
