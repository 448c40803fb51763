package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/platform/db"
)

// Bytes a scaled home takes on disk (docs/operations.md, "A platform-sized
// database"), measured at 30 and 180 days (PostgreSQL about 3 MiB and 85 KiB,
// SQLite with its write-ahead log about 5.3 MiB and 80 KiB) with room to
// spare: what every home takes whatever its history, and each day of it.
var scaleBytes = map[db.Engine]struct{ home, day int64 }{
	db.SQLite:   {home: 6 << 20, day: 128 << 10},
	db.Postgres: {home: 4 << 20, day: 128 << 10},
}

// seedScale adds homes scaled homes with days of history each
// (demo.SeedScaleHome), after checking the disk has room for them (disk
// answers a directory's free bytes: diskFree), and prints each table's rows,
// the database's size and the rate.
func seedScale(ctx context.Context, d *db.DB, s demo.Services, homes, days int, disk func(string) (int64, error), out io.Writer) error {
	if homes < 1 || days < 1 {
		return errors.New("seed --scale HOMES --days DAYS: both at least 1")
	}
	per := scaleBytes[d.Engine]
	need := int64(homes) * (per.home + int64(days)*per.day)
	free, where, err := freeSpace(ctx, d, disk)
	switch {
	case err != nil:
		fmt.Fprintf(out, "estimated %s for %d homes × %d days; the free space of the database's disk is unknown (%v)\n",
			bytesText(need), homes, days, err)
	case free < need+need/5+(1<<30): // a fifth more and a gibibyte to spare
		return fmt.Errorf("seed --scale: %d homes × %d days need about %s (%s per home and %s per home-day) plus room to spare; %s has %s free",
			homes, days, bytesText(need), bytesText(per.home), bytesText(per.day), where, bytesText(free))
	default:
		fmt.Fprintf(out, "estimated %s for %d homes × %d days; %s has %s free\n", bytesText(need), homes, days, where, bytesText(free))
	}
	before, err := tableRows(ctx, d)
	if err != nil {
		return err
	}
	first, err := demo.NextScaleHome(ctx, s.People)
	if err != nil {
		return err
	}
	started := time.Now()
	if err := seedHomes(ctx, d, s, first, homes, days, func(done int, h demo.ScaleHome) {
		if done == 1 || done%10 == 0 || done == homes {
			fmt.Fprintf(out, "%d of %d homes written (the last %s, owner %s) after %s\n", done, homes, h.Facility, h.OwnerAccount,
				time.Since(started).Round(time.Second))
		}
	}); err != nil {
		return err
	}
	took := time.Since(started)
	after, err := tableRows(ctx, d)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(after))
	var added int64
	for name, n := range after {
		names = append(names, name)
		added += n - before[name]
	}
	sort.Strings(names)
	fmt.Fprintf(out, "%-36s %12s %12s\n", "table", "rows", "added")
	for _, name := range names {
		if after[name] > 0 {
			fmt.Fprintf(out, "%-36s %12d %12d\n", name, after[name], after[name]-before[name])
		}
	}
	size, err := databaseSize(ctx, d)
	if err != nil {
		return err
	}
	rate := float64(added) / took.Seconds()
	fmt.Fprintf(out, "homes %d to %d added: %d rows in %s (%.0f rows/s, %.1f s per home); the database is %s on disk\n",
		first, first+homes-1, added, took.Round(time.Second), rate, took.Seconds()/float64(homes), bytesText(size))
	return nil
}

// scaleWorkers is how many homes are written at once: PostgreSQL's time goes
// mostly to round trips, which several connections overlap; SQLite has one writer.
var scaleWorkers = map[db.Engine]int{db.SQLite: 1, db.Postgres: 4}

