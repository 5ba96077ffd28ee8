package nutrition

import (
	"context"
	"errors"
	"strings"
	"time"
	_ "time/tzdata" // IANA zones even on hosts without /usr/share/zoneinfo
	"unicode/utf8"

	"hyrox/internal/apperr"
)

// Limits of a food entry (docs/product.md#nutrition).
const (
	MaxCalories      = 10000
	MaxMacroGrams    = 1000
	MaxFoodNameChars = 100
	MaxQuantityChars = 50
	// MaxEntriesPerDay keeps a day's list (and its answer) bounded.
	MaxEntriesPerDay = 200
)

// NoProfileMessage is the 404 text of GET /api/nutrition/{userId} (docs/product.md#nutrition).
const NoProfileMessage = "No nutrition profile found. Create one to start tracking."

const dateLayout = "2006-01-02"

// Service holds the nutrition rules.
type Service struct {
	store    *Store
	now      func() time.Time
	planner  DayPlanner // nil: no calendar connected (see UsePlanner)
	sessions SessionLog // nil: no training logs connected (see UseSessionLog)
	off      *OFFClient // nil: no barcode look-ups (see UseOpenFoodFacts)
}

func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// ResolveDate picks the local day a request is about: date when given
// (YYYY-MM-DD), else today in the IANA zone tz, else today in UTC. field names
// the input in error messages.
func ResolveDate(date, tz string, now time.Time) (string, error) {
	date, tz = strings.TrimSpace(date), strings.TrimSpace(tz)
	if date != "" {
		d, err := time.Parse(dateLayout, date)
		if err != nil || d.Year() < 2000 || d.Year() > 2100 {
			return "", &apperr.Error{Code: apperr.CodeInvalid, Message: "Date must be a valid date (YYYY-MM-DD)",
				Fields: map[string]string{"date": "Date must be a valid date (YYYY-MM-DD)"}}
		}
		return d.Format(dateLayout), nil
	}
	loc := time.UTC
	if tz != "" {
		l, err := time.LoadLocation(tz)
		if err != nil || strings.EqualFold(tz, "local") {
			return "", &apperr.Error{Code: apperr.CodeInvalid, Message: "Unknown time zone",
				Fields: map[string]string{"tz": "Unknown time zone"}}
		}
		loc = l
	}
	return now.In(loc).Format(dateLayout), nil
}

// Profile returns the user's targets with the sums of the given local day
// (UTC day boundaries for the logged sessions; see ProfileIn).
func (s *Service) Profile(ctx context.Context, userID int64, date string) (Profile, error) {
	return s.ProfileIn(ctx, userID, date, time.UTC)
}

// ProfileIn returns the user's targets, the sums of the local day date in loc
// and that day's targets.
func (s *Service) ProfileIn(ctx context.Context, userID int64, date string, loc *time.Location) (Profile, error) {
	p, err := s.store.ProfileForDay(ctx, userID, date)
	return s.profileWithDay(ctx, p, err, loc)
}

func validateTargets(t Targets) error {
	var v apperr.Validator
	checkTargets(&v, t)
	return v.Err()
}

func checkTargets(v *apperr.Validator, t Targets) {
	v.Check(t.DailyCalories >= MinDailyCalories && t.DailyCalories <= MaxDailyCalories, "dailyCalories",
		"Daily calories must be between 800 and 10000")
	v.Check(t.ProteinTarget >= MinMacroTarget && t.ProteinTarget <= MaxMacroTarget, "proteinTarget",
		"Protein target must be between 1 and 1000 g")
	v.Check(t.CarbsTarget >= MinMacroTarget && t.CarbsTarget <= MaxMacroTarget, "carbsTarget",
		"Carbs target must be between 1 and 1000 g")
	v.Check(t.FatTarget >= MinMacroTarget && t.FatTarget <= MaxMacroTarget, "fatTarget",
		"Fat target must be between 1 and 1000 g")
}

// SaveTargets creates or updates the user's targets, keeping their sex and
// birth year, and returns the profile for date.
func (s *Service) SaveTargets(ctx context.Context, userID int64, t Targets, date string, loc *time.Location) (Profile, error) {
	return s.SaveProfile(ctx, userID, ProfileInput{Targets: t}, date, loc)
}

// SaveProfile creates or updates the user's targets (and sex and birth year
// when given) and returns the profile for date.
func (s *Service) SaveProfile(ctx context.Context, userID int64, in ProfileInput, date string, loc *time.Location) (Profile, error) {
	if in.Sex != nil {
		sex := strings.ToLower(strings.TrimSpace(*in.Sex))
		in.Sex = &sex
	}
	who := Person{Sex: in.Sex, BirthYear: in.BirthYear}
	var v apperr.Validator
	checkTargets(&v, in.Targets)
	checkPerson(&v, who, s.now())
	if err := v.Err(); err != nil {
		return Profile{}, err
	}
	if err := s.store.SaveTargets(ctx, userID, in.Targets, who, s.now().UTC()); err != nil {
		return Profile{}, err
	}
	return s.ProfileIn(ctx, userID, date, loc)
}

// SuggestTargets validates in and returns suggested targets.
func (s *Service) SuggestTargets(in SuggestInput) (Suggestion, error) {
	if err := validateSuggest(&in); err != nil {
		return Suggestion{}, err
	}
	return Suggest(in), nil
}

// validMealType reports whether m is one of the four meal types.
func validMealType(m string) bool {
	for _, t := range MealTypes {
		if m == t {
			return true
		}
	}
	return false
}

