#!/usr/bin/env bash
# Runs every test: lint, cargo test, the package build, wasm-bindgen tests in Node and
# Chromium, the local service's self-test, the packed tarball and the consumer matrix
# (every runtime and bundler), the .d.ts check, the JS tests in Deno, Chromium and Node
# against the local service, the demo page driven in Chromium, the READMEs' code blocks,
# the MCP server, and the n8n node. The real-sample suites (in cargo test and the local service's
# self-test) run where the real samples are beside the project, say they were skipped
# where not, and fail without them under CI=true. Each
# runner must report at least one test, or the run fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Whatever a fresh machine lacks (the wasm32 target, wasm-bindgen, Chromium, the npm
# tools, the consumer matrix's runtimes) is installed first; a no-op once present.
bash scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
export CARGO_TERM_COLOR=never NO_COLOR=1
LOGS=$(mktemp -d)
T0=$SECONDS
SUMMARY=()
step() { printf '\n=== [%4ss] %s\n' "$((SECONDS - T0))" "$*"; }

# run_counted NAME PATTERN COMMAND...: runs COMMAND, sums the numbers PATTERN (an
# extended regex whose first number is a pass count) finds in its output, and fails
# when the command fails or the count is zero.
run_counted() {
  local name=$1 pattern=$2; shift 2
  local log="$LOGS/${name// /_}.log"
  set +e
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  set -e
  local passed
  passed=$(grep -aE "$pattern" "$log" | grep -aoE '[0-9]+ passed|pass [0-9]+|^ok [0-9]+ ' | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
  if [ "$status" -ne 0 ]; then echo "FAILED: $name (exit $status)"; exit "$status"; fi
  if [ "$passed" -eq 0 ]; then echo "FAILED: $name ran no test"; exit 1; fi
  SUMMARY+=("$(printf '%-28s %5s passed' "$name" "$passed")")
  TOTAL=$(( ${TOTAL:-0} + passed ))
}

step "format and lints (native and wasm32)"
cargo fmt --check
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --workspace --all-targets -- -D warnings
# The main wasm as the package builds it (the core without Markdown), and the Markdown
# entry's (src/markdown.rs and a draft's Markdown and images are only compiled with it).
cargo clippy --target wasm32-unknown-unknown -p publisher-wasm --lib -- -D warnings
cargo clippy --target wasm32-unknown-unknown --features markdown-entry --lib -- -D warnings
cargo clippy -p publisher-core --no-default-features --all-targets -- -D warnings
node scripts/module-graph.mjs
node scripts/module-graph.mjs --folders
node scripts/check-workflows.mjs

step "the core crate has no wasm crate in its dependency graph"
if cargo tree -p publisher-core -e normal,build --prefix none | grep -E '^(wasm-bindgen|js-sys|web-sys)\b'; then
  echo "FAILED: publisher-core depends on a wasm crate (above)"; exit 1
fi

step "cargo test (native: the core crate)"
run_counted "cargo test" '^test result: ok\.' cargo test --workspace

step "build the npm package"
node scripts/build-pkg.mjs
mkdir -p node_modules && ln -sfn ../pkg node_modules/publisher-wasm
# The list of methods (the tests' and the README's) from the built .d.ts and the core's routes.
node scripts/method-list.mjs --check
# The MCP server's tools (and its README's table), from the same declarations.
node scripts/mcp-tools.mjs --check

step "wasm-bindgen tests in Node"
run_counted "wasm-bindgen-test Node" '^test result: ok\.' \
  node scripts/with-local-service.mjs wasm-pack test --node -- --test wasm

step "wasm-bindgen tests in headless Chromium"
# Without WASM_BINDGEN_USE_BROWSER=1 the runner skips Node-mode tests and passes having run none.
WASM_BINDGEN_USE_BROWSER=1 run_counted "wasm-bindgen-test Chromium" '^test result: ok\.' \
  node scripts/with-local-service.mjs --browser --hang-limit 30 --attempts 5 wasm-pack test --headless --chrome -- --test wasm

step "local service self-test"
run_counted "local service (node)" '^# pass [0-9]+' node --test local-service/test/

step "the npm pack tarball: its files, exports map and declarations"
run_counted "tarball (node)" '^# pass [0-9]+' node --test js-tests/tarball/

step "consumer matrix: the tarball in Node 20/22/24, Deno, Bun, workerd, bundlers, Chromium, tsc"
run_counted "consumer matrix" '^consumers: [0-9]+ passed' node js-tests/consumers/run.mjs

step "TypeScript: the .d.ts under tsc --strict"
run_counted "tsc --strict" '^ok [0-9]+ ' node js-tests/types/check.mjs

step "Deno"
run_counted "js Deno" '^ok \| [0-9]+ passed' \
  deno test --no-check --no-lock --allow-net=127.0.0.1 --allow-read --allow-env --allow-run js-tests/deno/

step "headless Chromium"
run_counted "js Chromium" '^chromium: [0-9]+ passed' node js-tests/browser/run.mjs

step "the demo page, section by section (headless Chromium; screenshots in js-tests/demo/screenshots/)"
run_counted "demo page (Chromium)" '^demo: [0-9]+ passed' node js-tests/demo/run.mjs

step "Node"
run_counted "js Node" '^# pass [0-9]+' node --test js-tests/node/

step "every JS, TS and HTML block of the READMEs, run as written (Node, Deno, workerd, Chromium)"
run_counted "README code blocks" '^# pass [0-9]+' node --test js-tests/docs/

step "publisher-mcp: the SDK's client on stdio and HTTP, the conformance suite, the Inspector CLI, workerd, Deno, Bun"
run_counted "publisher-mcp" '^# pass [0-9]+' node --test publisher-mcp/test/*.test.mjs
node publisher-mcp/scripts/record-session.mjs --check

step "n8n node: build, lint (strict), unit tests"
run_counted "n8n node unit" '^# pass [0-9]+' bash scripts/n8n-test.sh unit

step "n8n node: e2e in a real n8n 2.41.1 on Node 24"
run_counted "n8n node e2e" '^# pass [0-9]+' bash scripts/n8n-test.sh e2e

step "n8n editor command: the example workflow runs with the imported credential"
bash scripts/n8n-editor.sh --check

step "the n8n node in queue mode: PostgreSQL, Redis, one main, two workers (200 executions x 3)"
[ -f n8n-node/dist/shared/client.js ] || node n8n-node/build.mjs
eval "$(bash scripts/install-n8n.sh)"
run_counted "n8n queue mode" '^# pass [0-9]+' node --test --test-concurrency=1 n8n-node/test/queue/queue-mode.test.mjs

step "summary"
printf '%s\n' "${SUMMARY[@]}"
echo "total: ${TOTAL} passed, 0 failed"
