#!/bin/bash
#SBATCH --job-name=edge-units
#SBATCH --array=0-9
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/units-%a.log
# Array task i solves its slice of units.jsonl (the lines are shared out evenly between the
# tasks of the array) in one `puzzle edge --unit -` process.
set -euo pipefail
units=$(wc -l < units.jsonl)
per_task=$(( (units + SLURM_ARRAY_TASK_COUNT - 1) / SLURM_ARRAY_TASK_COUNT ))
first=$(( SLURM_ARRAY_TASK_ID * per_task + 1 ))
mkdir -p results
sed -n "${first},$(( first + per_task - 1 ))p" units.jsonl \
    | puzzle edge --plain --unit - puzzle.puz > "results/slice-$SLURM_ARRAY_TASK_ID.part"
mv "results/slice-$SLURM_ARRAY_TASK_ID.part" "results/slice-$SLURM_ARRAY_TASK_ID.jsonl"
