package server_test

import (
	"context"
	"strconv"
	"testing"

	"hyrox/internal/racing"
	"hyrox/internal/server/servertest"
	"hyrox/internal/training"
)

type racingEntry struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	Division   string `json:"division"`
	Time       int    `json:"time"`
	RecordType string `json:"recordType"`
	Rank       int    `json:"rank"`
	UserID     int64  `json:"userId"`
}

func racingCount(t *testing.T, e *servertest.Env) int {
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM race_results`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRacingResultsLeaderboardAndAnalytics(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		pro := e.NewUserWithTier("pro")
		// The clock is Monday 2026-03-02: this week runs to Sunday 2026-03-08.
		var res struct {
			ID           int64 `json:"id"`
			TotalSeconds int   `json:"totalSeconds"`
			Complete     bool  `json:"complete"`
		}
		pro.Do("POST", "/api/race-results", racingBody("2026-03-02")).Want(201).JSON(&res)
		// 2544 run + 2073 stations + 413 Roxzone: the 80-90 min band row of the domain notes.
		if res.TotalSeconds != 5030 || !res.Complete {
			t.Fatalf("result %+v", res)
		}

		// Bad input: readable per-field messages, nothing stored.
		before := racingCount(t, e)
		bad := racingBody("2026-03-02")
		bad["runSplits"] = []int{290, 320, 320, 320, 5000, 320, 320, 334}
		bad["kind"] = "race"
		bad["stationSplits"] = []any{262, 179, 275, 288, 283, 131, 289, nil}
		r := pro.Do("POST", "/api/race-results", bad).Want(400)
		if r.FieldError("runSplits.4") != "Run 5 must be between 2:00 and 30:00." || r.FieldError("stationSplits.7") != "Wall Balls is required in a race." {
			t.Fatalf("errors %s", r.Body)
		}
		if racingCount(t, e) != before {
			t.Fatal("bad input changed something")
		}

		// The default board ranks races only: a self-reported simulation is on
		// the simulations' board (public); userId only for signed-in callers.
		var board []racingEntry
		e.Client().Do("GET", "/api/leaderboard", nil).Want(200).JSON(&board)
		if len(board) != 0 {
			t.Fatalf("a simulation on the default (race) board: %+v", board)
		}
		e.Client().Do("GET", "/api/leaderboard?kind=simulation", nil).Want(200).JSON(&board)
		if len(board) != 1 || board[0].ID != res.ID || board[0].Time != 5030 || board[0].RecordType != "simulation" ||
			board[0].Username != pro.User.Username || board[0].Rank != 1 || board[0].UserID != 0 {
			t.Fatalf("board %+v", board)
		}
		pro.Do("GET", "/api/leaderboard?period=week&division=open_men&kind=simulation&limit=3", nil).Want(200).JSON(&board)
		if len(board) != 1 || board[0].UserID != pro.User.ID {
			t.Fatalf("board %+v", board)
		}
		pro.Do("GET", "/api/leaderboard?division=pro_women&kind=simulation", nil).Want(200).JSON(&board)
		if len(board) != 0 {
			t.Fatalf("pro women %+v", board)
		}
		if pro.Do("GET", "/api/leaderboard?period=year", nil).Want(400).FieldError("period") == "" {
			t.Fatal("period not checked")
		}
		if pro.Do("GET", "/api/leaderboard?kind=all", nil).Want(400).FieldError("kind") == "" {
			t.Fatal("kind not checked")
		}
		// The board opens on my division (that of my latest result); a visitor's on Open Men.
		var def struct{ Period, Division, Kind string }
		pro.Do("GET", "/api/leaderboard/default", nil).Want(200).JSON(&def)
		if def.Division != "open_men" || def.Kind != "race" || def.Period != "week" {
			t.Fatalf("default board %+v", def)
		}
		women := e.NewUser()
		wb := racingBody("2026-03-02")
		wb["division"], wb["kind"] = "open_women", "race"
		women.Do("POST", "/api/race-results", wb).Want(201)
		women.Do("GET", "/api/leaderboard/default", nil).Want(200).JSON(&def)
		if def.Division != "open_women" {
			t.Fatalf("default division %+v", def)
		}
		women.Do("GET", "/api/leaderboard", nil).Want(200).JSON(&board)
		if len(board) != 1 || board[0].Division != "open_women" || board[0].UserID != women.User.ID {
			t.Fatalf("her default board %+v", board)
		}
		e.Client().Do("GET", "/api/leaderboard/default", nil).Want(200).JSON(&def)
		if def.Division != "open_men" {
			t.Fatalf("visitor's default %+v", def)
		}
		var me struct{ Entry *racingEntry }
		pro.Do("GET", "/api/leaderboard/me?kind=simulation", nil).Want(200).JSON(&me)
		if me.Entry == nil || me.Entry.Rank != 1 {
			t.Fatalf("me %+v", me)
		}
		pro.Do("GET", "/api/leaderboard/me", nil).Want(200).JSON(&me)
		if me.Entry != nil {
			t.Fatalf("my simulation as a race entry %+v", me)
		}
		// Next week the weekly board is empty again; all time still has it.
		e.Clock.Advance(7 * 24 * 3600e9)
		pro.Do("GET", "/api/leaderboard?kind=simulation", nil).Want(200).JSON(&board)
		if len(board) != 0 {
			t.Fatalf("next week %+v", board)
		}
		pro.Do("GET", "/api/leaderboard?period=all&kind=simulation", nil).Want(200).JSON(&board)
		if len(board) != 1 {
			t.Fatalf("all %+v", board)
		}
		var a struct {
			Prediction racing.Prediction `json:"prediction"`
			Roxzone    struct {
				PerPassageSeconds float64 `json:"perPassageSeconds"`
				SharePercent      float64 `json:"sharePercent"`
				ToRunPercent      float64 `json:"toRunPercent"`
				Percentile        *int    `json:"percentile"`
			} `json:"roxzone"`
			Stations []struct {
				Name       string `json:"name"`
				Latest     int    `json:"latest"`
				Reference  int    `json:"reference"`
				Percentile *int   `json:"percentile"`
			} `json:"stations"`
			Readiness struct {
				Score int `json:"score"`
			} `json:"readiness"`
		}
		// The goal is stored once (PUT /api/race-goal) and analytics reads it.
		pro.Do("PUT", "/api/race-goal", map[string]any{"goalSeconds": 4800}).Want(200)
		pro.Do("GET", "/api/analytics", nil).Want(200).JSON(&a)
		// Sum of parts 5030, every part recorded so no range; Roxzone 413/16 = 25.8 s,
		// 413/5030 = 8.2 %, 413 / (2544/8) = 129.9 %; wall balls 366 against the
		// finishers within 10 % of 5030.
		peers := racing.PeersAt("open_men", 5030)
		ro := a.Prediction
		if ro.Seconds != 5030 || ro.LowSeconds != 5030 || ro.HighSeconds != 5030 || ro.Method != "sum-of-parts" ||
			ro.RunOnlyLowSeconds >= ro.RunOnlySeconds || ro.RunOnlyHighSeconds <= ro.RunOnlySeconds ||
			a.Roxzone.PerPassageSeconds != 25.8 || a.Roxzone.SharePercent != 8.2 || a.Roxzone.ToRunPercent != 129.9 ||
			a.Roxzone.Percentile == nil || *a.Roxzone.Percentile != peers.FasterThan(16, 413) ||
			a.Stations[7].Name != "Wall Balls" || a.Stations[7].Latest != 366 || a.Stations[7].Percentile == nil ||
			*a.Stations[7].Percentile != peers.FasterThan(15, 366) {
			t.Fatalf("analytics %+v", a)
		}
		// Readiness: practice 1 of 3 -> 8/25, consistency n/a, coverage 8/8 -> 25,
		// goal gap (5030-4800)/4800 = 4.8 % -> 13; 46/75 -> 61.
		if a.Readiness.Score != 61 {
			t.Fatalf("readiness %d", a.Readiness.Score)
		}
		if pro.Do("PUT", "/api/race-goal", map[string]any{"goalSeconds": 12}).Want(400).FieldError("goalSeconds") == "" {
			t.Fatal("goal not checked")
		}
		var goal struct {
			GoalSeconds *int `json:"goalSeconds"`
		}
		pro.Do("GET", "/api/race-goal", nil).Want(200).JSON(&goal)
		if goal.GoalSeconds == nil || *goal.GoalSeconds != 4800 {
			t.Fatalf("bad input changed the goal: %+v", goal)
		}
		e.NewUserWithTier("pro").Do("GET", "/api/race-goal", nil).Want(200).JSON(&goal)
		if goal.GoalSeconds != nil {
			t.Fatalf("another athlete sees a goal: %+v", goal)
		}

		// Delete: another user's is a 404, mine goes and leaves the board.
		other := e.NewUser()
		other.Do("DELETE", "/api/race-results/"+strconv.FormatInt(res.ID, 10), nil).Want(404)
		pro.Do("DELETE", "/api/race-results/"+strconv.FormatInt(res.ID, 10), nil).Want(204)
		pro.Do("GET", "/api/leaderboard?period=all&kind=simulation", nil).Want(200).JSON(&board)
		if len(board) != 0 {
			t.Fatalf("after delete %+v", board)
		}
	})
}

func TestRacingStrategyAndTiers(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		basic := e.NewUser()
		if r := basic.Do("GET", "/api/analytics", nil).Want(403); !r.Contains(`"requiredTier":"pro"`) {
			t.Fatalf("%s", r.Body)
		}
		elite := e.NewUserWithTier("elite")
		elite.Do("POST", "/api/race-results", racingBody("2026-03-01")).Want(201)
		var st struct {
			GoalSeconds  int `json:"goalSeconds"`
			TotalSeconds int `json:"totalSeconds"`
			Parts        []struct {
				Name    string `json:"name"`
				Seconds int    `json:"seconds"`
			} `json:"parts"`
		}
		elite.Do("POST", "/api/race-strategy", map[string]any{"goalSeconds": 4777}).Want(200).JSON(&st)
		sum := 0
		for _, p := range st.Parts {
			sum += p.Seconds
		}
		if sum != 4777 || st.TotalSeconds != 4777 || len(st.Parts) != 17 || st.Parts[0].Name != "Run 1" || st.Parts[1].Name != "SkiErg" {
			t.Fatalf("plan %+v", st)
		}
		if elite.Do("POST", "/api/race-strategy", map[string]any{"goalSeconds": 100}).Want(400).FieldError("goalSeconds") == "" {
			t.Fatal("goal not checked")
		}
		// The plan's goal became the stored goal; the goal set on the analytics
		// page is the one the strategy plans for when none is given.
		var a struct {
			GoalSeconds int `json:"goalSeconds"`
		}
		elite.Do("GET", "/api/analytics", nil).Want(200).JSON(&a)
		if a.GoalSeconds != 4777 {
			t.Fatalf("analytics goal %d after planning for 4777", a.GoalSeconds)
		}
		elite.Do("PUT", "/api/race-goal", map[string]any{"goalSeconds": 4900}).Want(200)
		elite.Do("POST", "/api/race-strategy", map[string]any{}).Want(200).JSON(&st)
		if st.GoalSeconds != 4900 || st.TotalSeconds != 4900 {
			t.Fatalf("strategy goal %d, want the analytics goal 4900", st.GoalSeconds)
		}
		elite.Do("PUT", "/api/race-goal", map[string]any{"goalSeconds": nil}).Want(200)
		if elite.Do("POST", "/api/race-strategy", map[string]any{}).Want(400).FieldError("goalSeconds") == "" {
			t.Fatal("a plan without any goal")
		}
		var list struct {
			Items      []map[string]any `json:"items"`
			NextCursor string           `json:"nextCursor"`
		}
		elite.Do("GET", "/api/race-results?limit=1", nil).Want(200).JSON(&list)
		if len(list.Items) != 1 || list.NextCursor != "" {
			t.Fatalf("list %+v", list)
		}
	})
}

func TestRacingLeaderboardFollowsARename(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	today := e.Clock.Now().Format("2006-01-02")
	body := map[string]any{"date": today, "eventName": "Rename check", "kind": "simulation", "division": "open_men",
		"runSplits": []int{300, 300, 300, 300, 300, 300, 300, 300}, "stationSplits": []int{240, 150, 200, 240, 250, 120, 240, 300}, "roxzoneSeconds": 400}
	c.Do("POST", "/api/race-results", body).Want(201)
	c.Do("PATCH", "/api/user", map[string]string{"username": "renamed_racer"}).Want(200)
	res := c.Do("GET", "/api/leaderboard?period=week&kind=simulation", nil).Want(200)
	if !res.Contains(`"username":"renamed_racer"`) {
		t.Fatalf("the leaderboard still shows the old name: %s", res.Body)
	}
}

func TestRacingRoadPrediction(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		pro := e.NewUserWithTier("pro")
		var p struct {
			Seconds     int    `json:"seconds"`
			LowSeconds  int    `json:"lowSeconds"`
			HighSeconds int    `json:"highSeconds"`
			Method      string `json:"method"`
		}
		pro.Do("POST", "/api/analytics/road-prediction", map[string]any{"distanceKm": 10, "seconds": 2700, "division": "open_women"}).Want(200).JSON(&p)
		if p.LowSeconds >= p.Seconds || p.HighSeconds <= p.Seconds || p.Method == "" {
			t.Fatalf("prediction %+v", p)
		}
		r := pro.Do("POST", "/api/analytics/road-prediction", map[string]any{"distanceKm": 7, "seconds": 10, "division": "x"}).Want(400)
		if r.FieldError("distanceKm") != "Distance must be 5 or 10 km." || r.FieldError("division") != "Please choose a division." {
			t.Fatalf("errors %s", r.Body)
		}
		if e.NewUser().Do("POST", "/api/analytics/road-prediction", map[string]any{"distanceKm": 5, "seconds": 1500, "division": "open_men"}).Want(403).FieldError("x") != "" {
			t.Fatal("basic got a field error")
		}
	})
}

// A HYROX simulation logged as a workout counts in analytics: the stations it
// did are done and it is race practice (docs/analytics.md#a-simulation-logged-as-a-workout);
// it never reaches the leaderboard, and another athlete's log is not counted.
func TestRacingAnalyticsCountsASimulationLoggedAsAWorkout(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		pro := e.NewUserWithTier("pro")
		other := e.NewUserWithTier("pro")
		// A race 6 weeks before the clock (2026-03-02): its stations are older than 4 weeks.
		race := racingBody("2026-01-19")
		race["kind"] = "race"
		pro.Do("POST", "/api/race-results", race).Want(201)

		type part struct{ Key, Detail string }
		readiness := func(c *servertest.Client) (map[string]string, []map[string]any) {
			t.Helper()
			var a struct {
				Readiness         struct{ Parts []part }
				LoggedSimulations []map[string]any `json:"loggedSimulations"`
			}
			c.Do("GET", "/api/analytics", nil).Want(200).JSON(&a)
			out := map[string]string{}
			for _, p := range a.Readiness.Parts {
				out[p.Key] = p.Detail
			}
			return out, a.LoggedSimulations
		}
		if got, _ := readiness(pro); got["stationCoverage"] != "0 of 8 stations done in a race or simulation in the last 4 weeks." {
			t.Fatalf("before: %q", got["stationCoverage"])
		}

		// The catalogue's Full HYROX Simulation, logged two days ago.
		if err := training.SeedContent(context.Background(), e.App.DB); err != nil {
			t.Fatal(err)
		}
		var workouts []struct {
			ID   int64
			Name string
		}
		pro.Do("GET", "/api/workouts", nil).Want(200).JSON(&workouts)
		var full int64
		for _, w := range workouts {
			if w.Name == "Full HYROX Simulation" {
				full = w.ID
			}
		}
		at := e.Clock.Now().AddDate(0, 0, -2).Format("2006-01-02T15:04:05Z")
		for _, c := range []*servertest.Client{pro, other} {
			c.Do("POST", "/api/workout-logs", map[string]any{"workoutId": full, "workoutName": "Full HYROX Simulation",
				"duration": 85, "rating": 4, "rpe": 8, "completedAt": at}).Want(201)
		}
		got, listed := readiness(pro)
		if got["stationCoverage"] != "8 of 8 stations done in a race or simulation in the last 4 weeks." {
			t.Fatalf("after: %q", got["stationCoverage"])
		}
		if got["practice"] != "2 race(s) or simulation(s) in the last 8 weeks (1 logged as a workout); 3 or more scores in full." {
			t.Fatalf("practice: %q", got["practice"])
		}
		if len(listed) != 1 || listed[0]["workoutName"] != "Full HYROX Simulation" {
			t.Fatalf("listed %+v", listed)
		}
		// A logged simulation is not a result: never on any board.
		var board []racingEntry
		for _, q := range []string{"?period=all&division=all", "?period=all&division=all&kind=simulation"} {
			e.Client().Do("GET", "/api/leaderboard"+q, nil).Want(200).JSON(&board)
			for _, en := range board {
				if en.UserID == pro.User.ID || en.Username == pro.User.Username && en.RecordType == "simulation" {
					t.Fatalf("logged simulation on the board %q: %+v", q, board)
				}
			}
		}
	})
}
