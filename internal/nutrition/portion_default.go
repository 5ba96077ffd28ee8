package nutrition

import (
	"encoding/json"
	"strings"
	"unicode"
)

// The default portion of a food (docs/nutrition-foods.md#portions): the unit
// people eat it by, not the source's first measure ("cup, mashed" for a
// banana, a cup of eggs).

// naturalUnits are the measure words tried in order; the first the food has
// wins. "large" leads for eggs only (eggs are sold and counted large).
var naturalUnits = []string{"medium", "slice", "piece", "item", "bar", "fillet", "breast", "patty", "chop", "steak",
	"serving", "container", "packet", "scoop", "can", "cup", "tbsp", "tablespoon", "oz"}

// Bounds of a default portion: what one person eats at a sitting.
const (
	maxDefaultKcal  = 800
	maxDefaultGrams = 500
)

// DefaultMeasure is the label of f's default portion, or "" for 100 g.
func DefaultMeasure(f Food) string {
	fits := func(m Measure) bool { return m.Grams <= maxDefaultGrams && f.Kcal*m.Grams/100 <= maxDefaultKcal }
	units := naturalUnits
	if strings.HasPrefix(strings.ToLower(f.Name), "egg,") {
		units = append([]string{"large"}, units...)
	}
	for _, unit := range units {
		for _, m := range f.Measures {
			if measureUnit(m.Label) == unit && fits(m) {
				return m.Label
			}
		}
	}
	for _, m := range f.Measures {
		if fits(m) {
			return m.Label
		}
	}
	return ""
}

// measureUnit is the first word of a measure's label that is not a number,
// lower-cased: "0.5 breast, bone and skin removed" is "breast".
func measureUnit(label string) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !unicode.IsLetter(r) && r != '.' && !unicode.IsDigit(r) }) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			return w
		}
	}
	return ""
}

// MarshalJSON adds defaultMeasure, the portion the log form starts with.
func (f Food) MarshalJSON() ([]byte, error) {
	type plain Food // without this method
	return json.Marshal(struct {
		plain
		DefaultMeasure string `json:"defaultMeasure"`
	}{plain(f), DefaultMeasure(f)})
}
