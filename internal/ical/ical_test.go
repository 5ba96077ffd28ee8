package ical

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLinesAreFoldedAt75OctetsOutsideUTF8Sequences(t *testing.T) {
	var w Writer
	long := "SUMMARY:" + strings.Repeat("é", 100)
	w.Line(long)
	w.Line("END:VEVENT")
	out := w.String()
	if !strings.HasSuffix(out, "\r\nEND:VEVENT\r\n") {
		t.Fatalf("lines must end in CRLF: %q", out)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if len(l) > 75 || !utf8.ValidString(l) {
			t.Errorf("physical line of %d octets or cut inside a rune: %q", len(l), l)
		}
	}
	if unfolded := strings.ReplaceAll(out, "\r\n ", ""); !strings.HasPrefix(unfolded, long+"\r\n") {
		t.Errorf("unfolding does not give the line back: %q", unfolded)
	}
}

func TestTextAndParamEscaping(t *testing.T) {
	if got := Text("a\\b;c,d\r\ne\rf"); got != `a\\b\;c\,d\nef` {
		t.Errorf("Text: %q", got)
	}
	if got := Param("Alex \"AM\"\nMorgan"); got != `"Alex AMMorgan"` {
		t.Errorf("Param: %q", got)
	}
}
