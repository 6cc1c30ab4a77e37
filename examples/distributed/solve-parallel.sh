#!/bin/bash
# solve-parallel.sh HOSTS N PROBLEM: N parts of PROBLEM with GNU parallel on HOSTS (as -S takes
# them: host1,host2,host3, or : for this machine), each part file brought back (--return), then
# merged.
hosts=$1 parts=$2 problem=$3
parallel -S "$hosts" --transferfile "$problem" --return "part-{}.json" \
    dynamo solve "$problem" --part "{}/$parts" --threads 1 --quiet --output "part-{}.json" \
    ::: $(seq 0 $((parts - 1)))
dynamo merge part-*.json > solution.txt
