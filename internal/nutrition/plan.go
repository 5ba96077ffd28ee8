package nutrition

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"hyrox/internal/apperr"
)

// Personalized nutrition plans (docs/nutrition-foods.md#day-targets): day targets
// that follow the calendar's day type, and a generated day of meals from the
// food database that meets them.

// DayType is what the calendar says about one day, shaped like the training
// area's: Kind is "training", "rest" or "race"; PlannedLoad is the sum of
// minutes x RPE of the day's sessions.
type DayType struct {
	Date           string
	Kind           string
	PlannedMinutes int
	PlannedLoad    int
}

// DayPlanner gives the day types of a user's calendar, one per date in
// [from, to]. The server wires the training area into it; without it plans
// use the profile's targets.
type DayPlanner interface {
	DayTypes(ctx context.Context, userID int64, from, to string) ([]DayType, error)
}

// DayPlannerFunc lets a function be a DayPlanner.
type DayPlannerFunc func(ctx context.Context, userID int64, from, to string) ([]DayType, error)

func (f DayPlannerFunc) DayTypes(ctx context.Context, userID int64, from, to string) ([]DayType, error) {
	return f(ctx, userID, from, to)
}

// UsePlanner connects the calendar (nil disconnects it).
func (s *Service) UsePlanner(p DayPlanner) { s.planner = p }

// Rules of the day targets (docs/nutrition-foods.md#day-targets).
const (
	// BaseLoad is the planned load the profile's targets stand for: about an
	// hour at RPE 5.
	BaseLoad = 300
	// LoadPerCarbStep: each this many load units above (or below) BaseLoad
	// add (or take) 10 % of the carbohydrate target.
	LoadPerCarbStep = 100
	// carb factors are bounded on training days.
	minTrainingCarbs = 0.9
	maxTrainingCarbs = 1.5
	restCarbs        = 0.75
	raceCarbs        = 1.3
	raceFat          = 0.8
	loadingCarbs     = 1.5
	loadingFat       = 0.7
	// LoadingDays is how many days before a race carbohydrate loading lasts.
	LoadingDays = 2
	// noCalendarWindow: when every day from a week before to the loading
	// window after holds nothing, the athlete has no calendar.
	noCalendarDaysBefore = 6
)

// PlanDay is the day type a plan was built for.
type PlanDay struct {
	Kind           string `json:"kind"` // training | rest | race | loading
	PlannedMinutes int    `json:"plannedMinutes"`
	PlannedLoad    int    `json:"plannedLoad"`
}

// PlanItem is one food of a generated meal.
type PlanItem struct {
	FoodID   int64   `json:"foodId"`
	Name     string  `json:"name"`
	Grams    float64 `json:"grams"`
	Quantity string  `json:"quantity"`
	Calories int     `json:"calories"`
	Protein  int     `json:"protein"`
	Carbs    int     `json:"carbs"`
	Fat      int     `json:"fat"`
}

// PlanMeal is one generated meal; Variant picks the template (a swap moves
// to the next one of Variants).
type PlanMeal struct {
	MealType string     `json:"mealType"`
	Name     string     `json:"name"`
	Variant  int        `json:"variant"`
	Variants int        `json:"variants"`
	Items    []PlanItem `json:"items"`
	Calories int        `json:"calories"`
	Protein  int        `json:"protein"`
	Carbs    int        `json:"carbs"`
	Fat      int        `json:"fat"`
}

// Macros is a total of calories and macros.
type Macros struct {
	Calories int `json:"calories"`
	Protein  int `json:"protein"`
	Carbs    int `json:"carbs"`
	Fat      int `json:"fat"`
}

// DayPlan is the answer of GET /api/nutrition/plan.
type DayPlan struct {
	Date string `json:"date"`
	// Source is "calendar" when the day type came from the calendar, else
	// "profile" (no calendar connected or nothing planned).
	Source      string     `json:"source"`
	Day         *PlanDay   `json:"day"`
	Explanation []string   `json:"explanation"`
	Base        Targets    `json:"base"`
	Targets     Targets    `json:"targets"`
	Meals       []PlanMeal `json:"meals"`
	Totals      Macros     `json:"totals"`
}

