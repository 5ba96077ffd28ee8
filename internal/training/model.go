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

// Session kinds.
const (
	KindTraining = "training"
	KindRest     = "rest"
	KindRace     = "race"
)

// Log is one logged workout of a user. WorkoutID is nil for a custom
// workout; RPE is nil when not given; Exercises is a list of
// SessionExercise actuals (or, for logs written by older clients, an
// object). Revision counts the edits; PlannedSessionID is the calendar
// session the log marked done, if any (docs/training-logs.md).
type Log struct {
	ID               int64           `json:"id"`
	UserID           int64           `json:"userId"`
	WorkoutID        *int64          `json:"workoutId"`
	WorkoutName      string          `json:"workoutName"`
	Duration         int             `json:"duration"`
	Rating           int             `json:"rating"`
	RPE              *int            `json:"rpe"`
	Notes            string          `json:"notes"`
	Exercises        json.RawMessage `json:"exercises"`
	CompletedAt      time.Time       `json:"completedAt"`
	CreatedAt        time.Time       `json:"createdAt"`
	UpdatedAt        time.Time       `json:"updatedAt"`
	Revision         int             `json:"revision"`
	Edited           bool            `json:"edited"`
	PlannedSessionID *int64          `json:"plannedSessionId"`
	// NewRecords lists the personal records this write set (create and edit
	// answers only).
	NewRecords []PersonalRecord `json:"newRecords,omitempty"`
}

// PersonalRecord is an athlete's best effort for one exercise and measure:
// the lowest time (Kind "time", Value in seconds) or the highest load (Kind
// "load", Value in kg), strictly better than an earlier effort: a first value
// is a baseline, not a record.
type PersonalRecord struct {
	Key         string    `json:"key"`
	Kind        string    `json:"kind"`
	Exercise    string    `json:"exercise"`
	Measure     string    `json:"measure"`
	Value       float64   `json:"value"`
	LogID       int64     `json:"logId"`
	WorkoutName string    `json:"workoutName"`
	AchievedAt  time.Time `json:"achievedAt"`
	// Line is the index of the log's exercise line that set it (in a log's
	// answers; absent from the list of records).
	Line *int `json:"line,omitempty"`
}

// LogRevision is a previous version of an edited log.
type LogRevision struct {
	Revision int       `json:"revision"`
	EditedAt time.Time `json:"editedAt"`
	Log      Log       `json:"log"`
}

// LogDetail is one log with its edit history (oldest first), the
// records it holds and its coach's comments (oldest first).
type LogDetail struct {
	Log
	History  []LogRevision    `json:"history"`
	Records  []PersonalRecord `json:"records"`
	Comments []LogComment     `json:"comments"`
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
