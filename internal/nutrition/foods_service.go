package nutrition

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Limits of a food search and of a portion (docs/nutrition-foods.md).
const (
	MaxSearchChars   = 100
	DefaultFoodLimit = 20
	MaxFoodLimit     = 50
	MaxPortionGrams  = 5000
	MaxPortionCount  = 100
)

// LoadFoods puts the embedded food database into d. It is quick to run again:
// when the database already holds every food and measure, in the same search
// order, it writes nothing.
func LoadFoods(ctx context.Context, d *db.DB) error {
	foods, err := EmbeddedFoods()
	if err != nil {
		return err
	}
	measures, micros := 0, 0
	for _, f := range foods {
		measures += len(f.Measures)
		for _, v := range f.Micros {
			if v != nil {
				micros++
			}
		}
	}
	store := NewStore(d)
	haveFoods, haveMeasures, haveMicros, err := store.FoodCounts(ctx)
	if err != nil {
		return err
	}
	var ranks int64
	for _, f := range foods {
		ranks += int64(f.searchRank) * (f.ID % 1000)
	}
	haveRanks, err := store.RankChecksum(ctx)
	if err != nil {
		return err
	}
	if haveFoods == len(foods) && haveMeasures == measures && haveMicros == micros && haveRanks == ranks {
		return nil
	}
	return store.ReplaceFoods(ctx, foods)
}

// searchWords splits a query into its words (letters and digits), lower-cased;
// everything else separates words, so no query syntax reaches the database.
func searchWords(q string) ([]string, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > MaxSearchChars {
		return nil, apperr.Invalid(map[string]string{"q": "Search must be at most 100 characters"})
	}
	words := strings.FieldsFunc(strings.ToLower(q), notWordRune)
	if len(words) == 0 {
		return nil, apperr.Invalid(map[string]string{"q": "Type a food to search for"})
	}
	return words, nil
}

// SearchFoods finds foods by the words of q in any order, each a prefix
// ("chick bre" finds chicken breast); limit 0 means DefaultFoodLimit.
func (s *Service) SearchFoods(ctx context.Context, userID int64, q string, limit int) (FoodList, error) {
	words, err := searchWords(q)
	if err != nil {
		return FoodList{}, err
	}
	if limit == 0 {
		limit = DefaultFoodLimit
	}
	if limit < 1 || limit > MaxFoodLimit {
		return FoodList{}, apperr.Invalid(map[string]string{"limit": "Limit must be between 1 and 50"})
	}
	found, err := s.store.SearchFoods(ctx, words, searchCandidates)
	if err != nil {
		return FoodList{}, err
	}
	found = orderByMatch(found, words)
	recent, err := s.store.RecentFoods(ctx, userID, recentFoodsConsidered)
	if err != nil {
		return FoodList{}, err
	}
	custom, err := s.store.CustomFoods(ctx, userID)
	if err != nil {
		return FoodList{}, err
	}
	foods := mergeRecent(recent, found, words, limit)
	if err := s.store.AttachMeasures(ctx, foods); err != nil {
		return FoodList{}, err
	}
	ids := make([]int64, len(foods))
	for i, f := range foods {
		ids[i] = f.ID
	}
	starred, err := s.store.FavouriteIDs(ctx, userID, ids)
	if err != nil {
		return FoodList{}, err
	}
	for i := range foods {
		foods[i].Favourite = starred[foods[i].ID]
	}
	// The athlete's own custom foods that match come first.
	mine := []Food{}
	for _, f := range custom {
		if nameMatches(f.Name, words) {
			mine = append(mine, f)
		}
	}
	if len(mine) > 0 {
		foods = append(mine, foods...)[:min(limit, len(mine)+len(foods))]
	}
	return FoodList{Foods: foods}, nil
}

// searchCandidates is how many matches, in commonness order, a search
// orders by how well their names match the words.
const searchCandidates = 400

// orderByMatch puts the foods whose names are what was typed first
// (docs/nutrition-foods.md#search), keeping commonness order within each
// tier: "egg" finds "Egg, whole" before "Eggplant", "milk" finds "Milk,
// whole" before "Milk shakes".
func orderByMatch(foods []Food, words []string) []Food {
	tiers := make(map[int64]int, len(foods))
	for _, f := range foods {
		tiers[f.ID] = matchTier(f.Name, words)
	}
	slices.SortStableFunc(foods, func(a, b Food) int { return tiers[a.ID] - tiers[b.ID] })
	return foods
}

// matchTier: 0 when the name's first part (before its first comma) is made of
// the words typed and every word typed is a whole word of the name; 1 when
// only the first; 2 when only the second; 3 otherwise. A plural counts as the
// word ("bananas" for "banana").
func matchTier(name string, words []string) int {
	whole := func(w, typed string) bool { return w == typed || w == typed+"s" || w == typed+"es" }
	nameWords := strings.FieldsFunc(strings.ToLower(name), notWordRune)
	allWhole := true
	for _, t := range words {
		allWhole = allWhole && slices.ContainsFunc(nameWords, func(w string) bool { return whole(w, t) })
	}
	first, _, _ := strings.Cut(strings.ToLower(name), ",")
	covered := true
	for _, w := range strings.FieldsFunc(first, notWordRune) {
		covered = covered && slices.ContainsFunc(words, func(t string) bool { return whole(w, t) || strings.HasPrefix(w, t) })
	}
	switch {
	case covered && allWhole:
		return 0
	case covered:
		return 1
	case allWhole:
		return 2
	}
	return 3
}