// DayTargets applies the day type to the profile's targets and explains the
// change in words. Protein stays; carbohydrate follows the day; calories
// follow the carbohydrate and fat changed (4 and 9 kcal a gram).
func DayTargets(base Targets, day PlanDay) (Targets, []string) {
	carbs, fat := 1.0, 1.0
	var why []string
	switch day.Kind {
	case "race":
		carbs, fat = raceCarbs, raceFat
		why = append(why, "Race day: carbohydrate up 30 % and fat down 20 % for fast fuel before and during the race.")
	case "loading":
		carbs, fat = loadingCarbs, loadingFat
		why = append(why, "A race is at most two days away: carbohydrate loading, carbohydrate up 50 % and fat down 30 % to fill your glycogen stores.")
	case "rest":
		carbs = restCarbs
		why = append(why, "Rest day: nothing is planned, so carbohydrate is 25 % lower than on a training day.")
	case "training":
		carbs = 1 + 0.1*float64(day.PlannedLoad-BaseLoad)/LoadPerCarbStep
		carbs = math.Max(minTrainingCarbs, math.Min(maxTrainingCarbs, carbs))
		switch {
		case carbs > 1:
			why = append(why, fmt.Sprintf("Training day: %d minutes planned, load %d (minutes x RPE). Above the load of an hour at RPE 5 (%d), so carbohydrate is up %d %%.",
				day.PlannedMinutes, day.PlannedLoad, BaseLoad, int(math.Round((carbs-1)*100))))
		case carbs < 1:
			why = append(why, fmt.Sprintf("Training day: %d minutes planned, load %d (minutes x RPE). A light day, so carbohydrate is down %d %%.",
				day.PlannedMinutes, day.PlannedLoad, int(math.Round((1-carbs)*100))))
		default:
			why = append(why, fmt.Sprintf("Training day: %d minutes planned, load %d (minutes x RPE): your profile targets.", day.PlannedMinutes, day.PlannedLoad))
		}
	}
	t := base
	t.CarbsTarget = clampInt(int(math.Round(float64(base.CarbsTarget)*carbs)), MinMacroTarget, MaxMacroTarget)
	t.FatTarget = clampInt(int(math.Round(float64(base.FatTarget)*fat)), MinMacroTarget, MaxMacroTarget)
	t.DailyCalories = clampInt(base.DailyCalories+4*(t.CarbsTarget-base.CarbsTarget)+9*(t.FatTarget-base.FatTarget),
		MinDailyCalories, MaxDailyCalories)
	why = append(why, "Protein stays at your target every day for repair.")
	return t, why
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

// dayType asks the calendar about date (and the days around it) and reduces
// it to one PlanDay; nil when the calendar is not connected or holds nothing
// around date, with the reason.
func (s *Service) dayType(ctx context.Context, userID int64, date string) (*PlanDay, string, error) {
	if s.planner == nil {
		return nil, "Your training calendar is not connected to nutrition here, so these are your profile targets.", nil
	}
	d, err := time.Parse(dateLayout, date)
	if err != nil {
		return nil, "", err
	}
	from := d.AddDate(0, 0, -noCalendarDaysBefore).Format(dateLayout)
	to := d.AddDate(0, 0, LoadingDays).Format(dateLayout)
	days, err := s.planner.DayTypes(ctx, userID, from, to)
	if err != nil {
		return nil, "", err
	}
	var today *DayType
	planned, raceAhead := false, false
	for i := range days {
		t := days[i]
		if t.Kind != "rest" || t.PlannedMinutes > 0 {
			planned = true
		}
		if t.Date == date {
			today = &days[i]
		} else if t.Date > date && t.Kind == "race" {
			raceAhead = true
		}
	}
	if !planned || today == nil {
		return nil, "Nothing is planned on your calendar around this day, so these are your profile targets.", nil
	}
	p := &PlanDay{Kind: today.Kind, PlannedMinutes: today.PlannedMinutes, PlannedLoad: today.PlannedLoad}
	if p.Kind != "race" && raceAhead {
		p.Kind = "loading"
	}
	return p, "", nil
}

// Plan builds the day's targets and a generated day of meals; swaps picks
// each meal's template (nil: the first of each).
func (s *Service) Plan(ctx context.Context, userID int64, date string, swaps []int) (DayPlan, error) {
	base, err := s.store.Targets(ctx, userID)
	if err != nil {
		return DayPlan{}, err
	}
	day, reason, err := s.dayType(ctx, userID, date)
	if err != nil {
		return DayPlan{}, err
	}
	plan := DayPlan{Date: date, Source: "profile", Base: base, Targets: base}
	if day == nil {
		plan.Explanation = []string{reason}
	} else {
		plan.Source, plan.Day = "calendar", day
		plan.Targets, plan.Explanation = DayTargets(base, *day)
	}
	meals, err := GenerateMeals(plan.Targets, swaps)
	if err != nil {
		return DayPlan{}, err
	}
	plan.Meals = meals
	for _, m := range meals {
		plan.Totals.Calories += m.Calories
		plan.Totals.Protein += m.Protein
		plan.Totals.Carbs += m.Carbs
		plan.Totals.Fat += m.Fat
	}
	if !withinPlanTolerance(plan.Totals.Calories, plan.Targets.DailyCalories) || !withinPlanTolerance(plan.Totals.Protein, plan.Targets.ProteinTarget) {
		plan.Explanation = append(plan.Explanation, "These meals miss your calories or protein by more than 5 %: the targets ask for a mix these common foods cannot give. Check your targets or build the day yourself.")
	}
	return plan, nil
}

// PlanTolerance is how close the generated day comes to the calorie and
// protein targets (5 %).
const PlanTolerance = 0.05

func withinPlanTolerance(got, target int) bool {
	return math.Abs(float64(got-target)) <= PlanTolerance*float64(target)
}

// ParseSwaps reads "0,1,0,2" (one template index per meal, in MealTypes
// order); empty is nil.
func ParseSwaps(raw string) ([]int, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, nil
	}
	parts := strings.Split(raw, ",")
	bad := apperr.Invalid(map[string]string{"swaps": "Swaps must be four numbers from 0 to 2, one per meal"})
	if len(parts) != len(MealTypes) {
		return nil, bad
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 || v >= templatesPerMeal {
			return nil, bad
		}
		out[i] = v
	}
	return out, nil
}

