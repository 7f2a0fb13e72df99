#!/usr/bin/env bash
# The README's test command: static checks, the build, then every jest suite.
set -euo pipefail
tsc -p tsconfig.json --noEmit
eslint nodes credentials package.json
rm -rf dist && tsc -p tsconfig.build.json && gulp --silent build:assets
jest --ci "$@"
