#!/usr/bin/env bash
# Load benchmark: builds bin/hearth and bin/hearth-load, then for each engine
# seeds a fresh database with the demo data (or takes an already seeded one),
# starts `hearth serve` on 127.0.0.1:18090 and runs hearth-load against it.
# See docs/performance.md ("Every page and the writes of a shift").
#
#   BENCH_ENGINES   engines to run, in order (default "sqlite postgres"; with only
#                   BENCH_DB_URL set "postgres", with only BENCH_SQLITE_FILE set "sqlite")
#   BENCH_DURATION  load duration per engine (default 30s; at most 15m, the token lifetime)
#   BENCH_CLIENTS   simulated clients: caregiver sign-ins and concurrent workers (default 50)
#   BENCH_RATE      requests per second in all (default 0: unbounded, each worker goes again as
#                   soon as it is answered); a set rate is an open-loop test at that load
#   BENCH_ENDPOINTS calls and sets sent (default "shift"; `bin/hearth-load -list` prints them all):
#                     shift     the weighted mix of an hour of a home on shift: every page's calls
#                               on open and on its refresh timers for caregivers (caregiver_maple1),
#                               the admin (admin_maple) and the owner (owner_evergreen), and the
#                               writes of a shift at their share
#                     pages     every page call of every role, in turn; writes: every write, in turn
#                     caregiver, admin, owner: a role's page calls; a page (emars, task, dashboard,
#                               calendar, profile, notes, health, care, incidents, shiftReport,
#                               schedule, hours, staff, chat, shell); a prefix such as caregiver.emars.
#                     menu,userinfo,residents,staff  the four calls of the first figures
#   BENCH_HEALTHZ   first load GET /healthz this long, for the mix's share of its rate
#                   (default 10s; 0 skips it)
#   BENCH_EACH      after the mix, load each of its calls alone this long, for each call's
#                   server CPU per request, p50 and p99 (default 0: skipped; 3s is enough)
#   BENCH_EACH_ENDPOINTS  which of the mix's calls BENCH_EACH loads alone (same names and
#                   sets; default: all of them, 143 for "shift" on the demo)
#   BENCH_EACH_WRITES  a write alone is sent at most this many times (default 300: each adds rows)
#   BENCH_DB_URL    an already seeded PostgreSQL database to run against (not created, not
#                   dropped; the writes add rows to it)
#   BENCH_SQLITE_FILE  an already seeded SQLite file to run against, in place (the writes add
#                   rows: copy it first to keep it as it was)
#   BENCH_SEED      1: seed the demo data first; 0: use the database as it is (default 1 for
#                   the throwaway databases, 0 for BENCH_DB_URL and BENCH_SQLITE_FILE)
#   BENCH_LOAD_ARGS more hearth-load flags, e.g. "-account h1_staff1 -admin-account h1_admin
#                   -admin-email ... -owner-account h1_owner -owner-email ..." for a scaled home
#   BENCH_PORT      server port on 127.0.0.1 (default 18090)
#   BENCH_KEEP=1    keep the temporary directory (server logs, SQLite file)
#   TEST_POSTGRES_URL  admin URL of a PostgreSQL server on this machine, used to create and
#                   drop a throwaway database hearth_bench_<pid>
#                   (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)
#   HEARTH_*        passed on to `hearth serve` as set (e.g. HEARTH_DB_MAX_CONNS)
#
# Everything runs on 127.0.0.1 only. Exits non-zero if any phase's success ratio is below 99%
# (every call must succeed; the first failing answer is printed).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

db_url=${BENCH_DB_URL:-}
sqlite_file=${BENCH_SQLITE_FILE:-}
default_engines="sqlite postgres"
if [[ -n $db_url && -z $sqlite_file ]]; then
	default_engines=postgres
elif [[ -z $db_url && -n $sqlite_file ]]; then
	default_engines=sqlite
fi
engines=${BENCH_ENGINES:-$default_engines}
duration=${BENCH_DURATION:-30s}
clients=${BENCH_CLIENTS:-50}
rate=${BENCH_RATE:-0}
endpoints=${BENCH_ENDPOINTS:-shift}
healthz=${BENCH_HEALTHZ:-10s}
each=${BENCH_EACH:-0}
each_endpoints=${BENCH_EACH_ENDPOINTS:-}
each_writes=${BENCH_EACH_WRITES:-300}
read -r -a load_args <<<"${BENCH_LOAD_ARGS:-}"
port=${BENCH_PORT:-18090}
if [[ -n $sqlite_file && ! -f $sqlite_file ]]; then
	echo "bench: BENCH_SQLITE_FILE $sqlite_file is not a file" >&2
	exit 2
fi
pg_admin=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
addr=127.0.0.1:$port
base=http://$addr

for e in $engines; do
	case $e in
	sqlite | postgres) ;;
	*) echo "bench: unknown engine '$e' (BENCH_ENGINES takes sqlite and/or postgres)" >&2; exit 2 ;;
	esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hearth-bench.XXXXXX")
