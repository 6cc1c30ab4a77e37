#!/bin/bash
#SBATCH --job-name=dynamo-parts
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.log
# sbatch solve-array.sh PROBLEM: one part per array task (4 parts here: raise --array to 0-15
# for 16, and --cpus-per-task to the cores of a node). Each part file is written whole or not at
# all (--output), next to where sbatch was run.
srun dynamo solve "$1" --part "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
    --threads "$SLURM_CPUS_PER_TASK" --quiet --output "part-$SLURM_ARRAY_TASK_ID.json"