// LogPlanMeal logs one generated meal of the plan of date in one go.
func (s *Service) LogPlanMeal(ctx context.Context, userID int64, date, mealType string, swaps []int) ([]FoodEntry, error) {
	meal := strings.ToLower(strings.TrimSpace(mealType))
	if !validMealType(meal) {
		return nil, apperr.Invalid(map[string]string{"mealType": "Meal type must be breakfast, lunch, dinner or snack"})
	}
	plan, err := s.Plan(ctx, userID, date, swaps)
	if err != nil {
		return nil, err
	}
	var entries []FoodEntry
	now := s.now().UTC()
	for _, m := range plan.Meals {
		if m.MealType != meal {
			continue
		}
		for _, it := range m.Items {
			id, grams := it.FoodID, it.Grams
			entries = append(entries, FoodEntry{UserID: userID, Date: date, FoodName: it.Name, Calories: it.Calories,
				Protein: it.Protein, Carbs: it.Carbs, Fat: it.Fat, Quantity: it.Quantity, MealType: meal, CreatedAt: now,
				FoodID: &id, Grams: &grams})
		}
	}
	entries, err = s.store.AddEntries(ctx, entries, MaxEntriesPerDay)
	if errors.Is(err, errDayFull) {
		return nil, dayFull()
	}
	return entries, err
}

// --- the generator ---------------------------------------------------------

// mealShare is each meal's share of the day's calories and protein.
var mealShare = map[string]float64{"breakfast": 0.25, "lunch": 0.30, "dinner": 0.30, "snack": 0.15}

// fixedItem is a food of a template with a set weight.
type fixedItem struct {
	FoodID int64
	Grams  float64
}

