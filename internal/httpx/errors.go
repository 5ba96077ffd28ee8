// Package httpx holds the HTTP pieces every area shares: JSON in and out, the
// status for each domain error code, the request identity and middleware.
package httpx

import (
	"net/http"

	"hyrox/internal/apperr"
)

var statusByCode = map[apperr.Code]int{
	apperr.CodeInvalid:          http.StatusBadRequest,
	apperr.CodeUnauthorized:     http.StatusUnauthorized,
	apperr.CodeForbidden:        http.StatusForbidden,
	apperr.CodeNotFound:         http.StatusNotFound,
	apperr.CodeMethodNotAllowed: http.StatusMethodNotAllowed,
	apperr.CodeConflict:         http.StatusConflict,
	apperr.CodeTooLarge:         http.StatusRequestEntityTooLarge,
	apperr.CodeTooManyRequests:  http.StatusTooManyRequests,
	apperr.CodeUnavailable:      http.StatusServiceUnavailable,
	apperr.CodeInternal:         http.StatusInternalServerError,
}

// Status is the HTTP status for a domain error.
func Status(e *apperr.Error) int {
	if s, ok := statusByCode[e.Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}