// validateEntry normalises in and applies the rules of docs/product.md#nutrition,
// in the form's field order.
func validateEntry(in *NewFoodEntry) error {
	in.FoodName = strings.TrimSpace(in.FoodName)
	in.Quantity = strings.TrimSpace(in.Quantity)
	in.MealType = strings.ToLower(strings.TrimSpace(in.MealType))
	var v apperr.Validator
	v.Check(in.FoodName != "", "foodName", "Food name is required")
	v.Check(utf8.RuneCountInString(in.FoodName) <= MaxFoodNameChars, "foodName", "Food name must be at most 100 characters")
	v.Check(in.Calories >= 1, "calories", "Calories must be at least 1")
	v.Check(in.Calories <= MaxCalories, "calories", "Calories cannot exceed 10000")
	v.Check(in.Protein >= 0, "protein", "Protein cannot be negative")
	v.Check(in.Protein <= MaxMacroGrams, "protein", "Protein cannot exceed 1000 g")
	v.Check(in.Carbs >= 0, "carbs", "Carbs cannot be negative")
	v.Check(in.Carbs <= MaxMacroGrams, "carbs", "Carbs cannot exceed 1000 g")
	v.Check(in.Fat >= 0, "fat", "Fat cannot be negative")
	v.Check(in.Fat <= MaxMacroGrams, "fat", "Fat cannot exceed 1000 g")
	v.Check(in.Quantity != "", "quantity", "Quantity is required")
	v.Check(utf8.RuneCountInString(in.Quantity) <= MaxQuantityChars, "quantity", "Quantity must be at most 50 characters")
	v.Check(in.MealType != "", "mealType", "Meal type is required")
	v.Check(in.MealType == "" || validMealType(in.MealType), "mealType", "Meal type must be breakfast, lunch, dinner or snack")
	return v.Err()
}

// AddEntry logs a food for userID (the session's user) on the entry's local day.
func (s *Service) AddEntry(ctx context.Context, userID int64, in NewFoodEntry) (FoodEntry, error) {
	if in.UserID != 0 && in.UserID != userID {
		return FoodEntry{}, apperr.ErrForbidden
	}
	var e FoodEntry
	if in.FoodID != 0 || in.CustomFoodID != 0 {
		var err error
		if e, err = s.foodEntry(ctx, userID, in); err != nil {
			return FoodEntry{}, err
		}
	} else {
		if err := validateEntry(&in); err != nil {
			return FoodEntry{}, err
		}
		e = FoodEntry{FoodName: in.FoodName, Calories: in.Calories, Protein: in.Protein, Carbs: in.Carbs, Fat: in.Fat,
			Quantity: in.Quantity, MealType: in.MealType}
	}
	now := s.now().UTC()
	date, err := ResolveDate(in.Date, in.TZ, now)
	if err != nil {
		return FoodEntry{}, err
	}
	e.UserID, e.Date, e.CreatedAt = userID, date, now
	e, err = s.store.AddEntry(ctx, e, MaxEntriesPerDay)
	if errors.Is(err, errDayFull) {
		return FoodEntry{}, apperr.Errorf(apperr.CodeConflict, "You can log at most %d foods per day.", MaxEntriesPerDay)
	}
	return e, err
}

// Day returns the user's entries of one local day grouped by meal type.
func (s *Service) Day(ctx context.Context, userID int64, date string) (Day, error) {
	entries, err := s.store.EntriesOn(ctx, userID, date)
	if err != nil {
		return Day{}, err
	}
	return groupByMeal(date, entries), nil
}

func groupByMeal(date string, entries []FoodEntry) Day {
	day := Day{Date: date, Meals: make([]Meal, len(MealTypes))}
	index := map[string]int{}
	for i, t := range MealTypes {
		day.Meals[i] = Meal{MealType: t, Entries: []FoodEntry{}}
		index[t] = i
	}
	for _, e := range entries {
		i, ok := index[e.MealType]
		if !ok {
			i = index["snack"]
		}
		day.Meals[i].Entries = append(day.Meals[i].Entries, e)
		day.Meals[i].Calories += e.Calories
	}
	return day
}

// UndoWindow is how long a deleted entry can be restored
// (docs/nutrition-foods.md#the-diary).
const UndoWindow = 24 * time.Hour

// DeleteEntry removes one of the user's own entries (Undo restores it within
// UndoWindow); anything else is a 404.
func (s *Service) DeleteEntry(ctx context.Context, userID, id int64) error {
	now := s.now().UTC()
	ok, err := s.store.DeleteEntry(ctx, userID, id, now, now.Add(-UndoWindow))
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Errorf(apperr.CodeNotFound, "Food entry not found.")
	}
	return nil
}

// ExportUserData returns the user's targets and every food entry.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	out := Export{FoodEntries: []FoodEntry{}}
	t, err := s.store.Targets(ctx, userID)
	switch {
	case err == nil:
		out.Profile = &t
	case !errors.Is(err, errNoProfile):
		return nil, err
	}
	if out.Person, err = s.store.Person(ctx, userID); err != nil {
		return nil, err
	}
	if out.FoodEntries, err = s.store.AllEntries(ctx, userID); err != nil {
		return nil, err
	}
	if out.CustomFoods, err = s.store.CustomFoods(ctx, userID); err != nil {
		return nil, err
	}
	if out.Favourites, err = s.store.FavouriteFoods(ctx, userID); err != nil {
		return nil, err
	}
	if out.Water, err = s.store.WaterEntries(ctx, userID, ""); err != nil {
		return nil, err
	}
	if out.SavedMeals, err = s.SavedMeals(ctx, userID); err != nil {
		return nil, err
	}
	return out, nil
}
