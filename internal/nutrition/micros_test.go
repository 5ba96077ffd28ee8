package nutrition

import (
	"context"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func ptr[T any](v T) *T { return &v }

func TestNutritionMicroReferenceBySexAndAge(t *testing.T) {
	cases := []struct {
		sex                string
		age                *int
		iron, calcium, fib float64
		basis              string
	}{
		{SexFemale, ptr(34), 18, 1000, 25, "women aged 31-50."},
		{SexMale, ptr(34), 8, 1000, 38, "men aged 31-50."},
		{SexFemale, ptr(16), 15, 1300, 26, "women aged 14-18."},
		{SexFemale, ptr(60), 8, 1200, 21, "women aged 51-70."},
		{SexMale, ptr(75), 8, 1200, 30, "men aged 71 and over."},
		{SexMale, ptr(13), 11, 1300, 38, "men aged 14-18."},
		// Without an age: adults 19-30; without a sex: the higher value of the two.
		{SexMale, nil, 8, 1000, 38, "men aged 19-30: add your sex and birth year"},
		{"", ptr(40), 18, 1000, 38, "the higher of women's and men's values) aged 31-50: add"},
		{"", nil, 18, 1000, 38, "aged 19-30: add your sex and birth year to your nutrition profile for your own."},
	}
	for _, c := range cases {
		ref, basis := Reference(c.sex, c.age)
		if ref[Iron] != c.iron || ref[Calcium] != c.calcium || ref[Fiber] != c.fib || ref[Sugars] != 0 || !strings.Contains(basis, c.basis) {
			t.Errorf("Reference(%q, %v) = iron %v, calcium %v, fibre %v, %q", c.sex, c.age, ref[Iron], ref[Calcium], ref[Fiber], basis)
		}
	}
	if ref, _ := Reference(SexFemale, ptr(25)); ref[VitaminA] != 700 || ref[Potassium] != 2600 || ref[Sodium] != 1500 || ref[VitaminD] != 15 {
		t.Errorf("women 19-30: %v", ref)
	}
	if AgeOn(1990, "2026-03-02") != 36 {
		t.Error("AgeOn")
	}
}

func TestNutritionMicroDayTotalsAndFlags(t *testing.T) {
	known := func(v float64) Amounts {
		var a Amounts
		for i := range a {
			a[i] = ptr(v)
		}
		return a
	}
	partial := known(10)
	partial[VitaminD] = nil
	entries := []FoodEntry{{Nutrients: known(100)}, {Nutrients: partial}, {}} // the last was typed in: nothing known
	day := microDay("2026-03-02", entries, ptr(SexMale), ptr(30), 45)
	byKey := map[string]MicroTotal{}
	for _, n := range day.Nutrients {
		byKey[n.Key] = n
	}
	if len(day.Nutrients) != 13 || day.Entries != 3 || day.LongSession {
		t.Fatalf("day = %+v", day)
	}
	if s := byKey["sodium"]; s.Amount != 110 || s.Missing != 1 || *s.Reference != 1500 || *s.Percent != 7 || s.Kind != "AI" || s.Flag != "" {
		t.Errorf("sodium = %+v", s)
	}
	if d := byKey["vitaminD"]; d.Amount != 100 || d.Missing != 2 || d.Kind != "RDA" {
		t.Errorf("vitamin D = %+v", d)
	}
	if s := byKey["sugars"]; s.Reference != nil || s.Percent != nil || s.Amount != 110 {
		t.Errorf("sugars = %+v", s)
	}

	// 90 minutes of training: sodium +675 mg and flagged, potassium flagged.
	day = microDay("2026-03-02", entries, ptr(SexMale), ptr(30), 90)
	na, k := day.Nutrients[Sodium], day.Nutrients[Potassium]
	if !day.LongSession || *na.Reference != 1500+675 || !strings.Contains(na.Flag, "Long session today (90 min)") ||
		*k.Reference != 3400 || !strings.Contains(k.Flag, "potassium") || day.Nutrients[Calcium].Flag != "" {
		t.Errorf("long session: sodium %+v potassium %+v", na, k)
	}
	// Exactly 60 minutes is not long (as for the water's electrolytes).
	if day = microDay("2026-03-02", entries, nil, nil, 60); day.LongSession || day.Nutrients[Sodium].Flag != "" {
		t.Errorf("60 minutes: %+v", day.Nutrients[Sodium])
	}
}

func TestNutritionMicroScaleAndSum(t *testing.T) {
	f := Food{Fiber: 2.6, Sugars: 12.23, SodiumMg: 1}
	f.Micros[Potassium] = ptr(358.0)
	a := f.per100().scaled(1.5)
	if *a[Potassium] != 537 || *a[Fiber] != 3.9 || *a[Sodium] != 1.5 || a[VitaminD] != nil {
		t.Errorf("scaled: potassium %v fibre %v", *a[Potassium], *a[Fiber])
	}
	if c := (Food{Custom: true, Fiber: 3}).per100(); c[Fiber] != nil {
		t.Error("a custom food's fibre is unknown, not its zero value")
	}
	s := sumAll([]Amounts{a, a})
	if *s[Potassium] != 1074 || s[VitaminD] != nil {
		t.Errorf("sum: %v", s)
	}
}

func TestNutritionMicrosStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loadFoods(t, d)
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")
		const day = "2026-03-02"

		// Sex and birth year: optional, validated, kept when a save leaves them out, cleared by "" and 0.
		base := Targets{2500, 165, 300, 80}
		for _, bad := range []ProfileInput{{Targets: base, Sex: ptr("other")}, {Targets: base, BirthYear: ptr(1900)},
			{Targets: base, BirthYear: ptr(2013)}} {
			_, err := svc.SaveProfile(ctx, ana, bad, day, time.UTC)
			if e := apperr.As(err); e.Code != apperr.CodeInvalid || (e.Fields["sex"] == "" && e.Fields["birthYear"] == "") {
				t.Fatalf("%+v: %v", bad, err)
			}
		}
		if _, err := svc.store.Person(ctx, ana); err != nil {
			t.Fatal(err)
		}
		p, err := svc.SaveProfile(ctx, ana, ProfileInput{Targets: base, Sex: ptr(" Female "), BirthYear: ptr(1990)}, day, time.UTC)
		if err != nil || *p.Sex != SexFemale || *p.BirthYear != 1990 {
			t.Fatalf("save: %+v %v", p, err)
		}
		if p, err = svc.SaveTargets(ctx, ana, base, day, time.UTC); err != nil || p.Sex == nil || *p.BirthYear != 1990 {
			t.Fatalf("targets alone cleared sex or birth year: %+v %v", p, err)
		}

		// A food of the database, a custom food and a typed entry.
		broccoli, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: 11090, Grams: 200, MealType: "lunch", Date: day})
		if err != nil {
			t.Fatal(err)
		}
		salmon, _ := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: 15076, Grams: 150, MealType: "dinner", Date: day})
		bar, err := svc.CreateCustomFood(ctx, ana, NewCustomFood{Name: "Oat bar", Kcal: 400, Protein: 10, Carbs: 60, Fat: 12})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddEntry(ctx, ana, NewFoodEntry{CustomFoodID: bar.ID, Grams: 60, MealType: "snack", Date: day}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddEntry(ctx, ana, entry("Pasta", "dinner", day, 500, 20, 90, 5)); err != nil {
			t.Fatal(err)
		}
		_, _ = svc.AddEntry(ctx, bo, NewFoodEntry{FoodID: 11090, Grams: 500, MealType: "lunch", Date: day})

		m, err := svc.MicroDay(ctx, ana, day, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		// Broccoli 316 and salmon 490 mg potassium per 100 g: 632 + 735.
		k, vd, na := m.Nutrients[Potassium], m.Nutrients[VitaminD], m.Nutrients[Sodium]
		if m.Entries != 4 || k.Amount != 1367 || k.Missing != 2 || *k.Reference != 2600 || *m.Age != 36 || *m.Sex != SexFemale {
			t.Fatalf("potassium = %+v, day %+v", k, m)
		}
		// SR24 does not give salmon's vitamin D: unknown, not 0.
		if vd.Amount != 0 || vd.Missing != 3 {
			t.Errorf("vitamin D = %+v", vd)
		}
		if na.Amount != 66+66 || na.Missing != 2 {
			t.Errorf("sodium = %+v", na)
		}

		// A new portion computes the amounts again; copy and undo keep them.
		if _, err := svc.UpdateEntry(ctx, ana, broccoli.ID, EntryUpdate{Grams: ptr(100.0)}); err != nil {
			t.Fatal(err)
		}
		if m, _ = svc.MicroDay(ctx, ana, day, time.UTC); m.Nutrients[Potassium].Amount != 316+735 {
			t.Errorf("after edit: %+v", m.Nutrients[Potassium])
		}
		if _, err := svc.Copy(ctx, ana, CopyRequest{FromDate: day, ToDate: "2026-03-01", MealType: "dinner"}); err != nil {
			t.Fatal(err)
		}
		if m, _ = svc.MicroDay(ctx, ana, "2026-03-01", time.UTC); m.Entries != 2 || m.Nutrients[Potassium].Amount != 735 || m.Nutrients[Potassium].Missing != 1 {
			t.Errorf("copied day: %+v", m.Nutrients[Potassium])
		}
		if err := svc.DeleteEntry(ctx, ana, salmon.ID); err != nil {
			t.Fatal(err)
		}
		if m, _ = svc.MicroDay(ctx, ana, day, time.UTC); m.Nutrients[Potassium].Amount != 316 {
			t.Errorf("after delete: %+v", m.Nutrients[Potassium])
		}
		if _, err := svc.RestoreEntry(ctx, ana, salmon.ID); err != nil {
			t.Fatal(err)
		}

		// A recipe of broccoli and salmon, two servings, logged as one: half of each.
		recipe, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "Salmon bowl", EntryIDs: []int64{broccoli.ID, salmon.ID}, Servings: ptr(2.0)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.LogSavedMeal(ctx, ana, recipe.ID, LogSavedMeal{MealType: "lunch", Date: "2026-02-28"}); err != nil {
			t.Fatal(err)
		}
		if m, _ = svc.MicroDay(ctx, ana, "2026-02-28", time.UTC); m.Nutrients[Potassium].Amount != (316+735)/2.0 || m.Nutrients[VitaminD].Missing != 1 {
			t.Errorf("recipe: potassium %+v vitamin D %+v", m.Nutrients[Potassium], m.Nutrients[VitaminD])
		}

		// A long session on the calendar flags sodium and potassium.
		svc.UsePlanner(fakePlanner{day: {Date: day, Kind: "training", PlannedMinutes: 100, PlannedLoad: 700}})
		if m, _ = svc.MicroDay(ctx, ana, day, time.UTC); !m.LongSession || m.TrainingMinutes != 100 || *m.Nutrients[Sodium].Reference != 2250 ||
			m.Nutrients[Potassium].Flag == "" {
			t.Errorf("long session: %+v", m.Nutrients[Sodium])
		}

		// Bo has no profile: adult values, and his own day only.
		m, err = svc.MicroDay(ctx, bo, day, time.UTC)
		if err != nil || m.Entries != 1 || m.Sex != nil || m.Age != nil || !strings.Contains(m.Basis, "add your sex and birth year") {
			t.Fatalf("bo: %+v %v", m, err)
		}

		// The account export carries them.
		exp, err := svc.ExportUserData(ctx, ana)
		if err != nil || exp.(Export).Person.Sex == nil || *exp.(Export).Person.BirthYear != 1990 {
			t.Fatalf("export: %+v %v", exp, err)
		}

		// "" and 0 clear them.
		if p, err = svc.SaveProfile(ctx, ana, ProfileInput{Targets: base, Sex: ptr(""), BirthYear: ptr(0)}, day, time.UTC); err != nil ||
			p.Sex != nil || p.BirthYear != nil {
			t.Fatalf("clear: %+v %v", p, err)
		}
	})
}

// TestNutritionStapleMicros: a staple gives the minerals its label gives and
// leaves the rest unknown; a bad key is refused.
func TestNutritionStapleMicros(t *testing.T) {
	foods, err := parseStaples(staples)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range foods {
		switch f.ID {
		case 900015: // Nuun Sport: 150 mg potassium in a 4.3 g tablet
			if f.Micros[Potassium] == nil || *f.Micros[Potassium] != 3488 || *f.Micros[Calcium] != 302 || f.Micros[Iron] != nil {
				t.Errorf("electrolyte tablet: %v", f.Micros)
			}
		case 900001:
			if f.Micros != (Amounts{}) || *f.per100()[Sodium] != 36 {
				t.Errorf("Greek yogurt: only fibre, sugars and sodium are known: %v", f.Micros)
			}
		}
	}
	var a Amounts
	for _, bad := range []string{"sodium=10", "potassium=-1", "potassium", "iron=lots"} {
		if err := parseStapleMicros(bad, &a); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
