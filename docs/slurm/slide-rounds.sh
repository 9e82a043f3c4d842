#!/bin/bash
# Run on the login node: one board's optimal search as rounds of array jobs. Each round runs
# every unit to the round's bound (slide-units.sh, an array of TASKS tasks: as many as run at
# once); `puzzle merge` of the results prints the answer (a line with "status") or the next
# round's units.
set -euo pipefail
depth=${DEPTH:-8}
tasks=${TASKS:-10}
puzzle slide --split "$depth" board.txt > round.jsonl
mkdir -p logs
while ! grep -q '"status"' round.jsonl; do
    rm -rf results
    sbatch --wait --array=0-$((tasks - 1)) slide-units.sh > /dev/null
    puzzle merge results/*.jsonl > next.jsonl
    mv next.jsonl round.jsonl
done
cat round.jsonl
