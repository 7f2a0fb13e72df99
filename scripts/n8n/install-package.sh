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
source "$(dirname "${BASH_SOURCE[0]}")/../shared/progress.sh"

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

# What this project's tarball is made of: built (its compiler and gulp settings and tools) or packed
# as is. It is built and packed again only when one of them changed: the stamp is their digest,
# written once the tarball is packed from them (test/unit/packageSources.test.ts checks the list).
PACKAGE_SOURCES=(nodes credentials package.json package-lock.json tsconfig.json tsconfig.build.json gulpfile.js index.js README.md LICENSE)
pack_dir="$PROJECT_ROOT/.cache/package"
stamp="$pack_dir/sources.sha256"
sources=""
if [ "$package_dir" = "$PROJECT_ROOT" ] && [ "${SKIP_BUILD:-}" != 1 ]; then
	sources="$(cd "$PROJECT_ROOT" && find "${PACKAGE_SOURCES[@]}" -type f -print0 | sort -z \
		| xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
fi
if [ -n "$sources" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sources" ]; then
	log "sources unchanged since the last build: the tarball packed then is reused"
else
	if [ -n "$sources" ]; then
		log "building the package (tsc and gulp: about 20 s)"
		with_progress '' '' run npm run --silent build
	fi
	[ "$package_dir" != "$PROJECT_ROOT" ] || [ -d "$PROJECT_ROOT/dist" ] \
		|| { log "FAILED: no dist/ folder; run npm run build"; exit 1; }
	rm -rf "$pack_dir" && mkdir -p "$pack_dir"
	run npm pack "$package_dir" --ignore-scripts --silent --pack-destination "$pack_dir" >/dev/null
	[ -z "$sources" ] || echo "$sources" >"$stamp"
	log "packed $(cd "$pack_dir" && ls -- *.tgz)"
fi
tarball="$(cd "$pack_dir" && ls -- *.tgz)"
package_name="$(run node -p "require('$package_dir/package.json').name")"

mkdir -p "$nodes_dir"
# The same package.json n8n creates in this folder when it installs a community package.
[ -f "$nodes_dir/package.json" ] || echo '{ "name": "installed-nodes", "private": true, "dependencies": {} }' > "$nodes_dir/package.json"
installed="$nodes_dir/node_modules/$package_name/package.json"
# A user folder that holds the package installed from this very tarball (a demo started again) keeps it.
if [ -f "$installed" ] && cmp -s "$pack_dir/$tarball" "$nodes_dir/$tarball"; then
	log "$package_name is already installed from this tarball in ${nodes_dir}"
else
	cp "$pack_dir/$tarball" "$nodes_dir/$tarball"
	rm -rf "$nodes_dir/node_modules/$package_name"
	# The README's route, with the user's npm inside the folder: npm keeps its global settings
	# (--prefix would read another global npmrc), and with the peer dependency not resolved it reads
	# nothing from the registry.
	log "npm install $tarball in $nodes_dir"
	(cd "$nodes_dir" && with_progress '' '' npm install --omit=dev --legacy-peer-deps --ignore-scripts \
		--omit=optional --no-audit --no-fund --bin-links=false --install-strategy=shallow --package-lock=false \
		"./$tarball")
	[ -f "$installed" ] || { log "FAILED: $package_name is not in $nodes_dir/node_modules"; exit 1; }
	log "installed $package_name into ${nodes_dir}"
fi
echo "$nodes_dir/node_modules/$package_name"
