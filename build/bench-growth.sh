#!/usr/bin/env bash
# How a home's cost grows with other homes and with its own history
# (docs/performance.md "How the cost grows"). For each size HOMESxDAYS it
# takes a database with that many scaled homes (`hearth seed --demo --scale
# HOMES --days DAYS`, made on first use and kept for the next run), then:
#   1. runs build/bench.sh on it as home 1's caregiver, admin and owner: every
#      page call of every role in turn (BENCH_ENDPOINTS=pages) and each call
#      alone (server CPU per call, p50, p99), after a /healthz phase;
#   2. on PostgreSQL, EXPLAIN (ANALYZE, BUFFERS) of the care path's top
#      queries for home 1: rows the plan read, buffers, time; on SQLite, the
#      same queries' time in the sqlite3 shell.
# Each size's output goes to $GROWTH_OUT/<engine>-<size>.txt.
#
#   GROWTH_PG_SIZES      PostgreSQL sizes (default "2x30 100x365 1000x180")
#   GROWTH_SQLITE_SIZES  SQLite sizes (default "20x365 1x1095")
#   GROWTH_OUT           where the results go (default /tmp/hearth-growth)
#   GROWTH_SQLITE_DIR    where the SQLite files are kept (default /var/tmp)
#   GROWTH_DROP=1        drop each database (PostgreSQL) or file (SQLite) after its run
#   GROWTH_BENCH=0       skip the load (1.), only the plans (2.)
#   BENCH_DURATION, BENCH_EACH, BENCH_CLIENTS, BENCH_HEALTHZ, BENCH_ENDPOINTS: as for
#                        build/bench.sh (defaults here: 20s, 3s, 50, 10s, pages)
#   TEST_POSTGRES_URL    admin URL of the PostgreSQL server on this machine
#                        (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)
#
# The PostgreSQL databases are named hearth_scale_<homes>x<days>. Seeding checks
# the disk first (hearth seed --scale refuses when the space is short); a
# thousand homes of 180 days take about 18 GiB. The writes of the load add rows
# to the kept databases: a later run measures slightly more history.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

pg_sizes=${GROWTH_PG_SIZES-2x30 100x365 1000x180}
sqlite_sizes=${GROWTH_SQLITE_SIZES-20x365 1x1095}
out=${GROWTH_OUT:-/tmp/hearth-growth}
sqlite_dir=${GROWTH_SQLITE_DIR:-/var/tmp}
pg_admin=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
export BENCH_DURATION=${BENCH_DURATION:-20s} BENCH_EACH=${BENCH_EACH:-3s} BENCH_HEALTHZ=${BENCH_HEALTHZ:-10s}
export BENCH_ENDPOINTS=${BENCH_ENDPOINTS:-pages} BENCH_CLIENTS=${BENCH_CLIENTS:-50}
mkdir -p "$out"

echo "== building bin/hearth"
mkdir -p bin
(cd cloud && go build -o ../bin/hearth ./cmd/hearth)

# pg_url_for DB: the admin URL with its database name replaced by DB.
pg_url_for() {
	local url=$pg_admin query=
	if [[ $url == *\?* ]]; then
		query="?${url#*\?}"
		url=${url%%\?*}
	fi
	printf '%s/%s%s' "${url%/*}" "$1" "$query"
}

# seeded URL HOMES DAYS LOG: migrates the database at URL, adds the demo (its
# super admin reads the sign-in codes for the load) unless it is there, and
# HOMES homes of DAYS days when it holds no scaled home yet.
seeded() {
	local url=$1 homes=$2 days=$3 log=$4 have
	HEARTH_DEV=1 HEARTH_DATABASE_URL=$url bin/hearth migrate >>"$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
	HEARTH_DEV=1 HEARTH_DATABASE_URL=$url bin/hearth seed --demo >>"$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
	if [[ $url == sqlite:* ]]; then
		have=$(sqlite3 "${url#sqlite:}" "SELECT count(*) FROM users WHERE account = 'h1_owner'")
	else
		have=$(psql "$url" -qXAt -c "SELECT count(*) FROM users WHERE account = 'h1_owner'")
	fi
	if [[ $have == 0 ]]; then
		echo "   seeding $homes homes × $days days (see $log)"
		local started=$SECONDS
		HEARTH_DEV=1 HEARTH_DATABASE_URL=$url bin/hearth seed --scale "$homes" --days "$days" >>"$log" 2>&1 ||
			{ tail -n 20 "$log" >&2; return 1; }
		echo "   seeded in $((SECONDS - started)) s"
	fi
}

# Home 1's accounts, for build/bench.sh.
load_args="-account h1_staff1 -admin-account h1_admin -admin-email h1_admin@scale.example -owner-account h1_owner -owner-email h1_owner@scale.example"

