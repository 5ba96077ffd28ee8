// Package ical writes RFC 5545 content lines: the calendar feed of training
// and the coaching sessions' invitations share it.
package ical

import (
	"strings"
	"unicode/utf8"
)

var textEscaper = strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", "")

// Text escapes a TEXT value: backslash, semicolon, comma and newline (CR is
// dropped).
func Text(s string) string { return textEscaper.Replace(s) }

// Param is a parameter value: quoted, with the characters a quoted value
// cannot hold (double quote, control characters) dropped.
func Param(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '"' || r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return `"` + s + `"`
}

// Writer collects content lines, each ended with CRLF and folded so no
// physical line is longer than 75 octets (continuations start with a space)
// and never inside a UTF-8 sequence.
type Writer struct {
	b strings.Builder
}

// Line adds one content line.
func (w *Writer) Line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut])
		w.b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	w.b.WriteString(s)
	w.b.WriteString("\r\n")
}

// String is everything written so far.
func (w *Writer) String() string { return w.b.String() }
