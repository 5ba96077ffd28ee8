package nutrition

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
)

// Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes):
// foods of the diary kept under a name ("usual breakfast") and logged again
// in one tap. A recipe has a number of servings: its values per serving are
// the foods' totals divided by them, and it is logged as servings of it.

// Limits of saved meals (docs/nutrition-diary.md#saved-meals-and-recipes).
const (
	MaxSavedMeals      = 100
	MaxSavedMealFoods  = 30
	MaxRecipeServings  = 100
	MaxLoggedServings  = 20
	errMealNotFoundMsg = "Saved meal not found."
	errNotInDiaryMsg   = "Choose foods from your diary"
)

var errMealNotFound = apperr.Errorf(apperr.CodeNotFound, errMealNotFoundMsg)

// SavedMealFood is one food of a saved meal, as it was logged.
type SavedMealFood struct {
	FoodName     string   `json:"foodName"`
	Calories     int      `json:"calories"`
	Protein      int      `json:"protein"`
	Carbs        int      `json:"carbs"`
	Fat          int      `json:"fat"`
	Quantity     string   `json:"quantity"`
	FoodID       *int64   `json:"foodId"`
	Grams        *float64 `json:"grams"`
	CustomFoodID *int64   `json:"customFoodId"`
	// nutrients are the food's minerals, vitamins, fibre and sugars, as logged.
	nutrients Amounts
}

// SavedMeal is a saved meal (Servings nil) or a recipe (Servings set).
type SavedMeal struct {
	ID       int64           `json:"id"`
	Name     string          `json:"name"`
	Servings *float64        `json:"servings"`
	Foods    []SavedMealFood `json:"foods"`
	Total    Macros          `json:"total"`
	// PerServing is a recipe's total divided by its servings (nil for a meal).
	PerServing *Macros   `json:"perServing"`
	CreatedAt  time.Time `json:"createdAt"`
}

// NewSavedMeal is the body of POST /api/nutrition/saved-meals: entries of
// the athlete's diary, in order; Servings makes it a recipe.
type NewSavedMeal struct {
	Name     string   `json:"name"`
	EntryIDs []int64  `json:"entryIds"`
	Servings *float64 `json:"servings,omitempty"`
}

// SavedMealRename is the body of PATCH /api/nutrition/saved-meals/{id}.
type SavedMealRename struct {
	Name string `json:"name"`
}

// LogSavedMeal is the body of POST /api/nutrition/saved-meals/{id}/log: the
// day (Date, or today in TZ) and meal slot; a recipe takes Servings (1 by default).
type LogSavedMeal struct {
	Date     string   `json:"date,omitempty"`
	TZ       string   `json:"tz,omitempty"`
	MealType string   `json:"mealType"`
	Servings *float64 `json:"servings,omitempty"`
}

// SavedMealLogged is the answer of a log: the entries written and their day.
type SavedMealLogged struct {
	Entries []FoodEntry `json:"entries"`
	Day     Day         `json:"day"`
}

// withTotals sets a saved meal's total and, for a recipe, its values per serving.
func (m *SavedMeal) withTotals() {
	m.Total = Macros{}
	for _, f := range m.Foods {
		m.Total.Calories += f.Calories
		m.Total.Protein += f.Protein
		m.Total.Carbs += f.Carbs
		m.Total.Fat += f.Fat
	}
	m.PerServing = nil
	if m.Servings != nil {
		per := m.Total.scaled(1 / *m.Servings)
		m.PerServing = &per
	}
}

// scaled is the total times k, each figure rounded.
func (t Macros) scaled(k float64) Macros {
	r := func(v int) int { return int(math.Round(float64(v) * k)) }
	return Macros{Calories: r(t.Calories), Protein: r(t.Protein), Carbs: r(t.Carbs), Fat: r(t.Fat)}
}

// checkSavedMealName checks a saved meal's name, already trimmed.
func checkSavedMealName(v *apperr.Validator, name string) {
	v.Check(name != "", "name", "Name is required")
	v.Check(utf8.RuneCountInString(name) <= MaxFoodNameChars, "name", "Name must be at most 100 characters")
}

