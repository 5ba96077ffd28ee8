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
	// LoggedMinutes and LoggedLoad sum the sessions logged that day; the
	// larger of the planned and the logged load sets a training day.
	LoggedMinutes int `json:"loggedMinutes"`
	LoggedLoad    int `json:"loggedLoad"`
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
		minutes, load, verb := day.PlannedMinutes, day.PlannedLoad, "planned"
		if day.LoggedLoad > day.PlannedLoad {
			minutes, load, verb = day.LoggedMinutes, day.LoggedLoad, "logged"
		}
		carbs = 1 + 0.1*float64(load-BaseLoad)/LoadPerCarbStep
		carbs = math.Max(minTrainingCarbs, math.Min(maxTrainingCarbs, carbs))
		switch {
		case carbs > 1:
			why = append(why, fmt.Sprintf("Training day: %d minutes %s, load %d (minutes x RPE). Above the load of an hour at RPE 5 (%d), so carbohydrate is up %d %%.",
				minutes, verb, load, BaseLoad, int(math.Round((carbs-1)*100))))
		case carbs < 1:
			why = append(why, fmt.Sprintf("Training day: %d minutes %s, load %d (minutes x RPE). A light day, so carbohydrate is down %d %%.",
				minutes, verb, load, int(math.Round((1-carbs)*100))))
		default:
			why = append(why, fmt.Sprintf("Training day: %d minutes %s, load %d (minutes x RPE): your profile targets.", minutes, verb, load))
		}
	}
	t := base
	t.CarbsTarget = clampInt(int(math.Round(float64(base.CarbsTarget)*carbs)), MinMacroTarget, MaxMacroTarget)
	t.FatTarget = clampInt(int(math.Round(float64(base.FatTarget)*fat)), MinMacroTarget, MaxMacroTarget)
	// Not clamped to the profile's 800 kcal floor: calories must stay the
	// energy of the macros (a rest day of an 800 kcal profile is 740 kcal).
	t.DailyCalories = clampInt(base.DailyCalories+4*(t.CarbsTarget-base.CarbsTarget)+9*(t.FatTarget-base.FatTarget),
		1, MaxDailyCalories)
	why = append(why, "Protein stays at your target every day for repair.")
	return t, why
}

func clampInt(v, lo, hi int) int { return max(lo, min(hi, v)) }

// Plan builds the day's targets and a generated day of meals; swaps picks
// each meal's template (nil: the first of each).
func (s *Service) Plan(ctx context.Context, userID int64, date string, loc *time.Location, swaps []int) (DayPlan, error) {
	base, day, err := s.TargetsOn(ctx, userID, date, loc)
	if err != nil {
		return DayPlan{}, err
	}
	plan := DayPlan{Date: date, Source: day.Source, Day: day.Day, Base: base, Targets: day.Targets, Explanation: day.Explanation}
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
	if !withinPlanTolerance(plan.Totals.Calories, plan.Targets.DailyCalories) || !withinPlanTolerance(plan.Totals.Protein, plan.Targets.ProteinTarget) ||
		!withinPlanTolerance(plan.Totals.Carbs, plan.Targets.CarbsTarget) || !withinPlanTolerance(plan.Totals.Fat, plan.Targets.FatTarget) {
		plan.Explanation = append(plan.Explanation, "These meals miss your calories, protein, carbohydrate or fat by more than 5 %: the targets ask for a mix these common foods cannot give (or their calories are not the energy of their macros). Check your targets or build the day yourself.")
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
func (s *Service) LogPlanMeal(ctx context.Context, userID int64, date string, loc *time.Location, mealType string, swaps []int) ([]FoodEntry, error) {
	meal := strings.ToLower(strings.TrimSpace(mealType))
	if !validMealType(meal) {
		return nil, apperr.Invalid(map[string]string{"mealType": "Meal type must be breakfast, lunch, dinner or snack"})
	}
	plan, err := s.Plan(ctx, userID, date, loc, swaps)
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
			f, err := s.store.Food(ctx, id)
			if err != nil {
				return nil, err
			}
			entries = append(entries, FoodEntry{UserID: userID, Date: date, FoodName: it.Name, Calories: it.Calories,
				Protein: it.Protein, Carbs: it.Carbs, Fat: it.Fat, Quantity: it.Quantity, MealType: meal, CreatedAt: now,
				FoodID: &id, Grams: &grams, Nutrients: f.per100().scaled(grams / 100)})
		}
	}
	entries, err = s.store.AddEntries(ctx, entries, MaxEntriesPerDay)
	if errors.Is(err, errDayFull) {
		return nil, dayFull()
	}
	return entries, err
}

