#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers for the tests. If TEST_POSTGRES_URL is
# set, it is used as it is. Otherwise, when nothing answers at 127.0.0.1:5432,
# it installs Debian's postgresql (as root, when missing) and starts a throwaway
# cluster under /tmp with trust auth, recording its directory in $PG_STATE so
# stop-postgres.sh can remove it.
set -euo pipefail
PG_STATE=${PG_STATE:-/tmp/hearth-test-pg.dir}

if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  echo "postgres: using TEST_POSTGRES_URL"
  exit 0
fi
answers() {
  if command -v pg_isready >/dev/null 2>&1; then pg_isready -q -h 127.0.0.1 -p 5432; else (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; fi
}
if answers; then
  echo "postgres: a server answers at 127.0.0.1:5432"
  exit 0
fi
# A Debian cluster that is installed but stopped: start it.
if command -v pg_ctlcluster >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && ls /etc/postgresql/*/main >/dev/null 2>&1; then
  ver=$(ls /etc/postgresql | sort -V | tail -1)
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  for _ in $(seq 1 20); do answers && { echo "postgres: started Debian cluster $ver"; exit 0; }; sleep 0.5; done
fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$pgbin" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "postgres: no server at 127.0.0.1:5432 and PostgreSQL is not installed." >&2
    echo "  Install it (sudo apt-get install -y postgresql) or set TEST_POSTGRES_URL." >&2
    exit 1
  fi
  echo "postgres: installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
dir=$(mktemp -d /tmp/hearth-pg.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; runuser -u postgres -- "$@"; else "$@"; fi; }
run "$pgbin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
run "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p 5432 -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "$dir" > "$PG_STATE"
echo "postgres: started a throwaway cluster in $dir"
