#!/bin/bash
# The two recipes of docs/distributed.md, run on this machine: the Slurm job array through a shell
# emulation of its variables (and srun), GNU parallel with -S : (the local machine, over the same
# code as ssh hosts). Each merge must print what `dynamo solve` prints for the whole problem.
# usage: test_distributed_recipes.sh DYNAMO PROBLEM
set -u
DYNAMO=$1
PROBLEM=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
cp "$PROBLEM" problem.pop
dynamo() { "$DYNAMO" "$@"; }
dynamo solve --quiet --no-time problem.pop > whole.txt || { echo "whole solve failed"; exit 1; }

# Recipe 1: the body of solve-array.sh once per array index.
mkdir slurm && cd slurm || exit 1
srun() { "$@"; }
for SLURM_ARRAY_TASK_ID in $(seq 0 15); do
    SLURM_CPUS_PER_TASK=1
    srun dynamo solve --part "$SLURM_ARRAY_TASK_ID/16" ../problem.pop --threads "$SLURM_CPUS_PER_TASK" \
        --quiet --json > "part-$SLURM_ARRAY_TASK_ID.json" || { echo "slurm part $SLURM_ARRAY_TASK_ID failed"; exit 1; }
done
dynamo merge part-*.json > solution.txt || { echo "slurm merge failed"; exit 1; }
cmp solution.txt ../whole.txt || { echo "slurm recipe: merge differs from the whole solve"; exit 1; }
echo "slurm recipe: 16 parts merged, same as the whole solve"
cd ..

# Recipe 2: GNU parallel, -S : for the hosts.
if ! command -v parallel > /dev/null; then
    echo "GNU parallel is not installed: its recipe is not tested"
    exit 0
fi
PATH="$(dirname "$DYNAMO"):$PATH" parallel -S : --transferfile problem.pop --results parts/ \
    dynamo solve --part {}/16 problem.pop --quiet --threads 1 --json ::: $(seq 0 15) ||
    { echo "parallel recipe: a part failed"; exit 1; }
dynamo merge parts/1/*/stdout > solution.txt || { echo "parallel merge failed"; exit 1; }
cmp solution.txt whole.txt || { echo "parallel recipe: merge differs from the whole solve"; exit 1; }
echo "parallel recipe: 16 parts merged, same as the whole solve"
