#!/usr/bin/env bash
# Runs the pinned n8n in the foreground for the demo, the end-to-end tests and the benchmarks, in
# place of this shell (exec): the caller's child process and process group are n8n's.
# N8N_RUNTIME is the one switch between the two ways of running it (docs/e2e.md):
#   npm        (default) the release install.sh put in .cache/n8n-<pin>/, on its Node.js 24
#   container  n8n's image docker.n8n.io/n8nio/n8n:<pin>, n8n 3.0's way of self-hosting. Written
#              down, not run: no container runtime on the machines this project is tested on.
# Usage: scripts/n8n/start.sh [start|worker|webhook]   with n8n's settings in the environment
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/pins.sh"
command="${1:-start}"

case "${N8N_RUNTIME:-npm}" in
npm)
	# n8n's task runners are child processes that must run on the same Node.js as n8n.
	export PATH="$N8N_NODE_BIN:$PATH"
	exec "$N8N_NODE_BIN/node" "$N8N_BIN" "$command"
	;;
container)
	# Host networking keeps every address as it is (n8n on N8N_PORT, the emulator on loopback);
	# the user folder is mounted at the same path, so N8N_USER_FOLDER and the community package
	# installed into <user folder>/.n8n/nodes mean the same inside. n8n's settings pass through.
	settings=()
	while IFS='=' read -r name _; do settings+=(--env "$name"); done < <(
		env | grep -E '^(N8N_[A-Z0-9_]*|DB_[A-Z0-9_]*|QUEUE_[A-Z0-9_]*|EXECUTIONS_[A-Z0-9_]*|NODE_ENV|WEBHOOK_URL|GENERIC_TIMEZONE)='
	)
	exec docker run --rm --network host --name "n8n-${N8N_PORT:-5678}" \
		--volume "$N8N_USER_FOLDER:$N8N_USER_FOLDER" "${settings[@]}" \
		"docker.n8n.io/n8nio/n8n:$N8N_PIN" "$command"
	;;
*)
	echo "start.sh: N8N_RUNTIME is '$N8N_RUNTIME'; use npm or container" >&2
	exit 2
	;;
esac
