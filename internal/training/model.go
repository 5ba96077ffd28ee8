// Package training owns training plans, workouts, workout logs and their stats.
package training

import (
	"encoding/json"
	"time"
)

// Exercise is one line of a workout.
type Exercise struct {
	Name string `json:"name"`
	Reps string `json:"reps"`
	// Slug names the library exercise this line is (GET /api/exercises/{slug}), when one matches.
	Slug string `json:"slug,omitempty"`
}

// Workout is a seeded HYROX session.
type Workout struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	TargetTime  int        `json:"targetTime"` // minutes
	Exercises   []Exercise `json:"exercises"`
	ProTip      string     `json:"proTip"`
}

// Plan is a training plan as listed; Locked says whether the caller's tier
// is below RequiredTier.
type Plan struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Description  string `json:"description"`
	Category     string `json:"category"`
	Duration     string `json:"duration"`
	Frequency    string `json:"frequency"`
	Level        string `json:"level"`
	RequiredTier string `json:"requiredTier"`
	Locked       bool   `json:"locked"`
}

// PlanDetail is a plan with its week-by-week sessions.
type PlanDetail struct {
	Plan
	Weeks []Week `json:"weeks"`
}

// Week is one week of a plan.
type Week struct {
	Week     int       `json:"week"`
	Focus    string    `json:"focus"`
	Sessions []Session `json:"sessions"`
}

// Session is one session of a program's week (docs/training.md): Day 1 is
// Monday, 7 Sunday; a day may hold several sessions (Position orders them).
// WorkoutID links to a library workout when the session is one.
type Session struct {
	ID          int64             `json:"id,omitempty"`
	Day         int               `json:"day"`
	Position    int               `json:"position"`
	Kind        string            `json:"kind"`
	Title       string            `json:"title"`
	Details     string            `json:"details"`
	WorkoutID   *int64            `json:"workoutId"`
	WorkoutName string            `json:"workoutName,omitempty"`
	Minutes     int               `json:"minutes"`
	RPE         int               `json:"rpe"`
	Exercises   []SessionExercise `json:"exercises"`
}

// SessionExercise is one structured exercise of a planned session (and of a
// log's actuals): every field but Exercise is optional, numbers are >= 0.
type SessionExercise struct {
	Exercise   string  `json:"exercise"`
	Sets       int     `json:"sets,omitempty"`
	Reps       int     `json:"reps,omitempty"`
	LoadKg     float64 `json:"loadKg,omitempty"`
	DistanceM  int     `json:"distanceM,omitempty"`
	TimeS      int     `json:"timeS,omitempty"`
	TargetPace string  `json:"targetPace,omitempty"`
	RestS      int     `json:"restS,omitempty"`
	Notes      string  `json:"notes,omitempty"`
}

// Session kinds.
const (
	KindTraining = "training"
	KindRest     = "rest"
	KindRace     = "race"
)

// Log is one logged workout of a user.
type Log struct {
	ID          int64           `json:"id"`
	UserID      int64           `json:"userId"`
	WorkoutID   int64           `json:"workoutId"`
	WorkoutName string          `json:"workoutName"`
	Duration    int             `json:"duration"`
	Rating      int             `json:"rating"`
	Notes       string          `json:"notes"`
	Exercises   json.RawMessage `json:"exercises"`
	CompletedAt time.Time       `json:"completedAt"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

// Stats sums up a user's logs. MinutesThisWeek and CurrentStreakDays use the
// user's local calendar (Monday-based week).
type Stats struct {
	TotalWorkouts     int     `json:"totalWorkouts"`
	TotalMinutes      int     `json:"totalMinutes"`
	AvgRating         float64 `json:"avgRating"`
	MinutesThisWeek   int     `json:"minutesThisWeek"`
	CurrentStreakDays int     `json:"currentStreakDays"`
	Today             string  `json:"today"`
	WeekStart         string  `json:"weekStart"`
}

// Categories of plans (docs/product.md#training).
var Categories = []string{"strength", "running", "wod", "cardio"}
