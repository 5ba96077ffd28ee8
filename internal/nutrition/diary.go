package nutrition

import (
	"context"
	"errors"
	"math"
	"strings"
	"unicode/utf8"

	"hyrox/internal/apperr"
)

// The diary's depth: edit, undo of a delete, copy, favourites and custom
// foods (docs/nutrition-foods.md#the-diary).

// Limits of custom foods (docs/nutrition-foods.md#custom-foods).
const (
	MaxCustomFoods        = 200
	MaxCustomMeasures     = 10
	MaxMeasureLabelChars  = 40
	MaxKcalPer100g        = 900
	MaxMacroPer100g       = 100
	MaxFavourites         = 200
	RecentFoodsShown      = 20
	customFoodGroup       = "My foods"
	errEntryNotFoundMsg   = "Food entry not found."
	errCustomNotFoundMsg  = "Custom food not found."
	errFutureCopyMsg      = "You cannot copy from a day in the future."
	errSameCopyMsg        = "Choose another day or meal to copy from."
	errNothingToCopyMsg   = "Nothing is logged there to copy."
	errDayFullMsgTemplate = "You can log at most %d foods per day."
)

var (
	errEntryNotFound  = apperr.Errorf(apperr.CodeNotFound, errEntryNotFoundMsg)
	errCustomNotFound = apperr.Errorf(apperr.CodeNotFound, errCustomNotFoundMsg)
)

func dayFull() error {
	return apperr.Errorf(apperr.CodeConflict, errDayFullMsgTemplate, MaxEntriesPerDay)
}

// entryFood loads the food an entry is logged from: one of the athlete's
// custom foods (another athlete's is a 404) or a food of the database.
func (s *Service) entryFood(ctx context.Context, userID, foodID, customFoodID int64) (Food, error) {
	if customFoodID != 0 {
		return s.store.CustomFood(ctx, userID, customFoodID)
	}
	return s.store.Food(ctx, foodID)
}

// EntryUpdate is the body of PATCH /api/food-entries/{id}: every field is
// optional. An entry from a food (database or custom) takes a new portion
// (measure and count, or grams) and its macros are computed again; a manual
// entry takes new name, quantity and figures.
type EntryUpdate struct {
	MealType *string  `json:"mealType,omitempty"`
	Measure  string   `json:"measure,omitempty"`
	Count    *float64 `json:"count,omitempty"`
	Grams    *float64 `json:"grams,omitempty"`
	FoodName *string  `json:"foodName,omitempty"`
	Calories *int     `json:"calories,omitempty"`
	Protein  *int     `json:"protein,omitempty"`
	Carbs    *int     `json:"carbs,omitempty"`
	Fat      *int     `json:"fat,omitempty"`
	Quantity *string  `json:"quantity,omitempty"`
}

