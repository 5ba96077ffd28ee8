package racing

import (
	"context"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestVenueOfMatchesTheCityAsWholeWords(t *testing.T) {
	venues := []Venue{{Event: "S6 2024 Madrid", Factor: 1.049}, {Event: "S6 2024 Köln", Factor: 0.983}, {Event: "S6 2024 Fort Lauderdale", Factor: 0.967}, {Event: "S7 2025 Köln", Factor: 0.99}}
	for _, tc := range []struct {
		name, want string
	}{
		{"HYROX Madrid 2025", "S6 2024 Madrid"},
		{"madrid", "S6 2024 Madrid"},
		{"Hyrox KÖLN (Season 7)", "S7 2025 Köln"}, // the latest season of a city fitted twice
		{"HYROX Fort Lauderdale", "S6 2024 Fort Lauderdale"},
		{"Lauderdale", ""},      // half a city is not the city
		{"Madridista open", ""}, // a word that starts with a city is not it
		{"HYROX Stockholm", ""}, // a venue the model does not know
		{"Madrid and Köln", ""}, // two cities: which venue is unknown
	} {
		v, ok := VenueOf(venues, tc.name)
		if (tc.want == "") == ok || v.Event != tc.want {
			t.Errorf("VenueOf(%q) = %q, %v; want %q", tc.name, v.Event, ok, tc.want)
		}
	}
}

func TestCorrectForVenueDividesByTheFactor(t *testing.T) {
	venues := []Venue{{Event: "S6 2024 Madrid", Factor: 1.049}}
	r := Result{Kind: KindRace, EventName: "HYROX Madrid", TotalSeconds: 5245}
	c := CorrectForVenue(venues, r)
	if c == nil || c.TotalSeconds != 5000 || c.Venue != "S6 2024 Madrid" || c.Factor != 1.049 {
		t.Fatalf("correction %+v, want 5000 s at Madrid's 1.049", c)
	}
	r.Kind = KindSimulation
	if c := CorrectForVenue(venues, r); c != nil {
		t.Errorf("a simulation was corrected: %+v", c)
	}
	r.Kind, r.EventName = KindRace, "HYROX Stockholm"
	if c := CorrectForVenue(venues, r); c != nil {
		t.Errorf("an unknown venue was corrected: %+v", c)
	}
}

// The shipped model's factors reach every way a result is read.
func TestRacingResultsCarryTheVenueCorrection(t *testing.T) {
	madrid, ok := VenueOf(fitted.Venues, "Madrid")
	if !ok {
		t.Fatal("the shipped model has no Madrid venue factor")
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		uid := dbtest.NewUser(t, d, "venue", "basic")
		in := input("2026-03-01", "open_men", KindRace, 5400)
		in.EventName = "HYROX Madrid"
		created := mustCreate(t, s, uid, "venue", in)
		other := input("2026-03-02", "open_men", KindRace, 5400)
		other.EventName = "HYROX Stockholm"
		unknown := mustCreate(t, s, uid, "venue", other)
		want := int(float64(5400)/madrid.Factor + 0.5)
		if created.AtAverageVenue == nil || created.AtAverageVenue.TotalSeconds != want {
			t.Fatalf("created %+v, want %d s at an average venue", created.AtAverageVenue, want)
		}
		if unknown.AtAverageVenue != nil {
			t.Fatalf("unknown venue corrected: %+v", unknown.AtAverageVenue)
		}
		got, err := s.Get(ctx, uid, created.ID)
		if err != nil || got.AtAverageVenue == nil || got.AtAverageVenue.TotalSeconds != want {
			t.Fatalf("get %+v %v", got.AtAverageVenue, err)
		}
		page, err := s.List(ctx, uid, "", 10)
		if err != nil || len(page.Items) != 2 || page.Items[1].AtAverageVenue == nil || page.Items[0].AtAverageVenue != nil {
			t.Fatalf("list %+v %v", page.Items, err)
		}
		in.EventName = "HYROX Stockholm"
		upd, err := s.Update(ctx, uid, created.ID, in)
		if err != nil || upd.AtAverageVenue != nil {
			t.Fatalf("update to an unknown venue %+v %v", upd.AtAverageVenue, err)
		}
	})
}