// --- the generator ---------------------------------------------------------

// mealShare is each meal's share of the day's protein, carbohydrate and fat.
var mealShare = map[string]float64{"breakfast": 0.25, "lunch": 0.30, "dinner": 0.30, "snack": 0.15}

// fixedItem is a food of a template with a set weight.
type fixedItem struct {
	FoodID int64
	Grams  float64
}

// mealTemplate is a meal: lists of protein, carbohydrate and fat foods whose
// weights the generator solves for, each list filled in order (the next food
// takes over when one reaches its serving cap), and side foods of set weight.
type mealTemplate struct {
	Name    string
	Protein []int64
	Carbs   []int64
	Fat     []int64
	Sides   []fixedItem
}

const templatesPerMeal = 3

// Foods of the templates (USDA numbers).
const (
	cottageCheese = 1016
	skimYogurt    = 1118
	eggWhite      = 1124
	wholeEgg      = 1123
	skimMilk      = 1151
	chickenBreast = 5064
	tuna          = 15121
	cod           = 15016
	sirloin       = 13454
	porkTenderl   = 10061
	oats          = 8120
	wholeWheat    = 18075
	bagel         = 18001
	rice          = 20045
	spaghetti     = 20121
	quinoa        = 20137
	sweetPotato   = 11508
	potatoes      = 11363
	banana        = 9040
	apple         = 9003
	blueberries   = 9050
	orange        = 9200
	orangeJuice   = 9206
	dates         = 9421
	honey         = 19296
	oliveOil      = 4053
	almonds       = 12061
	peanutButter  = 16098
	avocado       = 9037
	broccoli      = 11091
	spinach       = 11457
	lentils       = 16070
	blackBeans    = 16015
)

// servingCaps are the most of a food one meal holds: a plate an athlete
// would eat (300 g of cooked rice is about two cups, 300 g of chicken two
// breasts). A day that needs more takes the next food of the list.
var servingCaps = map[int64]float64{
	cottageCheese: 300, skimYogurt: 250, eggWhite: 300, skimMilk: 500, chickenBreast: 300, tuna: 300, cod: 300,
	sirloin: 300, porkTenderl: 300, oats: 120, wholeWheat: 150, bagel: 130, rice: 300, spaghetti: 300, quinoa: 300,
	sweetPotato: 400, potatoes: 400, banana: 240, apple: 250, blueberries: 200, orange: 260, orangeJuice: 500,
	dates: 75, honey: 40, oliveOil: 30, almonds: 50, peanutButter: 40, avocado: 200,
}

// servingCap is the most grams of food id in one meal (sides have their set weight).
func servingCap(id int64) float64 {
	if c, ok := servingCaps[id]; ok {
		return c
	}
	return MaxPortionGrams
}

// Carbohydrate top-ups: low in protein and fat, for the days that need more
// carbohydrate than a plate of the main food (carbohydrate loading).
var lunchCarbTopUps = []int64{orangeJuice, dates, honey, bagel}

func carbs(main ...int64) []int64 { return append(main, lunchCarbTopUps...) }

