package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

//go:embed seek.sql
var seekSQL string

// preparePostgreSQL makes the URL's database ready for FerretDB and returns the URL FerretDB gets.
//
// FerretDB 1.24 pushes an equality filter down as `_jsonb->$1 @> $2` with the field name as a
// parameter. pgx prepares its statements, and after five runs PostgreSQL may switch a prepared
// statement to a generic plan, in which `_jsonb->$1` matches no index expression: every query
// scanned its table again. plan_cache_mode=force_custom_plan (a run-time parameter pgx sends from
// the URL) plans each run with its field name. The seek indexes (seek.sql) need a superuser (event
// triggers); on a server where we are none FerretDB still runs, scanning.
func preparePostgreSQL(ctx context.Context, raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("-postgresql-url: %w", err)
	}
	q := u.Query()
	if q.Get("plan_cache_mode") == "" {
		q.Set("plan_cache_mode", "force_custom_plan")
	}
	u.RawQuery = q.Encode()
	full := u.String()

	conn, err := connect(ctx, full)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "3D000" { // invalid_catalog_name: no such database
		if err = createDatabase(ctx, u); err == nil {
			conn, err = connect(ctx, full)
		}
	}
	if err != nil {
		return "", fmt.Errorf("PostgreSQL: %w", err)
	}
	defer conn.Close(context.Background())

	// No arguments: the simple protocol, which runs the whole script.
	if _, err := conn.Exec(ctx, seekSQL); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb: seek indexes not installed (queries scan their tables):", err)
	}
	return full, nil
}

// connect waits for a PostgreSQL that is starting (or recovering after a crash) to take connections.
func connect(ctx context.Context, url string) (*pgx.Conn, error) {
	for {
		conn, err := pgx.Connect(ctx, url)
		var pgErr *pgconn.PgError
		if err == nil || (errors.As(err, &pgErr) && pgErr.Code != "57P03") { // cannot_connect_now
			return conn, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func createDatabase(ctx context.Context, u *url.URL) error {
	name := u.Path
	if len(name) > 0 && name[0] == '/' {
		name = name[1:]
	}
	admin := *u
	admin.Path = "/postgres"
	conn, err := connect(ctx, admin.String())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" ENCODING 'UTF8' TEMPLATE template0")
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // duplicate_database: another start made it
		return nil
	}
	return err
}
