// Command hearth is the Hearth cloud server: serve, migrate, seed, user, openapi, backup, restore.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"hearth/cloud/feature/demo"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/svcpkg"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/param"
	"hearth/cloud/server"
	"hearth/frontend"
	"hearth/shared"
)

const usage = `hearth: care-facility management server

usage:
  hearth serve                       run the API and the UI (migrates first)
  hearth migrate                     apply database migrations
  hearth seed --demo                 add the demo facilities and people (needs HEARTH_DEV=1)
  hearth seed --scale HOMES --days DAYS
                                     add HOMES more homes with DAYS of history each (needs HEARTH_DEV=1; docs/operations.md)
  hearth user create-superadmin --account NAME --email ADDR --phone PHONE --name "FULL NAME"
                                     create a platform super admin; the password is read from standard input
  hearth openapi                     print the OpenAPI document served at /api/openapi.json (no server or database needed)
  hearth backup keygen               print a new backup identity (keep it off the server) and its public key
  hearth backup --out DIR [--recipient age1...]
                                     write an encrypted archive of the database, files and secrets while the server runs
                                     (the recipient may be given by HEARTH_BACKUP_RECIPIENT)
  hearth restore --from FILE --identity KEYFILE --into DIR [--database-url postgres://...]
                                     check an archive and restore it into a new data directory (and an empty PostgreSQL database)

Configuration is by environment variables; see docs/configuration.md.
`

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, os.Args[1], os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "hearth:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, log *slog.Logger, cmd string, args []string) error {
	switch cmd {
	case "serve", "migrate", "seed", "user":
	case "openapi":
		return writeOpenAPI(ctx, os.Stdout)
	case "backup":
		return runBackup(ctx, args, os.Stdout)
	case "restore":
		return runRestore(ctx, args, os.Stdout)
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	default:
		return fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	d, err := db.OpenWith(ctx, cfg.DatabaseURL, db.Options{MaxConns: cfg.DBMaxConns})
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	switch cmd {
	case "migrate":
		log.Info("migrations applied", "engine", d.Engine)
		return nil
	case "serve":
		srv, err := server.New(server.Deps{Config: cfg, DB: d, Log: log, UI: frontend.Dist(), Now: clockOf(cfg)}) //nolint:contextcheck // server.New only builds handlers; each runs on its own request's context
		if err != nil {
			return err
		}
		// HEARTH_PLAN_MAX_* seed the default packages the super admin has not saved yet.
		if err := srv.Packages.SeedDefaults(ctx, svcpkg.Seed{Residents: cfg.PlanMaxResidents,
			ShiftReports: cfg.PlanMaxShiftReports, IncidentReports: cfg.PlanMaxIncidentReports}); err != nil {
			return fmt.Errorf("seed the service packages: %w", err)
		}
		if addr := os.Getenv("HEARTH_PPROF"); addr != "" {
			if err := servePprof(addr, log); err != nil {
				return err
			}
		}
		if cfg.MetricsAddr != "" {
			if err := server.ServeMetrics(ctx, cfg.MetricsAddr, srv.Metrics, log); err != nil {
				return err
			}
		}
		// Background work (jobs, upload cleanup) stops with the server, which waits
		// for it: a running job finishes (or is cancelled) before the database closes.
		bg, stopBackground := context.WithCancel(ctx)
		ran := make(chan error, 1)
		go func() { ran <- srv.Run(bg) }()
		log.Info("hearth serving", "addr", cfg.Addr, "engine", d.Engine, "dev", cfg.Dev, "url", cfg.PublicURL)
		err = server.Serve(ctx, cfg, srv.Handler, log)
		stopBackground()
		if bgErr := <-ran; bgErr != nil {
			log.Error("background work stopped with an error", "err", bgErr)
		}
		return err
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		withDemo := fs.Bool("demo", false, "add the demo data")
		homes := fs.Int("scale", 0, "add this many more homes, each with --days of history")
		days := fs.Int("days", 30, "with --scale: the days of history of each home")
		if err := fs.Parse(args); err != nil {
			return err
		}
		if !*withDemo && *homes == 0 {
			return errors.New("seed: say --demo, or --scale HOMES --days DAYS")
		}
		if !cfg.Dev {
			return errors.New("seed is refused unless HEARTH_DEV=1: demo accounts share a published password")
		}
		// The demo data is written through the features' services, as the server builds them.
		srv, err := server.New(server.Deps{Config: cfg, DB: d, Log: log, Now: clockOf(cfg)}) //nolint:contextcheck // server.New only builds handlers; each runs on its own request's context
		if err != nil {
			return err
		}
		services := demo.Services{People: srv.IAM, Files: srv.Files, Medications: srv.Medications, Now: clockOf(cfg)}
		if *withDemo {
			if err := demo.Seed(ctx, d, services); errors.Is(err, demo.ErrAlreadySeeded) {
				log.Info("demo data already present")
			} else if err != nil {
				return err
			} else {
				log.Info("demo data added")
			}
		}
		if *homes > 0 {
			return seedScale(ctx, d, services, *homes, *days, diskFree, os.Stdout)
		}
		return nil
	default: // user
		if len(args) == 0 || args[0] != "create-superadmin" {
			return errors.New("user: the only subcommand is create-superadmin")
		}
		fs := flag.NewFlagSet("create-superadmin", flag.ContinueOnError)
		account := fs.String("account", "", "account name (6–20 letters, digits, underscore; starts with a letter)")
		email := fs.String("email", "", "e-mail address")
		phone := fs.String("phone", "", "phone number")
		name := fs.String("name", "", "full name")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *account == "" || *email == "" || *phone == "" || *name == "" {
			return errors.New("create-superadmin needs --account, --email, --phone and --name")
		}
		fmt.Fprint(os.Stderr, "password (8–30 characters with upper, lower, digit and one of @#$%^&+=): ")
		line, err := bufio.NewReader(os.Stdin).ReadString('\n')
		if err != nil && line == "" {
			return fmt.Errorf("read password: %w", err)
		}
		password := strings.TrimRight(line, "\r\n")
		if p := auth.PasswordProblem(password); p != "" {
			return fmt.Errorf("password refused (%s): 8–30 characters with upper, lower, digit and one of @#$%%^&+=, not a common password", p)
		}
		people := newIAM(cfg, d, log)
		var id string
		err = d.InTx(ctx, func(tx *db.Tx) error {
			var err error
			id, err = people.CreateUser(ctx, tx, auth.NewUser{Account: *account, Email: *email, Phone: *phone, Name: *name,
				Password: password, PlatformRole: shared.RoleSuperAdmin})
			return err
		})
		if err != nil {
			return err
		}
		log.Info("super admin created", "account", *account, "user_id", id)
		return nil
	}
}

