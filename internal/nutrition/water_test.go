package nutrition

import (
	"context"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestNutritionWaterTarget(t *testing.T) {
	cases := []struct{ mins, want int }{{0, 2000}, {-5, 2000}, {30, 2250}, {60, 2500}, {90, 2750}, {45, 2400}, {1, 2050}}
	for _, c := range cases {
		if got := WaterTarget(c.mins); got != c.want {
			t.Errorf("WaterTarget(%d) = %d, want %d", c.mins, got, c.want)
		}
	}
}

func TestNutritionWaterDiary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")

		// No training: the base target and no electrolyte guidance.
		day, err := svc.AddWater(ctx, ana, NewWater{Ml: 250, Date: "2026-03-02"})
		if err != nil || day.TotalMl != 250 || day.TargetMl != 2000 || day.Electrolytes != "" || len(day.Entries) != 1 {
			t.Fatalf("glass: %+v %v", day, err)
		}
		if day, err = svc.AddWater(ctx, ana, NewWater{Ml: 750, Date: "2026-03-02"}); err != nil || day.TotalMl != 1000 {
			t.Fatalf("bottle: %+v %v", day, err)
		}
		_, _ = svc.AddWater(ctx, bo, NewWater{Ml: 500, Date: "2026-03-02"})

		// 45 planned minutes, 80 logged: the larger counts, and over 60 minutes brings electrolytes.
		svc.UsePlanner(fakePlanner{"2026-03-02": {Date: "2026-03-02", Kind: "training", PlannedMinutes: 45, PlannedLoad: 270}})
		if day, _ = svc.WaterDay(ctx, ana, "2026-03-02", time.UTC); day.TargetMl != 2400 || day.TrainingMinutes != 45 || day.Electrolytes != "" {
			t.Errorf("planned 45: %+v", day)
		}
		svc.UseSessionLog(fakeLog{{At: time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC), Minutes: 80, RPE: 7}})
		if day, _ = svc.WaterDay(ctx, ana, "2026-03-02", time.UTC); day.TargetMl != 2700 || day.TrainingMinutes != 80 || day.Electrolytes != ElectrolyteAdvice {
			t.Errorf("logged 80: %+v", day)
		}

		// Bad amounts change nothing.
		for _, ml := range []int{0, 49, 2001, -250} {
			_, err := svc.AddWater(ctx, ana, NewWater{Ml: ml, Date: "2026-03-02"})
			wantField(t, err, "ml", "Amount must be between 50 and 2000 ml")
		}
		_, err = svc.AddWater(ctx, ana, NewWater{Ml: 250, Date: "2026-13-02"})
		wantField(t, err, "date", "Date must be a valid date (YYYY-MM-DD)")
		if day, _ = svc.WaterDay(ctx, ana, "2026-03-02", time.UTC); day.TotalMl != 1000 || len(day.Entries) != 2 {
			t.Fatalf("rejected input changed the day: %+v", day)
		}

		// Another athlete cannot delete a drink; the owner can (undo).
		first := day.Entries[0].ID
		wantNotFound(t, svc.DeleteWater(ctx, bo, first))
		if err := svc.DeleteWater(ctx, ana, first); err != nil {
			t.Fatal(err)
		}
		wantNotFound(t, svc.DeleteWater(ctx, ana, first))
		if day, _ = svc.WaterDay(ctx, ana, "2026-03-02", time.UTC); day.TotalMl != 750 {
			t.Errorf("after delete: %+v", day)
		}

		// The export holds the athlete's drinks only; deleting the account removes them.
		ex, err := svc.ExportUserData(ctx, ana)
		if err != nil || len(ex.(Export).Water) != 1 || ex.(Export).Water[0].Ml != 750 {
			t.Fatalf("export: %+v %v", ex, err)
		}
		if _, err := d.Exec(ctx, `DELETE FROM users WHERE id = ?`, ana); err != nil {
			t.Fatal(err)
		}
		var n int
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM water_entries`).Scan(&n)
		if n != 1 {
			t.Errorf("after account deletion %d drinks remain, want bo's 1", n)
		}
	})
}

func TestNutritionWaterDayLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		for i := 0; i < MaxWaterPerDay; i++ {
			if _, err := svc.AddWater(ctx, ana, NewWater{Ml: 50, Date: "2026-03-02"}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.AddWater(ctx, ana, NewWater{Ml: 50, Date: "2026-03-02"}); err == nil {
			t.Fatal("61st drink accepted")
		}
		if day, _ := svc.WaterDay(ctx, ana, "2026-03-02", time.UTC); len(day.Entries) != MaxWaterPerDay {
			t.Errorf("entries: %d", len(day.Entries))
		}
	})
}
