package nutrition

import (
	"testing"

	"hyrox/internal/apperr"
)

// TestSuggestPinsTheFormula pins Mifflin-St Jeor x activity x goal and the
// macro split; the figures were worked out by hand from the notes in suggest.go.
func TestSuggestPinsTheFormula(t *testing.T) {
	cases := []struct {
		name string
		in   SuggestInput
		want Suggestion
	}{
		{"80 kg man, active, maintain",
			SuggestInput{80, 180, 30, "male", "active", "maintain"},
			// BMR 800+1125-150+5 = 1780; x1.725 = 3070.5 -> 3070 kcal; 2.0 g/kg = 160 g;
			// fat 25% = 85 g; carbs (3070-640-765)/4 = 416 g.
			Suggestion{Targets{3070, 160, 416, 85}, 1780, 3071, 1.725, 2.0}},
		{"60 kg woman, moderate",
			SuggestInput{60, 165, 28, "female", "moderate", ""},
			// BMR 600+1031.25-140-161 = 1330.25; x1.55 = 2061.9 -> 2060 kcal.
			Suggestion{Targets{2060, 120, 267, 57}, 1330, 2062, 1.55, 2.0}},
		{"90 kg man, very active, lose",
			SuggestInput{90, 185, 35, "male", "very_active", "lose"},
			// BMR 1886.25; x1.9 = 3583.9; x0.9 = 3225.5 -> 3230 kcal; 2.2 g/kg = 198 g.
			Suggestion{Targets{3230, 198, 407, 90}, 1886, 3584, 1.9, 2.2}},
		{"70 kg man, light, gain",
			SuggestInput{70, 175, 25, "male", "light", "gain"},
			// BMR 1673.75; x1.375 = 2301.4; x1.1 = 2531.5 -> 2530 kcal.
			Suggestion{Targets{2530, 140, 335, 70}, 1674, 2301, 1.375, 2.0}},
		{"protein capped at 35 % of calories",
			SuggestInput{150, 170, 60, "female", "sedentary", "maintain"},
			// 2520 kcal; 2.0 g/kg would be 300 g, capped to 0.35 x 2520 / 4 = 220.5 -> 221 g.
			Suggestion{Targets{2520, 221, 252, 70}, 2102, 2522, 1.2, 2.0}},
		{"calories clamped to the 800 kcal floor",
			SuggestInput{30, 120, 90, "female", "sedentary", "lose"},
			Suggestion{Targets{800, 66, 85, 22}, 439, 527, 1.2, 2.2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			if err := validateSuggest(&in); err != nil {
				t.Fatal(err)
			}
			if got := Suggest(in); got != tc.want {
				t.Errorf("Suggest(%+v) = %+v, want %+v", tc.in, got, tc.want)
			}
		})
	}
}

func TestSuggestStaysWithinTargetBounds(t *testing.T) {
	for _, w := range []float64{30, 55, 80, 120, 300} {
		for _, h := range []float64{120, 170, 250} {
			for _, age := range []int{16, 40, 100} {
				for _, sex := range []string{"male", "female"} {
					for act := range activityFactors {
						for goal := range goalFactors {
							s := Suggest(SuggestInput{w, h, age, sex, act, goal})
							if err := validateTargets(s.Targets); err != nil {
								t.Fatalf("%v %v %v %s %s %s: %+v fails the bounds: %v", w, h, age, sex, act, goal, s, err)
							}
						}
					}
				}
			}
		}
	}
}

func TestSuggestValidation(t *testing.T) {
	cases := []struct {
		in    SuggestInput
		field string
	}{
		{SuggestInput{20, 180, 30, "male", "active", ""}, "weightKg"},
		{SuggestInput{80, 300, 30, "male", "active", ""}, "heightCm"},
		{SuggestInput{80, 180, 12, "male", "active", ""}, "age"},
		{SuggestInput{80, 180, 30, "x", "active", ""}, "sex"},
		{SuggestInput{80, 180, 30, "male", "couch", ""}, "activity"},
		{SuggestInput{80, 180, 30, "male", "active", "bulk"}, "goal"},
	}
	for _, tc := range cases {
		err := validateSuggest(&tc.in)
		e := apperr.As(err)
		if err == nil || e.Code != apperr.CodeInvalid || e.Fields[tc.field] == "" {
			t.Errorf("%+v: want a 400 on %s, got %v", tc.in, tc.field, err)
		}
	}
}
