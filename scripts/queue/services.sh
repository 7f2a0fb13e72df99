#!/usr/bin/env bash
# Starts (or stops) the Redis and PostgreSQL that n8n's queue mode needs, from Debian's packages,
# on loopback and free ports, with their data in a temporary folder. Installs them with apt-get
# when missing. Prints shell assignments (REDIS_PORT=…, PG_PORT=…, …) for `eval`.
#   scripts/queue/services.sh start <folder>     scripts/queue/services.sh stop <folder>
# Processes are stopped by their pid (files in <folder>), never by name.
set -euo pipefail
action="${1:?usage: services.sh start|stop <folder>}"
folder="${2:?usage: services.sh start|stop <folder>}"
log() { echo "queue-services: $*" >&2; }
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

install_missing() {
	local missing=()
	command -v redis-server >/dev/null || missing+=(redis-server)
	[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || missing+=(postgresql)
	if [ "${#missing[@]}" -gt 0 ]; then
		log "installing ${missing[*]} with apt-get"
		apt-get update -qq >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
		PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
	fi
}

# PostgreSQL refuses to run as root: its data folder belongs to the postgres user then.
as_db_user() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start() {
	install_missing
	mkdir -p "$folder"
	# PostgreSQL runs as its own user: it must reach the data folder.
	chmod 755 "$folder"
	# A start that fails half-way stops what it started.
	trap 'stop' ERR
	local redis_port pg_port
	redis_port="$(free_port)"
	pg_port="$(free_port)"
	redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no --dir "$folder" \
		--daemonize yes --pidfile "$folder/redis.pid" --logfile "$folder/redis.log" >&2
	mkdir -p "$folder/pg"
	[ "$(id -u)" = 0 ] && chown postgres "$folder" "$folder/pg"
	as_db_user "$PG_BIN/initdb" -D "$folder/pg" -U n8n --auth=trust -E UTF8 >/dev/null
	as_db_user "$PG_BIN/pg_ctl" -D "$folder/pg" -l "$folder/pg.log" -w \
		-o "-p $pg_port -c listen_addresses=127.0.0.1 -k $folder -c max_connections=200 -c fsync=off" start >&2
	as_db_user "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U n8n n8n
	log "redis on 127.0.0.1:$redis_port, postgresql on 127.0.0.1:$pg_port (data in $folder)"
	echo "REDIS_PORT=$redis_port"
	echo "PG_PORT=$pg_port"
}

stop() {
	if [ -f "$folder/redis.pid" ]; then kill "$(cat "$folder/redis.pid")" 2>/dev/null || true; fi
	if [ -f "$folder/pg/postmaster.pid" ]; then as_db_user "$PG_BIN/pg_ctl" -D "$folder/pg" -m fast -w stop >&2 || true; fi
	log "stopped"
}

"$action"
