package billing

import (
	"hyrox/internal/tier"
	"strings"

	"hyrox/internal/config"
)

// Catalogue is the one price list (docs/product.md#tiers-and-prices), built from configuration.
type Catalogue struct {
	Tiers  []Tier
	prices map[string]Price
}

// annualCents is twelve months at 25% off.
func annualCents(monthly int) int { return monthly * 12 * 3 / 4 }

// NewCatalogue builds the catalogue from the configuration.
func NewCatalogue(cfg config.Config) *Catalogue {
	tiers := []Tier{
		{ID: tier.Basic, Name: "Basic", Description: "Everything you need to start training for HYROX.",
			Features: []string{"Access to basic training plans", "Workout logging", "Community access"}, Available: true},
		{ID: tier.Pro, Name: "Pro", Description: "Advanced training, analytics and nutrition for serious athletes.",
			PriceCents: cfg.PriceProCents, AnnualPriceCents: annualCents(cfg.PriceProCents),
			PriceID: cfg.PriceProMonthly, AnnualPriceID: cfg.PriceProAnnual, Recommended: true,
			Features: []string{"Advanced training plans", "Performance analytics", "Personalized nutrition plans", "Priority community access"}},
		{ID: tier.Elite, Name: "Elite", Description: "Coaching and race strategy for athletes chasing the podium.",
			PriceCents: cfg.PriceEliteCents, AnnualPriceCents: annualCents(cfg.PriceEliteCents),
			PriceID: cfg.PriceEliteMonthly, AnnualPriceID: cfg.PriceEliteAnnual,
			Features: []string{"1:1 coaching sessions", "Custom program creation", "Race strategy planning", "Exclusive athlete community"}},
	}
	c := &Catalogue{prices: map[string]Price{}}
	for i := range tiers {
		t := &tiers[i]
		t.Price = float64(t.PriceCents) / 100
		if t.ID == tier.Basic {
			continue
		}
		t.Available = t.PriceID != "" && cfg.PaymentProvider != "none"
		if t.PriceID != "" {
			c.prices[t.PriceID] = Price{ID: t.PriceID, Tier: t.ID, Interval: "month", AmountCents: t.PriceCents}
		}
		if t.AnnualPriceID != "" {
			c.prices[t.AnnualPriceID] = Price{ID: t.AnnualPriceID, Tier: t.ID, Interval: "year", AmountCents: t.AnnualPriceCents}
		}
	}
	c.Tiers = tiers
	return c
}

// Price looks a provider price id up.
func (c *Catalogue) Price(id string) (Price, bool) {
	p, ok := c.prices[id]
	return p, ok
}

// TierName is the display name of a tier id.
func (c *Catalogue) TierName(id string) string {
	for _, t := range c.Tiers {
		if t.ID == strings.ToLower(id) {
			return t.Name
		}
	}
	return id
}
