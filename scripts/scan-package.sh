#!/usr/bin/env bash
# Runs n8n's community package scanner (@n8n/scan-community-package) on THIS package locally.
# The scanner normally downloads a published package from the registry, checks its npm provenance,
# then lints the attested source and the tarball with ESLint. Here: `npm pack` of the built project,
# unpacked into a temporary folder, and the scanner's own `analyzePackage` with its own rules on
#   - the tarball's contents (compiled .js and package.json, the scanner's "dist" leg), and
#   - this repository's sources (package.json, nodes/ and credentials/, the scanner's "source" leg).
# Provenance cannot be checked before publishing (it is attached by `npm publish --provenance`).
# The scanner is installed once into .cache/, never into the project.
# Usage: scripts/scan-package.sh     SKIP_BUILD=1: pack dist/ as it is.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"

SCANNER_VERSION="0.32.0"
scanner_home="$PROJECT_ROOT/.cache/scan-community-package-$SCANNER_VERSION"
log() { echo "scan-package: $*" >&2; }

if [ ! -f "$scanner_home/node_modules/@n8n/scan-community-package/scanner/scanner.mjs" ]; then
	log "installing @n8n/scan-community-package@$SCANNER_VERSION into ${scanner_home#"$PROJECT_ROOT"/}"
	mkdir -p "$scanner_home"
	echo '{"name":"scanner-home","private":true}' > "$scanner_home/package.json"
	(cd "$scanner_home" && npm install --silent --ignore-scripts --no-audit --no-fund --prefix "$scanner_home" \
		"@n8n/scan-community-package@$SCANNER_VERSION" >&2)
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Builds and packs share dist/ with the real-n8n suites: one at a time.
mkdir -p "$PROJECT_ROOT/.cache"
(
	flock 9
	if [ "${SKIP_BUILD:-}" != 1 ]; then
		log "building the package"
		(cd "$PROJECT_ROOT" && npm run --silent build >&2)
	fi
	(cd "$PROJECT_ROOT" && npm pack --ignore-scripts --silent --pack-destination "$work" >/dev/null)
) 9>"$PROJECT_ROOT/.cache/install-package.lock"

tarball="$(ls "$work"/*.tgz)"
mkdir -p "$work/package"
tar -xzf "$tarball" -C "$work/package" --strip-components=1
log "packed $(basename "$tarball"): $(find "$work/package" -type f | wc -l) files"

exec node "$PROJECT_ROOT/scripts/scan-package.mjs" "$scanner_home" "$work/package" "$PROJECT_ROOT"
