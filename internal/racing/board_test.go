package racing

import (
	"context"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Simulations are self-reported: the default board ranks races only, and
// simulations have a board of their own (docs/product.md#racing). A faster
// simulation never ranks above a race.
func TestRacingBoardRanksRacesApartFromSimulations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		ann, bob := dbtest.NewUser(t, d, "ann", "basic"), dbtest.NewUser(t, d, "bob", "basic")
		sim := mustCreate(t, s, ann, "ann", input("2026-03-02", "open_women", KindSimulation, 4000))
		annRace := mustCreate(t, s, ann, "ann", input("2026-03-03", "open_women", KindRace, 5100))
		bobRace := mustCreate(t, s, bob, "bob", input("2026-03-03", "open_men", KindRace, 5000))

		races, err := s.BoardFor("week", "all", "")
		if err != nil || races.Kind != KindRace {
			t.Fatalf("default kind %+v %v", races, err)
		}
		got, err := s.Leaderboard(ctx, races, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID != bobRace.ID || got[1].ID != annRace.ID || got[1].RecordType != KindRace {
			t.Fatalf("race board %+v", got)
		}
		sims, _ := s.BoardFor("week", "all", KindSimulation)
		got, _ = s.Leaderboard(ctx, sims, 10)
		if len(got) != 1 || got[0].ID != sim.ID || got[0].Rank != 1 || got[0].RecordType != KindSimulation {
			t.Fatalf("simulation board %+v", got)
		}
		me, _, _ := s.MyEntry(ctx, races, ann)
		if me == nil || me.ID != annRace.ID || me.Rank != 2 {
			t.Fatalf("ann's race entry %+v", me)
		}
		if _, err := s.BoardFor("week", "all", "both"); !isInvalid(err) {
			t.Fatalf("unknown kind: %v", err)
		}

		// Deleting her race leaves her off the race board, still on the simulations'.
		if err := s.Delete(ctx, ann, annRace.ID); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Leaderboard(ctx, races, 10)
		if len(got) != 1 || got[0].ID != bobRace.ID {
			t.Fatalf("race board after delete %+v", got)
		}
		got, _ = s.Leaderboard(ctx, sims, 10)
		if len(got) != 1 || got[0].ID != sim.ID {
			t.Fatalf("simulation board after delete %+v", got)
		}

		// A rebuild gives the same boards.
		if err := s.store.RebuildBests(ctx); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Leaderboard(ctx, races, 10)
		if len(got) != 1 || got[0].ID != bobRace.ID {
			t.Fatalf("race board after rebuild %+v", got)
		}
	})
}

// The board opens on the athlete's own division: that of their latest
// result; a visitor, or an athlete without results, sees Open Men.
func TestRacingDefaultDivision(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		ann, bob := dbtest.NewUser(t, d, "ann", "basic"), dbtest.NewUser(t, d, "bob", "basic")
		mustCreate(t, s, ann, "ann", input("2026-02-02", "open_men", KindRace, 5000))
		mustCreate(t, s, ann, "ann", input("2026-03-02", "pro_women", KindSimulation, 5000))
		for _, c := range []struct {
			user int64
			want string
		}{{ann, "pro_women"}, {bob, DefaultVisitorDivision}, {0, DefaultVisitorDivision}} {
			got, err := s.DefaultDivision(ctx, c.user)
			if err != nil || got != c.want {
				t.Fatalf("user %d: %q %v, want %q", c.user, got, err, c.want)
			}
		}
	})
}
