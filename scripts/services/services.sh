#!/usr/bin/env bash
# The servers the destination and queue-mode tests need, from Debian's packages (installed with
# apt-get when missing), on loopback and free ports, with their data in <folder>:
#   services.sh start <folder> [postgres] [redis]     PostgreSQL and/or Redis (default: both)
#   services.sh balance <folder> <port> <port> ...     HAProxy, round robin over those loopback ports;
#                                                      BALANCE_BY=body: by a hash of the request's
#                                                      body (a repeated delivery meets the same port)
#   services.sh door <folder> <listen port> <n8n port> [N]
#                                                      HAProxy as n8n's door, deploy/haproxy/n8n-door.cfg
#                                                      as users copy it: at most N webhook requests in
#                                                      n8n at once (default the file's); listen port 0:
#                                                      a free one; the DOOR_* settings pass through;
#                                                      again on the same folder: reloads it (the
#                                                      door's tables pass to the new process). Closed
#                                                      by default: DOOR_SECRET_HASHES defaults to
#                                                      <folder>/secrets.sha256, empty until
#   services.sh door-secrets <folder>                  reads secrets on stdin, one a line (a published
#                                                      trigger's, as the portal's callback holds it),
#                                                      adds their SHA-256 to the door's file and reloads it
#   services.sh stop <folder>                          stops everything started in <folder>
# `start`, `balance` and `door` print shell assignments (PG_PORT=…, REDIS_PORT=…, BALANCER_PORT=…,
# BALANCER_STATS_PORT=…, DOOR_PORT=…, DOOR_STATS_PORT=…). Processes are stopped by their pid (files
# in <folder>), never by name.
set -euo pipefail
usage="usage: services.sh start <folder> [postgres] [redis] | balance <folder> <port>... | door <folder> <listen port> <n8n port> [N] | door-secrets <folder> | stop <folder>"
action="${1:?$usage}"
folder="${2:?$usage}"
shift 2
log() { echo "services: $*" >&2; }
PATH="$PATH:/usr/sbin:/sbin" # Debian's PATH lacks them for users but root: haproxy is in /usr/sbin
source "$(dirname "${BASH_SOURCE[0]}")/../shared/progress.sh"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

install_packages() {
	local sudo=()
	if [ "$(id -u)" != 0 ]; then
		# Never a password prompt in the middle of a run: sudo only when it asks for none.
		if ! { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; then
			log "$* is not installed, and installing it needs root or sudo without a password: install it once with \`sudo apt-get install $*\`"
			exit 3
		fi
		sudo=(sudo -n)
	fi
	log "installing $* with apt-get (log: $folder/apt.log)"
	mkdir -p "$folder"
	apt_install() { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@"; }
	with_progress '' "$folder/apt.log" apt_install "$@" || { tail -n 20 "$folder/apt.log" >&2; exit 1; }
}

# PostgreSQL refuses to run as root: its data folder belongs to the postgres user then.
as_db_user() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_redis() {
	command -v redis-server >/dev/null || install_packages redis-server
	local port
	port="$(free_port)"
	redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --dir "$folder" \
		--daemonize yes --pidfile "$folder/redis.pid" --logfile "$folder/redis.log" >&2
	log "redis on 127.0.0.1:$port"
	echo "REDIS_PORT=$port"
}

start_postgres() {
	[ -x "$(pg_bin)/initdb" ] || install_packages postgresql
	local bin port
	bin="$(pg_bin)"
	port="$(free_port)"
	mkdir -p "$folder/pg"
	# PostgreSQL runs as its own user: it must reach the data folder.
	chmod 755 "$folder"
	[ "$(id -u)" = 0 ] && chown postgres "$folder" "$folder/pg"
	as_db_user "$bin/initdb" -D "$folder/pg" -U n8n --auth=trust -E UTF8 >/dev/null
	as_db_user "$bin/pg_ctl" -D "$folder/pg" -l "$folder/pg.log" -w \
		-o "-p $port -c listen_addresses=127.0.0.1 -k $folder -c max_connections=200 -c fsync=off" start >&2
	# n8n's own database (queue mode), and one for the leads a workflow writes.
	as_db_user "$bin/createdb" -h 127.0.0.1 -p "$port" -U n8n n8n
	as_db_user "$bin/createdb" -h 127.0.0.1 -p "$port" -U n8n leads
	log "postgresql on 127.0.0.1:$port, databases n8n and leads"
	echo "PG_PORT=$port"
}

start() {
	mkdir -p "$folder"
	# A start that fails half-way stops what it started.
	trap 'stop' ERR
	local wanted=("$@")
	[ "${#wanted[@]}" -gt 0 ] || wanted=(postgres redis)
	local service
	for service in "${wanted[@]}"; do
		case "$service" in
		postgres) start_postgres ;;
		redis) start_redis ;;
		*) log "unknown service $service"; exit 2 ;;
		esac
	done
}

