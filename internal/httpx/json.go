package httpx

import (
	"bytes"
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
		slog.ErrorContext(r.Context(), "request failed", "err", err, "method", r.Method, "path", LogPath(r), "request_id", RequestID(r.Context()))
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

// ErrNUL refuses text holding a NUL byte, in a JSON string or the URL
// (docs/security.md#nul-bytes): no field of the product needs one, and
// PostgreSQL cannot store it in text.
var ErrNUL = apperr.Errorf(apperr.CodeInvalid, "Text must not contain NUL characters.")

var errTooLarge = apperr.Errorf(apperr.CodeTooLarge, "The request body is too large.")

// DecodeJSONBytes decodes one JSON value from rd into dst with DecodeJSON's
// rules; a NUL in any string (key or value) refuses the whole body.
func DecodeJSONBytes(rd io.Reader, dst any) error {
	var tooBig *http.MaxBytesError
	data, err := io.ReadAll(rd)
	if errors.As(err, &tooBig) {
		return errTooLarge
	} else if err != nil {
		return apperr.Errorf(apperr.CodeInvalid, "The request body could not be read.")
	}
	if hasNUL(data) {
		return ErrNUL
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return errTooLarge
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

// hasNUL reports whether JSON text holds a NUL: the escape \u0000, or a raw
// NUL byte (invalid JSON anyway). Backslashes appear only inside strings and
// each one escapes the next character, so skipping that character keeps an
// escaped backslash followed by "u0000" (text, not a NUL) apart.
func hasNUL(data []byte) bool {
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case 0:
			return true
		case '\\':
			if bytes.HasPrefix(data[i+1:], []byte("u0000")) {
				return true
			}
			i++
		}
	}
	return false
}
