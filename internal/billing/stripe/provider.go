// Package stripe is the Stripe payment provider, on stripe-go's client API
// (API version 2026-03-25.dahlia), and its webhook handler.
package stripe

import (
	"context"
	"errors"
	"net/http"
	"time"

	stripego "github.com/stripe/stripe-go/v85"

	"hyrox/internal/apperr"
	"hyrox/internal/billing"
)

// Provider talks to Stripe.
type Provider struct {
	c           *stripego.Client
	publishable string
	now         func() time.Time
}

// Options configure the provider.
type Options struct {
	SecretKey      string
	PublishableKey string
	// APIBase overrides Stripe's address (stripe-mock in tests).
	APIBase    string
	HTTPClient *http.Client
}

// New returns the Stripe provider.
func New(o Options, now func() time.Time) *Provider {
	cfg := &stripego.BackendConfig{
		HTTPClient:        o.HTTPClient,
		LeveledLogger:     &stripego.LeveledLogger{Level: stripego.LevelNull},
		MaxNetworkRetries: stripego.Int64(2),
	}
	if o.APIBase != "" {
		cfg.URL = stripego.String(o.APIBase)
	}
	c := stripego.NewClient(o.SecretKey, stripego.WithBackends(stripego.NewBackendsWithConfig(cfg)))
	return &Provider{c: c, publishable: o.PublishableKey, now: now}
}

func (p *Provider) Name() string                       { return "stripe" }
func (p *Provider) PublishableKey() string             { return p.publishable }
func (p *Provider) Now(context.Context) time.Time      { return p.now().UTC() }
func (p *Provider) Sync(context.Context, string) error { return nil }

// providerError turns Stripe's card errors into readable 400s; others stay internal.
func providerError(err error) error {
	var se *stripego.Error
	if errors.As(err, &se) {
		switch {
		case se.Type == stripego.ErrorTypeCard:
			return apperr.Invalid(map[string]string{"card": se.Msg})
		case se.HTTPStatusCode == http.StatusNotFound || se.Code == stripego.ErrorCodeResourceMissing:
			return apperr.Errorf(apperr.CodeNotFound, "No such payment object.")
		}
	}
	return err
}

func (p *Provider) CreateCustomer(ctx context.Context, userID int64, email, name, idempotencyKey string) (string, error) {
	params := &stripego.CustomerCreateParams{Email: stripego.String(email), Name: stripego.String(name),
		Metadata: map[string]string{"user_id": itoa(userID)}}
	params.SetIdempotencyKey(idempotencyKey)
	c, err := p.c.V1Customers.Create(ctx, params)
	if err != nil {
		return "", providerError(err)
	}
	return c.ID, nil
}

// subscriptionState reads a subscription; its period end lives on its item.
func subscriptionState(s *stripego.Subscription) billing.SubscriptionState {
	st := billing.SubscriptionState{ID: s.ID, Status: string(s.Status), CancelAtPeriodEnd: s.CancelAtPeriodEnd}
	if s.Customer != nil {
		st.CustomerID = s.Customer.ID
	}
	if s.Items != nil && len(s.Items.Data) > 0 {
		item := s.Items.Data[0]
		if item.Price != nil {
			st.PriceID = item.Price.ID
		}
		if item.CurrentPeriodEnd > 0 {
			t := time.Unix(item.CurrentPeriodEnd, 0).UTC()
			st.CurrentPeriodEnd = &t
		}
	}
	if s.TrialEnd > 0 {
		t := time.Unix(s.TrialEnd, 0).UTC()
		st.TrialEnd = &t
	}
	// Stripe marks a trial subscription trialing at once, card or not; for us
	// the trial starts once its card is saved (docs/billing-rules.md: trial).
	if s.Status == stripego.SubscriptionStatusTrialing && s.PendingSetupIntent != nil {
		st.Status = billing.StatusIncomplete
	}
	if s.CancelAt > 0 && st.CurrentPeriodEnd == nil {
		t := time.Unix(s.CancelAt, 0).UTC()
		st.CurrentPeriodEnd = &t
	}
	return st
}

func (p *Provider) CreateSubscription(ctx context.Context, customerID string, price billing.Price, trialDays int, idempotencyKey string) (billing.NewSubscription, error) {
	params := &stripego.SubscriptionCreateParams{
		Customer:        stripego.String(customerID),
		Items:           []*stripego.SubscriptionCreateItemParams{{Price: stripego.String(price.ID)}},
		PaymentBehavior: stripego.String("default_incomplete"),
		PaymentSettings: &stripego.SubscriptionCreatePaymentSettingsParams{SaveDefaultPaymentMethod: stripego.String("on_subscription")},
		Metadata:        map[string]string{"tier": price.Tier},
	}
	if trialDays > 0 {
		params.TrialPeriodDays = stripego.Int64(int64(trialDays))
	}
	params.AddExpand("latest_invoice.confirmation_secret")
	params.AddExpand("pending_setup_intent")
	params.SetIdempotencyKey(idempotencyKey)
	s, err := p.c.V1Subscriptions.Create(ctx, params)
	if err != nil {
		return billing.NewSubscription{}, providerError(err)
	}
	out := billing.NewSubscription{ID: s.ID, State: subscriptionState(s)}
	if out.State.CustomerID == "" {
		out.State.CustomerID = customerID
	}
	switch {
	// With a trial or a zero first invoice, a card is set up instead of paid.
	case s.PendingSetupIntent != nil && s.PendingSetupIntent.ClientSecret != "":
		out.ClientSecret, out.Type = s.PendingSetupIntent.ClientSecret, "setup"
	case s.LatestInvoice != nil && s.LatestInvoice.ConfirmationSecret != nil && s.LatestInvoice.ConfirmationSecret.ClientSecret != "":
		out.ClientSecret, out.Type = s.LatestInvoice.ConfirmationSecret.ClientSecret, "payment"
	default:
		return out, errors.New("stripe: the new subscription has no client secret to confirm")
	}
	return out, nil
}

