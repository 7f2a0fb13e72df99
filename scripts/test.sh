#!/usr/bin/env bash
# The README's test command: static checks, the build, every jest suite, then the n8n version
# matrix (scripts/n8n/matrix.sh; N8N_MATRIX=off skips it, and so does naming test files).
set -euo pipefail
tsc -p tsconfig.json --noEmit
eslint nodes credentials package.json
prettier --check --log-level warn .
rm -rf dist && tsc -p tsconfig.build.json && gulp --silent build:assets
jest --ci "$@"
if [ $# -eq 0 ] && [ "${N8N_MATRIX:-on}" != off ]; then
	scripts/n8n/matrix.sh
fi
