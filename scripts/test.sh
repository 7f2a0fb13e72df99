#!/usr/bin/env bash
# The README's test command: static checks, the build, every jest suite, the exactly-once suites
# (test/queue: one n8n process, queue mode, and queue mode behind the door, with the PostgreSQL,
# Redis and HAProxy they start themselves) and the n8n version matrix (scripts/n8n/matrix.sh).
# QUEUE_SUITES=off or N8N_MATRIX=off skip those (QUEUE_SUITES=queueMode runs that file alone);
# naming test files runs just them.
set -euo pipefail
# A whole run installs the n8n releases it starts (the default pin, then the matrix's) side by side
# while the static checks and the build run: one after another, inside the suites, they took about
# eight of a fresh clone's minutes. Only the real-n8n suites wait for the default pin's install; the
# matrix's goes on beside them until the matrix leg. Each install is a no-op once done
# (scripts/n8n/install.sh).
default_install=()
matrix_installs=()
if [ $# -eq 0 ]; then
	N8N_VERSION="${N8N_VERSION:-}" scripts/n8n/install.sh >/dev/null &
	default_install=($!)
	if [ "${N8N_MATRIX:-on}" != off ]; then
		read -r -a matrix <<<"$(source scripts/n8n/pins.sh && echo "$N8N_MATRIX_PINS")"
		for release in "${matrix[@]}"; do
			N8N_VERSION="$release" scripts/n8n/install.sh >/dev/null &
			matrix_installs+=($!)
		done
	fi
fi
tsc -p tsconfig.json --noEmit
eslint nodes credentials package.json
prettier --check --log-level warn .
rm -rf dist && tsc -p tsconfig.build.json && gulp --silent build:assets
if [ $# -gt 0 ]; then
	jest --ci "$@"
	exit 0
fi
# The projects without a real n8n need no n8n install: they run while it goes on, on every core
# (jest's default leaves one idle: on 2 cores they ran one file at a time). The real-n8n suites then
# run as before, one at a time, each starting its own n8n.
jest --ci --selectProjects unit sandbox engine reliability --maxWorkers "$(nproc)"
for install in "${default_install[@]}"; do wait "$install"; done
jest --ci --selectProjects e2e
# QUEUE_SUITES: on (all three), off, or the one file to run (queueMode, singleProcess, queueDoor).
case "${QUEUE_SUITES:-on}" in
off) ;;
on) jest --ci -c test/queue/jest.config.js --runInBand ;;
*) jest --ci -c test/queue/jest.config.js --runInBand "test/queue/${QUEUE_SUITES}.test.ts" ;;
esac
if [ "${N8N_MATRIX:-on}" != off ]; then
	for install in "${matrix_installs[@]}"; do wait "$install"; done
	scripts/n8n/matrix.sh
fi
