package racing

import (
	"context"
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
