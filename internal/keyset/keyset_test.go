package keyset

import (
	"testing"
	"time"

	"hyrox/internal/apperr"
)

func TestCursorRoundTrip(t *testing.T) {
	c := Cursor{At: time.Date(2026, 3, 2, 7, 30, 0, 123456789, time.UTC), ID: 42}
	got, err := Parse(c.String())
	if err != nil || got == nil || !got.At.Equal(c.At) || got.ID != 42 {
		t.Fatalf("Parse(String()) = %+v, %v", got, err)
	}
	if first, err := Parse(""); first != nil || err != nil {
		t.Fatalf("empty cursor = %+v, %v; want first page", first, err)
	}
}

func TestParseRejectsMalformed(t *testing.T) {
	for _, raw := range []string{"!!", "bm9waXBl", Cursor{At: time.Now(), ID: 0}.String(), "MjAyNnwx"} {
		if _, err := Parse(raw); !apperr.Is(err, apperr.CodeInvalid) {
			t.Errorf("Parse(%q) = %v, want a validation error", raw, err)
		}
	}
}

func TestTrim(t *testing.T) {
	at := func(n int) Cursor { return Cursor{At: time.Unix(int64(n), 0), ID: int64(n)} }
	full := Trim([]int{5, 4, 3}, 2, at)
	if len(full.Items) != 2 || full.NextCursor != at(4).String() {
		t.Fatalf("limit+1 rows: %+v", full)
	}
	last := Trim([]int{2, 1}, 2, at)
	if len(last.Items) != 2 || last.NextCursor != "" {
		t.Fatalf("last page: %+v", last)
	}
	if empty := Trim[int](nil, 2, at); empty.Items == nil {
		t.Fatal("an empty page must encode items as [], not null")
	}
}

func TestOrderSQL(t *testing.T) {
	newest := Order{At: "p.created_at", ID: "p.id", Desc: true}
	if w, args := newest.After(nil); w != "" || args != nil {
		t.Fatalf("first page: %q %v", w, args)
	}
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	w, args := newest.After(&Cursor{At: at, ID: 7})
	if w != " AND (p.created_at, p.id) < (?, ?)" || len(args) != 2 || args[0] != at || args[1] != int64(7) {
		t.Fatalf("newest first: %q %v", w, args)
	}
	if by := newest.By(); by != " ORDER BY p.created_at DESC, p.id DESC" {
		t.Fatalf("By = %q", by)
	}
	oldest := Order{At: "created_at", ID: "id"}
	if w, _ := oldest.After(&Cursor{At: at, ID: 7}); w != " AND (created_at, id) > (?, ?)" {
		t.Fatalf("oldest first: %q", w)
	}
	if by := oldest.By(); by != " ORDER BY created_at, id" {
		t.Fatalf("By = %q", by)
	}
}
