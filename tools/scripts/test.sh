#!/usr/bin/env bash
# `npm test`: every check, in order of cost. Lint and types first, then the three jest tiers:
# unit, integration (all-in-one on PostgreSQL over HTTP) and distributed (a local Kafka that this
# script starts, and stops again). Ends with one summary line: "N passed, N failed".
# The integration tier runs two suites at a time (the machine's two cores): each suite has its own
# databases on the one PostgreSQL server of the run, and dist/ is built once before the workers.
set -uo pipefail
cd "$(dirname "$0")/../.."
reports=.tmp/test-reports
rm -rf "$reports" && mkdir -p "$reports"
status=0

step() { echo; echo "=== $1"; }

# Lint and the type check side by side (each keeps one core busy), each printed whole when done.
step "lint and typecheck" && {
  npm run --silent lint > "$reports/lint.log" 2>&1 &
  lint=$!
  npm run --silent typecheck > "$reports/typecheck.log" 2>&1 &
  typecheck=$!
  wait $lint || { status=1; echo "lint failed" > "$reports/lint.failed"; }
  wait $typecheck || { status=1; echo "typecheck failed" > "$reports/typecheck.failed"; }
  echo "--- lint"; cat "$reports/lint.log"; echo "--- typecheck"; cat "$reports/typecheck.log"
}
# Two workers: Jest's default (cores - 1) would leave one of the two cores idle.
step "unit tests" && { npx jest --selectProjects unit --maxWorkers=2 --json --outputFile="$reports/unit.json" || status=1; }
bash tools/scripts/ensure-test-tools.sh
step "integration tests" && {
  # A transaction open anywhere on the server holds every event store's new events back from
  # readers (transaction ids are the cluster's). So two kinds of suite run alone, first: the event
  # store's own, which assert which events are readable at a given moment, and the one that holds a
  # table lock on purpose (payouts with the ledger unreachable: seconds in which every other suite's
  # projections would stand still). They copy no template databases. Then every other suite runs,
  # two at a time.
  alone=(libs/event-store/ e2e/src/payouts/payouts-core-unreachable)
  TEST_TEMPLATES=off npx jest --selectProjects int --runInBand --json --outputFile="$reports/int-alone.json" \
    "${alone[@]}" || status=1
  npx jest --selectProjects int --maxWorkers=2 --testPathIgnorePatterns /node_modules/ "${alone[@]}" \
    --json --outputFile="$reports/int.json" || status=1
}
step "distributed tests" && { bash tools/scripts/test-distributed.sh --json --outputFile="$reports/dist.json" || status=1; }

node tools/scripts/summarize-tests.mjs "$reports" || status=1
exit $status
