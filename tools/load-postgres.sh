#!/bin/sh
# A durable PostgreSQL for benchmarks/web_load.py (fsync and synchronous_commit on): started
# afresh in /tmp/pgload on 127.0.0.1:${PGLOAD_PORT:-55432} with the databases `baseline` and
# `current`; prints the URL to pass as --database-url ({run} is replaced by each run's name).
# Needs PostgreSQL's server binaries (`sh tools/ensure-services.sh` installs them) and root
# (the server runs as the `postgres` user).
set -e
PORT=${PGLOAD_PORT:-55432}
B=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
D=/tmp/pgload
runuser -u postgres -- "$B/pg_ctl" -D $D/data -m immediate -w stop >/dev/null 2>&1 || true
# an immediate stop returns before every backend has gone: wait until none holds the old data
# directory (or the port), or initdb/start below fail on a busy port
i=0
while pgrep -f "postgres.*$D" >/dev/null 2>&1; do
    i=$((i + 1))
    if [ $i -gt 100 ]; then echo "load-postgres: the old server in $D did not stop" >&2; exit 1; fi
    sleep 0.2
done
rm -rf $D; mkdir -p $D; chown postgres $D; chmod 700 $D
runuser -u postgres -- "$B/initdb" -D $D/data -U trapoula -A trust -E UTF8 >/dev/null
runuser -u postgres -- "$B/pg_ctl" -D $D/data -o "-p $PORT -k $D -c listen_addresses=127.0.0.1 \
    -c fsync=on -c synchronous_commit=on -c max_connections=200" -l $D/log -w start >/dev/null || {
    echo "load-postgres: the server did not start; its log:" >&2; cat $D/log >&2; exit 1; }
for db in baseline current; do
    runuser -u postgres -- "$B/psql" -h 127.0.0.1 -p "$PORT" -U trapoula -d postgres \
        -c "CREATE DATABASE $db" >/dev/null
done
echo "postgresql+psycopg://trapoula@127.0.0.1:$PORT/{run}"
