package nutrition

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// sr24 is the USDA SR24 food database converted by cmd/hyrox-foods
// (docs/nutrition-foods.md); public domain.
//
//go:embed foods/sr24.tsv.gz
var sr24 []byte

// staples are the athletes' staples SR24 lacks (Greek yogurt, skyr, protein
// powders, gels, electrolytes, recovery shakes), each row with its public
// source (docs/nutrition-foods.md#athletes-staples).
//
//go:embed foods/staples.tsv
var staples string

// StaplesGroup is the food group of the athletes' staples.
const StaplesGroup = "Athletes' staples"

// parseStaples reads staples.tsv: '#' lines are comments; each food is id,
// name, kcal, protein, carbs, fat, fiber, sugars, sodium per 100 g, source,
// its measures (label=grams separated by |) and, optionally, the minerals and
// vitamins its source gives per 100 g (key=value separated by |, keys of
// GET /api/nutrition/micros: potassium=3488|magnesium=581). Every row must
// name its source.
func parseStaples(text string) ([]Food, error) {
	var foods []Food
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if (len(f) != 11 && len(f) != 12) || strings.TrimSpace(f[9]) == "" {
			return nil, fmt.Errorf("staples line %d: want 11 or 12 fields with a source", n+1)
		}
		nums := make([]float64, 0, 8)
		for i, s := range f {
			if i == 0 || (i >= 2 && i <= 8) {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, fmt.Errorf("staples line %d field %d: %w", n+1, i+1, err)
				}
				nums = append(nums, v)
			}
		}
		food := Food{ID: int64(nums[0]), Name: f[1], Group: StaplesGroup, Kcal: nums[1], Protein: nums[2], Carbs: nums[3],
			Fat: nums[4], Fiber: nums[5], Sugars: nums[6], SodiumMg: nums[7], Measures: []Measure{}}
		for _, m := range strings.Split(f[10], "|") {
			label, grams, ok := strings.Cut(m, "=")
			g, err := strconv.ParseFloat(grams, 64)
			if !ok || err != nil || label == "" || g <= 0 {
				return nil, fmt.Errorf("staples line %d: measure %q", n+1, m)
			}
			food.Measures = append(food.Measures, Measure{Label: label, Grams: g})
		}
		if len(f) == 12 {
			if err := parseStapleMicros(f[11], &food.Micros); err != nil {
				return nil, fmt.Errorf("staples line %d: %w", n+1, err)
			}
		}
		foods = append(foods, food)
	}
	return foods, nil
}

// parseStapleMicros reads "potassium=3488|magnesium=581" into a: only the
// nutrients the foods table keeps beside fibre, sugars and sodium.
func parseStapleMicros(s string, a *Amounts) error {
	for _, kv := range strings.Split(s, "|") {
		key, val, _ := strings.Cut(kv, "=")
		v, err := strconv.ParseFloat(val, 64)
		k := microStart
		for k < microEnd && nutrients[k].Key != key {
			k++
		}
		if k == microEnd || err != nil || v < 0 {
			return fmt.Errorf("micronutrient %q", kv)
		}
		a[k] = &v
	}
	return nil
}

// Food is one food of the database; nutrient values are per 100 g (sodium in
// mg, the others in g, energy in kcal).
type Food struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Group    string    `json:"group"`
	Kcal     float64   `json:"kcal"`
	Protein  float64   `json:"protein"`
	Carbs    float64   `json:"carbs"`
	Fat      float64   `json:"fat"`
	Fiber    float64   `json:"fiber"`
	Sugars   float64   `json:"sugars"`
	SodiumMg float64   `json:"sodiumMg"`
	Measures []Measure `json:"measures"`
	// Micros are the minerals and vitamins per 100 g from potassium to
	// folate (nil: unknown); the fibre, sugars and sodium slots are unused
	// (see per100).
	Micros Amounts `json:"-"`
	// Recent is true when the athlete has logged this food before.
	Recent bool `json:"recent"`
	// Favourite is true when the athlete starred it.
	Favourite bool `json:"favourite"`
	// Custom is true for one of the athlete's own foods: ID is then the
	// custom food's id (docs/nutrition-foods.md#custom-foods).
	Custom bool `json:"custom"`
	// searchRank orders search results, 1 first (see rankFoods).
	searchRank int
}

// Measure is a household portion of a food and its weight.
type Measure struct {
	Label string  `json:"label"`
	Grams float64 `json:"grams"`
}

// FoodList is the answer of GET /api/nutrition/foods.
type FoodList struct {
	Foods []Food `json:"foods"`
}

// lessCommonGroups rank below everyday foods: nobody logging breakfast is
// looking for baby food or a restaurant's menu item first.
var lessCommonGroups = map[string]bool{
	"Baby Foods": true, "Fast Foods": true, "Restaurant Foods": true,
	"American Indian/Alaska Native Foods": true, "Meals, Entrees, and Side Dishes": true,
}

