// Package billing owns the tier catalogue, subscriptions, saved cards and
// invoices. A Provider (Stripe or the built-in sandbox) holds the money side;
// its events reach Apply, the one place where status and tier change.
package billing

import (
	"context"
	"time"
)

// Tier is one entry of the price catalogue (docs/product.md#tiers-and-prices).
type Tier struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	Description      string   `json:"description"`
	Price            float64  `json:"price"` // dollars per month
	PriceCents       int      `json:"priceCents"`
	AnnualPriceCents int      `json:"annualPriceCents"`
	PriceID          string   `json:"priceId,omitempty"`
	AnnualPriceID    string   `json:"annualPriceId,omitempty"`
	Features         []string `json:"features"`
	Recommended      bool     `json:"recommended"`
	Available        bool     `json:"available"`
}

// Price is one provider price: a tier billed monthly or yearly.
type Price struct {
	ID          string
	Tier        string
	Interval    string // month or year
	AmountCents int
}

// PublicConfig tells the browser which payment provider runs.
type PublicConfig struct {
	Provider       string `json:"provider"` // sandbox, stripe or none
	PublishableKey string `json:"publishableKey"`
	TrialDays      int    `json:"trialDays"`
	Currency       string `json:"currency"`
}

// Status is the signed-in user's subscription status (docs/product.md#billing).
type Status struct {
	SubscriptionTier      string     `json:"subscriptionTier"`
	SubscriptionStatus    *string    `json:"subscriptionStatus"`
	SubscriptionExpiresAt *time.Time `json:"subscriptionExpiresAt"`
	TrialEndsAt           *time.Time `json:"trialEndsAt"`
	CancelAtPeriodEnd     bool       `json:"cancelAtPeriodEnd"`
	StripeSubscriptionID  *string    `json:"stripeSubscriptionId"`
	PriceID               *string    `json:"priceId"`
	SubscribedTier        *string    `json:"subscribedTier"`
	// GrantedTier is an operator's grant (docs/billing-rules.md: grants), or nil.
	GrantedTier *string `json:"grantedTier"`
	// TrialAvailable: a first paid subscription would start with the free
	// trial (one per athlete: docs/billing-rules.md#trial).
	TrialAvailable bool `json:"trialAvailable"`
	// CreditBalance is the credit the provider holds for the athlete (minor
	// units): the next invoices use it first (docs/billing-rules.md#credit);
	// nil when the provider could not say or payments are off.
	CreditBalance *int `json:"creditBalance"`
}

// PaymentMethod is a saved card; only brand, last4 and expiry are kept.
type PaymentMethod struct {
	ID                    int64     `json:"id"`
	Type                  string    `json:"type"`
	Brand                 string    `json:"brand"`
	Last4                 string    `json:"last4"`
	ExpiryMonth           int       `json:"expiryMonth"`
	ExpiryYear            int       `json:"expiryYear"`
	IsDefault             int       `json:"isDefault"` // 1 = default
	CreatedAt             time.Time `json:"createdAt"`
	StripePaymentMethodID string    `json:"stripePaymentMethodId"`
}

// BillingRecord is one invoice.
type BillingRecord struct {
	ID               int64      `json:"id"`
	CreatedAt        time.Time  `json:"createdAt"`
	PaidAt           *time.Time `json:"paidAt"`
	Description      string     `json:"description"`
	StripeInvoiceID  string     `json:"stripeInvoiceId"`
	SubscriptionTier string     `json:"subscriptionTier"`
	Amount           int        `json:"amount"` // minor units
	Currency         string     `json:"currency"`
	Status           string     `json:"status"` // paid, pending, failed, refunded
	InvoiceURL       *string    `json:"invoiceUrl"`
	// PDFURL is the provider's own PDF when it has one, else ours.
	PDFURL string `json:"pdfUrl"`
	// CreditApplied is the account credit this invoice used: Amount is
	// what was left to charge (docs/billing-rules.md#credit).
	CreditApplied int `json:"creditApplied"`
	// TaxAmount is the tax the invoice's total contains, at TaxRate
	// percent ("" when the provider does not give a single rate).
	TaxAmount int    `json:"taxAmount"`
	TaxRate   string `json:"taxRate"`
}

