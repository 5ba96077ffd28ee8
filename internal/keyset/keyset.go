// Package keyset is the one way lists are paged: newest first by a time and an
// id, with an opaque cursor naming the last item of the page before.
package keyset

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
)

// Page is one page of a list. NextCursor is empty on the last page.
type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"nextCursor"`
}

// Cursor is the sort key of the last item of a page: the next page starts
// strictly after (At, ID) in the list's order.
type Cursor struct {
	At time.Time
	ID int64
}

var errBadCursor = apperr.Invalid(map[string]string{"cursor": "The page cursor is not valid."})

// String packs the cursor into the opaque form sent to clients.
func (c Cursor) String() string {
	raw := c.At.UTC().Format(time.RFC3339Nano) + "|" + strconv.FormatInt(c.ID, 10)
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// Parse unpacks a client's cursor; "" is the first page (nil), anything
// malformed is a validation error.
func Parse(raw string) (*Cursor, error) {
	if raw == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil {
		return nil, errBadCursor
	}
	at, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return nil, errBadCursor
	}
	t, terr := time.Parse(time.RFC3339Nano, at)
	n, nerr := strconv.ParseInt(id, 10, 64)
	if terr != nil || nerr != nil || n <= 0 {
		return nil, errBadCursor
	}
	return &Cursor{At: t.UTC(), ID: n}, nil
}

// Trim turns the rows of a limit+1 query into a page: the extra row only says
// that another page exists, and the last kept row becomes the cursor.
func Trim[T any](rows []T, limit int, cursorOf func(T) Cursor) Page[T] {
	if rows == nil {
		rows = []T{}
	}
	if len(rows) <= limit {
		return Page[T]{Items: rows}
	}
	rows = rows[:limit]
	return Page[T]{Items: rows, NextCursor: cursorOf(rows[limit-1]).String()}
}

// Order is a list's order: by the time column At, then the id column ID,
// newest first when Desc. Its SQL is the one keyset shape of every store
// (ARCHITECTURE.md#stores): a row-value comparison the list's index serves.
type Order struct {
	At, ID string
	Desc   bool
}

// After is the condition (" AND (at, id) < (?, ?)") that starts a page
// strictly after c, with its arguments; nothing for the first page (nil).
func (o Order) After(c *Cursor) (string, []any) {
	if c == nil {
		return "", nil
	}
	op := ">"
	if o.Desc {
		op = "<"
	}
	return " AND (" + o.At + ", " + o.ID + ") " + op + " (?, ?)", []any{c.At, c.ID}
}

// By is the ORDER BY clause.
func (o Order) By() string {
	dir := ""
	if o.Desc {
		dir = " DESC"
	}
	return " ORDER BY " + o.At + dir + ", " + o.ID + dir
}
