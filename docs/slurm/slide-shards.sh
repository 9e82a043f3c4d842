#!/bin/bash
#SBATCH --job-name=slide-shards
#SBATCH --array=1-8
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/shard-%a.log
# Array task K solves shard K of 8 of boards.txt on the CPUs Slurm gave it. The output appears
# under its final name only when the shard is complete, so `puzzle merge` never takes half of it.
set -euo pipefail
mkdir -p out
puzzle slide --json --jobs "$SLURM_CPUS_PER_TASK" --shard "$SLURM_ARRAY_TASK_ID/8" boards.txt \
    > "out/shard-$SLURM_ARRAY_TASK_ID.part"
mv "out/shard-$SLURM_ARRAY_TASK_ID.part" "out/shard-$SLURM_ARRAY_TASK_ID.jsonl"
