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

// Session is one day of a plan's week; WorkoutID links to a workout when the
// session is one.
type Session struct {
	Day         int    `json:"day"`
	Title       string `json:"title"`
	Details     string `json:"details"`
	WorkoutID   *int64 `json:"workoutId"`
	WorkoutName string `json:"workoutName,omitempty"`
}

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
