package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ErrInUse means another connection (a running server) has the database open.
var ErrInUse = errors.New("the database is in use: stop every server using it first")

// Backup writes a consistent copy of the SQLite database to dst while the
// app keeps serving: VACUUM INTO reads one snapshot (a WAL read transaction,
// so writers are not blocked) and writes it to a temporary file that is
// synced and renamed into place, so dst is either complete or absent.
// On PostgreSQL the tool is pg_dump (docs/operations.md).
func (db *DB) Backup(ctx context.Context, dst string) error {
	if db.Dialect != SQLite {
		return errors.New("backup copies SQLite databases; use pg_dump for PostgreSQL")
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("%s already exists: choose a new file", dst)
	}
	tmp := dst + ".partial"
	_ = os.Remove(tmp)
	// Its own connection: the read pool is query-only, and the one writer
	// must stay free for the app while the copy runs.
	c, err := sql.Open("sqlite", "file:"+db.path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, `VACUUM INTO ?`, tmp)
	if cerr := c.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup: %w", err)
	}
	if err := syncFile(tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(dst))
}

// RestoreSQLite replaces the SQLite database at dbPath with the backup at
// src. It checks the backup first (SQLite's integrity check, and that it is
// one of the app's databases) and refuses while anything has dbPath open.
// The database it replaces is kept beside it as dbPath.before-restore.
func RestoreSQLite(ctx context.Context, src, dbPath string) error {
	if err := checkBackup(ctx, src); err != nil {
		return err
	}
	if _, err := os.Stat(dbPath); err == nil {
		if err := checkNotInUse(ctx, dbPath); err != nil {
			return err
		}
		old, err := Open(ctx, "sqlite:"+dbPath)
		if err != nil {
			return err
		}
		keep := dbPath + ".before-restore"
		_ = os.Remove(keep)
		err = old.Backup(ctx, keep)
		if cerr := old.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("keep the current database: %w", err)
		}
	}
	tmp := dbPath + ".restoring"
	if err := copyFile(src, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	// The old database's WAL and shared-memory files must not be replayed
	// into the restored one.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dbPath + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			os.Remove(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(dbPath))
}

// checkBackup opens src read-only and runs SQLite's integrity check.
func checkBackup(ctx context.Context, src string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	c, err := sql.Open("sqlite", "file:"+src+"?mode=ro")
	if err != nil {
		return err
	}
	defer c.Close()
	var result string
	if err := c.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&result); err != nil {
		return fmt.Errorf("%s is not a readable SQLite database: %w", src, err)
	}
	if result != "ok" {
		return fmt.Errorf("%s fails SQLite's integrity check: %s", src, result)
	}
	var version int64
	if err := c.QueryRowContext(ctx, `SELECT MAX(version_id) FROM goose_db_version`).Scan(&version); err != nil {
		return fmt.Errorf("%s is not a HYROX database (no migration table): %w", src, err)
	}
	return nil
}

// checkNotInUse takes SQLite's exclusive lock for a moment. In WAL mode
// every open connection holds a shared lock on the file, so this fails while
// a server (or any other tool) has it open.
func checkNotInUse(ctx context.Context, path string) error {
	c, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)&_pragma=locking_mode(EXCLUSIVE)")
	if err != nil {
		return err
	}
	defer c.Close()
	conn, err := c.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN EXCLUSIVE`); err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrInUse, err)
	}
	_, err = conn.ExecContext(ctx, `COMMIT`)
	return err
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
