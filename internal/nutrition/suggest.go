package nutrition

import (
	"math"
	"strings"

	"hyrox/internal/apperr"
)

// Target suggestion (docs/product.md#nutrition: targets suggested from weight, height, age,
// sex and activity with Mifflin-St Jeor, which the athlete may edit).
//
//  1. Resting energy, Mifflin-St Jeor:
//     BMR = 10 x weight(kg) + 6.25 x height(cm) - 5 x age(y) + s,
//     s = +5 for men, -161 for women.
//     source: Mifflin MD, St Jeor ST, et al. "A new predictive equation for
//     resting energy expenditure in healthy individuals." Am J Clin Nutr.
//     1990;51(2):241-247. Frankenfield D, et al. J Am Diet Assoc.
//     2005;105(5):775-789 found it the most accurate of the common equations.
//  2. Daily energy = BMR x activity factor (the physical-activity multipliers
//     used with the equation: 1.2 sedentary, 1.375 light (1-3 sessions a
//     week), 1.55 moderate (3-5), 1.725 active (6-7, the usual HYROX block),
//     1.9 very active (twice a day or a physical job)).
//     source: McArdle, Katch & Katch, Exercise Physiology; FAO/WHO/UNU
//     Human energy requirements (2004), physical activity levels 1.4-2.4.
//  3. Goal: lose x 0.90, maintain x 1.00, gain x 1.10. A mild 10 % deficit
//     protects training quality; larger cuts hurt a hybrid athlete's sessions.
//     Calories are rounded to the nearest 10 kcal.
//  4. Protein: 2.0 g per kg body weight (2.2 g/kg when losing), at most 35 % of
//     the calories. HYROX mixes endurance running with heavy sled and carry
//     work, so the upper end of the range for athletes fits.
//     source: Jäger R, et al. "ISSN position stand: protein and exercise."
//     J Int Soc Sports Nutr. 2017;14:20 (1.4-2.0 g/kg/day; higher in a
//     deficit); Thomas DT, Erdman KA, Burke LM. "Nutrition and Athletic
//     Performance" (ACSM/AND/DC joint position). Med Sci Sports Exerc.
//     2016;48(3):543-568 (1.2-2.0 g/kg/day). For an 80-85 kg athlete this
//     gives the product's 160-170 g guideline.
//  5. Fat: 25 % of calories (the joint position's 20-35 % range).
//  6. Carbohydrate: the rest of the calories, at 4 kcal/g (about 5-7 g/kg
//     for a typical HYROX athlete: the joint position's range for moderate
//     to high training volume).
//     Every figure is then clamped to the bounds PUT /api/nutrition accepts.

// activityFactors maps the activity levels to their multipliers.
var activityFactors = map[string]float64{
	"sedentary":   1.2,
	"light":       1.375,
	"moderate":    1.55,
	"active":      1.725,
	"very_active": 1.9,
}

// goalFactors scales the daily energy for the goal.
var goalFactors = map[string]float64{"lose": 0.90, "maintain": 1.0, "gain": 1.10}

const (
	proteinPerKg     = 2.0
	proteinPerKgLose = 2.2
	maxProteinShare  = 0.35
	fatShare         = 0.25
)

// Bounds of the targets (PUT /api/nutrition/{userId}).
const (
	MinDailyCalories = 800
	MaxDailyCalories = 10000
	MinMacroTarget   = 1
	MaxMacroTarget   = 1000
)

func validateSuggest(in *SuggestInput) error {
	in.Sex = strings.ToLower(strings.TrimSpace(in.Sex))
	in.Activity = strings.ToLower(strings.TrimSpace(in.Activity))
	in.Goal = strings.ToLower(strings.TrimSpace(in.Goal))
	if in.Goal == "" {
		in.Goal = "maintain"
	}
	var v apperr.Validator
	v.Check(in.WeightKg >= 30 && in.WeightKg <= 300, "weightKg", "Weight must be between 30 and 300 kg")
	v.Check(in.HeightCm >= 120 && in.HeightCm <= 250, "heightCm", "Height must be between 120 and 250 cm")
	v.Check(in.Age >= 16 && in.Age <= 100, "age", "Age must be between 16 and 100")
	v.Check(in.Sex == "male" || in.Sex == "female", "sex", "Sex must be male or female")
	_, ok := activityFactors[in.Activity]
	v.Check(ok, "activity", "Activity must be sedentary, light, moderate, active or very_active")
	_, ok = goalFactors[in.Goal]
	v.Check(ok, "goal", "Goal must be lose, maintain or gain")
	return v.Err()
}

// Suggest computes targets from a validated input (see the notes above).
func Suggest(in SuggestInput) Suggestion {
	s := 5.0
	if in.Sex == "female" {
		s = -161
	}
	bmr := 10*in.WeightKg + 6.25*in.HeightCm - 5*float64(in.Age) + s
	factor := activityFactors[in.Activity]
	tdee := bmr * factor
	goal := goalFactors[in.Goal]
	if goal == 0 {
		goal = 1
	}
	calories := clamp(int(math.Round(tdee*goal/10))*10, MinDailyCalories, MaxDailyCalories)

	perKg := proteinPerKg
	if in.Goal == "lose" {
		perKg = proteinPerKgLose
	}
	protein := math.Min(perKg*in.WeightKg, maxProteinShare*float64(calories)/4)
	proteinG := clamp(int(math.Round(protein)), MinMacroTarget, MaxMacroTarget)
	fatG := clamp(int(math.Round(fatShare*float64(calories)/9)), MinMacroTarget, MaxMacroTarget)
	carbsG := clamp(int(math.Round(float64(calories-4*proteinG-9*fatG)/4)), MinMacroTarget, MaxMacroTarget)

	return Suggestion{
		Targets:        Targets{DailyCalories: calories, ProteinTarget: proteinG, CarbsTarget: carbsG, FatTarget: fatG},
		BMR:            int(math.Round(bmr)),
		TDEE:           int(math.Round(tdee)),
		ActivityFactor: factor,
		ProteinPerKg:   perKg,
	}
}

func clamp(n, lo, hi int) int { return min(max(n, lo), hi) }
