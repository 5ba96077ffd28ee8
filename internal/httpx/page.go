package httpx

import (
	"net/http"
	"strconv"

	"hyrox/internal/apperr"
)

// PageLimit reads ?limit=, defaulting to def and capped at max.
func PageLimit(r *http.Request, def, max int) (int, error) {
	raw := r.URL.Query().Get("limit")
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		return 0, &apperr.Error{Code: apperr.CodeInvalid, Message: "The limit must be a positive whole number.",
			Fields: map[string]string{"limit": "Must be a positive whole number."}}
	}
	return min(n, max), nil
}
