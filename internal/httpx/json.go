package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"hyrox/internal/apperr"
)

// MaxBodyBytes bounds every JSON request body.
const MaxBodyBytes = 1 << 20

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h[jsonType.key], h[noStore.key] = jsonType.value, noStore.value
	w.WriteHeader(status)
	if v == nil {
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

// Reply ends a JSON handler: it returns err when there is one, otherwise
// writes v with status. Most handlers end with a call that returns (v, err);
// this is that call's if-err-return-else-write in one line.
func Reply(w http.ResponseWriter, status int, v any, err error) error {
	if err != nil {
		return err
	}
	WriteJSON(w, status, v)
	return nil
}

// WriteError writes err in the one JSON error shape; internal errors are logged
// with the request id and never shown.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := apperr.As(err)
	if e.Code == apperr.CodeInternal {
		slog.ErrorContext(r.Context(), "request failed", "err", err, "method", r.Method, "path", r.URL.Path, "request_id", RequestID(r.Context()))
	}
	retryAfterHeader(w, e)
	body := map[string]any{"message": e.Message}
	if len(e.Fields) > 0 {
		body["errors"] = e.Fields
	}
	for k, v := range e.Extra {
		body[k] = v
	}
	WriteJSON(w, Status(e), body)
}

var jsonType, noStore = fixed("Content-Type", "application/json"), fixed("Cache-Control", "no-store")

// Handler is an http handler that returns its error instead of writing it.
type Handler func(w http.ResponseWriter, r *http.Request) error

func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// DecodeJSON reads one JSON object into dst. Unknown fields are ignored so
// older clients keep working; malformed or oversized bodies are a 400/413.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return apperr.Errorf(apperr.CodeInvalid, "Send the request body as JSON.")
	}
	body := http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	return DecodeJSONBytes(body, dst)
}

// DecodeJSONBytes decodes one JSON value from rd into dst with DecodeJSON's rules.
func DecodeJSONBytes(rd io.Reader, dst any) error {
	dec := json.NewDecoder(rd)
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return apperr.Errorf(apperr.CodeTooLarge, "The request body is too large.")
		case errors.Is(err, io.EOF):
			return apperr.Errorf(apperr.CodeInvalid, "The request body is empty.")
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return &apperr.Error{Code: apperr.CodeInvalid, Message: "The field " + typeErr.Field + " has the wrong type.",
				Fields: map[string]string{typeErr.Field: "Wrong type."}}
		default:
			return apperr.Errorf(apperr.CodeInvalid, "The request body is not valid JSON.")
		}
	}
	if dec.More() {
		return apperr.Errorf(apperr.CodeInvalid, "The request body must hold one JSON object.")
	}
	return nil
}
