package server_test

import (
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// docs/billing-rules.md#locked-pages: a locked page previews the athlete's own
// data (or marked sample data) and the trial with its terms, nothing more.

type upgradePreview struct {
	Feature  string `json:"feature"`
	Tier     string `json:"tier"`
	Unlocked bool   `json:"unlocked"`
	Offer    struct {
		Tier             string     `json:"tier"`
		PriceID          string     `json:"priceId"`
		Available        bool       `json:"available"`
		TrialAvailable   bool       `json:"trialAvailable"`
		TrialDays        int        `json:"trialDays"`
		FirstChargeCents int        `json:"firstChargeCents"`
		FirstChargeAt    *time.Time `json:"firstChargeAt"`
	} `json:"offer"`
	Weeks []struct {
		WeekStart string `json:"weekStart"`
		Minutes   int    `json:"minutes"`
		Sessions  int    `json:"sessions"`
	} `json:"weeks"`
	Sample bool `json:"sample"`
	Race   *struct {
		Rank, Of, TopPercent int
	} `json:"race"`
}

func preview(t *testing.T, c *servertest.Client, feature string) upgradePreview {
	t.Helper()
	var p upgradePreview
	c.Do("GET", "/api/upgrade-preview?feature="+feature, nil).Want(200).JSON(&p)
	return p
}

func TestUpgradePreviewStatesTheTrialAndUsesOwnData(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u, other := e.NewUser(), e.NewUser()
		p := preview(t, u, "analytics")
		want := e.Clock.Now().UTC().AddDate(0, 0, 7)
		if p.Tier != "pro" || p.Unlocked || !p.Offer.Available || !p.Offer.TrialAvailable || p.Offer.TrialDays != 7 ||
			p.Offer.FirstChargeCents != 1900 || p.Offer.FirstChargeAt == nil || p.Offer.FirstChargeAt.Sub(want).Abs() > time.Minute {
			t.Fatalf("offer %+v: want a 7-day trial, then $19.00 on %s", p.Offer, want)
		}
		if !p.Sample || len(p.Weeks) != 8 || p.Race != nil {
			t.Fatalf("an athlete with no logs sees marked sample data and no race: %+v", p)
		}
		// Another athlete's logs and race never show in this one's preview.
		logSession(t, other, e.Clock.Now().Add(-time.Hour), 95, 6)
		other.Do("POST", "/api/race-results", racingBody("2026-03-01")).Want(201)
		if p := preview(t, u, "analytics"); !p.Sample || p.Race != nil {
			t.Fatalf("another athlete's data leaked into the preview: %+v", p)
		}
		logSession(t, u, e.Clock.Now().Add(-time.Hour), 45, 6)
		logSession(t, u, e.Clock.Now().Add(-8*24*time.Hour), 30, 5)
		p = preview(t, u, "analytics")
		last, prev := p.Weeks[7], p.Weeks[6]
		if p.Sample || last.Minutes != 45 || last.Sessions != 1 || prev.Minutes+p.Weeks[5].Minutes != 30 {
			t.Fatalf("own logged minutes per week: %+v", p.Weeks)
		}
		race := racingBody("2026-03-01")
		race["kind"], race["eventName"] = "race", "HYROX Berlin"
		u.Do("POST", "/api/race-results", race).Want(201)
		p = preview(t, u, "analytics")
		if p.Race == nil || p.Race.Rank < 1 || p.Race.Of < p.Race.Rank || p.Race.TopPercent < 1 || p.Race.TopPercent > 100 {
			t.Fatalf("race teaser %+v", p.Race)
		}
		if p := preview(t, u, "nutrition"); p.Race != nil || p.Tier != "pro" {
			t.Fatalf("nutrition shows no race teaser: %+v", p)
		}
		if p := preview(t, u, "race-strategy"); p.Tier != "elite" || p.Offer.FirstChargeCents != 3900 {
			t.Fatalf("race strategy offers Elite: %+v", p.Offer)
		}

		// Once the trial is used, the offer charges today and says no date.
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		p = preview(t, u, "programs")
		if p.Offer.TrialAvailable || p.Offer.FirstChargeAt != nil || p.Unlocked {
			t.Fatalf("a used trial is not offered again: %+v", p.Offer)
		}
		if p := preview(t, u, "analytics"); !p.Unlocked {
			t.Fatalf("a Pro athlete's analytics is unlocked: %+v", p)
		}

		res := u.Do("GET", "/api/upgrade-preview?feature=billing", nil).Want(400)
		if want := "feature"; !strings.Contains(string(res.Body), want) {
			t.Errorf("the error does not name %s: %s", want, res.Body)
		}
		u.Do("GET", "/api/upgrade-preview", nil).Want(400)
		e.Client().Do("GET", "/api/upgrade-preview?feature=analytics", nil).Want(401)
	})
}
