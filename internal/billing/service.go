package billing

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
	"hyrox/internal/tier"
)

// MaxCards bounds the saved cards of one user.
const MaxCards = 10

// ErrNotConfigured is the answer of every payment call when no provider runs.
var ErrNotConfigured = apperr.Errorf(apperr.CodeUnavailable, "Payment processing is not configured. Please contact support.")

// Service holds billing's rules.
type Service struct {
	store     *Store
	provider  Provider // nil when payments are off
	catalogue *Catalogue
	tiers     TierSetter
	users     UserLookup
	now       func() time.Time
	trialDays int
	seller    seller
	preview   PreviewSource // teaser data of the locked pages (nil: sample data only)
}

// seller is what invoices print about the business (configuration).
type seller struct {
	Name    string
	Address []string
	TaxID   string
}

// NewService builds the service; provider may be nil (payments off).
func NewService(d *db.DB, cfg config.Config, provider Provider, tiers TierSetter, users UserLookup, now func() time.Time) *Service {
	return &Service{store: NewStore(d), provider: provider, catalogue: NewCatalogue(cfg), tiers: tiers,
		users: users, now: now, trialDays: cfg.TrialDays,
		seller: seller{Name: cfg.SellerLegalName, Address: cfg.SellerAddress, TaxID: cfg.SellerTaxID}}
}

// Catalogue is the price list.
func (s *Service) Catalogue() *Catalogue { return s.catalogue }

// PublicConfig answers GET /api/config.
func (s *Service) PublicConfig() PublicConfig {
	c := PublicConfig{Provider: "none", TrialDays: s.trialDays, Currency: "usd"}
	if s.provider != nil {
		c.Provider = s.provider.Name()
		c.PublishableKey = s.provider.PublishableKey()
	}
	return c
}

func (s *Service) nowUTC() time.Time { return s.now().UTC() }

func opID(prefix string, userID int64) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s-%d-%s", prefix, userID, hex.EncodeToString(b))
}

func (s *Service) requireProvider() error {
	if s.provider == nil {
		return ErrNotConfigured
	}
	return nil
}

// customer returns the user's provider customer, creating it on first use.
func (s *Service) customer(ctx context.Context, userID int64) (string, error) {
	id, err := s.store.CustomerID(ctx, userID)
	if err != nil || id != "" {
		return id, err
	}
	email, name, err := s.users.BillingContact(ctx, userID)
	if err != nil {
		return "", err
	}
	id, err = s.provider.CreateCustomer(ctx, userID, email, name, fmt.Sprintf("customer-%d", userID))
	if err != nil {
		return "", err
	}
	if err := s.store.SaveCustomer(ctx, userID, s.provider.Name(), id, s.nowUTC()); err != nil {
		if db.IsUniqueViolation(err) { // a concurrent request won the race
			return s.store.CustomerID(ctx, userID)
		}
		return "", err
	}
	return id, nil
}

// sync lets the provider do due work (sandbox renewals) before a read.
func (s *Service) sync(ctx context.Context, userID int64) error {
	if s.provider == nil {
		return nil
	}
	cust, err := s.store.CustomerID(ctx, userID)
	if err != nil || cust == "" {
		return err
	}
	return s.provider.Sync(ctx, cust)
}

