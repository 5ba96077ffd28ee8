package tier

import "testing"

func TestRank(t *testing.T) {
	for in, want := range map[string]int{"basic": 1, "pro": 2, "elite": 3, "Pro": 2, "ELITE": 3, "": 0, "gold": 0} {
		if got := Rank(in); got != want {
			t.Errorf("Rank(%q) = %d, want %d", in, got, want)
		}
	}
	if !AtLeast(Elite, Pro) || AtLeast(Basic, Pro) || AtLeast("gold", Basic) {
		t.Error("AtLeast disagrees with Rank")
	}
}

func TestWithArticle(t *testing.T) {
	for in, want := range map[string]string{Basic: "a Basic", Pro: "a Pro", Elite: "an Elite", "": "a"} {
		if got := WithArticle(in); got != want {
			t.Errorf("WithArticle(%q) = %q, want %q", in, got, want)
		}
	}
}
