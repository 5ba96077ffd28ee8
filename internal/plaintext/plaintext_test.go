package plaintext

import "testing"

func TestCleanDropsControlsAndTrims(t *testing.T) {
	if got := Clean(" a\r\nb\rc\x00\x07\td "); got != "a\nb\nc\td" {
		t.Fatalf("Clean: %q", got)
	}
}

func TestHasVisible(t *testing.T) {
	for text, want := range map[string]bool{
		"": false, " \n\t": false, "\u200b\u200d\ufeff": false, "\u2800": false, "\u3164\u115f": false,
		"\u0301": false, "a": true, "\u200bx": true, "🏋": true, "é": true,
	} {
		if got := HasVisible(text); got != want {
			t.Errorf("HasVisible(%q) = %v, want %v", text, got, want)
		}
	}
}
