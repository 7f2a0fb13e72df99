#!/usr/bin/env bash
# Installs Debian's chromium for the browser end-to-end test (driven by the playwright-core
# devDependency, which uses this system browser instead of downloading its own).
# Prints the browser's path on stdout. Needs root or sudo the first time.
# CHROMIUM_PATH names a Chromium-based browser already there instead (on GitHub's Ubuntu runners,
# where apt's chromium is a snap stub: /usr/bin/google-chrome).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
log() { echo "install-browser: $*" >&2; }

if [ ! -x "$CHROMIUM" ]; then
	as_root=()
	[ "$(id -u)" = 0 ] || as_root=(sudo)
	# Two test runs must not race for apt's lock.
	exec 9>/tmp/n8n-e2e-apt.lock
	flock 9
	if [ ! -x "$CHROMIUM" ]; then
		apt_log=/tmp/n8n-e2e-apt.log
		log "installing chromium with apt-get (once; log in $apt_log)"
		{
			"${as_root[@]}" apt-get update -qq &&
				DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium
		} >"$apt_log" 2>&1 || { tail -n 20 "$apt_log" >&2; log "FAILED: apt-get install chromium"; exit 1; }
	fi
fi
log "$("$CHROMIUM" --version 2>/dev/null || echo chromium)"
echo "$CHROMIUM"