// mealTemplate is a meal: a protein food and a carbohydrate food whose
// weights the generator solves for, and side foods of set weight.
type mealTemplate struct {
	Name    string
	Protein int64
	Carb    int64
	Sides   []fixedItem
}

const templatesPerMeal = 3

// templates are common foods of the database (USDA numbers), three per meal.
var templates = map[string][templatesPerMeal]mealTemplate{
	"breakfast": {
		{"Oats with cottage cheese and a banana", 1016, 8120, []fixedItem{{9040, 100}}},
		{"Scrambled eggs on whole-wheat toast, an orange", 1132, 18075, []fixedItem{{9200, 130}}},
		{"Yogurt with oats and blueberries", 1117, 8120, []fixedItem{{9050, 75}}},
	},
	"lunch": {
		{"Chicken, rice and broccoli", 5064, 20045, []fixedItem{{11091, 100}}},
		{"Tuna spaghetti with spinach", 15121, 20121, []fixedItem{{11457, 30}, {4053, 5}}},
		{"Chicken and lentil quinoa bowl", 5064, 20137, []fixedItem{{16070, 100}}},
	},
	"dinner": {
		{"Salmon, sweet potato and broccoli", 15237, 11508, []fixedItem{{11091, 100}}},
		{"Lean beef spaghetti with spinach", 23563, 20121, []fixedItem{{11457, 30}}},
		{"Pork tenderloin, potatoes and black beans", 10061, 11363, []fixedItem{{16015, 80}}},
	},
	"snack": {
		{"Yogurt and a banana", 1117, 9040, nil},
		{"Cottage cheese and an apple", 1016, 9003, nil},
		{"Cottage cheese on toast with almonds", 1016, 18075, []fixedItem{{12061, 15}}},
	},
}

var foodsByID = sync.OnceValues(func() (map[int64]Food, error) {
	foods, err := EmbeddedFoods()
	if err != nil {
		return nil, err
	}
	m := make(map[int64]Food, len(foods))
	for _, f := range foods {
		m[f.ID] = f
	}
	return m, nil
})

