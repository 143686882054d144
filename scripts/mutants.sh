#!/usr/bin/env bash
# Mutation testing: a measurement of the tests, not part of `npm test` (it takes about an
# hour on a 2-core machine). Rust: cargo-mutants over the core crate's library code
# (publisher-core/src/, not the wasm boundary in src/: .cargo/mutants.toml). n8n node: Stryker over nodes/ and shared/
# (n8n-node/stryker.config.mjs), with the node's unit tests.
#
#   bash scripts/mutants.sh rust [cargo-mutants args, e.g. --file publisher-core/src/http/retry.rs]
#   bash scripts/mutants.sh node
#   bash scripts/mutants.sh mcp    (Stryker over publisher-mcp's src/ and bin/: publisher-mcp/stryker.config.mjs)
#
# Results: mutants.out/ (Rust: caught.txt, missed.txt, timeout.txt, unviable.txt) and
# n8n-node/reports/mutation/ (Stryker's HTML and JSON). Both print their counts.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

case "${1:-}" in
  rust)
    shift
    CARGO_MUTANTS_VERSION=27.1.0
    if [ "$(cargo mutants --version 2>/dev/null || true)" != "cargo-mutants $CARGO_MUTANTS_VERSION" ]; then
      cargo install cargo-mutants --version "$CARGO_MUTANTS_VERSION" --locked
    fi
    # The fuzz test runs a tenth of its cases per mutant.
    PUBLISHER_FUZZ_DIVISOR=10 cargo mutants --package publisher-core --jobs 2 --no-shuffle "$@" || true
    for outcome in caught missed timeout unviable; do
      printf '%-9s %5s\n' "$outcome" "$(wc -l < "mutants.out/$outcome.txt" 2>/dev/null || echo 0)"
    done
    ;;
  node)
    shift
    [ -f pkg/publisher_wasm_bg.wasm ] || node scripts/build-pkg.mjs
    # Stryker is a measuring tool, not a dependency of the node: installed once, outside the clone.
    STRYKER_DIR="${PUBLISHER_WASM_CACHE:-$HOME/.cache/publisher-wasm}/stryker-10.1.1"
    if [ ! -x "$STRYKER_DIR/node_modules/.bin/stryker" ] || [ ! -d "$STRYKER_DIR/node_modules/typescript" ]; then
      mkdir -p "$STRYKER_DIR"
      (cd "$STRYKER_DIR" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund --save-exact @stryker-mutator/core@10.1.1 typescript@5.9.3)
    fi
    # Stryker 10 needs Node >= 22: the consumer matrix's Node 24 runs it (the tests it
    # starts run on the Node of PATH).
    NODE24="$(node js-tests/consumers/tools.mjs)/node_modules/node24/bin/node"
    cd n8n-node
    # A sandbox left by an interrupted run would be linted by `n8n-node lint` (strict mode
    # allows no ignore list): start without one.
    rm -rf .stryker-tmp
    PUBLISHER_FIXTURES_DIR="$ROOT/fixtures/service" PUBLISHER_SKIP_TSC=1 \
      "$NODE24" "$STRYKER_DIR/node_modules/@stryker-mutator/core/bin/stryker.js" run stryker.config.mjs "$@"
    ;;
  mcp)
    shift
    [ -f pkg/publisher_wasm_bg.wasm ] || node scripts/build-pkg.mjs
    STRYKER_DIR="${PUBLISHER_WASM_CACHE:-$HOME/.cache/publisher-wasm}/stryker-10.1.1"
    if [ ! -x "$STRYKER_DIR/node_modules/.bin/stryker" ]; then
      mkdir -p "$STRYKER_DIR"
      (cd "$STRYKER_DIR" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund --save-exact @stryker-mutator/core@10.1.1 typescript@5.9.3)
    fi
    NODE24="$(node js-tests/consumers/tools.mjs)/node_modules/node24/bin/node"
    cd publisher-mcp
    "$NODE24" "$STRYKER_DIR/node_modules/@stryker-mutator/core/bin/stryker.js" run stryker.config.mjs "$@"
    ;;
  *)
    echo "usage: bash scripts/mutants.sh rust|node|mcp" >&2
    exit 2
    ;;
esac
