#!/bin/bash
#SBATCH --job-name=dynamo-check
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.log
# sbatch check-shards.sh PATH...: the collection in 4 shards, one per array task, each checked
# on --cpus-per-task threads, its JSON lines in shard-I.jsonl. A task exits as check does: with
# 1 when one of its problems is not sound, 2 on an error in a file.
srun dynamo check "$@" --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --threads "$SLURM_CPUS_PER_TASK" --quiet --json > "shard-$SLURM_ARRAY_TASK_ID.jsonl"
