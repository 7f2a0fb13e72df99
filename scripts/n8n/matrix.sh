#!/usr/bin/env bash
# The n8n version matrix: the end-to-end boot test, the trigger edits test (200 leads landing while
# the lead example is published, edited and unpublished: the lead path and n8n's activation calls,
# what changes between releases) and the example workflows, against each release in
# N8N_MATRIX_PINS (pins.sh) or the ones named, beside the default pin the whole suite ran on.
# Each release installs into .cache/n8n-<version>/ once (about 5 min).
# Usage: scripts/n8n/matrix.sh [version ...]     (run through scripts/run.sh: jest on PATH)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/pins.sh"
cd "$PROJECT_ROOT"

versions=("$@")
[ ${#versions[@]} -gt 0 ] || read -r -a versions <<<"$N8N_MATRIX_PINS"
for version in "${versions[@]}"; do
	started=$SECONDS
	echo "n8n matrix: n8n $version (boot, trigger edits, examples)" >&2
	N8N_VERSION="$version" jest --ci --selectProjects e2e --runTestsByPath \
		test/e2e/n8n-boot.test.ts test/e2e/triggerEdits.test.ts test/e2e/examples.test.ts
	echo "n8n matrix: n8n $version passed in $((SECONDS - started)) s" >&2
done
