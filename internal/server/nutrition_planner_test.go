package server

import (
	"context"
	"testing"

	"hyrox/internal/nutrition"
)

// calendarDay has the shape of training.DayType (docs: the cross-branch contract).
type calendarDay struct {
	Date                        string
	Kind                        string
	PlannedMinutes, PlannedLoad int
}

type fakeCalendar struct{ asked [3]any }

func (f *fakeCalendar) DayTypes(_ context.Context, userID int64, from, to string) ([]calendarDay, error) {
	f.asked = [3]any{userID, from, to}
	return []calendarDay{{"2026-03-02", "training", 120, 840}, {"2026-03-03", "race", 90, 810}}, nil
}

func TestNutritionPlannerAdaptsTheCalendar(t *testing.T) {
	cal := &fakeCalendar{}
	p := nutritionPlanner(cal, func(d calendarDay) nutrition.DayType { return nutrition.DayType(d) })
	days, err := p.DayTypes(context.Background(), 7, "2026-03-02", "2026-03-03")
	if err != nil || len(days) != 2 || days[0] != (nutrition.DayType{Date: "2026-03-02", Kind: "training", PlannedMinutes: 120, PlannedLoad: 840}) ||
		days[1].Kind != "race" || cal.asked != [3]any{int64(7), "2026-03-02", "2026-03-03"} {
		t.Fatalf("days %+v asked %v err %v", days, cal.asked, err)
	}
}
