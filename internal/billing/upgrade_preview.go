package billing

import (
	"context"
	"hyrox/internal/tier"
	"time"

	"hyrox/internal/apperr"
)

// The free tier's locked pages (docs/billing-rules.md#locked-pages): a Basic
// athlete opening a Pro or Elite page sees what it would give, from data the
// athlete can already see on Basic (their own logs, their leaderboard rank)
// or marked sample data, and the trial offer with its terms.

// Features a locked page previews, and the tier each needs.
var previewFeatures = map[string]string{
	"nutrition":     tier.Pro,
	"analytics":     tier.Pro,
	"programs":      tier.Elite,
	"race-strategy": tier.Elite,
}

// WeekLoad is one week of the athlete's own logged training.
type WeekLoad struct {
	WeekStart string `json:"weekStart"` // YYYY-MM-DD, a Monday
	Minutes   int    `json:"minutes"`
	Sessions  int    `json:"sessions"`
}

// RaceStanding is where the athlete's best race stands on the all-time
// leaderboard a Basic athlete already sees: the teaser of analytics.
type RaceStanding struct {
	Rank       int `json:"rank"`
	Of         int `json:"of"`
	TopPercent int `json:"topPercent"` // rank as a share of the field, rounded up
}

// PreviewSource gives the teaser data from other areas (internal/server wires it).
type PreviewSource interface {
	// LoggedMinutes is the athlete's own logged training per ISO week, the
	// last weeks weeks up to today, oldest first.
	LoggedMinutes(ctx context.Context, userID int64, weeks int) ([]WeekLoad, error)
	// RaceStanding is nil when the athlete has no race on the all-time board.
	RaceStanding(ctx context.Context, userID int64) (*RaceStanding, error)
}

// TrialOffer is what starting the plan costs and when (docs/billing-rules.md#trial).
type TrialOffer struct {
	Tier      string `json:"tier"`
	TierName  string `json:"tierName"`
	PriceID   string `json:"priceId"`
	Interval  string `json:"interval"` // month
	Available bool   `json:"available"`
	// TrialAvailable: the plan starts with a free trial of TrialDays and the
	// first charge of FirstChargeCents falls on FirstChargeAt; otherwise it
	// is charged today.
	TrialAvailable   bool       `json:"trialAvailable"`
	TrialDays        int        `json:"trialDays"`
	FirstChargeCents int        `json:"firstChargeCents"`
	FirstChargeAt    *time.Time `json:"firstChargeAt"`
	Currency         string     `json:"currency"`
}

// UpgradePreview answers GET /api/upgrade-preview.
type UpgradePreview struct {
	Feature  string     `json:"feature"`
	Tier     string     `json:"tier"`
	Unlocked bool       `json:"unlocked"` // the athlete's tier already opens it
	Offer    TrialOffer `json:"offer"`
	// Weeks is the athlete's own logged training (the load chart), or
	// SampleWeeks when there is none: then Sample is true.
	Weeks  []WeekLoad    `json:"weeks"`
	Sample bool          `json:"sample"`
	Race   *RaceStanding `json:"race"`
}

// SetPreviewSource connects the teaser data.
func (s *Service) SetPreviewSource(p PreviewSource) { s.preview = p }

// previewWeeks is how many weeks the load chart teaser shows.
const previewWeeks = 8

// sampleMinutes is the marked sample load chart shown to an athlete who
// logged nothing yet: a typical 8-week build.
var sampleMinutes = []int{180, 210, 240, 200, 260, 290, 320, 240}

// UpgradePreview is what a locked page shows identityTier's athlete.
func (s *Service) UpgradePreview(ctx context.Context, userID int64, identityTier, feature string) (UpgradePreview, error) {
	needed, ok := previewFeatures[feature]
	if !ok {
		return UpgradePreview{}, apperr.Invalid(map[string]string{"feature": "Feature must be nutrition, analytics, programs or race-strategy."})
	}
	st, err := s.Status(ctx, userID, identityTier)
	if err != nil {
		return UpgradePreview{}, err
	}
	out := UpgradePreview{Feature: feature, Tier: needed, Unlocked: tier.Rank(st.SubscriptionTier) >= tier.Rank(needed),
		Offer: s.trialOffer(ctx, needed, st.TrialAvailable)}
	if s.preview != nil {
		if out.Weeks, err = s.preview.LoggedMinutes(ctx, userID, previewWeeks); err != nil {
			return UpgradePreview{}, err
		}
		if feature == "analytics" || feature == "race-strategy" {
			if out.Race, err = s.preview.RaceStanding(ctx, userID); err != nil {
				return UpgradePreview{}, err
			}
		}
	}
	logged := false
	for _, w := range out.Weeks {
		logged = logged || w.Sessions > 0
	}
	if !logged {
		out.Weeks, out.Sample = sampleWeeks(s.nowUTC()), true
	}
	return out, nil
}

// trialOffer states the monthly plan of tier: a trial and its first charge
// when the athlete can still have one, else today's charge.
func (s *Service) trialOffer(ctx context.Context, planTier string, trialAvailable bool) TrialOffer {
	o := TrialOffer{Tier: planTier, Interval: "month", Currency: "usd"}
	for _, t := range s.catalogue.Tiers {
		if t.ID == planTier {
			o.TierName, o.PriceID, o.FirstChargeCents, o.Available = t.Name, t.PriceID, t.PriceCents, t.Available && s.provider != nil
		}
	}
	if trialAvailable && o.Available {
		// As CreateSubscription's trialEndsAt: the trial starts when the card is saved.
		at := s.provider.Now(ctx).UTC().AddDate(0, 0, s.trialDays)
		o.TrialAvailable, o.TrialDays, o.FirstChargeAt = true, s.trialDays, &at
	}
	return o
}

func sampleWeeks(now time.Time) []WeekLoad {
	monday := now.AddDate(0, 0, -((int(now.Weekday()) + 6) % 7)).Truncate(24 * time.Hour)
	out := make([]WeekLoad, len(sampleMinutes))
	for i, m := range sampleMinutes {
		out[i] = WeekLoad{WeekStart: monday.AddDate(0, 0, -7*(len(sampleMinutes)-1-i)).Format("2006-01-02"), Minutes: m, Sessions: m / 60}
	}
	return out
}
