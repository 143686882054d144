#!/usr/bin/env bash
# Installs what a fresh machine lacks (it has the Rust toolchain, Node 20 and npm),
# idempotently: Debian's Chromium and ChromeDriver, the wasm32 target, the
# wasm-bindgen CLI of exactly the version in Cargo.lock, wasm-pack, the npm dev tools
# (binaryen's wasm-opt, Deno, esbuild, playwright-core, TypeScript), and the consumer
# matrix's runtimes and bundlers, the n8n node's tools and the MCP server's (with the
# Python MCP clients its tests drive it with).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

WASM_PACK_VERSION=0.15.1
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "setup: installing chromium and chromium-driver"
  apt-get update -q
  apt-get install -y -q chromium chromium-driver
fi

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# The CLI must equal the wasm-bindgen crate in Cargo.lock, or wasm-pack silently
# spends minutes installing its own copy.
WB_VERSION=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;q}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WB_VERSION" ]; then
  echo "setup: installing wasm-bindgen-cli $WB_VERSION"
  # No --locked: its own lockfile wants a webpki-roots the registry mirror lacks.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi
if [ "$(wasm-pack --version 2>/dev/null || true)" != "wasm-pack $WASM_PACK_VERSION" ]; then
  echo "setup: installing wasm-pack $WASM_PACK_VERSION"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
fi

# n8n queue mode (the workflow node's scale-out tests): PostgreSQL and Redis from Debian.
bash scripts/install-queue-services.sh

# npm ci only when the lockfile changed since the last install (test.sh runs this too).
if ! cmp -s package-lock.json node_modules/.setup-package-lock.json; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.setup-package-lock.json
fi
# Debian's binaryen breaks wasm-bindgen's externref table: npm's must be the one found.
[ "$(command -v wasm-opt)" = "$PWD/node_modules/.bin/wasm-opt" ] || { echo "setup: wrong wasm-opt: $(command -v wasm-opt)"; exit 1; }
# The consumer matrix's runtimes and bundlers (Node 22/24, Bun, wrangler, vite, webpack,
# rollup), cached under ~/.cache/publisher-wasm/ by the hash of their lockfile.
node js-tests/consumers/tools.mjs >/dev/null

# The n8n node: its build and lint tools (npm install, not npm ci: the registry lacks some
# optional non-Linux builds its lockfile names), and Node 24 + n8n 2.41.1 for its e2e
# test, cached outside the clone by scripts/install-n8n.sh.
if ! cmp -s n8n-node/package-lock.json n8n-node/node_modules/.setup-package-lock.json; then
  (cd n8n-node && npm install --ignore-scripts --no-audit --no-fund --no-save)
  cp n8n-node/package-lock.json n8n-node/node_modules/.setup-package-lock.json
fi
bash scripts/install-n8n.sh >/dev/null

# The MCP server (publisher-mcp/): its SDK, zod, and its test tools (the SDK's client, the
# conformance suite, the Inspector CLI). Its publisher-wasm is a link to pkg/.
if ! cmp -s publisher-mcp/package-lock.json publisher-mcp/node_modules/.setup-package-lock.json; then
  (cd publisher-mcp && npm ci --no-audit --no-fund --loglevel=error)
  cp publisher-mcp/package-lock.json publisher-mcp/node_modules/.setup-package-lock.json
fi

# The Python MCP clients (the official SDK `mcp` and fastmcp) that publisher-mcp's tests
# drive it with, pinned in publisher-mcp/test/python/requirements.txt, in a venv outside
# the clone; reinstalled only when that file changes.
MCP_PYTHON="$HOME/.cache/publisher-wasm/mcp-python"
if ! cmp -s publisher-mcp/test/python/requirements.txt "$MCP_PYTHON/.setup-requirements.txt"; then
  echo "setup: installing the Python MCP clients into $MCP_PYTHON"
  rm -rf "$MCP_PYTHON"
  python3 -m venv "$MCP_PYTHON"
  "$MCP_PYTHON/bin/pip" install --quiet --disable-pip-version-check -r publisher-mcp/test/python/requirements.txt
  cp publisher-mcp/test/python/requirements.txt "$MCP_PYTHON/.setup-requirements.txt"
fi

echo "setup: ready"
