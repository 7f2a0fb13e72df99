#!/usr/bin/env bash
# Runs a command with the project's toolchain: `scripts/run.sh jest --runInBand`.
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$PROJECT_ROOT"
exec "$@"