// CreateSavedMeal saves entries of the athlete's own diary as a meal or, with
// servings, a recipe. An entry that is not theirs (or does not exist) is a
// 400 and nothing is saved.
func (s *Service) CreateSavedMeal(ctx context.Context, userID int64, in NewSavedMeal) (SavedMeal, error) {
	name := strings.TrimSpace(in.Name)
	var v apperr.Validator
	checkSavedMealName(&v, name)
	v.Check(len(in.EntryIDs) > 0, "entryIds", "Choose at least one food")
	v.Check(len(in.EntryIDs) <= MaxSavedMealFoods, "entryIds", fmt.Sprintf("A saved meal holds at most %d foods", MaxSavedMealFoods))
	if in.Servings != nil {
		// Servings are kept to 0.01; checked after rounding, so a recipe never has 0.
		n := roundServings(*in.Servings)
		in.Servings = &n
		v.Check(n > 0 && n <= MaxRecipeServings, "servings", fmt.Sprintf("Servings must be more than 0 and at most %d", MaxRecipeServings))
	}
	if err := v.Err(); err != nil {
		return SavedMeal{}, err
	}
	seen := map[int64]bool{}
	for _, id := range in.EntryIDs {
		if seen[id] {
			return SavedMeal{}, apperr.Invalid(map[string]string{"entryIds": "Each food can be chosen once"})
		}
		seen[id] = true
	}
	entries, err := s.store.EntriesByID(ctx, userID, in.EntryIDs)
	if err != nil {
		return SavedMeal{}, err
	}
	if len(entries) != len(in.EntryIDs) {
		return SavedMeal{}, apperr.Invalid(map[string]string{"entryIds": errNotInDiaryMsg})
	}
	m := SavedMeal{Name: name, Foods: make([]SavedMealFood, 0, len(entries)), CreatedAt: s.now().UTC()}
	m.Servings = in.Servings
	for _, id := range in.EntryIDs {
		e := entries[id]
		m.Foods = append(m.Foods, SavedMealFood{FoodName: e.FoodName, Calories: e.Calories, Protein: e.Protein, Carbs: e.Carbs,
			Fat: e.Fat, Quantity: e.Quantity, FoodID: e.FoodID, Grams: e.Grams, CustomFoodID: e.CustomFoodID, nutrients: e.Nutrients})
	}
	m.withTotals()
	if err := s.store.InsertSavedMeal(ctx, userID, &m, MaxSavedMeals); err != nil {
		if errors.Is(err, errTooMany) {
			return SavedMeal{}, apperr.Errorf(apperr.CodeConflict, "You can keep at most %d saved meals.", MaxSavedMeals)
		}
		return SavedMeal{}, err
	}
	return m, nil
}

// SavedMeals lists the athlete's saved meals and recipes, newest first.
func (s *Service) SavedMeals(ctx context.Context, userID int64) ([]SavedMeal, error) {
	meals, err := s.store.SavedMeals(ctx, userID, 0)
	for i := range meals {
		meals[i].withTotals()
	}
	return meals, err
}

// savedMeal loads one of the athlete's saved meals; another's is a 404.
func (s *Service) savedMeal(ctx context.Context, userID, id int64) (SavedMeal, error) {
	meals, err := s.store.SavedMeals(ctx, userID, id)
	if err != nil {
		return SavedMeal{}, err
	}
	if len(meals) == 0 {
		return SavedMeal{}, errMealNotFound
	}
	meals[0].withTotals()
	return meals[0], nil
}

// RenameSavedMeal renames one of the athlete's saved meals.
func (s *Service) RenameSavedMeal(ctx context.Context, userID, id int64, in SavedMealRename) (SavedMeal, error) {
	name := strings.TrimSpace(in.Name)
	var v apperr.Validator
	checkSavedMealName(&v, name)
	if err := v.Err(); err != nil {
		return SavedMeal{}, err
	}
	ok, err := s.store.RenameSavedMeal(ctx, userID, id, name)
	if err != nil {
		return SavedMeal{}, err
	}
	if !ok {
		return SavedMeal{}, errMealNotFound
	}
	return s.savedMeal(ctx, userID, id)
}