// GenerateMeals builds four meals that meet t's calories and protein within
// a few percent (docs/nutrition-foods.md#generated-meals). It is
// deterministic: the same targets and swaps give the same meals.
//
// Each meal first gets its share of calories and protein and solves the two
// weights of its protein and carbohydrate foods for it; then one scale for
// all protein foods and one for all carbohydrate foods make the day's sums
// exact; weights are rounded to whole grams and the dinner's two weights
// take up what rounding left.
func GenerateMeals(t Targets, swaps []int) ([]PlanMeal, error) {
	foods, err := foodsByID()
	if err != nil {
		return nil, err
	}
	type slot struct {
		tpl      mealTemplate
		variant  int
		p, c     Food
		pg, cg   float64
		sides    []fixedItem
		sideFood []Food
	}
	slots := make([]slot, len(MealTypes))
	kcalT, protT := float64(t.DailyCalories), float64(t.ProteinTarget)
	var sideK, sideP float64
	for i, meal := range MealTypes {
		v := 0
		if i < len(swaps) {
			v = swaps[i]
		}
		tpl := templates[meal][v]
		sl := slot{tpl: tpl, variant: v, p: foods[tpl.Protein], c: foods[tpl.Carb], sides: tpl.Sides}
		var k, p float64
		for _, sd := range tpl.Sides {
			f := foods[sd.FoodID]
			sl.sideFood = append(sl.sideFood, f)
			k += f.Kcal * sd.Grams / 100
			p += f.Protein * sd.Grams / 100
		}
		sideK, sideP = sideK+k, sideP+p
		// This meal's share, less its sides, from its two foods.
		pg, cg := solve2(sl.p, sl.c, kcalT*mealShare[meal]-k, protT*mealShare[meal]-p)
		sl.pg, sl.cg = math.Max(pg, 20), math.Max(cg, 20)
		slots[i] = sl
	}
	// One scale for protein foods, one for carbohydrate foods: day sums exact.
	var pk, pp, ck, cp float64
	for _, sl := range slots {
		pk, pp = pk+sl.p.Kcal*sl.pg/100, pp+sl.p.Protein*sl.pg/100
		ck, cp = ck+sl.c.Kcal*sl.cg/100, cp+sl.c.Protein*sl.cg/100
	}
	a, b := solveScale(pk, pp, ck, cp, kcalT-sideK, protT-sideP)
	for i := range slots {
		slots[i].pg = math.Max(5, math.Round(slots[i].pg*a))
		slots[i].cg = math.Max(5, math.Round(slots[i].cg*b))
	}
	// What rounding left goes to dinner's two foods (whole grams).
	build := func() []PlanMeal {
		out := make([]PlanMeal, len(slots))
		for i, sl := range slots {
			m := PlanMeal{MealType: MealTypes[i], Name: sl.tpl.Name, Variant: sl.variant, Variants: templatesPerMeal, Items: []PlanItem{}}
			add := func(f Food, g float64) {
				e := entryFromFood(f, portion{Grams: g, Label: formatAmount(g) + " g"})
				m.Items = append(m.Items, PlanItem{FoodID: f.ID, Name: f.Name, Grams: g, Quantity: e.Quantity,
					Calories: e.Calories, Protein: e.Protein, Carbs: e.Carbs, Fat: e.Fat})
				m.Calories, m.Protein, m.Carbs, m.Fat = m.Calories+e.Calories, m.Protein+e.Protein, m.Carbs+e.Carbs, m.Fat+e.Fat
			}
			add(sl.p, sl.pg)
			add(sl.c, sl.cg)
			for j, sd := range sl.sides {
				add(sl.sideFood[j], sd.Grams)
			}
			out[i] = m
		}
		return out
	}
	dinner := 2
	for range 3 {
		meals := build()
		var k, p int
		for _, m := range meals {
			k, p = k+m.Calories, p+m.Protein
		}
		dk, dp := kcalT-float64(k), protT-float64(p)
		if math.Abs(dk) < 5 && math.Abs(dp) < 1 {
			break
		}
		x, y := solve2(slots[dinner].p, slots[dinner].c, dk, dp)
		slots[dinner].pg = math.Max(5, math.Round(slots[dinner].pg+x))
		slots[dinner].cg = math.Max(5, math.Round(slots[dinner].cg+y))
	}
	return build(), nil
}

// solve2 finds grams x of p and y of c with x·p + y·c = kcal and protein.
func solve2(p, c Food, kcal, protein float64) (x, y float64) {
	// per gram
	pk, pp, ck, cp := p.Kcal/100, p.Protein/100, c.Kcal/100, c.Protein/100
	det := pk*cp - ck*pp
	if det == 0 {
		return 0, 0
	}
	x = (kcal*cp - ck*protein) / det
	y = (pk*protein - kcal*pp) / det
	return x, y
}

// solveScale finds a, b with a·(pk, pp) + b·(ck, cp) = (kcal, protein),
// bounded so no food disappears or grows without limit.
func solveScale(pk, pp, ck, cp, kcal, protein float64) (a, b float64) {
	det := pk*cp - ck*pp
	if det == 0 {
		return 1, 1
	}
	a = (kcal*cp - ck*protein) / det
	b = (pk*protein - kcal*pp) / det
	return math.Max(0.1, math.Min(10, a)), math.Max(0.1, math.Min(10, b))
}

// addDay is the day after d (YYYY-MM-DD).
func addDay(d string) string {
	t, err := time.Parse(dateLayout, d)
	if err != nil {
		return d + "~" // never loops: sorts after any date
	}
	return t.AddDate(0, 0, 1).Format(dateLayout)
}

// checkSwaps applies ParseSwaps' rule to a list (empty is nil).
func checkSwaps(swaps []int) ([]int, error) {
	if len(swaps) == 0 {
		return nil, nil
	}
	parts := make([]string, len(swaps))
	for i, v := range swaps {
		parts[i] = strconv.Itoa(v)
	}
	return ParseSwaps(strings.Join(parts, ","))
}
