#!/usr/bin/env bash
# Stops and removes the throwaway cluster ensure-postgres.sh started, if any.
set -euo pipefail
PG_STATE=${PG_STATE:-/tmp/hearth-test-pg.dir}
[ -f "$PG_STATE" ] || exit 0
dir=$(cat "$PG_STATE")
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
else "$pgbin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true; fi
rm -rf "$dir" "$PG_STATE"
echo "postgres: throwaway cluster removed"
