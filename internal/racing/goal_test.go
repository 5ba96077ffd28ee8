package racing

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func goalIn(g float64) GoalInput { return GoalInput{GoalSeconds: &g} }

// One stored goal per athlete: set, replaced, cleared; bad input changes nothing;
// another athlete's goal is their own.
func TestRacingGoalStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := svcFor(d)
		ann, bob := dbtest.NewUser(t, d, "ann", "pro"), dbtest.NewUser(t, d, "bob", "pro")
		if g, err := s.Goal(ctx, ann); err != nil || g != 0 {
			t.Fatalf("no goal yet: %d %v", g, err)
		}
		if _, err := s.SetGoal(ctx, ann, goalIn(4800)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetGoal(ctx, ann, goalIn(4500)); err != nil {
			t.Fatal(err)
		}
		if g, _ := s.Goal(ctx, ann); g != 4500 {
			t.Fatalf("goal %d, want the latest 4500", g)
		}
		for _, bad := range []float64{100, 2699, 21601, 4800.5} {
			_, err := s.SetGoal(ctx, ann, goalIn(bad))
			if !isInvalid(err) {
				t.Fatalf("goal %v: %v", bad, err)
			}
		}
		if g, _ := s.Goal(ctx, ann); g != 4500 {
			t.Fatalf("bad input changed the goal to %d", g)
		}
		if g, _ := s.Goal(ctx, bob); g != 0 {
			t.Fatalf("bob sees a goal %d", g)
		}
		if _, err := s.SetGoal(ctx, ann, GoalInput{}); err != nil {
			t.Fatal(err)
		}
		if g, _ := s.Goal(ctx, ann); g != 0 {
			t.Fatalf("cleared goal reads %d", g)
		}
	})
}

// The goal analytics shows and the goal strategy plans for come from one
// function (Goal): for any goal set, on either page, both read it back.
func TestRacingGoalIsOneTruthForAnalyticsAndStrategy(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	ctx := context.Background()
	s := svcFor(d)
	ann := dbtest.NewUser(t, d, "ann", "elite")
	mustCreate(t, s, ann, "ann", input("2026-03-02", "open_women", KindSimulation, 5000))

	// No goal: analytics shows none and strategy asks for one.
	if a, _ := s.Analytics(ctx, ann); a.GoalSeconds != 0 {
		t.Fatalf("goal %d before any was set", a.GoalSeconds)
	}
	if _, err := s.Strategy(ctx, ann, StrategyInput{}); !isInvalid(err) {
		t.Fatalf("strategy without a goal: %v", err)
	}

	rng := rand.New(rand.NewPCG(28, 1))
	for i := range 40 {
		goal := GoalMin + rng.IntN(GoalMax-GoalMin+1)
		if i%2 == 0 { // set on the analytics page
			if _, err := s.SetGoal(ctx, ann, goalIn(float64(goal))); err != nil {
				t.Fatal(err)
			}
		} else { // or by planning for it on the strategy page
			g := float64(goal)
			if _, err := s.Strategy(ctx, ann, StrategyInput{GoalSeconds: &g}); err != nil {
				t.Fatal(err)
			}
		}
		stored, err := s.Goal(ctx, ann)
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.Analytics(ctx, ann)
		if err != nil {
			t.Fatal(err)
		}
		st, err := s.Strategy(ctx, ann, StrategyInput{})
		if err != nil {
			t.Fatal(err)
		}
		if stored != goal || a.GoalSeconds != goal || st.GoalSeconds != goal || st.TotalSeconds != goal {
			t.Fatalf("goal %d: stored %d, analytics %d, strategy %d (total %d)", goal, stored, a.GoalSeconds, st.GoalSeconds, st.TotalSeconds)
		}
	}
}

func isInvalid(err error) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Code == apperr.CodeInvalid
}
