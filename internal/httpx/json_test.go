package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
)

// An error goes back to the Handler untouched, with nothing written; without
// one, v is written with the given status as JSON.
func TestReply(t *testing.T) {
	failed := errors.New("failed")
	rec := httptest.NewRecorder()
	if err := Reply(rec, http.StatusCreated, map[string]int{"id": 1}, failed); err != failed {
		t.Fatalf("err = %v, want %v", err, failed)
	}
	if rec.Body.Len() != 0 || len(rec.Header()) != 0 {
		t.Fatalf("wrote %q with headers %v on an error", rec.Body, rec.Header())
	}

	rec = httptest.NewRecorder()
	if err := Reply(rec, http.StatusCreated, map[string]int{"id": 1}, nil); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusCreated {
		t.Errorf("status = %d, want %d", rec.Code, http.StatusCreated)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if body := rec.Body.String(); body != "{\"id\":1}\n" {
		t.Errorf("body = %q", body)
	}
}

func TestDecodeJSONRefusesNULInAnyString(t *testing.T) {
	for body, nul := range map[string]bool{
		`{"a":"x\u0000"}`:   true,
		`{"a\u0000":"x"}`:   true,
		`{"a":["\u0000"]}`:  true,
		`{"a":"\\\u0000"}`:  true,
		`{"a":"\\u0000"}`:   false, // a backslash, then the text u0000
		`{"a":"\\\\u0000"}`: false,
		`{"a":"\u0001 ok"}`: false,
		"{\"a\":\"x\x00\"}": true,
	} {
		var v map[string]any
		err := DecodeJSONBytes(strings.NewReader(body), &v)
		if got := err == ErrNUL; got != nul {
			t.Errorf("%s: err %v, want NUL refusal %v", body, err, nul)
		}
	}
}

// A time field that does not decode is named, nested or not; a syntax error
// is still "not valid JSON" (docs/time-entry.md).
func TestDecodeJSONNamesTheBadTimeField(t *testing.T) {
	type item struct {
		At time.Time `json:"at"`
	}
	type Embedded struct {
		Since *time.Time `json:"since"`
	}
	type body struct {
		Embedded
		CompletedAt *time.Time `json:"completedAt"`
		Items       []item     `json:"items"`
	}
	cases := []struct{ in, field string }{
		{`{"completedAt": "yesterday"}`, "completedAt"},
		{`{"completedAt": "2026-11-25"}`, "completedAt"},
		{`{"completedAt": "2026-11-25T18:30"}`, "completedAt"},
		{`{"completedAt": 5}`, "completedAt"},
		{`{"items": [{"at": "2026-11-25T18:30:00Z"}, {"at": "noon"}]}`, "items.1.at"},
		{`{"since": "2026-11-25T18:30:00"}`, "since"},
	}
	for _, c := range cases {
		var dst body
		err := DecodeJSONBytes(strings.NewReader(c.in), &dst)
		e := apperr.As(err)
		if e.Code != apperr.CodeInvalid || e.Fields[c.field] != TimeFieldMessage || !strings.Contains(e.Message, c.field) {
			t.Errorf("%s: %+v", c.in, e)
		}
	}
	var dst body
	if err := DecodeJSONBytes(strings.NewReader(`{"completedAt": "2026-11-25T18:30:00+01:00", "since": null}`), &dst); err != nil {
		t.Errorf("a valid time: %v", err)
	}
	e := apperr.As(DecodeJSONBytes(strings.NewReader(`{"completedAt": `), &dst))
	if e.Message != "The request body is not valid JSON." || len(e.Fields) != 0 {
		t.Errorf("syntax error: %+v", e)
	}
}
