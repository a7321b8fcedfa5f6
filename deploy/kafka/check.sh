#!/usr/bin/env bash
# Exit 0 when the local Kafka answers a describeCluster, 1 otherwise.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
exec node "$KAFKA_DEPLOY_DIR/check.mjs"
