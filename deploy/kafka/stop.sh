#!/usr/bin/env bash
# Stops the Kafka that start.sh launched (by its pid file) and waits for it to exit.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if ! pid="$(kafka_pid)"; then
  echo "kafka not running"
  rm -f "$KAFKA_PID_FILE"
  exit 0
fi
kill -TERM "$pid"
deadline=$((SECONDS + ${KAFKA_STOP_TIMEOUT_S:-60}))
while kill -0 "$pid" 2>/dev/null; do
  if ((SECONDS > deadline)); then
    echo "kafka did not stop in time; killing $pid" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  sleep 0.2
done
rm -f "$KAFKA_PID_FILE"
echo "kafka stopped"
