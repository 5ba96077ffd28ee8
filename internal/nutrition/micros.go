package nutrition

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
)

// Micronutrients (docs/nutrition-foods.md#micronutrients): minerals,
// vitamins, fibre and sugars per food and per logged entry, the day's totals
// against the reference intakes for the athlete's sex and age, and sodium and
// potassium flagged on days of long training.

// Nutrient indexes an Amounts, in the order the day shows them.
type Nutrient int

const (
	Sodium Nutrient = iota
	Potassium
	Magnesium
	Calcium
	Iron
	Zinc
	VitaminA
	VitaminC
	VitaminD
	VitaminB12
	Folate
	Fiber
	Sugars
	nNutrients
)

// nutrientInfo names a nutrient: its JSON key, label, unit and the column of
// food_entries and saved_meal_items that keeps an entry's amount (foods keep
// the same names per 100 g, but for their older fiber and sugars).
type nutrientInfo struct {
	Key, Label, Unit, Column string
}

var nutrients = [nNutrients]nutrientInfo{
	Sodium:     {"sodium", "Sodium", "mg", "sodium_mg"},
	Potassium:  {"potassium", "Potassium", "mg", "potassium_mg"},
	Magnesium:  {"magnesium", "Magnesium", "mg", "magnesium_mg"},
	Calcium:    {"calcium", "Calcium", "mg", "calcium_mg"},
	Iron:       {"iron", "Iron", "mg", "iron_mg"},
	Zinc:       {"zinc", "Zinc", "mg", "zinc_mg"},
	VitaminA:   {"vitaminA", "Vitamin A", "µg", "vitamin_a_ug"},
	VitaminC:   {"vitaminC", "Vitamin C", "mg", "vitamin_c_mg"},
	VitaminD:   {"vitaminD", "Vitamin D", "µg", "vitamin_d_ug"},
	VitaminB12: {"vitaminB12", "Vitamin B12", "µg", "vitamin_b12_ug"},
	Folate:     {"folate", "Folate", "µg", "folate_ug"},
	Fiber:      {"fiber", "Fibre", "g", "fiber_g"},
	Sugars:     {"sugars", "Sugars", "g", "sugars_g"},
}

// microStart is the first nutrient the foods table gained with this feature
// (potassium_mg ... folate_ug); Fiber, Sugars and Sodium are its older
// NOT NULL columns.
const microStart, microEnd = Potassium, Folate + 1

// Amounts holds one value per nutrient; nil is unknown (the source does not
// give it, or the entry was typed in), never 0.
type Amounts [nNutrients]*float64

// entryNutrientColumns are the columns of an entry's amounts, in Nutrient order.
var entryNutrientColumns = func() string {
	cols := make([]string, nNutrients)
	for i, n := range nutrients {
		cols[i] = n.Column
	}
	return strings.Join(cols, ", ")
}()

// foodMicroColumns are the foods table's columns of the newer nutrients.
var foodMicroColumns = func() string {
	var cols []string
	for i := microStart; i < microEnd; i++ {
		cols = append(cols, "f."+nutrients[i].Column)
	}
	return strings.Join(cols, ", ")
}()

// args are the values to write (NULL for unknown).
func (a *Amounts) args() []any {
	out := make([]any, nNutrients)
	for i, v := range a {
		out[i] = v
	}
	return out
}

// dest are scan targets for all nutrients.
func (a *Amounts) dest() []any {
	out := make([]any, nNutrients)
	for i := range a {
		out[i] = &a[i]
	}
	return out
}

// microDest are scan targets for the newer nutrients of a food.
func (a *Amounts) microDest() []any {
	var out []any
	for i := microStart; i < microEnd; i++ {
		out = append(out, &a[i])
	}
	return out
}

// scaled multiplies every known value by k, kept to 0.01.
func (a Amounts) scaled(k float64) Amounts {
	var out Amounts
	for i, v := range a {
		if v != nil {
			x := math.Round(*v*k*100) / 100
			out[i] = &x
		}
	}
	return out
}

// per100 are a food's values per 100 g: unknown for a custom food (its
// owner gives calories and macros only); fibre, sugars and sodium from their
// own fields, which the sources give (a value SR24 lacks counts as 0).
func (f Food) per100() Amounts {
	if f.Custom {
		return Amounts{}
	}
	a := f.Micros
	fiber, sugars, sodium := f.Fiber, f.Sugars, f.SodiumMg
	a[Fiber], a[Sugars], a[Sodium] = &fiber, &sugars, &sodium
	return a
}

