package httpx

import "testing"

// The tier gate's message names the tier as the catalogue does, with the right
// article: "an Elite subscription", never "a elite" (docs/product.md#gates).
func TestTierErrorMessage(t *testing.T) {
	for tier, want := range map[string]string{
		"basic": "This feature requires a Basic subscription or higher.",
		"pro":   "This feature requires a Pro subscription or higher.",
		"elite": "This feature requires an Elite subscription or higher.",
	} {
		if got := TierError(tier).Message; got != want {
			t.Errorf("TierError(%q) = %q, want %q", tier, got, want)
		}
		if got := TierError(tier).Extra["requiredTier"]; got != tier {
			t.Errorf("requiredTier = %v, want %q", got, tier)
		}
	}
}