balance() {
	[ "$#" -gt 0 ] || { log "$usage"; exit 2; }
	command -v haproxy >/dev/null || install_packages haproxy
	mkdir -p "$folder"
	trap 'stop' ERR
	local port stats_port backend n=0
	port="$(free_port)"
	stats_port="$(free_port)"
	{
		printf 'global\n\tmaxconn 2000\n\tpidfile %s\n' "$folder/haproxy.pid"
		printf 'defaults\n\tmode http\n\ttimeout connect 5s\n\ttimeout client 120s\n\ttimeout server 120s\n'
		printf 'frontend webhooks\n\tbind 127.0.0.1:%s\n\tdefault_backend n8n_webhook_processes\n' "$port"
		printf 'backend n8n_webhook_processes\n\toption httpchk GET /healthz\n'
		if [ "${BALANCE_BY:-}" = body ]; then
			printf '\toption http-buffer-request\n\tbalance hash req.body,sha2(256)\n\thash-type consistent\n'
		else
			printf '\tbalance roundrobin\n'
		fi
		for backend in "$@"; do
			n=$((n + 1))
			printf '\tserver webhook%s 127.0.0.1:%s check inter 1s\n' "$n" "$backend"
		done
		printf 'listen stats\n\tbind 127.0.0.1:%s\n\tstats enable\n\tstats uri /stats\n' "$stats_port"
	} >"$folder/haproxy.cfg"
	haproxy -c -q -f "$folder/haproxy.cfg" >&2
	haproxy -D -f "$folder/haproxy.cfg" >&2
	log "haproxy on 127.0.0.1:$port, $([ "${BALANCE_BY:-}" = body ] && echo 'by body hash' || echo 'round robin') over $*; stats on 127.0.0.1:$stats_port/stats"
	echo "BALANCER_PORT=$port"
	echo "BALANCER_STATS_PORT=$stats_port"
}

door() {
	local listen_port="${1:?$usage}" n8n_port="${2:?$usage}" limit="${3:-}" config stats_port peer_port
	# DOOR_CONFIG: another copy of the file (a test runs an older door against its cases).
	config="${DOOR_CONFIG:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/deploy/haproxy/n8n-door.cfg}"
	command -v haproxy >/dev/null || install_packages haproxy
	mkdir -p "$folder"
	trap 'stop' ERR
	[ "$listen_port" != 0 ] || listen_port="$(free_port)"
	stats_port="$(free_port)"
	# The peer address the old process hands its tables over on a reload: the same one each time.
	[ -f "$folder/door.peer" ] || free_port >"$folder/door.peer"
	peer_port="$(cat "$folder/door.peer")"
	# Closed by default: only the secrets door-secrets added are accepted.
	[ -n "${DOOR_SECRET_HASHES:-}" ] || { export DOOR_SECRET_HASHES="$folder/secrets.sha256"; touch "$DOOR_SECRET_HASHES"; }
	# The file reads its settings from the environment.
	export DOOR_BIND="127.0.0.1:$listen_port" N8N_ADDRESS="127.0.0.1:$n8n_port" DOOR_STATS_BIND="127.0.0.1:$stats_port" \
		DOOR_PEER_BIND="127.0.0.1:$peer_port" DOOR_ADMIN_SOCKET="$folder/door.sock"
	[ -z "$limit" ] || export DOOR_WEBHOOK_LIMIT="$limit"
	# What door-secrets reloads with.
	{
		local door_args=("$listen_port" "$n8n_port" ${limit:+"$limit"})
		declare -p door_args
		env | grep -E '^(DOOR_(SECRET_HASHES|TLS_CERT|READY_WEBHOOK|REPEAT_LIMIT|HOLD_MS|QUEUE_MS|RETRY_RATE|CONFIG)|N8N_ADDRESS)=' |
			while IFS= read -r setting; do printf 'export %q\n' "$setting"; done
	} >"$folder/door.args"
	haproxy -c -q -f "$config" >&2
	# A door running in <folder> is reloaded as users do it (-sf): the old process finishes what it
	# holds and hands its tables to the new one (the peers section).
	haproxy -D -p "$folder/door.pid" -f "$config" $([ ! -f "$folder/door.pid" ] || echo -sf "$(cat "$folder/door.pid")") >&2
	log "door on 127.0.0.1:$listen_port for n8n on 127.0.0.1:$n8n_port, webhook limit ${DOOR_WEBHOOK_LIMIT:-as in the file}, repeats ${DOOR_REPEAT_LIMIT:-as in the file}, $(grep -c . "$DOOR_SECRET_HASHES" || true) secret(s) accepted; stats on 127.0.0.1:$stats_port/stats"
	echo "DOOR_PORT=$listen_port"
	echo "DOOR_STATS_PORT=$stats_port"
}

door_secrets() {
	[ -f "$folder/door.args" ] || { log "no door runs in $folder"; exit 2; }
	local secret
	# shellcheck source=/dev/null
	source "$folder/door.args"
	# Never on the command line (ps shows it): the secrets come on stdin.
	while IFS= read -r secret || [ -n "$secret" ]; do
		[ -z "$secret" ] || printf '%s' "$secret" | sha256sum | cut -d' ' -f1
	done | cat - "$DOOR_SECRET_HASHES" | sort -u >"$DOOR_SECRET_HASHES.new"
	mv "$DOOR_SECRET_HASHES.new" "$DOOR_SECRET_HASHES"
	door "${door_args[@]}"
}

stop() {
	local pidfile
	for pidfile in "$folder/haproxy.pid" "$folder/door.pid" "$folder/redis.pid"; do
		if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
	done
	if [ -f "$folder/pg/postmaster.pid" ]; then as_db_user "$(pg_bin)/pg_ctl" -D "$folder/pg" -m fast -w stop >&2 || true; fi
	log "stopped what ran in $folder"
}

case "$action" in
door-secrets) door_secrets ;;
*) "$action" "$@" ;;
esac