// recentFoodsConsidered is how many of the athlete's latest foods a search
// puts first when they match.
const recentFoodsConsidered = 100

// mergeRecent puts the athlete's recent foods that match words first (newest
// first), then the other matches in rank order, limit in all.
func mergeRecent(recent, found []Food, words []string, limit int) []Food {
	out := make([]Food, 0, limit)
	seen := map[int64]bool{}
	for _, f := range recent {
		if len(out) < limit && nameMatches(f.Name, words) {
			f.Recent = true
			out = append(out, f)
			seen[f.ID] = true
		}
	}
	for _, f := range found {
		if len(out) < limit && !seen[f.ID] {
			out = append(out, f)
		}
	}
	return out
}

// nameMatches reports whether every word is the prefix of a word of name,
// as the databases' word indexes match.
func nameMatches(name string, words []string) bool {
	nameWords := strings.FieldsFunc(strings.ToLower(name), notWordRune)
	for _, w := range words {
		if !slices.ContainsFunc(nameWords, func(n string) bool { return strings.HasPrefix(n, w) }) {
			return false
		}
	}
	return true
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// portion is a food's weight for an entry and its label ("1.5 cup", "150 g").
type portion struct {
	Grams float64
	Label string
}

// portionOf applies the portion rules: a measure of the food times count, or
// grams; the total must be more than 0 and at most MaxPortionGrams.
func portionOf(f Food, measure string, count, grams float64) (portion, error) {
	var v apperr.Validator
	var p portion
	if measure != "" {
		v.Check(count > 0, "count", "Count must be more than 0")
		v.Check(count <= MaxPortionCount, "count", "Count cannot exceed 100")
		found := false
		for _, m := range f.Measures {
			if m.Label == measure {
				p, found = portion{Grams: m.Grams * count, Label: formatAmount(count) + " " + m.Label}, true
				break
			}
		}
		v.Check(found, "measure", "Choose one of this food's portions")
	} else {
		p = portion{Grams: grams, Label: formatAmount(grams) + " g"}
	}
	if err := v.Err(); err != nil {
		return p, err
	}
	v.Check(p.Grams > 0, "grams", "Portion must be more than 0 g")
	v.Check(p.Grams <= MaxPortionGrams, "grams", "Portion cannot exceed 5000 g")
	p.Grams = math.Round(p.Grams*10) / 10
	if utf8.RuneCountInString(p.Label) > MaxQuantityChars {
		p.Label = string([]rune(p.Label)[:MaxQuantityChars])
	}
	return p, v.Err()
}

// formatAmount writes 1.5, 2 or 0.25 (no trailing zeros).
func formatAmount(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// entryFromFood computes an entry's calories and macros from the food's
// per-100 g values and the portion's grams, rounded to whole units.
func entryFromFood(f Food, p portion) FoodEntry {
	of := func(per100 float64) int { return int(math.Round(per100 * p.Grams / 100)) }
	id, grams := f.ID, p.Grams
	e := FoodEntry{FoodName: f.Name, Calories: of(f.Kcal), Protein: of(f.Protein), Carbs: of(f.Carbs), Fat: of(f.Fat),
		Quantity: p.Label, Grams: &grams, Nutrients: f.per100().scaled(p.Grams / 100)}
	if f.Custom {
		e.CustomFoodID = &id
	} else {
		e.FoodID = &id
	}
	return e
}

// foodEntry turns a request to log a food of the database into an entry
// (without user, date and time): the food must exist, the portion be valid.
func (s *Service) foodEntry(ctx context.Context, userID int64, in NewFoodEntry) (FoodEntry, error) {
	meal := strings.ToLower(strings.TrimSpace(in.MealType))
	var v apperr.Validator
	v.Check(meal != "", "mealType", "Meal type is required")
	v.Check(meal == "" || validMealType(meal), "mealType", "Meal type must be breakfast, lunch, dinner or snack")
	if err := v.Err(); err != nil {
		return FoodEntry{}, err
	}
	f, err := s.entryFood(ctx, userID, in.FoodID, in.CustomFoodID)
	if err != nil {
		return FoodEntry{}, err
	}
	p, err := portionOf(f, in.Measure, in.Count, in.Grams)
	if err != nil {
		return FoodEntry{}, err
	}
	e := entryFromFood(f, p)
	e.MealType = meal
	if e.Calories > MaxCalories {
		return FoodEntry{}, apperr.Invalid(map[string]string{"grams": "Calories cannot exceed 10000"})
	}
	return e, nil
}
