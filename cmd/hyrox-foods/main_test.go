package main

import (
	"strings"
	"testing"
)

func nutrient(name string, amount float64) struct {
	Amount float64 `xml:"amount,attr"`
	Name   string  `xml:"name,attr"`
} {
	return struct {
		Amount float64 `xml:"amount,attr"`
		Name   string  `xml:"name,attr"`
	}{amount, name}
}

// TestToFoodMicronutrients: vitamin A in µg RAE from retinol and carotenes,
// vitamin D in µg from IU, an absent nutrient an empty field (unknown).
func TestToFoodMicronutrients(t *testing.T) {
	x := xmlFood{UID: "01001", Name: "Butter, salted"}
	for _, n := range []struct {
		name string
		v    float64
	}{{"Energy", 717}, {"Sodium", 714}, {"Potassium", 24}, {"Retinol", 671}, {"Beta-carotene", 158}, {"Vitamin A", 2499},
		{"Vitamin D", 60}, {"Folate", 3}} {
		x.Nutrients = append(x.Nutrients, nutrient(n.name, n.v))
	}
	fd, err := toFood(x, false)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Split(fd.line, "\t")
	// id, name, group, retired, 7 columns, then potassium ... folate.
	micro := f[11:21]
	want := []string{"24", "", "", "", "", "684.2", "", "1.5", "", "3"}
	if strings.Join(micro, "|") != strings.Join(want, "|") || f[10] != "714" || f[8] != "0" {
		t.Fatalf("fields = %q", f)
	}

	cases := []struct {
		given map[string]float64
		rae   float64
		ok    bool
	}{
		{map[string]float64{"Retinol": 100, "Beta-carotene": 1200, "Alpha-carotene": 240, "Beta-cryptoxanthin": 240}, 100 + 100 + 20, true},
		{map[string]float64{"Beta-carotene": 600}, 50, true},
		{map[string]float64{"Vitamin A": 0}, 0, true},
		// IU alone cannot be split into retinol and carotenes: unknown.
		{map[string]float64{"Vitamin A": 500}, 0, false},
		{map[string]float64{}, 0, false},
	}
	for _, c := range cases {
		if rae, ok := retinolActivity(c.given); rae != c.rae || ok != c.ok {
			t.Errorf("retinolActivity(%v) = %v, %v", c.given, rae, ok)
		}
	}
}
