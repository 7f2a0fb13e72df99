#!/usr/bin/env bash
# Installs THIS package into an n8n user folder the way a user installs a community package:
# `npm pack` of the built project, then `npm install <tarball>` in <user folder>/.n8n/nodes,
# without dev, peer or optional dependencies (n8n provides n8n-workflow, zod, ...), no scripts.
# n8n loads every n8n-nodes-* package under .n8n/nodes/node_modules at start-up.
# Usage: scripts/n8n/install-package.sh <n8n user folder> [package folder]
#   package folder: another community package to install the same way (default: this project)
#   SKIP_BUILD=1  pack this project's dist/ as it is instead of running `npm run build` first.
# Prints the installed package's folder on stdout.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/pins.sh"

log() { echo "install-package: $*" >&2; }
user_folder="${1:?usage: scripts/n8n/install-package.sh <n8n user folder> [package folder]}"
package_dir="$(cd "${2:-$PROJECT_ROOT}" && pwd)"
mkdir -p "$user_folder"
nodes_dir="$(cd "$user_folder" && pwd)/.n8n/nodes"
run() { "$PROJECT_ROOT/scripts/run.sh" "$@"; }

# Parallel test files share dist/ and the pack folder: build, pack and install one at a time.
mkdir -p "$PROJECT_ROOT/.cache"
exec 9>"$PROJECT_ROOT/.cache/install-package.lock"
flock 9

if [ "$package_dir" = "$PROJECT_ROOT" ]; then
	if [ "${SKIP_BUILD:-}" != 1 ]; then
		log "building the package"
		run npm run --silent build >&2
	fi
	[ -d "$PROJECT_ROOT/dist" ] || { log "FAILED: no dist/ folder; run npm run build"; exit 1; }
fi

pack_dir="$PROJECT_ROOT/.cache/package"
rm -rf "$pack_dir" && mkdir -p "$pack_dir"
tarball="$(run npm pack "$package_dir" --ignore-scripts --silent --pack-destination "$pack_dir" | tail -n1)"
package_name="$(run node -p "require('$package_dir/package.json').name")"
log "packed $tarball ($(du -h "$pack_dir/$tarball" | cut -f1))"

mkdir -p "$nodes_dir"
# The same package.json n8n creates in this folder when it installs a community package.
[ -f "$nodes_dir/package.json" ] || echo '{ "name": "installed-nodes", "private": true, "dependencies": {} }' > "$nodes_dir/package.json"
cp "$pack_dir/$tarball" "$nodes_dir/$tarball"
rm -rf "$nodes_dir/node_modules/$package_name"
run npm install --prefix "$nodes_dir" --ignore-scripts --omit=dev --omit=peer --omit=optional \
	--no-audit --no-fund --bin-links=false --install-strategy=shallow --package-lock=false \
	"$nodes_dir/$tarball" >&2
[ -f "$nodes_dir/node_modules/$package_name/package.json" ] || { log "FAILED: $package_name is not in $nodes_dir/node_modules"; exit 1; }
log "installed $package_name into ${nodes_dir}"
echo "$nodes_dir/node_modules/$package_name"