// BillingDetails is who invoices are made out to (docs/billing-rules.md#invoices).
type BillingDetails struct {
	Name         string `json:"name"`
	AddressLine1 string `json:"addressLine1"`
	AddressLine2 string `json:"addressLine2"`
	City         string `json:"city"`
	PostalCode   string `json:"postalCode"`
	Country      string `json:"country"` // ISO 3166-1 alpha-2
	VATNumber    string `json:"vatNumber"`
}

// invoiceDetail is one invoice with what its PDF prints.
type invoiceDetail struct {
	BillingRecord
	PeriodStart, PeriodEnd *time.Time
	CardBrand, CardLast4   string
}

// ChangePreview answers POST /api/preview-subscription-change: what a change
// of plan costs today and what the next renewal will charge, credit included
// (docs/billing-rules.md#changes). Amounts are minor units.
type ChangePreview struct {
	AmountDueToday int `json:"amountDueToday"`
	// NextRenewalAmount is what the next renewal charges: NextRenewalPrice
	// less the credit balance, never below zero.
	NextRenewalAmount int `json:"nextRenewalAmount"`
	NextRenewalPrice  int `json:"nextRenewalPrice"`
	// CreditBalance is the credit the change leaves on the account;
	// CreditAfterRenewal what is left of it once the next renewal used it.
	CreditBalance      int       `json:"creditBalance"`
	CreditAfterRenewal int       `json:"creditAfterRenewal"`
	NextRenewalAt      time.Time `json:"nextRenewalAt"`
	Currency           string    `json:"currency"`
	EndsTrial          bool      `json:"endsTrial"`
}

// withRenewalCredit fills what the next renewal charges from its price and the
// credit balance: an invoice uses the credit first (both providers do).
func (p ChangePreview) withRenewalCredit() ChangePreview {
	used := min(p.CreditBalance, p.NextRenewalPrice)
	p.NextRenewalAmount, p.CreditAfterRenewal = p.NextRenewalPrice-used, p.CreditBalance-used
	return p
}

// RetryPaymentInput is the body of POST /api/retry-payment: the card the
// open invoice of a past-due subscription is retried with.
type RetryPaymentInput struct {
	PaymentMethodID string `json:"paymentMethodId"`
}

// CreateSubscriptionInput is the body of POST /api/create-subscription.
type CreateSubscriptionInput struct {
	PriceID string `json:"priceId"`
	Tier    string `json:"tier"`
}

// CreateSubscriptionResult tells the browser what to confirm.
type CreateSubscriptionResult struct {
	ClientSecret   string `json:"clientSecret"`
	Type           string `json:"type"` // payment or setup
	SubscriptionID string `json:"subscriptionId"`
	// TrialEndsAt is when a trial checkout's first charge falls, or nil.
	TrialEndsAt *time.Time `json:"trialEndsAt"`
}

// UpdateSubscriptionInput is the body of POST /api/update-subscription.
type UpdateSubscriptionInput struct {
	NewPriceID string `json:"newPriceId"`
	NewTier    string `json:"newTier"`
}

// UpdateSubscriptionResult carries a client secret only when a payment step is needed.
type UpdateSubscriptionResult struct {
	ClientSecret *string `json:"clientSecret"`
	Status       Status  `json:"status"`
}

// AddPaymentMethodInput is the body of POST /api/payment-methods.
type AddPaymentMethodInput struct {
	StripePaymentMethodID string `json:"stripePaymentMethodId"`
	Type                  string `json:"type"`
}

// SetupIntentResult answers POST /api/setup-intent.
type SetupIntentResult struct {
	ClientSecret string `json:"clientSecret"`
}

// Subscription statuses (Stripe's names).
const (
	StatusTrialing   = "trialing"
	StatusActive     = "active"
	StatusPastDue    = "past_due"
	StatusCanceled   = "canceled"
	StatusIncomplete = "incomplete"
	StatusExpired    = "incomplete_expired"
)

// started reports whether a subscription in this status has begun: its
// checkout was completed (docs/billing-rules.md: trial, history).
func started(status string) bool {
	return status == StatusTrialing || status == StatusActive || status == StatusPastDue
}

// Event types both providers feed into Apply.
const (
	EventSubscriptionCreated = "customer.subscription.created"
	EventSubscriptionUpdated = "customer.subscription.updated"
	EventSubscriptionDeleted = "customer.subscription.deleted"
	EventInvoicePaid         = "invoice.paid"
	EventInvoiceFailed       = "invoice.payment_failed"
	EventInvoiceFinalized    = "invoice.finalized"
	EventInvoiceVoided       = "invoice.voided"
	EventPMAttached          = "payment_method.attached"
	EventPMDetached          = "payment_method.detached"
)

