#!/bin/bash
#SBATCH --job-name=slide-units
#SBATCH --array=0-9
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/slide-units-%a.log
# Array task i of T searches the units i, i + T, i + 2T, ... of round.jsonl (this round's units,
# each to the round's bound) in one process on the CPUs Slurm gave it, so the whole array moves
# through the units in order. Once a unit reaches the goal it creates results/found, and every
# task skips the units it has not started: they cannot change the answer.
set -euo pipefail
mkdir -p results
awk -v tasks="$SLURM_ARRAY_TASK_COUNT" -v task="$SLURM_ARRAY_TASK_ID" '(NR - 1) % tasks == task' round.jsonl \
    | puzzle slide --unit - --found-file results/found --jobs "$SLURM_CPUS_PER_TASK" \
    > "results/slice-$SLURM_ARRAY_TASK_ID.part"
mv "results/slice-$SLURM_ARRAY_TASK_ID.part" "results/slice-$SLURM_ARRAY_TASK_ID.jsonl"
