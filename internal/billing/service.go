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
)

// MaxCards bounds the saved cards of one user.
const MaxCards = 10

// ErrNotConfigured is the answer of every payment call when no provider runs.
var ErrNotConfigured = apperr.Errorf(apperr.CodeUnavailable, "Payment processing is not configured. Please contact support.")

// Service holds billing's rules.
type Service struct {
	store     *Store
	db        *db.DB
	provider  Provider // nil when payments are off
	catalogue *Catalogue
	tiers     TierSetter
	users     UserLookup
	now       func() time.Time
	trialDays int
	log       *slog.Logger
}

// NewService builds the service; provider may be nil (payments off).
func NewService(d *db.DB, cfg config.Config, provider Provider, tiers TierSetter, users UserLookup, now func() time.Time) *Service {
	return &Service{store: NewStore(d), db: d, provider: provider, catalogue: NewCatalogue(cfg), tiers: tiers,
		users: users, now: now, trialDays: cfg.TrialDays, log: slog.Default()}
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
// the request carries (users.subscription_tier).
func (s *Service) Status(ctx context.Context, userID int64, identityTier string) (Status, error) {
	if err := s.sync(ctx, userID); err != nil {
		return Status{}, err
	}
	st := Status{SubscriptionTier: strings.ToLower(identityTier)}
	if st.SubscriptionTier == "" {
		st.SubscriptionTier = "basic"
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if errors.Is(err, errNoRows) {
		return st, nil
	}
	if err != nil {
		return Status{}, err
	}
	want := "basic"
	if grantsTier(sub.Status) {
		want = sub.Tier
	}
	// Heal a tier write lost after an event committed (an abandoned checkout
	// says nothing about the tier, so it is left alone).
	if sub.Status != StatusIncomplete && want != st.SubscriptionTier {
		if err := s.tiers.SetTier(ctx, userID, want); err != nil {
			return Status{}, err
		}
		st.SubscriptionTier = want
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

func (s *Service) checkPrice(priceID, tier, priceField, tierField string) (Price, error) {
	var v apperr.Validator
	tier = strings.ToLower(strings.TrimSpace(tier))
	v.Check(tier != "", tierField, "Please choose a plan.")
	v.Check(tier == "" || tier == "basic" || tier == "pro" || tier == "elite", tierField, "Unknown plan.")
	v.Check(strings.TrimSpace(priceID) != "" || tier == "basic", priceField, "Please choose a price.")
	if err := v.Err(); err != nil {
		return Price{}, err
	}
	if tier == "basic" {
		return Price{Tier: "basic"}, nil
	}
	p, ok := s.catalogue.Price(priceID)
	if !ok || p.Tier != tier {
		return Price{}, apperr.Invalid(map[string]string{priceField: "This price does not belong to the chosen plan."})
	}
	return p, nil
}

// CreateSubscription starts a paid plan (docs/product.md#billing): it answers the
// client secret the browser confirms. The tier changes only when the
// provider reports the subscription trialing or active.
func (s *Service) CreateSubscription(ctx context.Context, userID int64, in CreateSubscriptionInput) (CreateSubscriptionResult, error) {
	price, err := s.checkPrice(in.PriceID, in.Tier, "priceId", "tier")
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	if price.Tier == "basic" {
		return CreateSubscriptionResult{}, apperr.Invalid(map[string]string{"tier": "The Basic plan is free; no subscription is needed."})
	}
	if err := s.requireProvider(); err != nil {
		return CreateSubscriptionResult{}, err
	}
	if err := s.sync(ctx, userID); err != nil {
		return CreateSubscriptionResult{}, err
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if err == nil && grantsTier(sub.Status) {
		return CreateSubscriptionResult{}, apperr.Errorf(apperr.CodeConflict, "You already have a subscription. Change your plan instead.")
	}
	if err != nil && !errors.Is(err, errNoRows) {
		return CreateSubscriptionResult{}, err
	}
	if err == nil && sub.Status == StatusIncomplete { // an abandoned checkout: replace it
		if _, err := s.provider.CancelSubscription(ctx, sub.SubscriptionID, false); err != nil {
			return CreateSubscriptionResult{}, err
		}
	}
	cust, err := s.customer(ctx, userID)
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	trial := s.trialDays
	if had, err := s.store.HasHadSubscription(ctx, userID); err != nil {
		return CreateSubscriptionResult{}, err
	} else if had {
		trial = 0 // one free trial per athlete
	}
	ns, err := s.provider.CreateSubscription(ctx, cust, price, trial, opID("create-subscription", userID))
	if err != nil {
		return CreateSubscriptionResult{}, err
	}
	// Mirror the new (incomplete) subscription now; later events win by time.
	if err := s.Apply(ctx, Event{ID: "api:" + ns.ID + ":created", Type: EventSubscriptionCreated,
		Created: s.provider.Now(ctx), Subscription: &ns.State}); err != nil {
		return CreateSubscriptionResult{}, err
	}
	return CreateSubscriptionResult{ClientSecret: ns.ClientSecret, Type: ns.Type, SubscriptionID: ns.ID}, nil
}

func (s *Service) currentPaid(ctx context.Context, userID int64) (subscriptionRow, error) {
	if err := s.sync(ctx, userID); err != nil {
		return subscriptionRow{}, err
	}
	sub, err := s.store.LatestSubscription(ctx, userID)
	if errors.Is(err, errNoRows) || (err == nil && !grantsTier(sub.Status)) {
		return sub, apperr.Errorf(apperr.CodeConflict, "You have no active subscription.")
	}
	return sub, err
}

// UpdateSubscription changes a paid plan with proration; basic cancels at period end.
func (s *Service) UpdateSubscription(ctx context.Context, userID int64, identityTier string, in UpdateSubscriptionInput) (UpdateSubscriptionResult, error) {
	price, err := s.checkPrice(in.NewPriceID, in.NewTier, "newPriceId", "newTier")
	if err != nil {
		return UpdateSubscriptionResult{}, err
	}
	if err := s.requireProvider(); err != nil {
		return UpdateSubscriptionResult{}, err
	}
	sub, err := s.currentPaid(ctx, userID)
	if err != nil {
		return UpdateSubscriptionResult{}, err
	}
	var secret *string
	if price.Tier == "basic" {
		if err := s.cancel(ctx, sub); err != nil {
			return UpdateSubscriptionResult{}, err
		}
	} else {
		if price.ID == sub.PriceID && !sub.CancelAtPeriodEnd {
			return UpdateSubscriptionResult{}, apperr.Errorf(apperr.CodeConflict, "You are already on this plan.")
		}
		st, cs, err := s.provider.UpdateSubscription(ctx, sub.SubscriptionID, price, opID("update-subscription", userID))
		if err != nil {
			return UpdateSubscriptionResult{}, err
		}
		if err := s.Apply(ctx, Event{ID: "api:" + opID("update", userID), Type: EventSubscriptionUpdated,
			Created: s.provider.Now(ctx), Subscription: &st}); err != nil {
			return UpdateSubscriptionResult{}, err
		}
		if cs != "" {
			secret = &cs
		}
	}
	status, err := s.Status(ctx, userID, identityTier)
	return UpdateSubscriptionResult{ClientSecret: secret, Status: status}, err
}

func (s *Service) cancel(ctx context.Context, sub subscriptionRow) error {
	if sub.CancelAtPeriodEnd {
		return apperr.Errorf(apperr.CodeConflict, "Your subscription is already set to end at the current billing period.")
	}
	st, err := s.provider.CancelSubscription(ctx, sub.SubscriptionID, true)
	if err != nil {
		return err
	}
	return s.Apply(ctx, Event{ID: "api:" + opID("cancel", sub.UserID), Type: EventSubscriptionUpdated,
		Created: s.provider.Now(ctx), Subscription: &st})
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
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, err = upsertCard(ctx, tx, userID, card, s.nowUTC())
		return err
	})
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

// ExportUserData returns the user's billing rows (never card numbers: we have none).
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	return s.store.ExportRows(ctx, userID)
}

// Apply applies one provider event once. It is the only place where a
// subscription's status and the user's tier change.
func (s *Service) Apply(ctx context.Context, ev Event) error {
	var tierUser int64
	var tier string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		fresh, err := recordEvent(ctx, tx, ev, s.nowUTC())
		if err != nil || !fresh {
			return err
		}
		at := ev.Created.UTC()
		switch {
		case ev.Subscription != nil:
			st := *ev.Subscription
			userID, err := userByCustomer(ctx, tx, st.CustomerID)
			if errors.Is(err, errNoRows) {
				return nil // not one of ours
			}
			if err != nil {
				return err
			}
			if ev.Type == EventSubscriptionDeleted {
				st.Status = StatusCanceled
			}
			subTier := "basic"
			if p, ok := s.catalogue.Price(st.PriceID); ok {
				subTier = p.Tier
			}
			written, err := upsertSubscription(ctx, tx, userID, st, subTier, at)
			if err != nil || !written {
				return err
			}
			// The tier follows the user's newest subscription.
			latest, err := scanSubscription(tx.QueryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions
				WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, userID))
			if err != nil {
				return err
			}
			if latest.SubscriptionID != st.ID && !grantsTier(st.Status) {
				return nil
			}
			tierUser, tier = userID, "basic"
			if grantsTier(st.Status) {
				tier = subTier
			}
		case ev.Invoice != nil:
			userID, err := userByCustomer(ctx, tx, ev.Invoice.CustomerID)
			if errors.Is(err, errNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			in := *ev.Invoice
			if in.Tier == "" {
				if p, ok := s.catalogue.Price(in.PriceID); ok {
					in.Tier = p.Tier
				} else if err := tx.QueryRow(ctx, `SELECT tier FROM billing_subscriptions WHERE subscription_id = ?`,
					in.SubscriptionID).Scan(&in.Tier); err != nil {
					in.Tier = "basic"
				}
			}
			if in.Currency == "" {
				in.Currency = "usd"
			}
			return upsertInvoice(ctx, tx, userID, in, at)
		case ev.PaymentMethod != nil:
			if ev.Type == EventPMDetached {
				return removeCard(ctx, tx, ev.PaymentMethod.ID)
			}
			userID, err := userByCustomer(ctx, tx, ev.PaymentMethod.CustomerID)
			if errors.Is(err, errNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM billing_payment_methods WHERE user_id = ?`, userID).Scan(&n); err != nil {
				return err
			}
			if n >= MaxCards {
				return nil
			}
			_, err = upsertCard(ctx, tx, userID, *ev.PaymentMethod, s.nowUTC())
			return err
		}
		return nil // unknown types are ignored
	})
	if err != nil {
		return err
	}
	if tierUser != 0 {
		return s.tiers.SetTier(ctx, tierUser, tier)
	}
	return nil
}