// Event is a provider event in our terms. Exactly one of the object fields is set.
type Event struct {
	ID            string
	Type          string
	Created       time.Time
	Subscription  *SubscriptionState
	Invoice       *InvoiceState
	PaymentMethod *CardState
}

// SubscriptionState is a provider subscription as an event carries it.
type SubscriptionState struct {
	ID                string
	CustomerID        string
	PriceID           string
	Status            string
	PreviousStatus    string // the status the event moves from, when it says (Stripe's previous_attributes)
	CurrentPeriodEnd  *time.Time
	TrialEnd          *time.Time
	CancelAtPeriodEnd bool
}

// InvoiceState is a provider invoice as an event carries it.
type InvoiceState struct {
	ID             string
	CustomerID     string
	SubscriptionID string
	Description    string
	PriceID        string
	Tier           string
	AmountCents    int
	Currency       string
	Status         string // paid, pending, failed, refunded or void (never listed)
	URL            string // the provider's hosted page
	PDFURL         string // the provider's own PDF, when it has one
	PaidAt         *time.Time
	Created        time.Time
	PeriodStart    *time.Time
	PeriodEnd      *time.Time
	CardBrand      string // the card that paid it, when known
	CardLast4      string
	CreditApplied  int    // account credit the invoice used
	TaxCents       int    // tax its total contains
	TaxRate        string // percent, "" when not one rate
}

// CardState is a provider card (never its number).
type CardState struct {
	ID          string
	CustomerID  string
	Brand       string
	Last4       string
	ExpiryMonth int
	ExpiryYear  int
}

// NewSubscription is what a provider answers when a subscription is created.
type NewSubscription struct {
	ID           string
	ClientSecret string
	Type         string // payment or setup
	State        SubscriptionState
}

// Provider is a payment provider: Stripe or the sandbox.
type Provider interface {
	Name() string
	PublishableKey() string
	// Now is the provider's clock (the sandbox's can run ahead of ours).
	Now(ctx context.Context) time.Time
	CreateCustomer(ctx context.Context, userID int64, email, name, idempotencyKey string) (string, error)
	CreateSubscription(ctx context.Context, customerID string, price Price, trialDays int, idempotencyKey string) (NewSubscription, error)
	// UpdateSubscription moves a subscription to another price with proration;
	// during a trial it ends the trial and charges the new price.
	// clientSecret is non-empty when the browser must confirm a payment.
	UpdateSubscription(ctx context.Context, subscriptionID string, price Price, idempotencyKey string) (state SubscriptionState, clientSecret string, err error)
	// PreviewChange tells what UpdateSubscription would charge, changing nothing.
	PreviewChange(ctx context.Context, subscriptionID string, price Price) (ChangePreview, error)
	CancelSubscription(ctx context.Context, subscriptionID string, atPeriodEnd bool) (SubscriptionState, error)
	// ResumeSubscription undoes a cancel at period end before that end.
	ResumeSubscription(ctx context.Context, subscriptionID string) (SubscriptionState, error)
	// VoidInvoice voids an open invoice (an abandoned checkout's).
	VoidInvoice(ctx context.Context, invoiceID string) error
	// RetryPayment charges a past-due subscription's open invoice to a card.
	RetryPayment(ctx context.Context, subscriptionID, paymentMethodID string) (SubscriptionState, error)
	CreateSetupIntent(ctx context.Context, customerID, idempotencyKey string) (string, error)
	// PaymentMethod returns a card only when it is attached to customerID.
	PaymentMethod(ctx context.Context, customerID, paymentMethodID string) (CardState, error)
	SetDefaultPaymentMethod(ctx context.Context, customerID, paymentMethodID string) error
	DetachPaymentMethod(ctx context.Context, paymentMethodID string) error
	// CreditBalance is the customer's credit (minor units, never negative).
	CreditBalance(ctx context.Context, customerID string) (int, error)
	// Sync does due work for a customer (the sandbox's renewals); Stripe does nothing.
	Sync(ctx context.Context, customerID string) error
}

// TierSetter records a user's tier (auth implements it).
type TierSetter interface {
	SetTier(ctx context.Context, userID int64, tier string) error
}

// UserLookup gives the contact details a provider customer needs (auth implements it).
type UserLookup interface {
	BillingContact(ctx context.Context, userID int64) (email, username string, err error)
}
