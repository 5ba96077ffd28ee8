// Package nutrition owns nutrition profiles (daily targets), the food diary
// and the day's totals (docs/product.md#nutrition). Every route is pro-gated.
package nutrition

import "time"

// Profile is a user's daily targets plus the sums of one local day's food
// entries (current values default to 0).
type Profile struct {
	UserID          int64     `json:"userId"`
	Date            string    `json:"date"`
	DailyCalories   int       `json:"dailyCalories"`
	ProteinTarget   int       `json:"proteinTarget"`
	CarbsTarget     int       `json:"carbsTarget"`
	FatTarget       int       `json:"fatTarget"`
	CurrentCalories int       `json:"currentCalories"`
	CurrentProtein  int       `json:"currentProtein"`
	CurrentCarbs    int       `json:"currentCarbs"`
	CurrentFat      int       `json:"currentFat"`
	UpdatedAt       time.Time `json:"updatedAt"`
	// Sex and BirthYear choose the reference intakes of the micronutrients
	// (docs/nutrition-foods.md#micronutrients); null when not given.
	Sex       *string `json:"sex"`
	BirthYear *int    `json:"birthYear"`
	// Day is the date's targets (docs/nutrition-foods.md#day-targets): the
	// dashboard measures against them.
	Day *DayTargetsInfo `json:"day,omitempty"`
}

// Targets is the body of PUT /api/nutrition/{userId}.
type Targets struct {
	DailyCalories int `json:"dailyCalories"`
	ProteinTarget int `json:"proteinTarget"`
	CarbsTarget   int `json:"carbsTarget"`
	FatTarget     int `json:"fatTarget"`
}

// ProfileInput is the body of PUT /api/nutrition/{userId}: the targets and,
// optionally, sex and birth year (absent: kept as they are; "" and 0 clear
// them).
type ProfileInput struct {
	Targets
	Sex       *string `json:"sex,omitempty"`
	BirthYear *int    `json:"birthYear,omitempty"`
}

// MealTypes are the four meal groups, in the order a day is shown.
var MealTypes = []string{"breakfast", "lunch", "dinner", "snack"}

// FoodEntry is one line of the food diary. Date is the user's local date.
type FoodEntry struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"userId"`
	Date      string    `json:"date"`
	FoodName  string    `json:"foodName"`
	Calories  int       `json:"calories"`
	Protein   int       `json:"protein"`
	Carbs     int       `json:"carbs"`
	Fat       int       `json:"fat"`
	Quantity  string    `json:"quantity"`
	MealType  string    `json:"mealType"`
	CreatedAt time.Time `json:"createdAt"`
	// FoodID and Grams are set when the entry was logged from the food
	// database (docs/nutrition-foods.md#portions); Quantity is then the portion.
	FoodID *int64   `json:"foodId"`
	Grams  *float64 `json:"grams"`
	// CustomFoodID is set when the entry was logged from one of the
	// athlete's custom foods (docs/nutrition-foods.md#custom-foods).
	CustomFoodID *int64 `json:"customFoodId"`
	// Nutrients are the portion's minerals, vitamins, fibre and sugars
	// (docs/nutrition-foods.md#micronutrients), copied when it is logged as
	// calories and macros are; nil where unknown.
	Nutrients Amounts `json:"-"`
}

// NewFoodEntry is the body of POST /api/food-entries (docs/product.md#nutrition). Date is the
// browser's local date; without it, TZ (an IANA zone such as Europe/Berlin)
// gives today's date in that zone, else today in UTC.
//
// With FoodID the entry comes from the food database
// (docs/nutrition-foods.md#portions): Measure (one of the food's measure
// labels) times Count, or Grams; the server computes name, calories and
// macros, and the manual fields are ignored.
type NewFoodEntry struct {
	UserID   int64  `json:"userId"`
	FoodName string `json:"foodName"`
	Calories int    `json:"calories"`
	Protein  int    `json:"protein"`
	Carbs    int    `json:"carbs"`
	Fat      int    `json:"fat"`
	Quantity string `json:"quantity"`
	MealType string `json:"mealType"`
	Date     string `json:"date,omitempty"`
	TZ       string `json:"tz,omitempty"`

	FoodID       int64   `json:"foodId,omitempty"`
	CustomFoodID int64   `json:"customFoodId,omitempty"`
	Measure      string  `json:"measure,omitempty"`
	Count        float64 `json:"count,omitempty"`
	Grams        float64 `json:"grams,omitempty"`
}

// Meal is one meal type's entries on a day.
type Meal struct {
	MealType string      `json:"mealType"`
	Calories int         `json:"calories"`
	Entries  []FoodEntry `json:"entries"`
}

// Day is the answer of GET /api/food-entries: the day's entries grouped by
// meal type, always all four groups in MealTypes order.
type Day struct {
	Date  string `json:"date"`
	Meals []Meal `json:"meals"`
}

// SuggestInput is the body of POST /api/nutrition/suggest.
type SuggestInput struct {
	WeightKg float64 `json:"weightKg"`
	HeightCm float64 `json:"heightCm"`
	Age      int     `json:"age"`
	Sex      string  `json:"sex"`      // male | female
	Activity string  `json:"activity"` // sedentary | light | moderate | active | very_active
	Goal     string  `json:"goal"`     // lose | maintain (default) | gain
}

// Suggestion is a target proposal with the figures it was built from.
type Suggestion struct {
	Targets
	BMR            int     `json:"bmr"`
	TDEE           int     `json:"tdee"`
	ActivityFactor float64 `json:"activityFactor"`
	ProteinPerKg   float64 `json:"proteinPerKg"`
}

// Export is everything of a user's in this area (GET /api/user/export).
type Export struct {
	Profile *Targets `json:"profile"`
	// Person is the profile's sex and birth year (docs/nutrition-foods.md#micronutrients).
	Person      Person      `json:"person"`
	FoodEntries []FoodEntry `json:"foodEntries"`
	CustomFoods []Food      `json:"customFoods"`
	// Favourites are the starred foods of the database.
	Favourites []Food `json:"favourites"`
	// Water is every drink logged (docs/nutrition-diary.md#water).
	Water []WaterEntry `json:"water"`
	// SavedMeals are the saved meals and recipes
	// (docs/nutrition-diary.md#saved-meals-and-recipes).
	SavedMeals []SavedMeal `json:"savedMeals"`
}
