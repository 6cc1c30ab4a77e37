#!/bin/bash
#SBATCH --job-name=dynamo-parts
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.log
# sbatch solve-array.sh PROBLEM: one part per array task, 4 parts (--array=0-15 for 16); each
# part on --cpus-per-task threads. A part file is written whole or not at all (--output), in the
# folder sbatch was run from.
srun dynamo solve "$1" --part "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --threads "$SLURM_CPUS_PER_TASK" --quiet --output "part-$SLURM_ARRAY_TASK_ID.json"
