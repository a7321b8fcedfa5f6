#!/usr/bin/env bash
# Starts a local single-node KRaft Kafka on 127.0.0.1:9092 from Maven Central jars, in the
# background, and waits until a client can describe the cluster. Safe to run again.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if kafka_ready; then
  echo "kafka already running at $KAFKA_BROKERS"
  exit 0
fi

fetch_jars() {
  if compgen -G "$KAFKA_LIBS_DIR/kafka_2.13-*.jar" >/dev/null; then return; fi
  echo "downloading kafka jars into $KAFKA_LIBS_DIR"
  mkdir -p "$KAFKA_LIBS_DIR"
  mvn -q -B -Dstyle.color=never -f "$KAFKA_DEPLOY_DIR/pom.xml" dependency:copy-dependencies -DoutputDirectory="$KAFKA_LIBS_DIR"
}

render_config() {
  mkdir -p "$KAFKA_DATA_DIR"
  sed "s|@KAFKA_DATA_DIR@|$KAFKA_DATA_DIR|g" "$KAFKA_DEPLOY_DIR/server.properties" >"$KAFKA_CONFIG_FILE"
}

format_storage() {
  if [[ -f "$KAFKA_DATA_DIR/kraft-logs/meta.properties" ]]; then return; fi
  # A cluster id is 16 random bytes in unpadded URL-safe base64 (22 characters). It may start
  # with '-', so it is passed as --cluster-id=<id>: as a separate argument it reads as an option.
  local cluster_id
  cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | cut -c1-22)"
  java -cp "$KAFKA_LIBS_DIR/*" -Dlog4j.configuration="file:$KAFKA_DEPLOY_DIR/log4j.properties" \
    kafka.tools.StorageTool format --cluster-id="$cluster_id" -c "$KAFKA_CONFIG_FILE" >>"$KAFKA_LOG_FILE" 2>&1
}

launch() {
  if kafka_pid >/dev/null; then return; fi
  echo "starting kafka (log: $KAFKA_LOG_FILE)"
  nohup java -Xmx512m -Xms256m -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$KAFKA_DEPLOY_DIR/log4j.properties" \
    -cp "$KAFKA_LIBS_DIR/*" kafka.Kafka "$KAFKA_CONFIG_FILE" >>"$KAFKA_LOG_FILE" 2>&1 </dev/null &
  echo $! >"$KAFKA_PID_FILE"
}

wait_ready() {
  local deadline=$((SECONDS + ${KAFKA_START_TIMEOUT_S:-120}))
  until kafka_ready; do
    if ! kafka_pid >/dev/null; then
      echo "kafka exited during start; last log lines:" >&2
      tail -n 30 "$KAFKA_LOG_FILE" >&2
      exit 1
    fi
    if ((SECONDS > deadline)); then
      echo "kafka not ready after ${KAFKA_START_TIMEOUT_S:-120}s; see $KAFKA_LOG_FILE" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "kafka ready at $KAFKA_BROKERS"
}

fetch_jars
render_config
format_storage
launch
wait_ready
