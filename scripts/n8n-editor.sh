#!/usr/bin/env bash
# Starts n8n's editor on http://127.0.0.1:${N8N_PORT:-5678} with the Publisher node
# installed, a credential "Publisher local service" for the bundled local service
# (started here on a free port) and the example workflow
# (n8n-node/examples/publisher-example.workflow.json) imported. Open the address, create
# the owner account n8n asks for, open "Publisher example" and click "Execute workflow".
# Ctrl-C stops n8n and the local service. The n8n data lives in a temporary folder that
# is removed on exit; set N8N_EDITOR_FOLDER to keep it somewhere.
#   bash scripts/n8n-editor.sh           run until Ctrl-C
#   bash scripts/n8n-editor.sh --check   start, check the workflow and credential are there, stop
# --check waits up to N8N_READY_TIMEOUT_S seconds (default 300) for n8n to be ready, and
# prints the end of n8n's log when it is not.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
CHECK=${1:-}
# How long --check waits for n8n to be ready, in seconds (the e2e and queue tests read the same).
READY_S=${N8N_READY_TIMEOUT_S:-300}
[[ $READY_S =~ ^[1-9][0-9]*$ ]] || { echo "n8n-editor: N8N_READY_TIMEOUT_S must be a whole number of seconds, not '$READY_S'" >&2; exit 2; }
free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# The check (run by npm test) takes free ports; the editor the usual one.
if [ "$CHECK" = "--check" ]; then PORT=${N8N_PORT:-$(free_port)}; else PORT=${N8N_PORT:-5678}; fi

[ -f pkg/publisher_wasm_bg.wasm ] || node scripts/build-pkg.mjs
(
  cd n8n-node
  [ -d node_modules/@n8n/node-cli ] || npm install --ignore-scripts --no-audit --no-fund --no-save
  node build.mjs
)
eval "$(bash scripts/install-n8n.sh)"

WORK=$(mktemp -d)
USER_FOLDER=${N8N_EDITOR_FOLDER:-$WORK/n8n}
SERVICE_PID=
N8N_PID=
cleanup() {
  [ -n "$N8N_PID" ] && kill "$N8N_PID" 2>/dev/null && wait "$N8N_PID" 2>/dev/null || true
  [ -n "$SERVICE_PID" ] && kill "$SERVICE_PID" 2>/dev/null && wait "$SERVICE_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The local service: its first stdout line is {"url":…,"apiKey":…}.
node local-service/server.mjs --port 0 > "$WORK/service.out" &
SERVICE_PID=$!
for _ in $(seq 100); do [ -s "$WORK/service.out" ] && break; sleep 0.1; done
SERVICE_URL=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).url)' "$WORK/service.out")
API_KEY=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).apiKey)' "$WORK/service.out")

export PATH="$NODE24_DIR/bin:$PATH"
export N8N_USER_FOLDER=$USER_FOLDER N8N_ENCRYPTION_KEY=${N8N_ENCRYPTION_KEY:-local-editor-not-a-secret}
export N8N_PORT=$PORT N8N_LISTEN_ADDRESS=127.0.0.1 N8N_HOST=127.0.0.1 N8N_SECURE_COOKIE=false
export N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false N8N_TEMPLATES_ENABLED=false
export N8N_DYNAMIC_BANNERS_ENABLED=false N8N_VERIFIED_PACKAGES_ENABLED=false N8N_UNVERIFIED_PACKAGES_ENABLED=true
export N8N_DISABLED_MODULES=mcp-registry N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=true N8N_PERSONALIZATION_ENABLED=false
export N8N_RUNNERS_BROKER_PORT=${N8N_RUNNERS_BROKER_PORT:-$(free_port)}

# The node, unpacked where n8n's own installer puts community packages.
PACKAGE_DIR=$USER_FOLDER/.n8n/nodes/node_modules/n8n-nodes-publisher
rm -rf "$PACKAGE_DIR" && mkdir -p "$PACKAGE_DIR"
(cd n8n-node && npm pack --silent --pack-destination "$WORK" >/dev/null)
tar -xzf "$WORK"/n8n-nodes-publisher-*.tgz --strip-components=1 -C "$PACKAGE_DIR"

node -e '
  const [file, url, apiKey] = process.argv.slice(1);
  require("fs").writeFileSync(file, JSON.stringify([{ id: "publisherLocal01", name: "Publisher local service", type: "publisherApi",
    data: { apiKey, hostname: "localpub.substack.com", cookieName: "connect.sid", baseUrl: url } }]));
' "$WORK/credentials.json" "$SERVICE_URL" "$API_KEY"
"$N8N_BIN" import:credentials --input="$WORK/credentials.json" > "$WORK/import.log" 2>&1 || { cat "$WORK/import.log"; exit 1; }
"$N8N_BIN" import:workflow --input=n8n-node/examples/publisher-example.workflow.json >> "$WORK/import.log" 2>&1 || { cat "$WORK/import.log"; exit 1; }

echo "local service: $SERVICE_URL (API key $API_KEY)"
echo "n8n editor:    http://127.0.0.1:$PORT  (workflow \"Publisher example\", credential \"Publisher local service\")"
if [ "$CHECK" != "--check" ]; then
  "$N8N_BIN" start &
  N8N_PID=$!
  wait "$N8N_PID"
  exit $?
fi

# --check: the example workflow runs with the imported credential, and the editor answers.
"$N8N_BIN" execute --id=publisherExample01 --rawOutput > "$WORK/execute.log" 2>&1 || { cat "$WORK/execute.log"; exit 1; }
grep -q '"status": "success"' "$WORK/execute.log" && grep -q '"url": "https://localpub.substack.com/p/' "$WORK/execute.log" \
  || { cat "$WORK/execute.log"; echo "n8n-editor: the example workflow did not run"; exit 1; }
"$N8N_BIN" start > "$WORK/n8n.log" 2>&1 &
N8N_PID=$!
# The first start on a fresh, loaded 2-core machine overran 90 s (scripts/n8n-env.mjs).
n8n_log() { echo "n8n-editor: the end of n8n's log:"; tail -n 60 "$WORK/n8n.log"; }
DEADLINE=$((SECONDS + READY_S))
until curl -sf "http://127.0.0.1:$PORT/healthz/readiness" >/dev/null; do
  kill -0 "$N8N_PID" 2>/dev/null || { cat "$WORK/n8n.log"; echo "n8n-editor: n8n exited before it was ready"; exit 1; }
  [ "$SECONDS" -lt "$DEADLINE" ] || { n8n_log; echo "n8n-editor: n8n was not ready within $READY_S s (N8N_READY_TIMEOUT_S)"; exit 1; }
  sleep 0.25
done
curl -sf "http://127.0.0.1:$PORT/" | grep -qi '<html' || { n8n_log; echo "n8n-editor: the editor did not answer"; exit 1; }
echo "n8n-editor: ok (the example workflow ran; the editor answered on 127.0.0.1:$PORT)"
