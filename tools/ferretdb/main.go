// Command ferretdb runs FerretDB 1.24 embedded, so machines without Docker get a
// MongoDB-compatible server from the Go module proxy alone (see docs/design.md §7).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", ".data/ferretdb", "SQLite data folder (sqlite handler)")
	pg := flag.String("postgresql-url", "", "use the PostgreSQL handler with this URL instead of SQLite")
	flag.Parse()

	cfg := ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: *addr}}
	if *pg != "" {
		cfg.Handler = "postgresql"
		cfg.PostgreSQLURL = *pg
	} else {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "ferretdb: cannot create data folder:", err)
			os.Exit(1)
		}
		cfg.Handler = "sqlite"
		cfg.SQLiteURL = "file:" + *dir + "/"
	}

	f, err := ferretdb.New(&cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	fmt.Println("ferretdb listening on", *addr)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}