// DeleteSavedMeal deletes one of the athlete's saved meals; what was logged
// from it stays in the diary.
func (s *Service) DeleteSavedMeal(ctx context.Context, userID, id int64) error {
	ok, err := s.store.DeleteSavedMeal(ctx, userID, id)
	if err == nil && !ok {
		return errMealNotFound
	}
	return err
}

// roundServings keeps servings to 0.01.
func roundServings(n float64) float64 { return math.Round(n*100) / 100 }

// servingsLabel is a recipe entry's quantity: "1 serving", "1.5 servings".
func servingsLabel(n float64) string {
	s := strconv.FormatFloat(n, 'f', -1, 64)
	if n == 1 {
		return s + " serving"
	}
	return s + " servings"
}

// LogSavedMeal logs one of the athlete's saved meals on a day and meal slot,
// in one transaction: a meal writes each of its foods as an entry, a recipe
// one entry of the servings eaten.
func (s *Service) LogSavedMeal(ctx context.Context, userID, id int64, in LogSavedMeal) (SavedMealLogged, error) {
	meal := strings.ToLower(strings.TrimSpace(in.MealType))
	if !validMealType(meal) {
		return SavedMealLogged{}, apperr.Invalid(map[string]string{"mealType": "Meal type must be breakfast, lunch, dinner or snack"})
	}
	date, err := ResolveDate(in.Date, in.TZ, s.now())
	if err != nil {
		return SavedMealLogged{}, err
	}
	m, err := s.savedMeal(ctx, userID, id)
	if err != nil {
		return SavedMealLogged{}, err
	}
	now := s.now().UTC()
	var entries []FoodEntry
	if m.Servings == nil {
		if in.Servings != nil {
			return SavedMealLogged{}, apperr.Invalid(map[string]string{"servings": "Only a recipe is logged in servings"})
		}
		for _, f := range m.Foods {
			entries = append(entries, FoodEntry{UserID: userID, Date: date, FoodName: f.FoodName, Calories: f.Calories,
				Protein: f.Protein, Carbs: f.Carbs, Fat: f.Fat, Quantity: f.Quantity, MealType: meal, CreatedAt: now,
				FoodID: f.FoodID, Grams: f.Grams, CustomFoodID: f.CustomFoodID, Nutrients: f.nutrients})
		}
	} else {
		n := 1.0
		if in.Servings != nil {
			n = roundServings(*in.Servings)
		}
		if !(n > 0 && n <= MaxLoggedServings) {
			return SavedMealLogged{}, apperr.Invalid(map[string]string{"servings": fmt.Sprintf("Servings must be more than 0 and at most %d", MaxLoggedServings)})
		}
		t := m.Total.scaled(n / *m.Servings)
		if t.Calories > MaxCalories {
			return SavedMealLogged{}, apperr.Invalid(map[string]string{"servings": "Calories cannot exceed 10000"})
		}
		pot := make([]Amounts, len(m.Foods))
		for i, f := range m.Foods {
			pot[i] = f.nutrients
		}
		entries = []FoodEntry{{UserID: userID, Date: date, FoodName: m.Name, Calories: t.Calories, Protein: t.Protein,
			Carbs: t.Carbs, Fat: t.Fat, Quantity: servingsLabel(n), MealType: meal, CreatedAt: now,
			Nutrients: sumAll(pot).scaled(n / *m.Servings)}}
	}
	entries, err = s.store.AddEntries(ctx, entries, MaxEntriesPerDay)
	if errors.Is(err, errDayFull) {
		return SavedMealLogged{}, dayFull()
	}
	if err != nil {
		return SavedMealLogged{}, err
	}
	day, err := s.Day(ctx, userID, date)
	return SavedMealLogged{Entries: entries, Day: day}, err
}