// servePprof serves Go's profiler (net/http/pprof) on addr, for profiling only
// (docs/performance.md). It is opt-in and refuses any address but loopback:
// profiles show internals and the endpoints cost CPU.
func servePprof(addr string, log *slog.Logger) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("HEARTH_PPROF: %w", err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("HEARTH_PPROF must be a loopback address such as 127.0.0.1:6060, not %q", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("HEARTH_PPROF: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	log.Warn("profiler listening (HEARTH_PPROF)", "addr", ln.Addr().String())
	go func() {
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		if err := srv.Serve(ln); err != nil {
			log.Error("profiler stopped", "err", err)
		}
	}()
	return nil
}

func newIAM(cfg *config.Config, d *db.DB, log *slog.Logger) *iam.Service {
	tokens, err := auth.NewTokens(cfg.JWTSecret, nil)
	if err != nil {
		panic(err)
	}
	return iam.New(d, tokens, mail.New(cfg.SMTP, d, log), cfg, param.New(d, param.NewVersions(d), log, nil), log, nil)
}

// clockOf is the server's clock: the real one, moved by HEARTH_DEV_CLOCK_OFFSET in development.
func clockOf(cfg *config.Config) func() time.Time {
	if off := cfg.DevClockOffset; off != 0 {
		return func() time.Time { return time.Now().Add(off) }
	}
	return time.Now
}
