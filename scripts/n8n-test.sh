#!/usr/bin/env bash
# Tests of the n8n node (n8n-node/), on top of a built pkg/ (node scripts/build-pkg.mjs):
#   bash scripts/n8n-test.sh unit   build, n8n-node lint (strict), unit tests (node:test)
#   bash scripts/n8n-test.sh e2e    npm pack, then the e2e test in a real n8n 2.41.1 on
#                                   Node 24 against the local service (installs n8n if missing)
# n8n gets N8N_READY_TIMEOUT_S seconds (default 300) to become ready at each start.
# The e2e figures (first item and time per operation, 404/429/uncertain create) go to
# $N8N_E2E_REPORT (default: n8n-node/.e2e-report.json) and are printed as a table.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT/n8n-node"
[ -f "$ROOT/pkg/publisher_wasm_bg.wasm" ] || { echo "n8n-test: pkg/ is not built (node scripts/build-pkg.mjs)"; exit 1; }
[ -d node_modules/@n8n/node-cli ] || npm install --ignore-scripts --no-audit --no-fund --no-save

case "${1:-}" in
  unit)
    node build.mjs
    echo "n8n-test: n8n-node lint (strict mode)"
    ./node_modules/.bin/n8n-node lint
    node --test test/unit/
    ;;
  e2e)
    [ -f dist/shared/client.js ] || node build.mjs
    eval "$(bash "$ROOT/scripts/install-n8n.sh")"
    PACK_DIR=$(mktemp -d)
    trap 'rm -rf "$PACK_DIR"' EXIT
    npm pack --silent --pack-destination "$PACK_DIR" >/dev/null
    export PACKAGE_TGZ
    PACKAGE_TGZ=$(ls "$PACK_DIR"/n8n-nodes-publisher-*.tgz)
    export N8N_E2E_REPORT=${N8N_E2E_REPORT:-$PWD/.e2e-report.json}
    # Each test (and hook) may start n8n, a queue cluster's main and then its workers, each
    # waiting up to N8N_READY_TIMEOUT_S (default 300 s): twice that plus 300 s for the rest.
    READY_S=${N8N_READY_TIMEOUT_S:-300}
    [[ $READY_S =~ ^[1-9][0-9]*$ ]] || { echo "n8n-test: N8N_READY_TIMEOUT_S must be a whole number of seconds, not '$READY_S'" >&2; exit 2; }
    node --test --test-timeout=$(( (2 * READY_S + 300) * 1000 )) test/e2e/
    node test/e2e/print-report.mjs "$N8N_E2E_REPORT"
    ;;
  *)
    echo "usage: bash scripts/n8n-test.sh unit|e2e" >&2
    exit 2
    ;;
esac