// Commonness scores how everyday a food is, lower first
// (docs/nutrition-foods.md#search): each comma of the name (a more specific
// variety) adds 1, except everyday qualifiers ("regular", "meat only",
// "whole"); a generic raw or cooked food gains 5 (for grains, pasta and
// legumes only cooked, the form people weigh); a processed form (tenders,
// breaded, glutinous, a roll) adds 8; a brand (a word in capitals, as USDA
// writes them) adds 20; a less common group adds 15; a food USDA retired adds
// 50.
func Commonness(name, group string, retired bool) int {
	segments := strings.Split(strings.ToLower(name), ",")
	score := 0
	for _, s := range segments[1:] {
		if !everydayQualifiers[strings.TrimSpace(s)] {
			score++
		}
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	cookedOnly := weighedCooked[group]
	for _, w := range words {
		if w == "cooked" || (w == "raw" && !cookedOnly) {
			score -= 5
			break
		}
	}
	for _, w := range words {
		if processedWords[strings.ToLower(w)] {
			score += 8
			break
		}
	}
	for _, w := range words {
		if len(w) >= 3 && strings.ToUpper(w) == w {
			score += 20
			break
		}
	}
	if lessCommonGroups[group] {
		score += 15
	}
	if retired {
		score += 50
	}
	return score
}

// everydayQualifiers name the ordinary form; they do not make a food more
// specific.
var everydayQualifiers = map[string]bool{"regular": true, "long-grain": true, "meat only": true, "whole": true,
	"plain": true, "all commercial varieties": true}

// processedWords mark a processed or unusual form of a food.
var processedWords = map[string]bool{"tenders": true, "breaded": true, "breading": true, "batter": true,
	"nuggets": true, "glutinous": true, "roll": true, "patties": true, "sticks": true}

// weighedCooked are the groups whose foods people weigh cooked.
var weighedCooked = map[string]bool{"Cereal Grains and Pasta": true, "Legumes and Legume Products": true}

// foodFields is how many fields of a converted line come before its measures.
const foodFields = 11 + int(microEnd-microStart)

// parseFoods reads the converter's format (and ranks extra foods with them): one food a line, tab-separated
// id, name, group, retired (0|1), kcal, protein, carbs, fat, fiber, sugars,
// sodium, then potassium ... folate (empty: unknown) per 100 g, then label
// and grams of each measure.
func parseFoods(gz []byte, extra []Food) ([]Food, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	var foods []Food
	var scores []int // Commonness of foods[i]
	sc := bufio.NewScanner(zr)
	for n := 1; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < foodFields || (len(f)-foodFields)%2 != 0 {
			return nil, fmt.Errorf("foods line %d: %d fields", n, len(f))
		}
		nums := make([]float64, 0, 7+(len(f)-foodFields)/2)
		for i, s := range f {
			if i == 0 || (i >= 4 && i < 11) || (i >= foodFields && (i-foodFields)%2 == 1) {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, fmt.Errorf("foods line %d field %d: %w", n, i+1, err)
				}
				nums = append(nums, v)
			}
		}
		food := Food{ID: int64(nums[0]), Name: f[1], Group: f[2], Kcal: nums[1], Protein: nums[2], Carbs: nums[3],
			Fat: nums[4], Fiber: nums[5], Sugars: nums[6], SodiumMg: nums[7], Measures: []Measure{}}
		for k := microStart; k < microEnd; k++ {
			s := f[11+int(k-microStart)]
			if s == "" {
				continue
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("foods line %d %s: %w", n, nutrients[k].Key, err)
			}
			food.Micros[k] = &v
		}
		for i := foodFields; i < len(f); i += 2 {
			food.Measures = append(food.Measures, Measure{Label: f[i], Grams: nums[8+(i-foodFields)/2]})
		}
		foods = append(foods, food)
		scores = append(scores, Commonness(food.Name, food.Group, f[3] == "1"))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, f := range extra {
		foods = append(foods, f)
		scores = append(scores, Commonness(f.Name, f.Group, false))
	}
	rankFoods(foods, scores)
	return foods, nil
}

// rankFoods numbers foods 1, 2, ... by commonness score, then shorter names,
// then id: the order of search results.
func rankFoods(foods []Food, scores []int) {
	order := make([]int, len(foods))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(scores[a], scores[b]), cmp.Compare(len(foods[a].Name), len(foods[b].Name)),
			cmp.Compare(foods[a].ID, foods[b].ID))
	})
	for rank, i := range order {
		foods[i].searchRank = rank + 1
	}
}

// EmbeddedFoods is the parsed food database, read once: SR24 and the
// athletes' staples, ranked together (one search finds both).
var EmbeddedFoods = sync.OnceValues(func() ([]Food, error) {
	extra, err := parseStaples(staples)
	if err != nil {
		return nil, err
	}
	return parseFoods(sr24, extra)
})
