# Paths shared by start.sh, check.sh and stop.sh (sourced, not run).
KAFKA_DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$KAFKA_DEPLOY_DIR/../.." && pwd)"
KAFKA_CACHE_DIR="${KAFKA_CACHE_DIR:-$HOME/.cache/platform-kafka}"
KAFKA_DATA_DIR="${KAFKA_DATA_DIR:-$REPO_DIR/.kafka}"
KAFKA_LIBS_DIR="$KAFKA_CACHE_DIR/libs"
KAFKA_PID_FILE="$KAFKA_DATA_DIR/kafka.pid"
KAFKA_LOG_FILE="$KAFKA_DATA_DIR/kafka.log"
KAFKA_CONFIG_FILE="$KAFKA_DATA_DIR/server.properties"
KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:9092}"
export KAFKA_BROKERS

kafka_pid() {
  [[ -f "$KAFKA_PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$KAFKA_PID_FILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

kafka_ready() {
  node "$KAFKA_DEPLOY_DIR/check.mjs" >/dev/null 2>&1
}
