package racing

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
)

var testNow = time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC) // a Wednesday; the week starts 2026-03-02

func input(date, division, kind string, total int) ResultInput {
	runs := make([]*float64, 8)
	stations := make([]*float64, 8)
	ref := ReferenceForTime(division, float64(total))
	parts := make([]float64, 0, 17)
	parts = append(parts, ref.Runs[:]...)
	parts = append(parts, ref.Stations[:]...)
	parts = append(parts, ref.Roxzone)
	secs := DistributeRounded(parts, total)
	for i := range 8 {
		r, s := float64(secs[i]), float64(secs[8+i])
		runs[i], stations[i] = &r, &s
	}
	rox := float64(secs[16])
	return ResultInput{Date: date, EventName: "Test", Kind: kind, Division: division, RunSplits: runs, StationSplits: stations, RoxzoneSeconds: &rox}
}

func svcFor(d *db.DB) *Service { return NewService(NewStore(d), func() time.Time { return testNow }) }

func mustCreate(t *testing.T, s *Service, uid int64, name string, in ResultInput) Result {
	t.Helper()
	r, err := s.Create(context.Background(), httpx.Identity{UserID: uid, Username: name}, in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRacingStoreLeaderboard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		ann, bob, cyd := dbtest.NewUser(t, d, "ann", "basic"), dbtest.NewUser(t, d, "bob", "basic"), dbtest.NewUser(t, d, "cyd", "basic")
		a1 := mustCreate(t, s, ann, "ann", input("2026-03-02", "open_women", KindRace, 5000))
		mustCreate(t, s, ann, "ann", input("2026-03-03", "open_women", KindRace, 5100))     // slower: not her best
		b1 := mustCreate(t, s, bob, "bob", input("2026-03-03", "open_men", KindRace, 5000)) // tie, later date
		c1 := mustCreate(t, s, cyd, "cyd", input("2026-02-20", "open_men", KindRace, 4000)) // last month
		// An incomplete simulation never counts.
		part := input("2026-03-04", "open_men", KindSimulation, 3000)
		part.StationSplits[3] = nil
		mustCreate(t, s, cyd, "cyd", part)

		week, _ := s.BoardFor("", "", "")
		got, err := s.Leaderboard(ctx, week, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID != a1.ID || got[0].Rank != 1 || got[1].ID != b1.ID || got[1].Rank != 2 ||
			got[0].Username != "ann" || got[0].Time != 5000 || got[0].RecordType != "race" || got[0].Division != "open_women" {
			t.Fatalf("week board %+v", got)
		}
		men, _ := s.BoardFor("week", "open_men", "")
		got, _ = s.Leaderboard(ctx, men, 10)
		if len(got) != 1 || got[0].ID != b1.ID {
			t.Fatalf("men week %+v", got)
		}
		all, _ := s.BoardFor("all", "", "")
		got, _ = s.Leaderboard(ctx, all, 10)
		if len(got) != 3 || got[0].ID != c1.ID {
			t.Fatalf("all %+v", got)
		}
		me, capped, err := s.MyEntry(ctx, all, bob)
		if err != nil || me == nil || me.Rank != 3 || capped {
			t.Fatalf("bob's entry %+v %v", me, err)
		}
		// With a cap of 1 entry ahead, bob (2 ahead) shows as "2+".
		RankCountCap = 1
		me, capped, _ = s.MyEntry(ctx, all, bob)
		RankCountCap = 5000
		if me == nil || me.Rank != 2 || !capped {
			t.Fatalf("capped entry %+v %v", me, capped)
		}

		// Deleting ann's best puts her slower result back on the board.
		if err := s.Delete(ctx, ann, a1.ID); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Leaderboard(ctx, week, 10)
		if len(got) != 2 || got[0].ID != b1.ID || got[1].Username != "ann" || got[1].Time != 5100 {
			t.Fatalf("after delete %+v", got)
		}
		// Not mine: 404 and nothing changes.
		if err := s.Delete(ctx, bob, c1.ID); apperr.As(err).Code != apperr.CodeNotFound {
			t.Fatalf("delete other's: %v", err)
		}
		if n, _ := s.store.CountResults(ctx, cyd); n != 2 {
			t.Fatalf("cyd has %d results", n)
		}
		none, _, _ := s.MyEntry(ctx, men, ann)
		if none != nil {
			t.Fatalf("ann on men's board: %+v", none)
		}
	})
}

func TestRacingStoreListPagesNewestFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		uid := dbtest.NewUser(t, d, "pager", "basic")
		for i := range 5 {
			mustCreate(t, s, uid, "pager", input(fmt.Sprintf("2026-02-%02d", 10+i%3), "open_men", KindSimulation, 5000+i))
		}
		var seen []Result
		cursor := ""
		for {
			p, err := s.List(ctx, uid, cursor, 2)
			if err != nil {
				t.Fatal(err)
			}
			seen = append(seen, p.Items...)
			if p.NextCursor == "" {
				break
			}
			cursor = p.NextCursor
		}
		if len(seen) != 5 {
			t.Fatalf("got %d", len(seen))
		}
		for i := 1; i < len(seen); i++ {
			a, b := seen[i-1], seen[i]
			if a.Date < b.Date || (a.Date == b.Date && a.ID < b.ID) {
				t.Fatalf("order %v %v", a, b)
			}
		}
		if seen[0].StationSplits[0] == nil || seen[0].TotalSeconds != seen[0].RunTotal()+seen[0].StationTotal()+seen[0].RoxzoneSeconds {
			t.Fatalf("round trip %+v", seen[0])
		}
		exp, err := s.ExportUserData(ctx, uid)
		if err != nil || len(exp.(map[string]any)["raceResults"].([]Result)) != 5 {
			t.Fatalf("export %v %v", exp, err)
		}
	})
}

func TestRacingValidation(t *testing.T) {
	s := NewService(nil, func() time.Time { return testNow })
	ok := input("2026-03-01", "open_men", KindRace, 5000)
	bad := func(mut func(in *ResultInput)) ResultInput {
		in := input("2026-03-01", "open_men", KindRace, 5000)
		mut(&in)
		return in
	}
	f := func(v float64) *float64 { return &v }
	cases := []struct {
		name, field, msg string
		in               ResultInput
	}{
		{"future", "date", "Date cannot be in the future.", bad(func(in *ResultInput) { in.Date = "2026-03-07" })},
		{"bad date", "date", "Date must be a date (YYYY-MM-DD).", bad(func(in *ResultInput) { in.Date = "03/01/2026" })},
		{"old", "date", "Date cannot be before 2017, the first HYROX season.", bad(func(in *ResultInput) { in.Date = "2016-12-31" })},
		{"event", "eventName", "Event name is required.", bad(func(in *ResultInput) { in.EventName = "  " })},
		{"kind", "kind", "Kind must be race or simulation.", bad(func(in *ResultInput) { in.Kind = "fun" })},
		{"division", "division", "Please choose a division.", bad(func(in *ResultInput) { in.Division = "men" })},
		{"runs", "runSplits", "Enter all 8 run splits.", bad(func(in *ResultInput) { in.RunSplits = in.RunSplits[:7] })},
		{"run slow", "runSplits.2", "Run 3 must be between 2:00 and 30:00.", bad(func(in *ResultInput) { in.RunSplits[2] = f(1801) })},
		{"run fraction", "runSplits.0", "Run 1 must be a whole number of seconds.", bad(func(in *ResultInput) { in.RunSplits[0] = f(300.5) })},
		{"ski fast", "stationSplits.0", "SkiErg must be between 2:30 and 1:00:00.", bad(func(in *ResultInput) { in.StationSplits[0] = f(100) })},
		{"race missing", "stationSplits.7", "Wall Balls is required in a race.", bad(func(in *ResultInput) { in.StationSplits[7] = nil })},
		{"rox", "roxzoneSeconds", "Roxzone time must be between 1:00 and 1:00:00.", bad(func(in *ResultInput) { in.RoxzoneSeconds = f(30) })},
		{"rox missing", "roxzoneSeconds", "Roxzone time is required.", bad(func(in *ResultInput) { in.RoxzoneSeconds = nil })},
	}
	for _, c := range cases {
		_, err := s.Validate(c.in)
		e := apperr.As(err)
		if err == nil || e.Fields[c.field] != c.msg {
			t.Errorf("%s: %v %v", c.name, err, e.Fields)
		}
	}
	r, err := s.Validate(ok)
	if err != nil || r.TotalSeconds != 5000 || !r.Complete {
		t.Fatalf("ok: %+v %v", r, err)
	}
	sim := ok
	sim.Kind = KindSimulation
	sim.StationSplits = append([]*float64{}, ok.StationSplits...)
	sim.StationSplits[1] = nil
	r, err = s.Validate(sim)
	if err != nil || r.Complete || r.StationSplits[1] != nil {
		t.Fatalf("partial simulation: %+v %v", r, err)
	}
}