func orFloat(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// UpdateEntry edits one of the user's own entries; anything else is a 404.
func (s *Service) UpdateEntry(ctx context.Context, userID, id int64, in EntryUpdate) (FoodEntry, error) {
	e, err := s.store.Entry(ctx, userID, id)
	if err != nil {
		return FoodEntry{}, err
	}
	meal := e.MealType
	if in.MealType != nil {
		meal = strings.ToLower(strings.TrimSpace(*in.MealType))
		if !validMealType(meal) {
			return FoodEntry{}, apperr.Invalid(map[string]string{"mealType": "Meal type must be breakfast, lunch, dinner or snack"})
		}
	}
	if e.FoodID != nil || e.CustomFoodID != nil {
		if in.Measure != "" || in.Grams != nil {
			var foodID, customID int64
			if e.CustomFoodID != nil {
				customID = *e.CustomFoodID
			} else {
				foodID = *e.FoodID
			}
			f, err := s.entryFood(ctx, userID, foodID, customID)
			if err != nil {
				return FoodEntry{}, err
			}
			p, err := portionOf(f, in.Measure, orFloat(in.Count), orFloat(in.Grams))
			if err != nil {
				return FoodEntry{}, err
			}
			n := entryFromFood(f, p)
			if n.Calories > MaxCalories {
				return FoodEntry{}, apperr.Invalid(map[string]string{"grams": "Calories cannot exceed 10000"})
			}
			e.FoodName, e.Calories, e.Protein, e.Carbs, e.Fat, e.Quantity, e.Grams = n.FoodName, n.Calories, n.Protein, n.Carbs, n.Fat, n.Quantity, n.Grams
			e.Nutrients = n.Nutrients
		}
	} else {
		m := NewFoodEntry{FoodName: e.FoodName, Calories: e.Calories, Protein: e.Protein, Carbs: e.Carbs, Fat: e.Fat,
			Quantity: e.Quantity, MealType: meal}
		setStr(&m.FoodName, in.FoodName)
		setStr(&m.Quantity, in.Quantity)
		setInt(&m.Calories, in.Calories)
		setInt(&m.Protein, in.Protein)
		setInt(&m.Carbs, in.Carbs)
		setInt(&m.Fat, in.Fat)
		if err := validateEntry(&m); err != nil {
			return FoodEntry{}, err
		}
		e.FoodName, e.Calories, e.Protein, e.Carbs, e.Fat, e.Quantity = m.FoodName, m.Calories, m.Protein, m.Carbs, m.Fat, m.Quantity
	}
	e.MealType = meal
	return e, s.store.UpdateEntry(ctx, e)
}

func setStr(dst *string, v *string) {
	if v != nil {
		*dst = *v
	}
}

func setInt(dst *int, v *int) {
	if v != nil {
		*dst = *v
	}
}

// RestoreEntry undoes the delete of one of the user's entries (Undo): the
// entry comes back as it was, same id, day, meal and figures.
func (s *Service) RestoreEntry(ctx context.Context, userID, id int64) (FoodEntry, error) {
	e, err := s.store.RestoreEntry(ctx, userID, id, MaxEntriesPerDay)
	if errors.Is(err, errDayFull) {
		return FoodEntry{}, dayFull()
	}
	return e, err
}

// CopyRequest is the body of POST /api/food-entries/copy: a meal (MealType
// set) or a whole day (MealType empty) of FromDate goes to ToDate; a meal
// goes to ToMealType, by default the same meal. TZ gives "today" for the
// future check (UTC without it).
type CopyRequest struct {
	FromDate   string `json:"fromDate"`
	ToDate     string `json:"toDate"`
	MealType   string `json:"mealType,omitempty"`
	ToMealType string `json:"toMealType,omitempty"`
	TZ         string `json:"tz,omitempty"`
}

// CopyResult is the answer of a copy: the entries written and the target day.
type CopyResult struct {
	Copied int `json:"copied"`
	Day    Day `json:"day"`
}

// Copy copies a meal or a whole day of the user's diary to another day
// (docs/nutrition-foods.md#the-diary). Nothing is written on any error.
func (s *Service) Copy(ctx context.Context, userID int64, in CopyRequest) (CopyResult, error) {
	in.MealType = strings.ToLower(strings.TrimSpace(in.MealType))
	in.ToMealType = strings.ToLower(strings.TrimSpace(in.ToMealType))
	var v apperr.Validator
	v.Check(strings.TrimSpace(in.FromDate) != "", "fromDate", "Choose a day to copy from")
	v.Check(strings.TrimSpace(in.ToDate) != "", "toDate", "Choose a day to copy to")
	v.Check(in.MealType == "" || validMealType(in.MealType), "mealType", "Meal type must be breakfast, lunch, dinner or snack")
	v.Check(in.ToMealType == "" || validMealType(in.ToMealType), "toMealType", "Meal type must be breakfast, lunch, dinner or snack")
	if err := v.Err(); err != nil {
		return CopyResult{}, err
	}
	now := s.now().UTC()
	from, err := ResolveDate(in.FromDate, "", now)
	if err != nil {
		return CopyResult{}, apperr.Invalid(map[string]string{"fromDate": "Date must be a valid date (YYYY-MM-DD)"})
	}
	to, err := ResolveDate(in.ToDate, "", now)
	if err != nil {
		return CopyResult{}, apperr.Invalid(map[string]string{"toDate": "Date must be a valid date (YYYY-MM-DD)"})
	}
	today, err := ResolveDate("", in.TZ, now)
	if err != nil {
		return CopyResult{}, err
	}
	if from > today {
		return CopyResult{}, apperr.Invalid(map[string]string{"fromDate": errFutureCopyMsg})
	}
	toMeal := in.ToMealType
	if in.MealType == "" {
		toMeal = ""
	} else if toMeal == "" {
		toMeal = in.MealType
	}
	if from == to && toMeal == in.MealType {
		return CopyResult{}, apperr.Invalid(map[string]string{"fromDate": errSameCopyMsg})
	}
	n, err := s.store.CopyEntries(ctx, userID, from, in.MealType, to, toMeal, now, MaxEntriesPerDay)
	switch {
	case errors.Is(err, errDayFull):
		return CopyResult{}, dayFull()
	case errors.Is(err, errNothingToCopy):
		return CopyResult{}, apperr.Invalid(map[string]string{"fromDate": errNothingToCopyMsg})
	case err != nil:
		return CopyResult{}, err
	}
	day, err := s.Day(ctx, userID, to)
	return CopyResult{Copied: n, Day: day}, err
}

// SetFavourite stars (on) or unstars a food of the database for the user.
func (s *Service) SetFavourite(ctx context.Context, userID, foodID int64, on bool) error {
	if !on {
		return s.store.RemoveFavourite(ctx, userID, foodID)
	}
	if _, err := s.store.Food(ctx, foodID); err != nil {
		return err
	}
	err := s.store.AddFavourite(ctx, userID, foodID, s.now().UTC(), MaxFavourites)
	if errors.Is(err, errTooMany) {
		return apperr.Errorf(apperr.CodeConflict, "You can star at most %d foods.", MaxFavourites)
	}
	return err
}

// NewCustomFood is the body of POST /api/nutrition/custom-foods: values per
// 100 g and optional household portions.
type NewCustomFood struct {
	Name     string    `json:"name"`
	Kcal     float64   `json:"kcal"`
	Protein  float64   `json:"protein"`
	Carbs    float64   `json:"carbs"`
	Fat      float64   `json:"fat"`
	Measures []Measure `json:"measures"`
}

func validateCustomFood(in *NewCustomFood) error {
	in.Name = strings.TrimSpace(in.Name)
	var v apperr.Validator
	v.Check(in.Name != "", "name", "Name is required")
	v.Check(utf8.RuneCountInString(in.Name) <= MaxFoodNameChars, "name", "Name must be at most 100 characters")
	v.Check(in.Kcal >= 0 && in.Kcal <= MaxKcalPer100g, "kcal", "Calories per 100 g must be between 0 and 900")
	v.Check(in.Protein >= 0 && in.Protein <= MaxMacroPer100g, "protein", "Protein per 100 g must be between 0 and 100 g")
	v.Check(in.Carbs >= 0 && in.Carbs <= MaxMacroPer100g, "carbs", "Carbs per 100 g must be between 0 and 100 g")
	v.Check(in.Fat >= 0 && in.Fat <= MaxMacroPer100g, "fat", "Fat per 100 g must be between 0 and 100 g")
	v.Check(in.Protein+in.Carbs+in.Fat <= MaxMacroPer100g, "fat", "Protein, carbs and fat add up to more than 100 g")
	v.Check(len(in.Measures) <= MaxCustomMeasures, "measures", "At most 10 portions")
	seen := map[string]bool{}
	for i := range in.Measures {
		m := &in.Measures[i]
		m.Label = strings.TrimSpace(m.Label)
		v.Check(m.Label != "", "measures", "Each portion needs a name")
		v.Check(utf8.RuneCountInString(m.Label) <= MaxMeasureLabelChars, "measures", "A portion's name must be at most 40 characters")
		v.Check(!seen[m.Label], "measures", "Each portion needs its own name")
		v.Check(m.Grams > 0 && m.Grams <= MaxPortionGrams, "measures", "A portion must weigh more than 0 g and at most 5000 g")
		m.Grams = math.Round(m.Grams*10) / 10
		seen[m.Label] = true
	}
	if in.Measures == nil {
		in.Measures = []Measure{}
	}
	return v.Err()
}

// CreateCustomFood adds one of the athlete's own foods.
func (s *Service) CreateCustomFood(ctx context.Context, userID int64, in NewCustomFood) (Food, error) {
	if err := validateCustomFood(&in); err != nil {
		return Food{}, err
	}
	f, err := s.store.InsertCustomFood(ctx, userID, in, s.now().UTC(), MaxCustomFoods)
	if errors.Is(err, errTooMany) {
		return Food{}, apperr.Errorf(apperr.CodeConflict, "You can keep at most %d custom foods.", MaxCustomFoods)
	}
	return f, err
}

// UpdateCustomFood replaces one of the user's custom foods (name, values per
// 100 g and portions) under the creation rules; another's is a 404. Entries
// already logged from it keep their figures (docs/nutrition-foods.md#custom-foods).
func (s *Service) UpdateCustomFood(ctx context.Context, userID, id int64, in NewCustomFood) (Food, error) {
	if err := validateCustomFood(&in); err != nil {
		return Food{}, err
	}
	f, ok, err := s.store.UpdateCustomFood(ctx, userID, id, in)
	if err == nil && !ok {
		return Food{}, errCustomNotFound
	}
	return f, err
}

// CustomFood returns one of the user's custom foods; another's is a 404.
func (s *Service) CustomFood(ctx context.Context, userID, id int64) (Food, error) {
	return s.store.CustomFood(ctx, userID, id)
}

// DeleteCustomFood removes one of the user's custom foods; entries logged
// from it stay as they are.
func (s *Service) DeleteCustomFood(ctx context.Context, userID, id int64) error {
	ok, err := s.store.DeleteCustomFood(ctx, userID, id)
	if err == nil && !ok {
		return errCustomNotFound
	}
	return err
}

// Food returns one food of the database with its portions, marked starred
// and recent for the user (the edit form shows its portions).
func (s *Service) Food(ctx context.Context, userID, id int64) (Food, error) {
	f, err := s.store.Food(ctx, id)
	if err != nil {
		return Food{}, err
	}
	starred, err := s.store.FavouriteIDs(ctx, userID, []int64{id})
	f.Favourite = starred[id]
	return f, err
}

// MyFoods is the answer of GET /api/nutrition/my-foods.
type MyFoods struct {
	Recent     []Food `json:"recent"`
	Favourites []Food `json:"favourites"`
	Custom     []Food `json:"custom"`
}

// MyFoods lists the athlete's recent foods (newest first), starred foods and
// custom foods, each with its portions.
func (s *Service) MyFoods(ctx context.Context, userID int64) (MyFoods, error) {
	recent, err := s.store.RecentFoods(ctx, userID, RecentFoodsShown)
	if err != nil {
		return MyFoods{}, err
	}
	favs, err := s.store.FavouriteFoods(ctx, userID)
	if err != nil {
		return MyFoods{}, err
	}
	custom, err := s.store.CustomFoods(ctx, userID)
	if err != nil {
		return MyFoods{}, err
	}
	starred := map[int64]bool{}
	for i := range favs {
		favs[i].Favourite = true
		starred[favs[i].ID] = true
	}
	for i := range recent {
		recent[i].Recent, recent[i].Favourite = true, starred[recent[i].ID]
	}
	if err := s.store.AttachMeasures(ctx, recent); err != nil {
		return MyFoods{}, err
	}
	if err := s.store.AttachMeasures(ctx, favs); err != nil {
		return MyFoods{}, err
	}
	return MyFoods{Recent: recent, Favourites: favs, Custom: custom}, nil
}
