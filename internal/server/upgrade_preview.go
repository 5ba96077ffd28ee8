package server

import (
	"context"
	"time"

	"hyrox/internal/billing"
	"hyrox/internal/racing"
	"hyrox/internal/training"
)

// upgradePreviewSource gives billing's locked pages their teaser from data
// a Basic athlete already sees (docs/billing-rules.md#locked-pages): their
// own workout logs, and their rank on the all-time race leaderboard.
type upgradePreviewSource struct {
	training *training.Service
	racing   *racing.Service
	now      func() time.Time
}

// LoggedMinutes buckets the athlete's own logs of the last weeks by UTC ISO week.
func (p upgradePreviewSource) LoggedMinutes(ctx context.Context, userID int64, weeks int) ([]billing.WeekLoad, error) {
	today := p.now().UTC().Truncate(24 * time.Hour)
	first := today.AddDate(0, 0, -((int(today.Weekday())+6)%7)-7*(weeks-1))
	out := make([]billing.WeekLoad, weeks)
	for i := range out {
		out[i].WeekStart = first.AddDate(0, 0, 7*i).Format("2006-01-02")
	}
	cursor := ""
	for range 20 { // logs come newest first; 20 pages of 100 cover 8 weeks of anyone's training
		page, err := p.training.Logs(ctx, userID, cursor, 100)
		if err != nil {
			return nil, err
		}
		for _, l := range page.Items {
			at := l.CompletedAt.UTC()
			if at.Before(first) {
				return out, nil
			}
			if w := int(at.Sub(first) / (7 * 24 * time.Hour)); w >= 0 && w < weeks {
				out[w].Minutes += l.Duration
				out[w].Sessions++
			}
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	return out, nil
}

// RaceStanding is the athlete's rank on the all-time race board of every
// division, as the leaderboard shows it, and the size of that field.
func (p upgradePreviewSource) RaceStanding(ctx context.Context, userID int64) (*billing.RaceStanding, error) {
	b, err := p.racing.BoardFor("all", "all", racing.KindRace)
	if err != nil {
		return nil, err
	}
	me, capped, err := p.racing.MyEntry(ctx, b, userID)
	if err != nil || me == nil || capped {
		return nil, err
	}
	field, err := p.racing.Leaderboard(ctx, b, racing.RankCountCap)
	if err != nil || len(field) == 0 {
		return nil, err
	}
	of := max(len(field), me.Rank)
	return &billing.RaceStanding{Rank: me.Rank, Of: of, TopPercent: (me.Rank*100 + of - 1) / of}, nil
}
