// Package plaintext holds the one rule for text users type that others read
// (community posts and comments, coaching messages and questions): how it is
// cleaned and when it counts as empty (docs/security.md#text-users-write).
// Areas share it without importing each other.
package plaintext

import (
	"strings"
	"unicode"
)

// Clean normalises what a user typed: line endings become \n, control
// characters other than newline and tab are dropped, and the ends are
// trimmed. The text is stored and served as plain text; clients render it as
// text, never as HTML.
func Clean(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case r == '\r':
			return '\n'
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// blankFillers are letters that render as nothing (Hangul fillers, the
// blank Braille pattern).
var blankFillers = unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x115F, Hi: 0x1160, Stride: 1}, {Lo: 0x2800, Hi: 0x2800, Stride: 1},
	{Lo: 0x3164, Hi: 0x3164, Stride: 1}, {Lo: 0xFFA0, Hi: 0xFFA0, Stride: 1},
}}

// HasVisible reports whether text shows anything: text of only spaces,
// zero-width or other format characters, combining marks or blank fillers is
// as empty as no text at all.
func HasVisible(text string) bool {
	for _, r := range text {
		if !unicode.IsSpace(r) && !unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me, &blankFillers) {
			return true
		}
	}
	return false
}
