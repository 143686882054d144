#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build the package, then
# start the local Publisher service and the www-demo/ page that shows the whole client.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"
node scripts/build-pkg.mjs
exec node scripts/demo.mjs "$@"