func (p *Provider) UpdateSubscription(ctx context.Context, subscriptionID string, price billing.Price, idempotencyKey string) (billing.SubscriptionState, string, error) {
	cur, err := p.c.V1Subscriptions.Retrieve(ctx, subscriptionID, nil)
	if err != nil {
		return billing.SubscriptionState{}, "", providerError(err)
	}
	if cur.Items == nil || len(cur.Items.Data) == 0 {
		return billing.SubscriptionState{}, "", errors.New("stripe: subscription has no item")
	}
	params := &stripego.SubscriptionUpdateParams{
		Items:             []*stripego.SubscriptionUpdateItemParams{{ID: stripego.String(cur.Items.Data[0].ID), Price: stripego.String(price.ID)}},
		ProrationBehavior: stripego.String("always_invoice"),
		PaymentBehavior:   stripego.String("pending_if_incomplete"),
		CancelAtPeriodEnd: stripego.Bool(false),
		Metadata:          map[string]string{"tier": price.Tier},
	}
	if cur.Status == stripego.SubscriptionStatusTrialing {
		params.TrialEndNow = stripego.Bool(true) // a change of plan ends the trial and is charged
	}
	params.AddExpand("latest_invoice.confirmation_secret")
	params.SetIdempotencyKey(idempotencyKey)
	s, err := p.c.V1Subscriptions.Update(ctx, subscriptionID, params)
	if err != nil {
		return billing.SubscriptionState{}, "", providerError(err)
	}
	secret := ""
	if s.PendingUpdate != nil && s.LatestInvoice != nil && s.LatestInvoice.ConfirmationSecret != nil {
		secret = s.LatestInvoice.ConfirmationSecret.ClientSecret // the proration needs a payment step
	}
	return subscriptionState(s), secret, nil
}

func (p *Provider) CancelSubscription(ctx context.Context, subscriptionID string, atPeriodEnd bool) (billing.SubscriptionState, error) {
	var s *stripego.Subscription
	var err error
	if atPeriodEnd {
		s, err = p.c.V1Subscriptions.Update(ctx, subscriptionID, &stripego.SubscriptionUpdateParams{CancelAtPeriodEnd: stripego.Bool(true)})
	} else {
		s, err = p.c.V1Subscriptions.Cancel(ctx, subscriptionID, &stripego.SubscriptionCancelParams{Prorate: stripego.Bool(false)})
	}
	if err != nil {
		return billing.SubscriptionState{}, providerError(err)
	}
	return subscriptionState(s), nil
}

func (p *Provider) CreateSetupIntent(ctx context.Context, customerID, idempotencyKey string) (string, error) {
	params := &stripego.SetupIntentCreateParams{Customer: stripego.String(customerID), Usage: stripego.String("off_session"),
		PaymentMethodTypes: []*string{stripego.String("card")}}
	params.SetIdempotencyKey(idempotencyKey)
	si, err := p.c.V1SetupIntents.Create(ctx, params)
	if err != nil {
		return "", providerError(err)
	}
	return si.ClientSecret, nil
}

func cardState(pm *stripego.PaymentMethod) billing.CardState {
	c := billing.CardState{ID: pm.ID}
	if pm.Customer != nil {
		c.CustomerID = pm.Customer.ID
	}
	if pm.Card != nil {
		c.Brand, c.Last4, c.ExpiryMonth, c.ExpiryYear = string(pm.Card.Brand), pm.Card.Last4, int(pm.Card.ExpMonth), int(pm.Card.ExpYear)
	}
	return c
}

// PaymentMethod answers a card only when it is attached to customerID.
func (p *Provider) PaymentMethod(ctx context.Context, customerID, paymentMethodID string) (billing.CardState, error) {
	pm, err := p.c.V1PaymentMethods.Retrieve(ctx, paymentMethodID, nil)
	if err != nil {
		return billing.CardState{}, providerError(err)
	}
	c := cardState(pm)
	if c.CustomerID != customerID || pm.Card == nil {
		return billing.CardState{}, apperr.Errorf(apperr.CodeNotFound, "No such payment method.")
	}
	return c, nil
}