server_pid=
pg_db=
cleanup() {
	local rc=$?
	if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	if [[ -n $pg_db ]]; then
		psql "$pg_admin" -qX -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null ||
			echo "bench: could not drop database $pg_db" >&2
	fi
	if [[ ${BENCH_KEEP:-} == 1 ]]; then
		echo "bench: kept $work" >&2
	else
		rm -rf "$work"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== building bin/hearth and bin/hearth-load"
mkdir -p bin
(cd cloud && go build -o ../bin/hearth ./cmd/hearth && go build -o ../bin/hearth-load ./cmd/hearth-load)

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
	echo "bench: something already listens on $addr; stop it or set BENCH_PORT" >&2
	exit 1
fi

# pg_url_for DB: the admin URL with its database name replaced by DB.
pg_url_for() {
	local url=$pg_admin query= path
	if [[ $url == *\?* ]]; then
		query="?${url#*\?}"
		url=${url%%\?*}
	fi
	path=${url#*://}
	if [[ $path == */* ]]; then
		url=${url%/*}
	fi
	printf '%s/%s%s' "$url" "$1" "$query"
}

wait_ready() {
	local i
	for ((i = 0; i < 300; i++)); do
		if ! kill -0 "$server_pid" 2>/dev/null; then
			echo "bench: the server exited; its log:" >&2
			tail -n 30 "$1" >&2
			return 1
		fi
		if curl -fsS -o /dev/null --max-time 2 "$base/readyz" 2>/dev/null; then
			return 0
		fi
		sleep 0.1
	done
	echo "bench: $base/readyz did not answer within 30 s; server log:" >&2
	tail -n 30 "$1" >&2
	return 1
}

# run_engine seeds (unless BENCH_SEED=0), starts the server on the database
# the environment names and runs hearth-load against it.
run_engine() {
	if [[ $seed == 1 ]]; then
		bin/hearth seed --demo >"$dir/seed.log" 2>&1 || { cat "$dir/seed.log" >&2; exit 1; }
	fi

	# Request logs (one JSON line each) go to a file: their cost is measured,
	# the terminal is not flooded.
	bin/hearth serve >"$dir/server.log" 2>&1 &
	server_pid=$!
	wait_ready "$dir/server.log"

	local rc=0
	# -server-pid: hearth-load reports where the machine's CPU went during the load, and the
	# server's memory.
	bin/hearth-load -url "$base" -clients "$clients" -duration "$duration" -rate "$rate" -endpoints "$endpoints" \
		-healthz "$healthz" -each "$each" -each-endpoints "$each_endpoints" -each-writes "$each_writes" \
		-server-pid "$server_pid" -postgres-db "$pg_count" "${load_args[@]}" || rc=$?
	((rc == 0)) || status=$rc

	kill "$server_pid"
	wait "$server_pid" 2>/dev/null || true
	server_pid=
	echo "server log: $(wc -l <"$dir/server.log") lines in $dir/server.log"
}

status=0
for engine in $engines; do
	dir=$work/$engine
	mkdir -p "$dir/data"
	export HEARTH_DEV=1 HEARTH_ADDR=$addr HEARTH_DATA_DIR=$dir/data HEARTH_PUBLIC_URL=$base
	unset HEARTH_DATABASE_URL
	seed=${BENCH_SEED:-1}
	pg_count=none # whose PostgreSQL backends hearth-load counts as the server's database
	case $engine in
	sqlite)
		label="SQLite (file in $dir/data)"
		if [[ -n $sqlite_file ]]; then
			export HEARTH_DATABASE_URL="sqlite:$(realpath "$sqlite_file")"
			label="SQLite (given file $sqlite_file)"
			seed=${BENCH_SEED:-0}
		fi
		;;
	postgres)
		if [[ -n $db_url ]]; then
			case $db_url in
			*@127.0.0.1* | *@localhost* | *@\[::1\]* | *://127.0.0.1* | *://localhost*) ;;
			*) echo "bench: BENCH_DB_URL must point at this machine (127.0.0.1 or localhost)" >&2; exit 1 ;;
			esac
			export HEARTH_DATABASE_URL=$db_url
			pg_count=${db_url%%\?*}
			pg_count=${pg_count##*/}
			label="PostgreSQL $(psql "$db_url" -qXAt -c 'SHOW server_version') (given database $pg_count)"
			seed=${BENCH_SEED:-0}
			echo
			echo "=================================================================="
			echo "engine: $engine — $label"
			echo "=================================================================="
			run_engine
			continue
		fi
		case $pg_admin in
		*@127.0.0.1* | *@localhost* | *@\[::1\]* | *://127.0.0.1* | *://localhost*) ;;
		*) echo "bench: TEST_POSTGRES_URL must point at this machine (127.0.0.1 or localhost)" >&2; exit 1 ;;
		esac
		pg_db=hearth_bench_$$
		pg_count=$pg_db
		psql "$pg_admin" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $pg_db" >/dev/null
		export HEARTH_DATABASE_URL
		HEARTH_DATABASE_URL=$(pg_url_for "$pg_db")
		label="PostgreSQL $(psql "$pg_admin" -qXAt -c 'SHOW server_version') (database $pg_db)"
		;;
	esac

	echo
	echo "=================================================================="
	echo "engine: $engine — $label"
	echo "=================================================================="
	run_engine

	if [[ $engine == postgres ]]; then
		psql "$pg_admin" -qX -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null
		pg_db=
	fi
done
exit "$status"