// Status answers GET /api/subscription-status. identityTier is the tier
// the request carries (users.subscription_tier); a tier write lost after an
// event committed is healed here.
func (s *Service) Status(ctx context.Context, userID int64, identityTier string) (Status, error) {
	if err := s.sync(ctx, userID); err != nil {
		return Status{}, err
	}
	userTier, err := s.refreshTier(ctx, userID, strings.ToLower(identityTier))
	if err != nil {
		return Status{}, err
	}
	if userTier == "" {
		userTier = tier.Basic
	}
	st := Status{SubscriptionTier: userTier}
	used, err := s.store.TrialUsed(ctx, userID)
	if err != nil {
		return Status{}, err
	}
	st.TrialAvailable = !used && s.trialDays > 0
	if s.provider != nil {
		cust, err := s.store.CustomerID(ctx, userID)
		if err != nil {
			return Status{}, err
		}
		if cust != "" {
			// A provider that cannot answer now leaves the balance unknown
			// (null) rather than failing the status every page reads.
			if credit, err := s.provider.CreditBalance(ctx, cust); err == nil {
				st.CreditBalance = &credit
			} else {
				slog.WarnContext(ctx, "billing: credit balance unavailable", "err", err)
			}
		} else {
			zero := 0
			st.CreditBalance = &zero
		}
	}
	if grant, err := s.store.Grant(ctx, userID); err != nil {
		return Status{}, err
	} else if grant != "" {
		st.GrantedTier = &grant
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if errors.Is(err, errNoRows) {
		return st, nil
	}
	if err != nil {
		return Status{}, err
	}
	st.SubscriptionStatus = &sub.Status
	st.SubscriptionExpiresAt = sub.CurrentPeriodEnd
	st.TrialEndsAt = sub.TrialEnd
	st.CancelAtPeriodEnd = sub.CancelAtPeriodEnd
	st.StripeSubscriptionID = &sub.SubscriptionID
	st.PriceID = &sub.PriceID
	st.SubscribedTier = &sub.Tier
	return st, nil
}

func (s *Service) checkPrice(priceID, userTier, priceField, tierField string) (Price, error) {
	var v apperr.Validator
	userTier = strings.ToLower(strings.TrimSpace(userTier))
	v.Check(userTier != "", tierField, "Please choose a plan.")
	v.Check(userTier == "" || userTier == tier.Basic || userTier == tier.Pro || userTier == tier.Elite, tierField, "Unknown plan.")
	v.Check(strings.TrimSpace(priceID) != "" || userTier == tier.Basic, priceField, "Please choose a price.")
	if err := v.Err(); err != nil {
		return Price{}, err
	}
	if userTier == tier.Basic {
		return Price{Tier: tier.Basic}, nil
	}
	p, ok := s.catalogue.Price(priceID)
	if !ok || p.Tier != userTier {
		return Price{}, apperr.Invalid(map[string]string{priceField: "This price does not belong to the chosen plan."})
	}
	return p, nil
}

// CreateSubscription starts a paid plan (docs/product.md#billing): it answers the
// client secret the browser confirms. The tier changes only when the
// provider reports the subscription trialing or active.
func (s *Service) CreateSubscription(ctx context.Context, userID int64, in CreateSubscriptionInput) (CreateSubscriptionResult, error) {
	// Without a provider no price id is valid: say payments are off first.
	if err := s.requireProvider(); err != nil {
		return CreateSubscriptionResult{}, err
	}
	price, err := s.checkPrice(in.PriceID, in.Tier, "priceId", "tier")
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	if price.Tier == tier.Basic {
		return CreateSubscriptionResult{}, apperr.Invalid(map[string]string{"tier": "The Basic plan is free; no subscription is needed."})
	}
	if err := s.sync(ctx, userID); err != nil {
		return CreateSubscriptionResult{}, err
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if err == nil && started(sub.Status) {
		return CreateSubscriptionResult{}, apperr.Errorf(apperr.CodeConflict, "You already have a subscription. Change your plan instead.")
	}
	if err != nil && !errors.Is(err, errNoRows) {
		return CreateSubscriptionResult{}, err
	}
	if err == nil && sub.Status == StatusIncomplete {
		if err := s.abandon(ctx, sub); err != nil {
			return CreateSubscriptionResult{}, err
		}
	}
	cust, err := s.customer(ctx, userID)
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	trial := s.trialDays
	if used, err := s.store.TrialUsed(ctx, userID); err != nil {
		return CreateSubscriptionResult{}, err
	} else if used {
		trial = 0 // docs/billing-rules.md: one free trial per athlete
	}
	ns, err := s.provider.CreateSubscription(ctx, cust, price, trial, opID("create-subscription", userID))
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	// Mirror the new (incomplete) subscription now; later events win by time.
	if err := s.applyState(ctx, userID, "create", ns.State); err != nil {
		return CreateSubscriptionResult{}, err
	}
	out := CreateSubscriptionResult{ClientSecret: ns.ClientSecret, Type: ns.Type, SubscriptionID: ns.ID}
	if ns.Type == "setup" && trial > 0 {
		// The first charge, as the checkout states it (docs/billing-rules.md#trial):
		// the trial starts when the card is saved, moments from now.
		out.TrialEndsAt = ns.State.TrialEnd
	}
	return out, nil
}

// abandon ends a checkout that was never completed and voids its open
// invoices at the provider, so none reaches the history
// (docs/billing-rules.md: abandoned checkouts).
func (s *Service) abandon(ctx context.Context, sub subscriptionRow) error {
	st, err := s.provider.CancelSubscription(ctx, sub.SubscriptionID, false)
	if err != nil {
		return err
	}
	if err := s.applyState(ctx, sub.UserID, "abandon", st); err != nil {
		return err
	}
	invoices, err := s.store.PendingInvoices(ctx, sub.SubscriptionID)
	if err != nil {
		return err
	}
	for _, id := range invoices {
		if err := s.provider.VoidInvoice(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// currentPaid is the user's started subscription that is not over.
func (s *Service) currentPaid(ctx context.Context, userID int64) (subscriptionRow, error) {
	if err := s.sync(ctx, userID); err != nil {
		return subscriptionRow{}, err
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if errors.Is(err, errNoRows) || (err == nil && !started(sub.Status)) {
		return sub, apperr.Errorf(apperr.CodeConflict, "You have no active subscription.")
	}
	return sub, err
}

// planChange checks a change between paid plans and answers the
// subscription it applies to (basic is a cancel, handled by the caller).
func (s *Service) planChange(ctx context.Context, userID int64, price Price) (subscriptionRow, error) {
	sub, err := s.currentPaid(ctx, userID)
	if err != nil {
		return sub, err
	}
	if sub.Status == StatusPastDue {
		return sub, apperr.Errorf(apperr.CodeConflict, "Your last payment failed. Update your card before changing plans.")
	}
	if price.Tier != tier.Basic && price.ID == sub.PriceID && !sub.CancelAtPeriodEnd {
		return sub, apperr.Errorf(apperr.CodeConflict, "You are already on this plan.")
	}
	return sub, nil
}

// PreviewChange answers what a change between paid plans costs today and
// what the next renewal will be, changing nothing (docs/billing-rules.md: changes).
func (s *Service) PreviewChange(ctx context.Context, userID int64, in UpdateSubscriptionInput) (ChangePreview, error) {
	if err := s.requireProvider(); err != nil {
		return ChangePreview{}, err
	}
	price, err := s.checkPrice(in.NewPriceID, in.NewTier, "newPriceId", "newTier")
	if err != nil {
		return ChangePreview{}, err
	}
	if price.Tier == tier.Basic {
		return ChangePreview{}, apperr.Invalid(map[string]string{"newTier": "Moving to Basic cancels at the end of the period; nothing is charged."})
	}
	sub, err := s.planChange(ctx, userID, price)
	if err != nil {
		return ChangePreview{}, err
	}
	p, err := s.provider.PreviewChange(ctx, sub.SubscriptionID, price)
	if err != nil {
		return ChangePreview{}, err
	}
	if p.Currency == "" {
		p.Currency = "usd"
	}
	return p.withRenewalCredit(), nil
}

// UpdateSubscription changes a paid plan with proration; basic cancels at period end.
func (s *Service) UpdateSubscription(ctx context.Context, userID int64, identityTier string, in UpdateSubscriptionInput) (UpdateSubscriptionResult, error) {
	if err := s.requireProvider(); err != nil {
		return UpdateSubscriptionResult{}, err
	}
	price, err := s.checkPrice(in.NewPriceID, in.NewTier, "newPriceId", "newTier")
	if err != nil {
		return UpdateSubscriptionResult{}, err
	}
	sub, err := s.planChange(ctx, userID, price)
	if err != nil {
		return UpdateSubscriptionResult{}, err
	}
	var secret *string
	if price.Tier == tier.Basic {
		if err := s.cancel(ctx, sub); err != nil {
			return UpdateSubscriptionResult{}, err
		}
	} else {
		st, cs, err := s.provider.UpdateSubscription(ctx, sub.SubscriptionID, price, opID("update-subscription", userID))
		if err != nil {
			return UpdateSubscriptionResult{}, err
		}
		if err := s.applyState(ctx, userID, "update", st); err != nil {
			return UpdateSubscriptionResult{}, err
		}
		if cs != "" {
			secret = &cs
		}
	}
	status, err := s.Status(ctx, userID, identityTier)
	return UpdateSubscriptionResult{ClientSecret: secret, Status: status}, err
}

// applyState mirrors a subscription state a provider call answered; later
// events win by time.
func (s *Service) applyState(ctx context.Context, userID int64, op string, st SubscriptionState) error {
	return s.Apply(ctx, Event{ID: "api:" + opID(op, userID), Type: EventSubscriptionUpdated,
		Created: s.provider.Now(ctx), Subscription: &st})
}

// ResumeSubscription undoes a cancel at period end, before that end.
func (s *Service) ResumeSubscription(ctx context.Context, userID int64, identityTier string) (Status, error) {
	if err := s.requireProvider(); err != nil {
		return Status{}, err
	}
	sub, err := s.currentPaid(ctx, userID)
	if err != nil {
		return Status{}, err
	}
	if !sub.CancelAtPeriodEnd {
		return Status{}, apperr.Errorf(apperr.CodeConflict, "Your subscription is not set to end.")
	}
	st, err := s.provider.ResumeSubscription(ctx, sub.SubscriptionID)
	if err != nil {
		return Status{}, err
	}
	if err := s.applyState(ctx, userID, "resume", st); err != nil {
		return Status{}, err
	}
	return s.Status(ctx, userID, identityTier)
}

// CheckRetryPayment validates the body of POST /api/retry-payment.
func CheckRetryPayment(in RetryPaymentInput) error {
	var v apperr.Validator
	id := strings.TrimSpace(in.PaymentMethodID)
	v.Check(id != "", "paymentMethodId", "Payment method is required.")
	v.Check(len(id) <= 255, "paymentMethodId", "Payment method id is too long.")
	return v.Err()
}

// RetryPayment makes a new card the default and retries the open invoice
// of a past-due subscription with it (docs/billing-rules.md: past due).
func (s *Service) RetryPayment(ctx context.Context, userID int64, identityTier string, in RetryPaymentInput) (Status, error) {
	if err := CheckRetryPayment(in); err != nil {
		return Status{}, err
	}
	if err := s.requireProvider(); err != nil {
		return Status{}, err
	}
	sub, err := s.currentPaid(ctx, userID)
	if err != nil {
		return Status{}, err
	}
	if sub.Status != StatusPastDue {
		return Status{}, apperr.Errorf(apperr.CodeConflict, "Your subscription has no failed payment.")
	}
	card, err := s.AddPaymentMethod(ctx, userID, AddPaymentMethodInput{StripePaymentMethodID: in.PaymentMethodID})
	if err != nil {
		return Status{}, err
	}
	if card.IsDefault != 1 {
		if err := s.SetDefaultPaymentMethod(ctx, userID, card.ID); err != nil {
			return Status{}, err
		}
	}
	st, err := s.provider.RetryPayment(ctx, sub.SubscriptionID, card.StripePaymentMethodID)
	if err != nil {
		return Status{}, err
	}
	if err := s.applyState(ctx, userID, "retry", st); err != nil {
		return Status{}, err
	}
	return s.Status(ctx, userID, identityTier)
}

func (s *Service) cancel(ctx context.Context, sub subscriptionRow) error {
	if sub.CancelAtPeriodEnd {
		return apperr.Errorf(apperr.CodeConflict, "Your subscription is already set to end at the current billing period.")
	}
	st, err := s.provider.CancelSubscription(ctx, sub.SubscriptionID, true)
	if err != nil {
		return err
	}
	return s.applyState(ctx, sub.UserID, "cancel", st)
}

// CancelSubscription cancels at the end of the paid period; the tier stays until then.
func (s *Service) CancelSubscription(ctx context.Context, userID int64, identityTier string) (Status, error) {
	if err := s.requireProvider(); err != nil {
		return Status{}, err
	}
	sub, err := s.currentPaid(ctx, userID)
	if err != nil {
		return Status{}, err
	}
	if err := s.cancel(ctx, sub); err != nil {
		return Status{}, err
	}
	return s.Status(ctx, userID, identityTier)
}

// CloseAccount ends the user's paid subscription at once (account deletion).
func (s *Service) CloseAccount(ctx context.Context, userID int64) error {
	if s.provider == nil {
		return nil
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if errors.Is(err, errNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if sub.Status == StatusCanceled || sub.Status == StatusExpired {
		return nil
	}
	st, err := s.provider.CancelSubscription(ctx, sub.SubscriptionID, false)
	if err != nil {
		return err
	}
	return s.Apply(ctx, Event{ID: "api:" + opID("close", userID), Type: EventSubscriptionDeleted,
		Created: s.provider.Now(ctx), Subscription: &st})
}

// SetupIntent starts saving a card.
func (s *Service) SetupIntent(ctx context.Context, userID int64) (SetupIntentResult, error) {
	if err := s.requireProvider(); err != nil {
		return SetupIntentResult{}, err
	}
	cust, err := s.customer(ctx, userID)
	if err != nil {
		return SetupIntentResult{}, err
	}
	secret, err := s.provider.CreateSetupIntent(ctx, cust, opID("setup-intent", userID))
	if err != nil {
		return SetupIntentResult{}, err
	}
	if secret == "" {
		return SetupIntentResult{}, apperr.Errorf(apperr.CodeInternal, "Failed to create setup intent")
	}
	return SetupIntentResult{ClientSecret: secret}, nil
}

// PaymentMethods lists the user's saved cards.
func (s *Service) PaymentMethods(ctx context.Context, userID int64) ([]PaymentMethod, error) {
	return s.store.PaymentMethods(ctx, userID)
}

// CheckAddPaymentMethod validates the body of POST /api/payment-methods.
func CheckAddPaymentMethod(in AddPaymentMethodInput) error {
	var v apperr.Validator
	id := strings.TrimSpace(in.StripePaymentMethodID)
	v.Check(id != "", "stripePaymentMethodId", "Payment method is required.")
	v.Check(len(id) <= 255, "stripePaymentMethodId", "Payment method id is too long.")
	v.Check(in.Type == "" || in.Type == "card", "type", "Only cards are supported.")
	return v.Err()
}

// AddPaymentMethod stores a card after checking it is attached to the user's customer.
func (s *Service) AddPaymentMethod(ctx context.Context, userID int64, in AddPaymentMethodInput) (PaymentMethod, error) {
	if err := CheckAddPaymentMethod(in); err != nil {
		return PaymentMethod{}, err
	}
	if err := s.requireProvider(); err != nil {
		return PaymentMethod{}, err
	}
	cust, err := s.store.CustomerID(ctx, userID)
	if err != nil {
		return PaymentMethod{}, err
	}
	notYours := apperr.Invalid(map[string]string{"stripePaymentMethodId": "This payment method does not belong to your account."})
	if cust == "" {
		return PaymentMethod{}, notYours
	}
	card, err := s.provider.PaymentMethod(ctx, cust, strings.TrimSpace(in.StripePaymentMethodID))
	if err != nil {
		var he *apperr.Error
		if errors.As(err, &he) && he.Code == apperr.CodeNotFound {
			return PaymentMethod{}, notYours
		}
		return PaymentMethod{}, err
	}
	existing, err := s.store.PaymentMethods(ctx, userID)
	if err != nil {
		return PaymentMethod{}, err
	}
	for _, p := range existing {
		if p.StripePaymentMethodID == card.ID {
			return p, nil
		}
	}
	if len(existing) >= MaxCards {
		return PaymentMethod{}, apperr.Errorf(apperr.CodeConflict, "You can save at most %d cards. Delete one first.", MaxCards)
	}
	id, err := s.store.AddCard(ctx, userID, card, s.nowUTC())
	if err != nil {
		return PaymentMethod{}, err
	}
	list, err := s.store.PaymentMethods(ctx, userID)
	if err != nil {
		return PaymentMethod{}, err
	}
	for _, p := range list {
		if p.ID == id {
			if p.IsDefault == 1 {
				if err := s.provider.SetDefaultPaymentMethod(ctx, cust, p.StripePaymentMethodID); err != nil {
					return PaymentMethod{}, err
				}
			}
			return p, nil
		}
	}
	return PaymentMethod{}, apperr.ErrNotFound
}

// DeletePaymentMethod detaches a card; deleting the default promotes the newest other card.
func (s *Service) DeletePaymentMethod(ctx context.Context, userID, id int64) error {
	if err := s.requireProvider(); err != nil {
		return err
	}
	pm, err := s.store.PaymentMethodProviderID(ctx, userID, id)
	if err != nil {
		return err
	}
	if err := s.provider.DetachPaymentMethod(ctx, pm); err != nil {
		return err
	}
	promoted, err := s.store.DeletePaymentMethod(ctx, userID, id)
	if he := (*apperr.Error)(nil); errors.As(err, &he) && he.Code == apperr.CodeNotFound {
		return nil // a detached event removed it first
	}
	if err != nil {
		return err
	}
	if promoted != "" {
		cust, err := s.store.CustomerID(ctx, userID)
		if err != nil {
			return err
		}
		return s.provider.SetDefaultPaymentMethod(ctx, cust, promoted)
	}
	return nil
}

// SetDefaultPaymentMethod makes a card the one renewals charge.
func (s *Service) SetDefaultPaymentMethod(ctx context.Context, userID, id int64) error {
	if err := s.requireProvider(); err != nil {
		return err
	}
	pm, err := s.store.PaymentMethodProviderID(ctx, userID, id)
	if err != nil {
		return err
	}
	cust, err := s.store.CustomerID(ctx, userID)
	if err != nil {
		return err
	}
	if err := s.provider.SetDefaultPaymentMethod(ctx, cust, pm); err != nil {
		return err
	}
	_, err = s.store.SetDefault(ctx, userID, id)
	return err
}

// BillingHistory is one page of the user's invoices, newest first.
func (s *Service) BillingHistory(ctx context.Context, userID int64, cursor string, limit int) (keyset.Page[BillingRecord], error) {
	if err := s.sync(ctx, userID); err != nil {
		return keyset.Page[BillingRecord]{}, err
	}
	before, err := keyset.Parse(cursor)
	if err != nil {
		return keyset.Page[BillingRecord]{}, err
	}
	items, err := s.store.Invoices(ctx, userID, before, limit+1)
	if err != nil {
		return keyset.Page[BillingRecord]{}, err
	}
	return keyset.Trim(items, limit, func(b BillingRecord) keyset.Cursor { return keyset.Cursor{At: b.CreatedAt, ID: b.ID} }), nil
}

// InvoicePDF renders one of the user's invoices as a PDF; another user's is not found.
func (s *Service) InvoicePDF(ctx context.Context, userID, id int64) ([]byte, error) {
	inv, err := s.store.Invoice(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	email, name, err := s.users.BillingContact(ctx, userID)
	if err != nil {
		return nil, err
	}
	if inv.CardLast4 == "" && inv.Status == "paid" && inv.Amount > 0 {
		// The provider did not say which card paid: renewals charge the default.
		if inv.CardBrand, inv.CardLast4, err = s.store.DefaultCard(ctx, userID); err != nil {
			return nil, err
		}
	}
	details, _, err := s.store.Details(ctx, userID)
	if err != nil {
		return nil, err
	}
	doc := invoicePDF{invoiceDetail: inv, CustomerName: name, CustomerEmail: email, Buyer: details, Seller: s.seller,
		TestMode: s.provider != nil && s.provider.Name() == "sandbox"}
	return doc.render()
}

// InvoiceFileName is the name an invoice's PDF downloads as: its number.
func (s *Service) InvoiceFileName(ctx context.Context, userID, id int64) (string, error) {
	inv, err := s.store.Invoice(ctx, userID, id)
	if err != nil {
		return "", err
	}
	return "invoice-" + invoiceNumber(inv.StripeInvoiceID) + ".pdf", nil
}

// BillingDetails answers GET /api/billing-details: empty fields when none are saved.
func (s *Service) BillingDetails(ctx context.Context, userID int64) (BillingDetails, error) {
	d, _, err := s.store.Details(ctx, userID)
	return d, err
}

// CheckBillingDetails validates and normalises the body of PUT /api/billing-details.
func CheckBillingDetails(in BillingDetails) (BillingDetails, error) {
	trim := func(v string) string { return strings.Join(strings.Fields(v), " ") }
	d := BillingDetails{Name: trim(in.Name), AddressLine1: trim(in.AddressLine1), AddressLine2: trim(in.AddressLine2),
		City: trim(in.City), PostalCode: strings.ToUpper(trim(in.PostalCode)), Country: strings.ToUpper(trim(in.Country)),
		VATNumber: strings.ToUpper(strings.Join(strings.Fields(in.VATNumber), ""))}
	var v apperr.Validator
	v.Check(d.Name != "", "name", "Please enter the name invoices are made out to.")
	v.Check(len(d.Name) <= 120, "name", "Name must be at most 120 characters.")
	v.Check(d.AddressLine1 != "", "addressLine1", "Please enter the billing address.")
	v.Check(len(d.AddressLine1) <= 120, "addressLine1", "Address must be at most 120 characters.")
	v.Check(len(d.AddressLine2) <= 120, "addressLine2", "Address must be at most 120 characters.")
	v.Check(d.City != "", "city", "Please enter the city.")
	v.Check(len(d.City) <= 80, "city", "City must be at most 80 characters.")
	v.Check(len(d.PostalCode) <= 20, "postalCode", "Postal code must be at most 20 characters.")
	v.Check(len(d.Country) == 2 && isLetters(d.Country), "country", "Please choose the country (a two-letter code such as GB or DE).")
	v.Check(d.VATNumber == "" || validVAT(d.VATNumber), "vatNumber",
		"A VAT number starts with the two-letter country prefix followed by 2 to 13 letters or digits, e.g. DE123456789.")
	for _, f := range []string{d.Name, d.AddressLine1, d.AddressLine2, d.City, d.PostalCode} {
		if strings.ContainsFunc(f, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			v.Check(false, "name", "Billing details cannot contain control characters.")
			break
		}
	}
	return d, v.Err()
}

func isLetters(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// validVAT checks the shape of a VAT number: a two-letter prefix and 2 to 13
// letters or digits (the EU's VIES format; the number itself is not looked up).
func validVAT(s string) bool {
	if len(s) < 4 || len(s) > 15 || !isLetters(s[:2]) {
		return false
	}
	for _, r := range s[2:] {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// SaveBillingDetails stores the user's billing details after checking them.
func (s *Service) SaveBillingDetails(ctx context.Context, userID int64, in BillingDetails) (BillingDetails, error) {
	d, err := CheckBillingDetails(in)
	if err != nil {
		return BillingDetails{}, err
	}
	return d, s.store.SaveDetails(ctx, userID, d, s.nowUTC())
}

// ExportUserData returns the user's billing rows (never card numbers: we have none).
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	return s.store.ExportRows(ctx, userID)
}

// Apply applies one provider event once. It is the only place where a
// subscription's status changes; the user's tier follows (refreshTier).
func (s *Service) Apply(ctx context.Context, ev Event) error {
	switch {
	case ev.Subscription != nil:
		st := *ev.Subscription
		if ev.Type == EventSubscriptionDeleted {
			st.Status = StatusCanceled
		}
		userTier := tier.Basic
		if p, ok := s.catalogue.Price(st.PriceID); ok {
			userTier = p.Tier
		}
		ev.Subscription = &st
		userID, err := s.store.ApplySubscription(ctx, ev, userTier, s.nowUTC())
		if err != nil || userID == 0 {
			return err
		}
		_, err = s.refreshTier(ctx, userID, "")
		return err
	case ev.Invoice != nil:
		in := *ev.Invoice
		if in.Tier == "" {
			if p, ok := s.catalogue.Price(in.PriceID); ok {
				in.Tier = p.Tier
			}
		}
		if in.Currency == "" {
			in.Currency = "usd"
		}
		ev.Invoice = &in
		return s.store.ApplyInvoice(ctx, ev, s.nowUTC())
	case ev.PaymentMethod != nil:
		return s.store.ApplyCard(ctx, ev, s.nowUTC())
	}
	return nil // unknown types are ignored
}

// owedTier is the tier billing owes the user (docs/billing-rules.md: access):
// the higher of an operator grant and the newest started subscription's tier
// while it gives access. known is false when billing has neither for the user
// (a tier set before grants existed, or by the scale seed): then it has
// nothing to say about the tier.
func (s *Service) owedTier(ctx context.Context, userID int64) (userTier string, known bool, err error) {
	grant, err := s.store.Grant(ctx, userID)
	if err != nil {
		return "", false, err
	}
	userTier = tier.Basic
	if grant != "" {
		userTier = grant
	}
	sub, err := s.store.LatestStarted(ctx, userID)
	if errors.Is(err, errNoRows) {
		return userTier, grant != "", nil
	}
	if err != nil {
		return "", false, err
	}
	if sub.grantsTier() && tier.Rank(sub.Tier) > tier.Rank(userTier) {
		userTier = sub.Tier
	}
	return userTier, true, nil
}

// refreshTier records the owed tier when billing knows it and the user row
// (identityTier, "" when not at hand) says otherwise; it answers the tier.
func (s *Service) refreshTier(ctx context.Context, userID int64, identityTier string) (string, error) {
	userTier, known, err := s.owedTier(ctx, userID)
	if err != nil || !known {
		return identityTier, err
	}
	if userTier != identityTier {
		if err := s.tiers.SetTier(ctx, userID, userTier); err != nil {
			return "", err
		}
	}
	return userTier, nil
}

// GrantTier records an operator grant (`hyrox users set-tier`): a tier
// without payment that no subscription event or status read undoes; basic
// removes the grant, leaving the subscription's tier.
func (s *Service) GrantTier(ctx context.Context, userID int64, userTier string) (string, error) {
	userTier = strings.ToLower(userTier)
	if userTier != tier.Basic && userTier != tier.Pro && userTier != tier.Elite {
		return "", apperr.Errorf(apperr.CodeInvalid, "Unknown tier %q: use basic, pro or elite.", userTier)
	}
	if err := s.store.SetGrant(ctx, userID, userTier, s.nowUTC()); err != nil {
		return "", err
	}
	owed, _, err := s.owedTier(ctx, userID) // basic when the grant was all there was
	if err != nil {
		return "", err
	}
	return owed, s.tiers.SetTier(ctx, userID, owed)
}
