#!/usr/bin/env bash
# Runs a test command (`swift test …`) and, when it fails, repeats its failures as the last lines:
# a long run's failure is otherwise a few lines lost among thousands, and CI keeps only the tail.
# Usage: with-failure-summary.sh LOG COMMAND [ARG …]  (the whole output is kept in LOG).
set -uo pipefail
log=$1
shift
mkdir -p "$(dirname "$log")"
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "== failed (exit $status); the whole output is in $log:"
  # Swift Testing marks a failing test and each issue it records with ✘; XCTest writes "error:".
  grep -E '✘|recorded an issue|: error: |Fatal error' "$log" | grep -v '^✘ Test run with' | head -60
fi
exit "$status"
