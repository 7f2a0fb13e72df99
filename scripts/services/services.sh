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
#                                                      again on the same folder: reloads it
#   services.sh stop <folder>                          stops everything started in <folder>
# `start`, `balance` and `door` print shell assignments (PG_PORT=…, REDIS_PORT=…, BALANCER_PORT=…,
# BALANCER_STATS_PORT=…, DOOR_PORT=…, DOOR_STATS_PORT=…). Processes are stopped by their pid (files
# in <folder>), never by name.
set -euo pipefail
usage="usage: services.sh start <folder> [postgres] [redis] | balance <folder> <port>... | door <folder> <listen port> <n8n port> [N] | stop <folder>"
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
	local listen_port="${1:?$usage}" n8n_port="${2:?$usage}" limit="${3:-}" config stats_port
	config="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/deploy/haproxy/n8n-door.cfg"
	command -v haproxy >/dev/null || install_packages haproxy
	mkdir -p "$folder"
	trap 'stop' ERR
	[ "$listen_port" != 0 ] || listen_port="$(free_port)"
	stats_port="$(free_port)"
	# The file reads its settings from the environment.
	export DOOR_BIND="127.0.0.1:$listen_port" N8N_ADDRESS="127.0.0.1:$n8n_port" DOOR_STATS_BIND="127.0.0.1:$stats_port"
	[ -z "$limit" ] || export DOOR_WEBHOOK_LIMIT="$limit"
	haproxy -c -q -f "$config" >&2
	# A door running in <folder> is reloaded as users do it (-sf): the old process finishes what it holds.
	haproxy -D -p "$folder/door.pid" -f "$config" $([ ! -f "$folder/door.pid" ] || echo -sf "$(cat "$folder/door.pid")") >&2
	log "door on 127.0.0.1:$listen_port for n8n on 127.0.0.1:$n8n_port, webhook limit ${DOOR_WEBHOOK_LIMIT:-as in the file}, repeats ${DOOR_REPEAT_LIMIT:-as in the file}; stats on 127.0.0.1:$stats_port/stats"
	echo "DOOR_PORT=$listen_port"
	echo "DOOR_STATS_PORT=$stats_port"
}

stop() {
	local pidfile
	for pidfile in "$folder/haproxy.pid" "$folder/door.pid" "$folder/redis.pid"; do
		if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
	done
	if [ -f "$folder/pg/postmaster.pid" ]; then as_db_user "$(pg_bin)/pg_ctl" -D "$folder/pg" -m fast -w stop >&2 || true; fi
	log "stopped what ran in $folder"
}

"$action" "$@"