func FuzzRacingResultInput(f *testing.F) {
	f.Add([]byte(`{"date":"2026-03-01","eventName":"x","kind":"race","division":"open_men","runSplits":[300,300,300,300,300,300,300,300],"stationSplits":[300,200,200,200,300,100,200,300],"roxzoneSeconds":400}`))
	f.Add([]byte(`{"runSplits":[null,1e308,-1],"stationSplits":"x"}`))
	f.Add([]byte(`{"goalSeconds":5000}`))
	f.Add([]byte(`{"distanceKm":5,"seconds":1500,"division":"open_men"}`))
	f.Add([]byte(`{"distanceKm":10.0,"seconds":10800,"division":"relay_mixed"}`))
	s := NewService(nil, func() time.Time { return testNow })
	f.Fuzz(func(t *testing.T, b []byte) {
		var in ResultInput
		if httpx.DecodeJSONBytes(bytesReader(b), &in) == nil {
			r, err := s.Validate(in)
			if err == nil && r.TotalSeconds != r.RunTotal()+r.StationTotal()+r.RoxzoneSeconds {
				t.Fatalf("total %+v", r)
			}
		}
		// The road prediction (same body decoder): a valid input gets a
		// finite prediction inside its range.
		var road RoadInput
		if httpx.DecodeJSONBytes(bytesReader(b), &road) == nil {
			if p, err := RoadPredict(road); err == nil && (p.LowSeconds >= p.Seconds || p.HighSeconds <= p.Seconds || p.Seconds <= 0) {
				t.Fatalf("road %+v", p)
			}
		}
		var st StrategyInput
		if httpx.DecodeJSONBytes(bytesReader(b), &st) == nil {
			if g, ok := wholeSeconds(st.GoalSeconds); ok && g >= GoalMin && g <= GoalMax {
				p := Plan(g, "", nil)
				if p.TotalSeconds != g {
					t.Fatalf("plan %d != %d", p.TotalSeconds, g)
				}
			}
		}
	})
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

func TestRacingSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		users := map[string]int64{}
		for _, a := range demoHistories {
			users[a.Username] = dbtest.NewUser(t, d, a.Username, "basic")
		}
		for range 2 {
			if err := Seed(ctx, d, users); err != nil {
				t.Fatal(err)
			}
		}
		n, _ := NewStore(d).CountResults(ctx, users["demo_pro"])
		if n != len(demoHistories[1].Totals) {
			t.Fatalf("demo_pro has %d results", n)
		}
		s := NewService(NewStore(d), func() time.Time { return time.Now().UTC() })
		// This week's seeded races rank kai_engine first; marco_rox's faster
		// simulation is on the simulations' board.
		week, _ := s.BoardFor("week", "all", "")
		top, err := s.Leaderboard(ctx, week, 3)
		if err != nil || len(top) != 3 || top[0].Username != "kai_engine" {
			t.Fatalf("weekly top 3 %+v %v", top, err)
		}
		weekSims, _ := s.BoardFor("week", "all", KindSimulation)
		top, err = s.Leaderboard(ctx, weekSims, 3)
		if err != nil || len(top) != 3 || top[0].Username != "marco_rox" {
			t.Fatalf("weekly simulations top 3 %+v %v", top, err)
		}
		// Every seeded result passes the same validation as the API.
		rs, _ := NewStore(d).RecentResults(ctx, users["demo_elite"], 50)
		for _, r := range rs {
			in := ResultInput{Date: r.Date, EventName: r.EventName, Kind: r.Kind, Division: r.Division}
			for i := range 8 {
				a, b := float64(r.RunSplits[i]), float64(*r.StationSplits[i])
				in.RunSplits = append(in.RunSplits, &a)
				in.StationSplits = append(in.StationSplits, &b)
			}
			rox := float64(r.RoxzoneSeconds)
			in.RoxzoneSeconds = &rox
			if _, err := s.Validate(in); err != nil {
				t.Fatalf("seeded result invalid: %v", err)
			}
		}
	})
}