# The care path's top queries, as the server sends them (the source of each is
# named; cloud/server/indexplan checks the plans of all of them on every test
# run, these are the ones measured at size). psql variables: t (home 1's
# tenant), u (its caregiver), day (yesterday in its zone), since (7 days ago, ms), now (ms).
top_queries() {
	cat <<'SQL'
-- /emars day: medication.Store passes of a day (feature/medication/emar.go Day)
SELECT p.id, p.outcome, m.name, r.first_name FROM medication_passes p JOIN medications m ON m.id = p.medication_id
  JOIN residents r ON r.id = p.resident_id WHERE p.tenant_id = :'t' AND p.day = :'day' ORDER BY p.due_at, m.name, p.id;
-- countWarningNum, the sidebar and the eMAR card (feature/medication/emar.go CountWarnings)
SELECT COUNT(*) FROM medication_passes p JOIN residents r ON r.id = p.resident_id WHERE p.tenant_id = :'t' AND p.ack_at IS NULL
  AND r.status IN ('NORMAL', 'GOING_OUT') AND ((p.kind = 'SCHEDULED' AND p.outcome = '' AND p.on_hold = false AND p.due_at <= :now
  AND p.due_at >= :since) OR (p.kind = 'PRN' AND p.follow_up_at IS NULL AND p.follow_up_due <= :now AND p.follow_up_due >= :since));
-- the dashboard's eMAR card: passes given since (feature/medication, dashboard card)
SELECT medication_id, COALESCE(given_at, logged_at, due_at) FROM medication_passes WHERE tenant_id = :'t' AND due_at >= :since AND outcome = 'GIVEN';
-- listTodayTask: a day's task records (feature/task/records.go Today)
SELECT tr.id, tr.status FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id WHERE tr.tenant_id = :'t'
  AND tr.day >= :'day' AND tr.day <= :'day' AND (tr.resident_id IS NULL OR r.status IN ('NORMAL', 'GOING_OUT')) ORDER BY tr.due_start, tr.id;
-- listProgressNoteByPage: the first page and its total (feature/carerecord/notes.go ListNotes)
SELECT n.id, CASE WHEN n.author_id = :'u' OR EXISTS (SELECT 1 FROM progress_note_reads rd WHERE rd.note_id = n.id AND rd.user_id = :'u') THEN 1 ELSE 0 END
  FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id WHERE n.tenant_id = :'t'
  AND r.status <> 'MOVING_IN' ORDER BY n.report_date DESC, n.id DESC LIMIT 20 OFFSET 0;
SELECT COUNT(*) FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id WHERE n.tenant_id = :'t' AND r.status <> 'MOVING_IN';
-- countUnReadProgressNote (feature/carerecord/notes.go)
SELECT COUNT(*) FROM progress_notes n JOIN residents r ON r.id = n.resident_id AND r.tenant_id = n.tenant_id WHERE n.tenant_id = :'t'
  AND r.status <> 'MOVING_IN' AND (n.author_id IS NULL OR n.author_id <> :'u') AND NOT EXISTS (SELECT 1 FROM progress_note_reads rd WHERE rd.note_id = n.id AND rd.user_id = :'u');
-- listHealthMonitorByPage: the first page (feature/carerecord health readings)
SELECT h.id FROM health_readings h JOIN residents r ON r.id = h.resident_id AND r.tenant_id = h.tenant_id WHERE h.tenant_id = :'t'
  AND r.status <> 'MOVING_IN' ORDER BY h.taken_at DESC, h.id DESC LIMIT 20 OFFSET 0;
-- listMedicationRecordByPage: the first page and its total (feature/medication record)
SELECT p.id FROM medication_passes p JOIN medications m ON m.id = p.medication_id JOIN residents r ON r.id = p.resident_id
  WHERE p.tenant_id = :'t' AND r.status <> 'MOVING_IN' AND p.outcome <> '' ORDER BY p.given_at DESC, p.id DESC LIMIT 20 OFFSET 0;
SELECT COUNT(*) FROM medication_passes p JOIN medications m ON m.id = p.medication_id JOIN residents r ON r.id = p.resident_id
  WHERE p.tenant_id = :'t' AND r.status <> 'MOVING_IN' AND p.outcome <> '';
-- listRecordByPage (owner): the punches' total (feature/attendance)
SELECT COUNT(*) FROM clock_punches p WHERE p.tenant_id = :'t';
SQL
}

