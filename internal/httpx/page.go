package httpx

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
)

// Page is one page of a cursor-paginated list. NextCursor is empty on the last page.
type Page[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"nextCursor"`
}

// EncodeCursor packs the sort key of the last item into an opaque cursor.
func EncodeCursor(parts ...string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, "|")))
}

// DecodeCursor unpacks a cursor into want parts; a bad cursor is a 400.
func DecodeCursor(cursor string, want int) ([]string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	parts := strings.Split(string(raw), "|")
	if err != nil || len(parts) != want {
		return nil, Errorf(CodeInvalid, "The page cursor is not valid.")
	}
	return parts, nil
}

// PageLimit reads ?limit=, defaulting to def and capped at max.
func PageLimit(r *http.Request, def, max int) (int, error) {
	raw := r.URL.Query().Get("limit")
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		return 0, &Error{Code: CodeInvalid, Message: "The limit must be a positive whole number.",
			Fields: map[string]string{"limit": "Must be a positive whole number."}}
	}
	return min(n, max), nil
}