// seedHomes writes homes first to first+homes-1, each in its own transaction,
// scaleWorkers at a time; it stops at the first error (the homes written
// before it stay, and the next run numbers on from the highest).
//
// PostgreSQL plans each statement by the tables' statistics: with none (a
// new database, or autovacuum off) it logged each pass through an index of
// all the tenant's open passes, a cost that grew with the square of the
// history (131 s for one home of 180 days instead of a few). So the first
// home is written alone, then the tables are analysed, and again every
// analyseEvery homes.
func seedHomes(ctx context.Context, d *db.DB, s demo.Services, first, homes, days int, progress func(int, demo.ScaleHome)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	h, err := demo.SeedScaleHome(ctx, d, s, first, days)
	if err != nil {
		return err
	}
	progress(1, h)
	if err := analyse(ctx, d); err != nil {
		return err
	}
	first, homes = first+1, homes-1
	next := make(chan int)
	type result struct {
		home demo.ScaleHome
		err  error
	}
	results := make(chan result)
	var wg sync.WaitGroup
	for range max(1, scaleWorkers[d.Engine]) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range next {
				h, err := demo.SeedScaleHome(ctx, d, s, n, days)
				results <- result{h, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for n := first; n < first+homes; n++ {
			select {
			case next <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var firstErr error
	done := 1
	for r := range results {
		if r.err == nil && done%analyseEvery == 0 {
			r.err = analyse(ctx, d)
		}
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		done++
		progress(done, r.home)
	}
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// analyseEvery is how many homes are written between two analyses.
const analyseEvery = 100

// analyse updates PostgreSQL's statistics of every table (SQLite's planner
// needs none here).
func analyse(ctx context.Context, d *db.DB) error {
	if d.Engine != db.Postgres {
		return nil
	}
	if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
		return db.Wrap("seed: analyse", err)
	}
	return nil
}

// tableRows counts the rows of every table.
func tableRows(ctx context.Context, d *db.DB) (map[string]int64, error) {
	const what = "seed: count rows"
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if d.Engine == db.Postgres {
		q = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
	}
	rows, err := d.QueryContext(ctx, q)
	if err != nil {
		return nil, db.Wrap(what, err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, db.Wrap(what, err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap(what, err)
	}
	counts := make(map[string]int64, len(names))
	for _, name := range names {
		var n int64
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM "`+strings.ReplaceAll(name, `"`, `""`)+`"`).Scan(&n); err != nil {
			return nil, db.Wrap(what+" of "+name, err)
		}
		counts[name] = n
	}
	return counts, nil
}

// sqliteFile is the path of the SQLite database's main file.
func sqliteFile(ctx context.Context, d *db.DB) (string, error) {
	var file string
	if err := d.QueryRowContext(ctx, `SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&file); err != nil {
		return "", db.Wrap("seed: the database's file", err)
	}
	return file, nil
}

// databaseSize is the database's size on disk: the SQLite file and its
// write-ahead log, or PostgreSQL's pg_database_size.
func databaseSize(ctx context.Context, d *db.DB) (int64, error) {
	if d.Engine == db.Postgres {
		var n int64
		if err := d.QueryRowContext(ctx, `SELECT pg_database_size(current_database())`).Scan(&n); err != nil {
			return 0, db.Wrap("seed: database size", err)
		}
		return n, nil
	}
	file, err := sqliteFile(ctx, d)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, f := range []string{file, file + "-wal"} {
		st, err := os.Stat(f)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("seed: database size: %w", err)
		}
		n += st.Size()
	}
	return n, nil
}

// freeSpace is the free space of the disk the database lives on, and that
// directory: the SQLite file's, or PostgreSQL's data directory when the
// server runs on this machine and says where it is (a superuser's setting).
func freeSpace(ctx context.Context, d *db.DB, disk func(string) (int64, error)) (int64, string, error) {
	var dir string
	if d.Engine == db.Postgres {
		if err := d.QueryRowContext(ctx, `SELECT current_setting('data_directory')`).Scan(&dir); err != nil {
			return 0, "", db.Wrap("seed: PostgreSQL's data directory", err)
		}
	} else {
		file, err := sqliteFile(ctx, d)
		if err != nil {
			return 0, "", err
		}
		dir = filepath.Dir(file)
	}
	free, err := disk(dir)
	if err != nil {
		return 0, "", err
	}
	return free, dir, nil
}

// bytesText is n in the largest binary unit that keeps it above 1.
func bytesText(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