# explain_pg URL: each top query's EXPLAIN (ANALYZE, BUFFERS): its first line, the
# rows its scans returned (actual rows × loops), buffers and time.
explain_pg() {
	local url=$1 t u zone day since now
	t=$(psql "$url" -qXAt -c "SELECT m.tenant_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.account = 'h1_owner'")
	u=$(psql "$url" -qXAt -c "SELECT id FROM users WHERE account = 'h1_staff1'")
	zone=$(psql "$url" -qXAt -c "SELECT time_zone FROM tenants WHERE id = '$t'")
	day=$(TZ=$zone date -d yesterday +%F 2>/dev/null || date -d yesterday +%F)
	now=$(($(date +%s) * 1000))
	since=$((now - 7 * 86400 * 1000))
	psql "$url" -qX -c ANALYZE >/dev/null
	echo "rows read = rows returned by the plan's scans (actual rows × loops); home 1 = tenant $t, day $day"
	printf '%-70s %10s %10s %10s\n' "query" "rows read" "buffers" "ms"
	local q
	while IFS= read -r -d ';' q; do
		q=$(sed -e '/^--/d' <<<"$q" | tr '\n' ' ' | sed -e 's/  */ /g' -e 's/^ //')
		[[ -n $q ]] || continue
		psql "$url" -qXAt -v t="$t" -v u="$u" -v day="$day" -v since="$since" -v now="$now" \
			<<<"EXPLAIN (ANALYZE, BUFFERS) $q;" | awk -v q="${q:0:70}" '
			/Scan/ && /actual time=/ { match($0, /rows=[0-9]+ loops=[0-9]+/); split(substr($0, RSTART, RLENGTH), a, /[= ]/); rows += a[2] * a[4] }
			/Buffers: shared/ && !buf { b = 0; if (match($0, /hit=[0-9]+/)) b += substr($0, RSTART + 4, RLENGTH - 4); if (match($0, /read=[0-9]+/)) b += substr($0, RSTART + 5, RLENGTH - 5); buf = b }
			/Execution Time/ { ms = $3 }
			END { printf "%-70s %10d %10d %10s\n", q, rows, buf, ms }'
	done < <(top_queries)
}

# time_sqlite FILE: each top query's CPU time (user + sys) in the sqlite3 shell, best of 3.
time_sqlite() {
	local file=$1 t u day now since q
	t=$(sqlite3 "$file" "SELECT m.tenant_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.account = 'h1_owner'")
	u=$(sqlite3 "$file" "SELECT id FROM users WHERE account = 'h1_staff1'")
	day=$(date -d yesterday +%F)
	now=$(($(date +%s) * 1000))
	since=$((now - 7 * 86400 * 1000))
	echo "home 1 = tenant $t, day $day; CPU time (user + sys), best of 3 runs in the sqlite3 shell"
	while IFS= read -r -d ';' q; do
		q=$(sed -e '/^--/d' <<<"$q" | tr '\n' ' ' | sed -e 's/  */ /g' -e 's/^ //' -e "s/:'t'/'$t'/g" -e "s/:'u'/'$u'/g" \
			-e "s/:'day'/'$day'/g" -e "s/:since/$since/g" -e "s/:now/$now/g" -e 's/= false/= 0/g')
		[[ -n $q ]] || continue
		printf '%-70s %s\n' "${q:0:70}" "$(printf '.timer on\n%s;\n%s;\n%s;\n' "$q" "$q" "$q" | sqlite3 "$file" 2>&1 |
			awk '/^Run Time/ { r = $6 + $8; if (best == "" || r < best) best = r } END { printf "%.3f ms CPU", best * 1000 }')"
	done < <(top_queries)
}

run_size() {
	local engine=$1 size=$2 homes=${2%x*} days=${2#*x} url file result
	result=$out/$engine-$size.txt
	echo
	echo "== $engine $homes homes × $days days -> $result"
	: >"$result"
	if [[ $engine == postgres ]]; then
		local name=hearth_scale_$size
		if [[ -z $(psql "$pg_admin" -qXAt -c "SELECT 1 FROM pg_database WHERE datname = '$name'") ]]; then
			psql "$pg_admin" -qX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $name" >/dev/null
		fi
		url=$(pg_url_for "$name")
		seeded "$url" "$homes" "$days" "$out/$engine-$size.seed.log"
		psql "$url" -qXAt -c "SELECT 'database size: ' || pg_size_pretty(pg_database_size(current_database()))" | tee -a "$result"
		if [[ ${GROWTH_BENCH:-1} == 1 ]]; then
			BENCH_DB_URL=$url BENCH_ENGINES=postgres BENCH_LOAD_ARGS=$load_args build/bench.sh 2>&1 | tee -a "$result"
		fi
		explain_pg "$url" | tee -a "$result"
		if [[ ${GROWTH_DROP:-} == 1 ]]; then
			psql "$pg_admin" -qX -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
		fi
	else
		file=$sqlite_dir/hearth_scale_$size.db
		seeded "sqlite:$file" "$homes" "$days" "$out/$engine-$size.seed.log"
		echo "database size: $(du -ch "$file"* | tail -n 1 | cut -f1)" | tee -a "$result"
		if [[ ${GROWTH_BENCH:-1} == 1 ]]; then
			BENCH_SQLITE_FILE=$file BENCH_ENGINES=sqlite BENCH_LOAD_ARGS=$load_args build/bench.sh 2>&1 | tee -a "$result"
		fi
		time_sqlite "$file" | tee -a "$result"
		if [[ ${GROWTH_DROP:-} == 1 ]]; then
			rm -f "$file" "$file-wal" "$file-shm"
		fi
	fi
}

for size in $pg_sizes; do run_size postgres "$size"; done
for size in $sqlite_sizes; do run_size sqlite "$size"; done
echo
echo "results in $out"
