package community

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"hyrox/internal/httpx"
)

// FuzzCommunityPostInput feeds arbitrary bodies through the post and comment
// decode+validate path: it must never panic, and what it accepts is valid,
// trimmed text within the limits.
func FuzzCommunityPostInput(f *testing.F) {
	for _, s := range []string{`{"content":"hi"}`, `{"content":""}`, `{"content":5}`, `nope`, `{"content":"<script>x</script>"}`,
		`{"content":"\u0000\r\n\u202e"}`, `{} {}`, `[]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var in PostInput
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			return
		}
		if text, err := ValidatePost(in); err == nil {
			if n := utf8.RuneCountInString(text); n < 1 || n > MaxPostChars || !utf8.ValidString(text) {
				t.Fatalf("accepted %q", text)
			}
		}
		if text, err := ValidateComment(CommentInput{Content: in.Content}); err == nil {
			if n := utf8.RuneCountInString(text); n < 1 || n > MaxCommentChars {
				t.Fatalf("accepted comment %q", text)
			}
		}
	})
}