// templates are common foods of the database, three per meal.
var templates = map[string][templatesPerMeal]mealTemplate{
	"breakfast": {
		{"Oats with cottage cheese, a banana and almonds", []int64{cottageCheese, eggWhite, skimMilk}, []int64{oats, banana, honey, orangeJuice, dates}, []int64{almonds, peanutButter}, nil},
		{"Eggs and egg whites on whole-wheat toast, avocado and an orange", []int64{eggWhite, cottageCheese, skimMilk}, []int64{wholeWheat, orange, orangeJuice, honey, dates}, []int64{avocado, almonds}, []fixedItem{{wholeEgg, 50}}},
		{"Yogurt and cottage cheese with oats, blueberries and almonds", []int64{cottageCheese, eggWhite, skimMilk}, []int64{skimYogurt, oats, blueberries, honey, orangeJuice, dates}, []int64{almonds, peanutButter}, nil},
	},
	"lunch": {
		{"Chicken, rice and broccoli", []int64{chickenBreast}, carbs(rice), []int64{oliveOil, almonds}, []fixedItem{{broccoli, 100}}},
		{"Tuna spaghetti with spinach", []int64{tuna, chickenBreast}, carbs(spaghetti), []int64{oliveOil, almonds}, []fixedItem{{spinach, 30}}},
		{"Chicken and lentil quinoa bowl", []int64{chickenBreast}, carbs(quinoa), []int64{oliveOil, almonds}, []fixedItem{{lentils, 100}}},
	},
	"dinner": {
		{"Cod, sweet potato and broccoli", []int64{cod, chickenBreast}, carbs(sweetPotato), []int64{oliveOil, almonds}, []fixedItem{{broccoli, 100}}},
		{"Lean beef spaghetti with spinach", []int64{sirloin, chickenBreast}, carbs(spaghetti), []int64{oliveOil, almonds}, []fixedItem{{spinach, 30}}},
		{"Pork tenderloin, potatoes and black beans", []int64{porkTenderl, chickenBreast}, carbs(potatoes), []int64{oliveOil, almonds}, []fixedItem{{blackBeans, 80}}},
	},
	"snack": {
		{"Yogurt and cottage cheese, a banana and almonds", []int64{cottageCheese, eggWhite}, []int64{skimYogurt, banana, dates, honey, orangeJuice}, []int64{almonds, peanutButter}, nil},
		{"Cottage cheese, an apple and peanut butter", []int64{cottageCheese, eggWhite}, []int64{apple, dates, honey, orangeJuice}, []int64{peanutButter, almonds}, nil},
		{"Cottage cheese on toast with almonds", []int64{cottageCheese, eggWhite}, []int64{wholeWheat, dates, honey, orangeJuice}, []int64{almonds, peanutButter}, nil},
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

// macros3 is protein, carbohydrate and fat in grams.
type macros3 [3]float64

// per100 is a food's protein, carbohydrate and fat per 100 g.
func per100(f Food) macros3 { return macros3{f.Protein, f.Carbs, f.Fat} }

// mealPlan is one meal while the generator works: its foods per macro
// (protein, carbohydrate, fat) and their weights.
type mealPlan struct {
	tpl     mealTemplate
	variant int
	share   float64
	lists   [3][]Food
	grams   [3][]float64
	// starchCap scales the caps of the carbohydrate foods that carry protein
	// (rice, pasta, bread): below 1 on days of much carbohydrate and little
	// protein, so juice, dates and honey carry more of it.
	starchCap float64
}

// fill gives meal list k the amount q (grams of its macro) in order, each
// food up to its serving cap; the last food takes what is left. It returns
// the food now being filled (the one the next gram goes to).
func (m *mealPlan) fill(k int, q float64) Food {
	list := m.lists[k]
	m.grams[k] = make([]float64, len(list))
	for j, f := range list {
		density := per100(f)[k] / 100
		if q <= 0 {
			return f
		}
		g := q / density
		limit := servingCap(f.ID)
		if k == 1 && f.Protein > 0.1*f.Carbs {
			limit *= m.starchCap
		}
		if j < len(list)-1 && g > limit {
			g = limit
		}
		m.grams[k][j] = g
		q -= g * density
		if q <= 1e-9 {
			return f
		}
	}
	return list[len(list)-1]
}

// GenerateMeals builds four meals that meet t's protein, carbohydrate and
// fat (and so its calories) within 5 % with portions of at most one serving
// each (docs/nutrition-foods.md#generated-meals). It is deterministic: the
// same targets and swaps give the same meals.
//
// Each meal takes its share of the day (s_k x share grams of macro k from its
// list k); the three day amounts s are solved by Newton's method on the
// day's sums, which are piecewise linear in s (each food fills to its cap,
// then the next). Weights are then rounded to whole grams and dinner's foods
// take up what rounding left.
func GenerateMeals(t Targets, swaps []int) ([]PlanMeal, error) {
	foods, err := foodsByID()
	if err != nil {
		return nil, err
	}
	target := macros3{float64(t.ProteinTarget), float64(t.CarbsTarget), float64(t.FatTarget)}
	meals := make([]*mealPlan, len(MealTypes))
	var sides macros3
	for i, meal := range MealTypes {
		v := 0
		if i < len(swaps) {
			v = swaps[i]
		}
		tpl := templates[meal][v]
		m := &mealPlan{tpl: tpl, variant: v, share: mealShare[meal]}
		for k, ids := range [3][]int64{tpl.Protein, tpl.Carbs, tpl.Fat} {
			for _, id := range ids {
				m.lists[k] = append(m.lists[k], foods[id])
			}
		}
		for _, sd := range tpl.Sides {
			for k, v := range per100(foods[sd.FoodID]) {
				sides[k] += v * sd.Grams / 100
			}
		}
		meals[i] = m
	}
	var s macros3
	for _, starch := range []float64{1, 0.75, 0.5, 0.25} {
		for _, m := range meals {
			m.starchCap = starch
		}
		var res macros3
		s, res = solveDay(meals, target, sides)
		// Protein still over with no protein food left: less starch.
		if s[0] > 0 || res[0] > -0.5 {
			break
		}
	}
	for _, m := range meals {
		for k := range 3 {
			m.fill(k, s[k]*m.share)
			for j := range m.grams[k] {
				m.grams[k][j] = math.Round(m.grams[k][j])
			}
		}
	}
	build := func() []PlanMeal {
		out := make([]PlanMeal, len(meals))
		for i, mp := range meals {
			m := PlanMeal{MealType: MealTypes[i], Name: mp.tpl.Name, Variant: mp.variant, Variants: templatesPerMeal, Items: []PlanItem{}}
			add := func(f Food, g float64) {
				if g < 1 {
					return
				}
				e := entryFromFood(f, portion{Grams: g, Label: formatAmount(g) + " g"})
				m.Items = append(m.Items, PlanItem{FoodID: f.ID, Name: f.Name, Grams: g, Quantity: e.Quantity,
					Calories: e.Calories, Protein: e.Protein, Carbs: e.Carbs, Fat: e.Fat})
				m.Calories, m.Protein, m.Carbs, m.Fat = m.Calories+e.Calories, m.Protein+e.Protein, m.Carbs+e.Carbs, m.Fat+e.Fat
			}
			for k := range 3 {
				for j, f := range mp.lists[k] {
					add(f, mp.grams[k][j])
				}
			}
			for _, sd := range mp.tpl.Sides {
				add(foods[sd.FoodID], sd.Grams)
			}
			out[i] = m
		}
		return out
	}
	// What rounding left goes to dinner's first food of each list, within
	// its cap.
	dinner := meals[2]
	for range 4 {
		var got macros3
		for _, m := range build() {
			got = macros3{got[0] + float64(m.Protein), got[1] + float64(m.Carbs), got[2] + float64(m.Fat)}
		}
		var res macros3
		done := true
		for k := range res {
			res[k] = target[k] - got[k]
			done = done && math.Abs(res[k]) < 1
		}
		if done {
			break
		}
		var jac [3][3]float64
		for k := range 3 {
			for mm, v := range per100(dinner.lists[k][0]) {
				jac[mm][k] = v / 100
			}
		}
		step, ok := solve3(jac, res)
		if !ok {
			break
		}
		for k := range 3 {
			g := dinner.grams[k][0] + math.Round(step[k])
			dinner.grams[k][0] = math.Max(0, math.Min(servingCap(dinner.lists[k][0].ID), g))
		}
	}
	return build(), nil
}

// solveDay finds the day amounts s (grams of protein, carbohydrate and fat
// for the meals' lists to share) by Newton's method on the day's sums, which
// are piecewise linear in s; res is what is left unmet (target - sum).
func solveDay(meals []*mealPlan, target, sides macros3) (s, res macros3) {
	for k := range s {
		s[k] = math.Max(0, target[k]-sides[k])
	}
	for range 40 {
		var jac [3][3]float64 // jac[m][k]: d sum of macro m / d s_k
		sum := sides
		for _, m := range meals {
			for k := range 3 {
				marginal := m.fill(k, s[k]*m.share)
				d := per100(marginal)
				for mm := range 3 {
					jac[mm][k] += m.share * d[mm] / d[k]
				}
				for j, g := range m.grams[k] {
					for mm, v := range per100(m.lists[k][j]) {
						sum[mm] += v * g / 100
					}
				}
			}
		}
		done := true
		for k := range res {
			res[k] = target[k] - sum[k]
			done = done && math.Abs(res[k]) < 0.05
		}
		if done {
			return s, res
		}
		step, ok := solve3(jac, res)
		if !ok {
			return s, res
		}
		for k := range s {
			s[k] = math.Max(0, s[k]+step[k])
		}
	}
	return s, res
}

// solve3 solves a x = b by Cramer's rule; ok is false when a is singular.
func solve3(a [3][3]float64, b macros3) (macros3, bool) {
	det := func(m [3][3]float64) float64 {
		return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	}
	d := det(a)
	if math.Abs(d) < 1e-12 {
		return macros3{}, false
	}
	var x macros3
	for c := range 3 {
		m := a
		for r := range 3 {
			m[r][c] = b[r]
		}
		x[c] = det(m) / d
	}
	return x, true
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
