#!/bin/bash
#SBATCH --job-name=e2-best
#SBATCH --array=1-100
#SBATCH --cpus-per-task=4
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=logs/best-%a.log
#SBATCH --open-mode=append
# Array task i searches with seed i on the CPUs Slurm gave it for TIME_LIMIT seconds (default
# 23 h 50 min), saving its state every CHECKPOINT_EVERY seconds (default 10 minutes) and when
# Slurm ends, preempts or requeues it (SIGTERM); a requeued task resumes where it stopped.
set -uo pipefail
mkdir -p ckpt results
ckpt=ckpt/best-$SLURM_ARRAY_TASK_ID.ckpt
if [ -f "$ckpt" ]; then
    start=(--resume "$ckpt")
else
    start=(--seed "$SLURM_ARRAY_TASK_ID" --jobs "$SLURM_CPUS_PER_TASK")
fi
puzzle edge --best --json "${start[@]}" --checkpoint "$ckpt" \
    --checkpoint-every "${CHECKPOINT_EVERY:-600}" --time-limit "${TIME_LIMIT:-85800}" \
    --clue e2_starter.clue e2.puz >> "results/best-$SLURM_ARRAY_TASK_ID.jsonl"
