package racing

import (
	"context"
	"fmt"

	"time"

	"hyrox/internal/db"
)

// demoAthlete is one seeded athlete's racing history: finish times from the
// oldest to the latest result (two weeks apart, the latest dated today).
type demoAthlete struct {
	Username string
	Division string
	Totals   []int
	Style    [17]float64 // per-part multipliers on the reference shares (runs, stations, Roxzone)
}

var even = [17]float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}

// Styles give each athlete strengths and weaknesses the analytics can find.
var (
	strongRunner = [17]float64{.92, .93, .93, .93, .93, .93, .93, .95, 1.02, 1.12, 1.12, 1.1, 1, 1.05, 1.1, 1.15, 1.1}
	strongEngine = [17]float64{1.02, 1.04, 1.04, 1.04, 1.05, 1.05, 1.05, 1.1, .95, .92, .95, .98, .94, .95, .97, .96, 1.2}
	wallBallFade = [17]float64{.95, 1, 1, 1, 1, 1, 1.02, 1.15, .96, .95, .95, 1, .97, .95, 1.05, 1.22, .95}
)

// DemoAthletes lists the extra demo athletes (besides demo_basic, demo_pro and
// demo_elite) that give the leaderboard content; the server seed creates
// their accounts and passes their ids in.
var DemoAthletes = []string{"lena_hybrid", "marco_rox", "jess_wallballs", "tom_doubles", "ana_sled", "kai_engine"}

var demoHistories = []demoAthlete{
	{"demo_basic", "open_women", []int{6120, 5880}, even},
	{"demo_pro", "open_men", []int{5460, 5280, 5160, 4990, 4870}, wallBallFade},
	{"demo_elite", "pro_men", []int{4500, 4380, 4290, 4170, 4080, 3990}, strongRunner},
	{"lena_hybrid", "open_women", []int{4860, 4710, 4560}, strongEngine},
	{"marco_rox", "open_men", []int{3900, 3810, 3745}, strongRunner},
	{"jess_wallballs", "pro_women", []int{4400, 4290, 4215}, wallBallFade},
	{"tom_doubles", "doubles_mixed", []int{4480, 4310}, even},
	{"ana_sled", "open_women", []int{5690, 5520}, strongEngine},
	{"kai_engine", "pro_men", []int{4020, 3960}, strongEngine},
}

// demoResult builds a complete result of total seconds in the athlete's style.
func demoResult(a demoAthlete, total int, date string, kind string, event string) Result {
	ref := ReferenceForTime(a.Division, float64(total))
	parts := make([]float64, 17)
	for i := range 8 {
		parts[i] = ref.Runs[i] * a.Style[i]
		parts[8+i] = ref.Stations[i] * a.Style[8+i]
	}
	parts[16] = ref.Roxzone * a.Style[16]
	secs := DistributeRounded(parts, total)
	r := Result{Date: date, EventName: event, Kind: kind, Division: a.Division, Complete: true}
	for i := range 8 {
		r.RunSplits[i] = secs[i]
		s := secs[8+i]
		r.StationSplits[i] = &s
	}
	r.RoxzoneSeconds = secs[16]
	r.TotalSeconds = total
	return r
}

var demoEvents = []string{"HYROX Hamburg", "HYROX London", "HYROX Berlin", "HYROX Chicago", "HYROX Amsterdam", "HYROX Stockholm"}

// Seed gives every demo athlete a history of races and simulations, the
// latest dated today so the weekly leaderboard has content. Athletes who
// already have results are left alone (running it again changes nothing).
func Seed(ctx context.Context, d *db.DB, users map[string]int64) error {
	store := NewStore(d)
	now := time.Now().UTC()
	for _, a := range demoHistories {
		id, ok := users[a.Username]
		if !ok {
			continue
		}
		n, err := store.CountResults(ctx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		for i, total := range a.Totals {
			back := (len(a.Totals) - 1 - i) * 14
			date := now.AddDate(0, 0, -back).Format(time.DateOnly)
			kind, event := KindSimulation, "Full simulation"
			if i%2 == 1 {
				kind, event = KindRace, demoEvents[(i+len(a.Username))%len(demoEvents)]
			}
			r := demoResult(a, total, date, kind, event)
			r.UserID = id
			r.CreatedAt = now.Add(-time.Duration(back) * 24 * time.Hour).Truncate(time.Second)
			if _, err := store.CreateResult(ctx, r, a.Username, false); err != nil {
				return fmt.Errorf("seed %s: %w", a.Username, err)
			}
		}
	}
	return nil
}