func (p *Provider) SetDefaultPaymentMethod(ctx context.Context, customerID, paymentMethodID string) error {
	_, err := p.c.V1Customers.Update(ctx, customerID, &stripego.CustomerUpdateParams{
		InvoiceSettings: &stripego.CustomerUpdateInvoiceSettingsParams{DefaultPaymentMethod: stripego.String(paymentMethodID)}})
	return providerError(err)
}

func (p *Provider) DetachPaymentMethod(ctx context.Context, paymentMethodID string) error {
	_, err := p.c.V1PaymentMethods.Detach(ctx, paymentMethodID, nil)
	return providerError(err)
}

// CreditBalance reads the customer's balance: Stripe keeps credit as a
// negative balance (a positive one is owed, not credit).
func (p *Provider) CreditBalance(ctx context.Context, customerID string) (int, error) {
	c, err := p.c.V1Customers.Retrieve(ctx, customerID, nil)
	if err != nil {
		return 0, providerError(err)
	}
	return int(max(-c.Balance, 0)), nil
}

// PreviewChange asks Stripe's invoice preview what the change would charge today.
func (p *Provider) PreviewChange(ctx context.Context, subscriptionID string, price billing.Price) (billing.ChangePreview, error) {
	cur, err := p.c.V1Subscriptions.Retrieve(ctx, subscriptionID, nil)
	if err != nil {
		return billing.ChangePreview{}, providerError(err)
	}
	if cur.Items == nil || len(cur.Items.Data) == 0 {
		return billing.ChangePreview{}, errors.New("stripe: subscription has no item")
	}
	item := cur.Items.Data[0]
	details := &stripego.InvoiceCreatePreviewSubscriptionDetailsParams{
		Items:             []*stripego.InvoiceCreatePreviewSubscriptionDetailsItemParams{{ID: stripego.String(item.ID), Price: stripego.String(price.ID)}},
		ProrationBehavior: stripego.String("always_invoice"),
	}
	endsTrial := cur.Status == stripego.SubscriptionStatusTrialing
	if endsTrial {
		details.TrialEndNow = stripego.Bool(true)
	}
	inv, err := p.c.V1Invoices.CreatePreview(ctx, &stripego.InvoiceCreatePreviewParams{
		Subscription: stripego.String(subscriptionID), SubscriptionDetails: details})
	if err != nil {
		return billing.ChangePreview{}, providerError(err)
	}
	// The renewal keeps the period end unless the change starts a new cycle.
	next := time.Unix(item.CurrentPeriodEnd, 0).UTC()
	if endsTrial || item.Price == nil || item.Price.Recurring == nil || string(item.Price.Recurring.Interval) != price.Interval {
		next = nextCycle(p.now().UTC(), price.Interval)
	}
	// Stripe keeps credit as a negative customer balance: what this invoice
	// leaves of it is its total on top of the balance it started from.
	credit := max(-(inv.StartingBalance + inv.Total), 0)
	return billing.ChangePreview{AmountDueToday: int(inv.AmountDue), NextRenewalPrice: price.AmountCents, CreditBalance: int(credit),
		NextRenewalAt: next, Currency: string(inv.Currency), EndsTrial: endsTrial}, nil
}

func nextCycle(t time.Time, interval string) time.Time {
	if interval == "year" {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

// ResumeSubscription clears a cancel at period end.
func (p *Provider) ResumeSubscription(ctx context.Context, subscriptionID string) (billing.SubscriptionState, error) {
	s, err := p.c.V1Subscriptions.Update(ctx, subscriptionID, &stripego.SubscriptionUpdateParams{CancelAtPeriodEnd: stripego.Bool(false)})
	if err != nil {
		return billing.SubscriptionState{}, providerError(err)
	}
	return subscriptionState(s), nil
}

// VoidInvoice voids an open invoice (an abandoned checkout's first one).
func (p *Provider) VoidInvoice(ctx context.Context, invoiceID string) error {
	_, err := p.c.V1Invoices.VoidInvoice(ctx, invoiceID, nil)
	return providerError(err)
}

// RetryPayment pays the subscription's latest invoice with a card, then
// answers the subscription as Stripe now has it.
func (p *Provider) RetryPayment(ctx context.Context, subscriptionID, paymentMethodID string) (billing.SubscriptionState, error) {
	params := &stripego.SubscriptionRetrieveParams{}
	params.AddExpand("latest_invoice")
	cur, err := p.c.V1Subscriptions.Retrieve(ctx, subscriptionID, params)
	if err != nil {
		return billing.SubscriptionState{}, providerError(err)
	}
	if cur.LatestInvoice == nil || cur.LatestInvoice.ID == "" {
		return billing.SubscriptionState{}, apperr.Errorf(apperr.CodeConflict, "This subscription has no invoice to pay.")
	}
	if _, err := p.c.V1Invoices.Pay(ctx, cur.LatestInvoice.ID, &stripego.InvoicePayParams{
		PaymentMethod: stripego.String(paymentMethodID)}); err != nil {
		return billing.SubscriptionState{}, providerError(err)
	}
	s, err := p.c.V1Subscriptions.Retrieve(ctx, subscriptionID, nil)
	if err != nil {
		return billing.SubscriptionState{}, providerError(err)
	}
	return subscriptionState(s), nil
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
