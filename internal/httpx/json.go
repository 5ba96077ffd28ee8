package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

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
// rules; a NUL in any string (key or value) refuses the whole body. A time
// field that is not an RFC 3339 date and time with a zone is named in the
// error (docs/time-entry.md), whatever struct it is in.
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
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &tooBig):
			return errTooLarge
		case errors.Is(err, io.EOF):
			return apperr.Errorf(apperr.CodeInvalid, "The request body is empty.")
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return &apperr.Error{Code: apperr.CodeInvalid, Message: "The field " + typeErr.Field + " has the wrong type.",
				Fields: map[string]string{typeErr.Field: "Wrong type."}}
		case !errors.As(err, &syntaxErr):
			if field := badTimeField(data, reflect.TypeOf(dst), ""); field != "" {
				return &apperr.Error{Code: apperr.CodeInvalid, Message: "The field " + field + " is not a valid date and time.",
					Fields: map[string]string{field: TimeFieldMessage}}
			}
		}
		return apperr.Errorf(apperr.CodeInvalid, "The request body is not valid JSON.")
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

// TimeFieldMessage is what a malformed JSON time field answers.
const TimeFieldMessage = "Use a date and time with its time zone, e.g. 2026-11-25T18:30:00Z or 2026-11-25T18:30:00+01:00."

var timeType = reflect.TypeFor[time.Time]()

// badTimeField finds the first time.Time field of t (a struct, or a pointer
// to one, nested structs and lists included) whose value in raw does not
// decode, and returns its path ("completedAt", "items.2.at"); "" when none.
func badTimeField(raw []byte, t reflect.Type, prefix string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == timeType {
		if string(raw) == "null" {
			return ""
		}
		var v time.Time
		if v.UnmarshalJSON(raw) != nil {
			return prefix
		}
		return ""
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return ""
		}
		for i, item := range items {
			if f := badTimeField(item, t.Elem(), join(prefix, strconv.Itoa(i))); f != "" {
				return f
			}
		}
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return ""
		}
		for i := range t.NumField() {
			sf := t.Field(i)
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if !sf.IsExported() || name == "-" {
				continue
			}
			if name == "" && sf.Anonymous {
				// An embedded struct's fields sit in the same object.
				if f := badTimeField(raw, sf.Type, prefix); f != "" {
					return f
				}
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if value, ok := lookup(obj, name); ok {
				if f := badTimeField(value, sf.Type, join(prefix, name)); f != "" {
					return f
				}
			}
		}
	}
	return ""
}

// lookup finds key in obj as encoding/json does: exact, else case-insensitive.
func lookup(obj map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	if v, ok := obj[key]; ok {
		return v, true
	}
	for k, v := range obj {
		if strings.EqualFold(k, key) {
			return v, true
		}
	}
	return nil, false
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}