// sumAll adds amounts; a nutrient unknown in any of them is unknown in the
// sum (a recipe whose foods do not all give it).
func sumAll(list []Amounts) Amounts {
	var out Amounts
	for i := range out {
		total, known := 0.0, len(list) > 0
		for _, a := range list {
			if a[i] == nil {
				known = false
				break
			}
			total += *a[i]
		}
		if known {
			x := math.Round(total*100) / 100
			out[i] = &x
		}
	}
	return out
}

// Sexes of the profile: the reference intakes differ by sex.
const (
	SexFemale = "female"
	SexMale   = "male"
)

// MinProfileAge and MaxProfileAge bound the age a birth year may give: the
// reference table starts at 14.
const (
	MinProfileAge = 14
	MaxProfileAge = 100
)

// referenceRow is one group of the reference table, in Nutrient order
// (Sugars has no reference intake: 0).
type referenceRow [nNutrients]float64

// referenceGroups are the age groups of the Dietary Reference Intakes, by
// their lowest age.
var referenceGroups = []struct {
	From         int
	Label        string
	Female, Male referenceRow
}{
	// Na, K, Mg, Ca, Fe, Zn, A (µg RAE), C, D (µg), B12 (µg), folate (µg DFE), fibre (g), sugars
	{14, "14-18", referenceRow{1500, 2300, 360, 1300, 15, 9, 700, 65, 15, 2.4, 400, 26, 0},
		referenceRow{1500, 3000, 410, 1300, 11, 11, 900, 75, 15, 2.4, 400, 38, 0}},
	{19, "19-30", referenceRow{1500, 2600, 310, 1000, 18, 8, 700, 75, 15, 2.4, 400, 25, 0},
		referenceRow{1500, 3400, 400, 1000, 8, 11, 900, 90, 15, 2.4, 400, 38, 0}},
	{31, "31-50", referenceRow{1500, 2600, 320, 1000, 18, 8, 700, 75, 15, 2.4, 400, 25, 0},
		referenceRow{1500, 3400, 420, 1000, 8, 11, 900, 90, 15, 2.4, 400, 38, 0}},
	{51, "51-70", referenceRow{1500, 2600, 320, 1200, 8, 8, 700, 75, 15, 2.4, 400, 21, 0},
		referenceRow{1500, 3400, 420, 1000, 8, 11, 900, 90, 15, 2.4, 400, 30, 0}},
	{71, "71 and over", referenceRow{1500, 2600, 320, 1200, 8, 8, 700, 75, 20, 2.4, 400, 21, 0},
		referenceRow{1500, 3400, 420, 1200, 8, 11, 900, 90, 20, 2.4, 400, 30, 0}},
}

// adequateIntake marks the nutrients whose reference is an Adequate Intake
// (AI); the others are Recommended Dietary Allowances (RDA).
var adequateIntake = map[Nutrient]bool{Sodium: true, Potassium: true, Fiber: true}

// Reference is the reference intakes for a sex and an age (nil when the
// profile does not say): without a sex, the higher of women's and men's
// values; without an age, adults 19-30 (under 14, on an old day, 14-18).
// Basis says in words which.
func Reference(sex string, age *int) (referenceRow, string) {
	g := referenceGroups[1]
	if age != nil {
		g = referenceGroups[0] // an old day of a 14-year-old: the youngest group
		for _, r := range referenceGroups {
			if *age >= r.From {
				g = r
			}
		}
	}
	var row referenceRow
	var who string
	switch sex {
	case SexFemale:
		row, who = g.Female, "women"
	case SexMale:
		row, who = g.Male, "men"
	default:
		for i := range row {
			row[i] = max(g.Female[i], g.Male[i])
		}
		who = "adults (the higher of women's and men's values)"
	}
	basis := fmt.Sprintf("Reference intakes for %s aged %s", who, g.Label)
	if age == nil || sex == "" {
		basis += ": add your sex and birth year to your nutrition profile for your own"
	}
	return row, basis + "."
}

// Long sessions raise sodium (docs/nutrition-foods.md#micronutrients): over
// ElectrolyteMinutes of training (planned or logged, as for water) the
// sodium reference gains SodiumPerHourMg per hour, the middle of the
// 300-600 mg an hour the water guidance gives.
const SodiumPerHourMg = 450

// longSessionFlags are the words shown beside sodium and potassium on a day
// with a long session.
func longSessionFlags(minutes int) (sodium, potassium string) {
	sodium = fmt.Sprintf("Long session today (%d min): sweat takes sodium, so the reference adds %d mg per hour of training. Drink with electrolytes, about 300-600 mg sodium per hour.",
		minutes, SodiumPerHourMg)
	potassium = fmt.Sprintf("Long session today (%d min): sweat takes potassium too; fruit, potatoes, yogurt or an electrolyte drink replace it.", minutes)
	return sodium, potassium
}

