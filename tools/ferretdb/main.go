// Command ferretdb runs FerretDB 1.24 embedded, so machines without Docker get a
// MongoDB-compatible server from the Go module proxy alone (see docs/design.md §7).
//
// With -postgresql-url (what `npm start` gives it: a PostgreSQL of the project's own, in .data/)
// it uses FerretDB's PostgreSQL handler, creates the database when missing and installs the seek
// indexes (seek.go). -dir uses the SQLite handler: only `npm run db:migrate` still does, to read a
// site written before PostgreSQL became the default.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "", "SQLite data folder (sqlite handler)")
	pg := flag.String("postgresql-url", "", "use the PostgreSQL handler with this URL")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg := ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: *addr}}
	switch {
	case *pg != "":
		setup, cancel := context.WithTimeout(ctx, 60*time.Second)
		url, err := preparePostgreSQL(setup, *pg)
		cancel()
		if err != nil {
			fail(err)
		}
		cfg.Handler = "postgresql"
		cfg.PostgreSQLURL = url
	case *dir != "":
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			fail(fmt.Errorf("cannot create data folder: %w", err))
		}
		cfg.Handler = "sqlite"
		cfg.SQLiteURL = "file:" + *dir + "/"
	default:
		fail(fmt.Errorf("give -postgresql-url or -dir"))
	}

	f, err := ferretdb.New(&cfg)
	if err != nil {
		fail(err)
	}
	fmt.Println("ferretdb listening on", *addr)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ferretdb:", err)
	os.Exit(1)
}