// The race boards compare results across events: they rank the time at an
// average venue, so a race at a fast venue ranks lower once corrected, and a
// race at an unknown venue keeps its own time (docs/analytics.md#venues).
func TestRacingBoardsRankTheTimeAtAnAverageVenue(t *testing.T) {
	incheon, ok := VenueOf(fitted.Venues, "HYROX Incheon")
	if !ok || incheon.Factor >= 1 {
		t.Fatalf("the shipped model has no fast Incheon venue: %+v", incheon)
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		ann, bob := dbtest.NewUser(t, d, "ann", "basic"), dbtest.NewUser(t, d, "bob", "basic")
		fast := input("2026-03-02", "open_men", KindRace, 4400)
		fast.EventName = "HYROX Incheon"
		annRace := mustCreate(t, s, ann, "ann", fast)
		slow := input("2026-03-03", "open_men", KindRace, 4500)
		slow.EventName = "HYROX Stockholm"
		bobRace := mustCreate(t, s, bob, "bob", slow)
		corrected := int(float64(4400)/incheon.Factor + 0.5) // about 4560

		board, _ := s.BoardFor("week", "open_men", "")
		check := func(when string, first, second int64) []Entry {
			t.Helper()
			got, err := s.Leaderboard(ctx, board, 10)
			if err != nil || len(got) != 2 || got[0].ID != first || got[1].ID != second || got[1].Rank != 2 {
				t.Fatalf("%s: board %+v %v", when, got, err)
			}
			return got
		}
		got := check("created", bobRace.ID, annRace.ID)
		if got[1].Time != 4400 || got[1].AtAverageVenue == nil || *got[1].AtAverageVenue != corrected || got[0].AtAverageVenue != nil {
			t.Fatalf("times %+v %+v, want 4400 s ranked as %d s", got[1], got[0], corrected)
		}
		if me, _, err := s.MyEntry(ctx, board, ann); err != nil || me == nil || me.Rank != 2 || *me.AtAverageVenue != corrected {
			t.Fatalf("ann's entry %+v %v", me, err)
		}

		// Her better race elsewhere is her best; back at Incheon it is not.
		fast.EventName = "HYROX Stockholm"
		if _, err := s.Update(ctx, ann, annRace.ID, fast); err != nil {
			t.Fatal(err)
		}
		check("moved to an unknown venue", annRace.ID, bobRace.ID)
		fast.EventName = "HYROX Incheon"
		if _, err := s.Update(ctx, ann, annRace.ID, fast); err != nil {
			t.Fatal(err)
		}
		check("moved back", bobRace.ID, annRace.ID)

		// New factors (a refit) rank the stored races again, once.
		if _, err := s.CorrectVenues(ctx); err != nil {
			t.Fatal(err)
		}
		check("shipped factors", bobRace.ID, annRace.ID)
		if changed, err := s.CorrectVenues(ctx); err != nil || changed {
			t.Fatalf("second start recomputed: %v %v", changed, err)
		}
		refit := append([]Venue{{Event: "S7 2025 Stockholm", Factor: 0.95}}, fitted.Venues...)
		if changed, err := s.store.CorrectVenues(ctx, refit); err != nil || !changed {
			t.Fatalf("refit not applied: %v %v", changed, err)
		}
		got = check("Stockholm fitted as a fast venue", annRace.ID, bobRace.ID)
		if got[1].AtAverageVenue == nil || *got[1].AtAverageVenue != 4737 { // 4500 / 0.95
			t.Fatalf("bob at an average venue %+v", got[1])
		}
		if err := s.store.RebuildBests(ctx); err != nil {
			t.Fatal(err)
		}
		check("rebuilt", annRace.ID, bobRace.ID)

		// A result written by the previous version (no ranked time) is
		// repaired at the next start, the factors unchanged.
		for _, q := range []string{`UPDATE race_results SET ranked_seconds = 0 WHERE id = ?`, `UPDATE race_bests SET ranked_seconds = 0 WHERE result_id = ?`} {
			if _, err := d.Exec(ctx, q, bobRace.ID); err != nil {
				t.Fatal(err)
			}
		}
		check("unranked", bobRace.ID, annRace.ID)
		if changed, err := s.store.CorrectVenues(ctx, refit); err != nil || changed {
			t.Fatalf("repair: %v %v", changed, err)
		}
		check("repaired", annRace.ID, bobRace.ID)
	})
}

// Percentiles compare a race at a fitted venue with real finishers at an
// average venue: the peers of its corrected (slower) finish, its splits at an
// average venue. The same splits at a fast venue are slower there: every run
// ranks lower than at an unknown venue, kept as run. No station ranks
// clearly higher (they move with the peers' own, which slow more than runs
// among slower finishers).
func TestRacingPercentilesReadTheTimeAtAnAverageVenue(t *testing.T) {
	incheon, _ := VenueOf(fitted.Venues, "HYROX Incheon")
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		analytics := func(name, event string) Analytics {
			t.Helper()
			uid := dbtest.NewUser(t, d, name, "pro")
			in := input("2026-03-02", "open_men", KindRace, 4800)
			in.EventName = event
			mustCreate(t, s, uid, name, in)
			a, err := s.Analytics(ctx, uid)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		fast, asRun := analytics("fast", "HYROX Incheon"), analytics("asrun", "HYROX Stockholm")
		if fast.Latest.AtAverageVenue == nil || asRun.Latest.AtAverageVenue != nil {
			t.Fatalf("corrections %+v %+v", fast.Latest.AtAverageVenue, asRun.Latest.AtAverageVenue)
		}
		if want := int(float64(asRun.Reference.TotalSeconds)/incheon.Factor + 0.5); fast.Reference.TotalSeconds != want {
			t.Errorf("peers of %d s, want those of %d s at an average venue", fast.Reference.TotalSeconds, want)
		}
		for i := range 8 {
			if f, a := *fast.Runs[i].Percentile, *asRun.Runs[i].Percentile; f >= a {
				t.Errorf("run %d: %d%% at Incheon, not below %d%% as run", i+1, f, a)
			}
			if f, a := *fast.Stations[i].Percentile, *asRun.Stations[i].Percentile; f > a+3 {
				t.Errorf("%s: %d%% at Incheon, above %d%% as run", Stations[i], f, a)
			}
		}
		if !strings.HasSuffix(fast.Reference.Explanation, "Times are corrected to an average venue.") || strings.Contains(asRun.Reference.Explanation, "corrected") {
			t.Errorf("explanations %q / %q", fast.Reference.Explanation, asRun.Reference.Explanation)
		}
	})
}
