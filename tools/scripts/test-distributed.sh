#!/usr/bin/env bash
# The distributed tier: starts the local Kafka (deploy/kafka) unless KAFKA_BROKERS names one,
# runs the *.dist.spec.ts suites against it, and stops the broker it started.
set -uo pipefail
cd "$(dirname "$0")/../.."
started_kafka=0
if [ -z "${KAFKA_BROKERS:-}" ]; then
  bash deploy/kafka/start.sh || { echo "local Kafka did not start"; exit 1; }
  started_kafka=1
  export KAFKA_BROKERS=127.0.0.1:9092
fi
npx jest --selectProjects dist --runInBand "$@"
status=$?
if [ "$started_kafka" = 1 ]; then bash deploy/kafka/stop.sh; fi
exit $status
