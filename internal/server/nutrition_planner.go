package server

import (
	"context"

	"hyrox/internal/nutrition"
)

// dayTypeSource is what the training calendar offers (training.Service's
// DayTypes): one day type per date in [from, to], of its own struct type D.
type dayTypeSource[D any] interface {
	DayTypes(ctx context.Context, userID int64, from, to string) ([]D, error)
}

// plannerFunc is a nutrition.DayPlanner made of a function.
type plannerFunc func(ctx context.Context, userID int64, from, to string) ([]nutrition.DayType, error)

func (f plannerFunc) DayTypes(ctx context.Context, userID int64, from, to string) ([]nutrition.DayType, error) {
	return f(ctx, userID, from, to)
}

// nutritionPlanner connects the training calendar to the nutrition plans
// (docs/nutrition-foods.md#day-targets). training.DayType has nutrition.DayType's
// fields, so the wiring in areas() is:
//
//	nutritionSvc.UsePlanner(nutritionPlanner(trainingSvc,
//		func(d training.DayType) nutrition.DayType { return nutrition.DayType(d) }))
func nutritionPlanner[D any](src dayTypeSource[D], convert func(D) nutrition.DayType) nutrition.DayPlanner {
	return plannerFunc(func(ctx context.Context, userID int64, from, to string) ([]nutrition.DayType, error) {
		days, err := src.DayTypes(ctx, userID, from, to)
		if err != nil {
			return nil, err
		}
		out := make([]nutrition.DayType, len(days))
		for i, d := range days {
			out[i] = convert(d)
		}
		return out, nil
	})
}
