package training

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func rows(names ...string) []SessionExercise {
	out := make([]SessionExercise, len(names))
	for i, n := range names {
		out[i] = SessionExercise{Exercise: n, TimeS: 240}
	}
	return out
}

func TestSimulationStations(t *testing.T) {
	for _, c := range []struct {
		name     string
		rows     []SessionExercise
		sim      bool
		stations []int
	}{
		{"a full simulation row by row", rows("Run", "SkiErg", "Run", "Sled Push", "Run", "Sled Pull", "Run", "Burpee Broad Jumps",
			"Run", "Rowing", "Run", "Farmer's Carry", "Run", "Sandbag Lunges", "Run", "Wall Balls", "Roxzone"), true, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{"the back half", rows("run 1 km", "Row", "run", "Farmers Carry", "Run", "Sandbag Lunge", "Run", "Wall Ball"), true, []int{4, 5, 6, 7}},
		{"compromised running: stations out of race order", rows("Wall Balls", "Sandbag Lunges", "Sled Push (moderate)", "Run at race pace"), false, nil},
		{"a strength session", rows("Back Squat", "Sled Push", "Run"), false, nil},
		{"stations without a run", rows("SkiErg", "Sled Push"), false, nil},
		{"one station and a run", rows("Run", "SkiErg"), false, nil},
		{"nothing", nil, false, nil},
	} {
		got, ok := SimulationStations(c.rows)
		if ok != c.sim {
			t.Errorf("%s: simulation %v, want %v", c.name, ok, c.sim)
			continue
		}
		var want [8]bool
		for _, i := range c.stations {
			want[i] = true
		}
		if got != want {
			t.Errorf("%s: stations %v, want %v", c.name, got, want)
		}
	}
	// The catalogue's simulations are simulations by their own rows.
	for slug, n := range map[string]int{"full-sim": 8, "half-sim-front": 4, "half-sim-back": 4, "compromised-running": 0} {
		st, ok := catalogueStations(slug)
		count := 0
		for _, d := range st {
			if d {
				count++
			}
		}
		if ok != (n > 0) || count != n {
			t.Errorf("%s: %v %d stations, want %d", slug, ok, count, n)
		}
	}
}

// A catalogue simulation logged as a workout, or a custom log of runs and
// stations, is a simulation; other logs, older ones and another athlete's are not.
func TestTrainingLoggedSimulations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := setup(t, d)
		ana, ben := dbtest.NewUser(t, d, "ana", "basic"), dbtest.NewUser(t, d, "ben", "basic")
		ws, _ := svc.Workouts(ctx)
		id := map[string]int64{}
		for _, w := range ws {
			id[w.Name] = w.ID
		}
		log := func(user int64, workout string, ex json.RawMessage, daysAgo int) Log {
			t.Helper()
			at := clock.t.AddDate(0, 0, -daysAgo)
			in := LogInput{WorkoutName: ptr(workout), Duration: ptr(60), CompletedAt: &at, Exercises: ex}
			if wid, ok := id[workout]; ok {
				in.WorkoutID = ptr(FlexID(wid))
			}
			l, err := svc.CreateLog(ctx, user, in)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		full := log(ana, "Full HYROX Simulation", nil, 3) // no rows: the catalogue's
		custom, _ := json.Marshal(rows("Run", "Rowing", "Run", "Farmers Carry", "Run", "Sandbag Lunges", "Run", "Wall Balls"))
		back := log(ana, "Back half at home", custom, 1)
		log(ana, "Compromised Running Intervals", nil, 2)
		log(ana, "Full HYROX Simulation", nil, 40) // before the window
		log(ben, "Full HYROX Simulation", nil, 1)  // someone else's

		got, err := svc.LoggedSimulations(ctx, ana, clock.t.AddDate(0, 0, -28).Format(time.DateOnly))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].LogID != full.ID || got[1].LogID != back.ID {
			t.Fatalf("simulations %+v", got)
		}
		if got[0].Stations != [8]bool{true, true, true, true, true, true, true, true} || got[0].Date != "2026-03-01" ||
			got[0].WorkoutName != "Full HYROX Simulation" {
			t.Fatalf("full simulation %+v", got[0])
		}
		if got[1].Stations != [8]bool{false, false, false, false, true, true, true, true} {
			t.Fatalf("back half %+v", got[1])
		}
		if _, err := svc.LoggedSimulations(ctx, ana, "yesterday"); err == nil {
			t.Fatal("a bad day accepted")
		}
	})
}
