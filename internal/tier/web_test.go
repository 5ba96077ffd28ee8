package tier

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

func readWeb(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile("../../web/src/" + path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The web app's tier list and ranks (web/src/lib/tiers.ts) are the ones
// declared here, in the same order.
func TestWebTiersAgree(t *testing.T) {
	src := readWeb(t, "lib/tiers.ts")
	list := regexp.MustCompile(`TIERS = \[([^\]]*)\]`).FindStringSubmatch(src)
	if list == nil {
		t.Fatal("web/src/lib/tiers.ts: no TIERS list")
	}
	names := regexp.MustCompile(`'(\w+)'`).FindAllStringSubmatch(list[1], -1)
	if len(names) != len(All) {
		t.Fatalf("web TIERS has %d tiers, Go has %d", len(names), len(All))
	}
	for i, n := range names {
		if n[1] != All[i] {
			t.Errorf("web TIERS[%d] = %q, Go %q", i, n[1], All[i])
		}
	}
	ranks := regexp.MustCompile(`(\w+): (\d)`).FindAllStringSubmatch(
		regexp.MustCompile(`RANKS[^{]*\{([^}]*)\}`).FindString(src), -1)
	if len(ranks) != len(All) {
		t.Fatalf("web RANKS has %d entries, want %d", len(ranks), len(All))
	}
	for _, r := range ranks {
		if n, _ := strconv.Atoi(r[2]); n != Rank(r[1]) {
			t.Errorf("web rank of %s = %d, Go %d", r[1], n, Rank(r[1]))
		}
	}
}

// Every tier the web's routes (access) and nav (tier) declare is a tier.
func TestWebRouteAndNavTiersAreTiers(t *testing.T) {
	for path, re := range map[string]string{
		"app/router.tsx":    `access: '(\w+)'`,
		"app/layout/nav.ts": `tier: '(\w+)'`,
	} {
		found := 0
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(readWeb(t, path), -1) {
			if m[1] == "public" || m[1] == "guest" {
				continue
			}
			found++
			if !Valid(m[1]) {
				t.Errorf("%s: %q is not a tier", path, m[1])
			}
		}
		if found == 0 {
			t.Errorf("%s: no tier declarations found: the pattern is stale", path)
		}
	}
}