// MicroTotal is one nutrient's day total. Missing counts the day's entries
// that do not give it (typed-in entries, custom foods, foods the source did
// not measure it for): then the total is a floor, not the day's intake.
type MicroTotal struct {
	Key       string   `json:"key"`
	Label     string   `json:"label"`
	Unit      string   `json:"unit"`
	Amount    float64  `json:"amount"`
	Missing   int      `json:"missing"`
	Reference *float64 `json:"reference"`
	// Kind is RDA or AI (of the reference), empty without one.
	Kind    string `json:"kind,omitempty"`
	Percent *int   `json:"percent"`
	// Flag says why this nutrient matters today (a long session).
	Flag string `json:"flag,omitempty"`
}

// MicroDay is the answer of GET /api/nutrition/micros.
type MicroDay struct {
	Date            string       `json:"date"`
	Entries         int          `json:"entries"`
	Sex             *string      `json:"sex"`
	Age             *int         `json:"age"`
	Basis           string       `json:"basis"`
	TrainingMinutes int          `json:"trainingMinutes"`
	LongSession     bool         `json:"longSession"`
	Nutrients       []MicroTotal `json:"nutrients"`
}

// microDay sums entries against the reference for sex and age; minutes is
// the day's training.
func microDay(date string, entries []FoodEntry, sex *string, age *int, minutes int) MicroDay {
	s := ""
	if sex != nil {
		s = *sex
	}
	ref, basis := Reference(s, age)
	out := MicroDay{Date: date, Entries: len(entries), Sex: sex, Age: age, Basis: basis, TrainingMinutes: minutes,
		LongSession: minutes > ElectrolyteMinutes, Nutrients: make([]MicroTotal, 0, nNutrients)}
	var sodiumFlag, potassiumFlag string
	if out.LongSession {
		ref[Sodium] += math.Round(float64(SodiumPerHourMg*minutes) / 60)
		sodiumFlag, potassiumFlag = longSessionFlags(minutes)
	}
	for i, n := range nutrients {
		t := MicroTotal{Key: n.Key, Label: n.Label, Unit: n.Unit}
		for _, e := range entries {
			if v := e.Nutrients[i]; v != nil {
				t.Amount += *v
			} else {
				t.Missing++
			}
		}
		t.Amount = math.Round(t.Amount*10) / 10
		if r := ref[i]; r > 0 {
			t.Reference = &r
			p := int(math.Round(t.Amount / r * 100))
			t.Percent = &p
			t.Kind = "RDA"
			if adequateIntake[Nutrient(i)] {
				t.Kind = "AI"
			}
		}
		switch Nutrient(i) {
		case Sodium:
			t.Flag = sodiumFlag
		case Potassium:
			t.Flag = potassiumFlag
		}
		out.Nutrients = append(out.Nutrients, t)
	}
	return out
}

// AgeOn is the age a birth year gives on date: the date's year minus the
// birth year (the profile keeps no birthday).
func AgeOn(birthYear int, date string) int {
	y, _ := strconv.Atoi(date[:4])
	return y - birthYear
}

// MicroDay returns the day's micronutrient totals against the reference
// intakes of the athlete's profile (the adult values without one).
func (s *Service) MicroDay(ctx context.Context, userID int64, date string, loc *time.Location) (MicroDay, error) {
	entries, err := s.store.EntriesOn(ctx, userID, date)
	if err != nil {
		return MicroDay{}, err
	}
	who, err := s.store.Person(ctx, userID)
	if err != nil {
		return MicroDay{}, err
	}
	mins, err := s.trainingMinutes(ctx, userID, date, loc)
	if err != nil {
		return MicroDay{}, err
	}
	var age *int
	if who.BirthYear != nil {
		a := AgeOn(*who.BirthYear, date)
		age = &a
	}
	return microDay(date, entries, who.Sex, age, mins), nil
}

// Person is the profile's sex and birth year, both optional.
type Person struct {
	Sex       *string `json:"sex"`
	BirthYear *int    `json:"birthYear"`
}

// checkPerson checks the profile's sex and birth year ("" and 0 clear
// them) against now's year.
func checkPerson(v *apperr.Validator, p Person, now time.Time) {
	if p.Sex != nil {
		v.Check(*p.Sex == "" || *p.Sex == SexFemale || *p.Sex == SexMale, "sex", "Sex must be female or male")
	}
	if p.BirthYear != nil && *p.BirthYear != 0 {
		hi, lo := now.Year()-MinProfileAge, now.Year()-MaxProfileAge
		v.Check(*p.BirthYear >= lo && *p.BirthYear <= hi, "birthYear", fmt.Sprintf("Birth year must be between %d and %d", lo, hi))
	}
}
