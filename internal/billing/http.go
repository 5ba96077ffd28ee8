package billing

import (
	"net/http"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
)

// HTTP serves the billing endpoints.
type HTTP struct {
	svc *Service
	// Webhook handles POST /api/stripe/webhook (nil when Stripe is not configured).
	Webhook httpx.Handler
	writes  *httpx.RateLimiter
}

// NewHTTP returns billing's handlers.
func NewHTTP(svc *Service, webhook httpx.Handler) *HTTP {
	return &HTTP{svc: svc, Webhook: webhook,
		writes: httpx.NewRateLimiter(2*time.Second, 20, "Too many billing requests. Please wait a moment and try again.")}
}

// Routes are the billing rows of the route table (ARCHITECTURE.md#routes).
// The tiers and the public configuration feed the pricing page; the Stripe
// webhook carries its own signature instead of a session.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/tiers", Public: true, Endpoint: httpx.Read(h.tiers)},
		{Pattern: "GET /api/config", Public: true, Endpoint: httpx.Read(h.config)},
		{Pattern: "GET /api/subscription-status", Endpoint: httpx.Read(h.status)},
		{Pattern: "POST /api/create-subscription", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.create)},
		{Pattern: "POST /api/update-subscription", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.update)},
		{Pattern: "POST /api/preview-subscription-change", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.preview)},
		{Pattern: "POST /api/cancel-subscription", Limit: h.writes, Endpoint: httpx.Act(http.StatusOK, h.cancel)},
		{Pattern: "POST /api/resume-subscription", Limit: h.writes, Endpoint: httpx.Act(http.StatusOK, h.resume)},
		{Pattern: "POST /api/retry-payment", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.retryPayment)},
		{Pattern: "GET /api/payment-methods", Endpoint: httpx.Read(h.listCards)},
		{Pattern: "POST /api/payment-methods", Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.addCard)},
		{Pattern: "DELETE /api/payment-methods/{id}", Limit: h.writes, Endpoint: httpx.Do(h.deleteCard)},
		{Pattern: "PUT /api/payment-methods/{id}/default", Limit: h.writes, Endpoint: httpx.Act(http.StatusOK, h.defaultCard)},
		{Pattern: "POST /api/setup-intent", Limit: h.writes, Endpoint: httpx.Act(http.StatusOK, h.setupIntent)},
		{Pattern: "GET /api/billing-history", Endpoint: httpx.Read(h.history)},
		{Pattern: "GET /api/billing-history/{id}/pdf", Endpoint: httpx.Stream(h.invoicePDF)},
		{Pattern: "GET /api/upgrade-preview", Endpoint: httpx.Read(h.upgradePreview)},
		{Pattern: "GET /api/billing-details", Endpoint: httpx.Read(h.details)},
		{Pattern: "PUT /api/billing-details", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.saveDetails)},
		{Pattern: "POST /api/stripe/webhook", Public: true, Endpoint: httpx.Stream(h.webhook)},
	}
}

func (h *HTTP) tiers(c *httpx.Call) ([]Tier, error) {
	return h.svc.Catalogue().Tiers, nil
}

func (h *HTTP) config(c *httpx.Call) (PublicConfig, error) {
	return h.svc.PublicConfig(), nil
}

func (h *HTTP) status(c *httpx.Call) (Status, error) {
	return h.svc.Status(c.Context(), c.Me.UserID, c.Me.Tier)
}

func (h *HTTP) create(c *httpx.Call, in CreateSubscriptionInput) (CreateSubscriptionResult, error) {
	return h.svc.CreateSubscription(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) update(c *httpx.Call, in UpdateSubscriptionInput) (UpdateSubscriptionResult, error) {
	return h.svc.UpdateSubscription(c.Context(), c.Me.UserID, c.Me.Tier, in)
}

func (h *HTTP) preview(c *httpx.Call, in UpdateSubscriptionInput) (ChangePreview, error) {
	return h.svc.PreviewChange(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) cancel(c *httpx.Call) (Status, error) {
	return h.svc.CancelSubscription(c.Context(), c.Me.UserID, c.Me.Tier)
}

func (h *HTTP) resume(c *httpx.Call) (Status, error) {
	return h.svc.ResumeSubscription(c.Context(), c.Me.UserID, c.Me.Tier)
}

func (h *HTTP) retryPayment(c *httpx.Call, in RetryPaymentInput) (Status, error) {
	return h.svc.RetryPayment(c.Context(), c.Me.UserID, c.Me.Tier, in)
}

// invoicePDF answers the invoice as a PDF file.
func (h *HTTP) invoicePDF(c *httpx.Call) error {
	doc, err := h.svc.InvoicePDF(c.Context(), c.Me.UserID, c.ID)
	if err != nil {
		return err
	}
	name, err := h.svc.InvoiceFileName(c.Context(), c.Me.UserID, c.ID)
	if err != nil {
		return err
	}
	c.W.Header().Set("Content-Type", "application/pdf")
	// Named after the invoice number (docs/billing-rules.md#invoices).
	c.W.Header().Set("Content-Disposition", "inline; filename=\""+name+"\"")
	c.W.Header().Set("Cache-Control", "private, no-store")
	_, err = c.W.Write(doc)
	return err
}

func (h *HTTP) listCards(c *httpx.Call) ([]PaymentMethod, error) {
	return h.svc.PaymentMethods(c.Context(), c.Me.UserID)
}

func (h *HTTP) addCard(c *httpx.Call, in AddPaymentMethodInput) (PaymentMethod, error) {
	return h.svc.AddPaymentMethod(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) deleteCard(c *httpx.Call) error {
	return h.svc.DeletePaymentMethod(c.Context(), c.Me.UserID, c.ID)
}

// defaultCard makes the card the default and answers the cards.
func (h *HTTP) defaultCard(c *httpx.Call) ([]PaymentMethod, error) {
	if err := h.svc.SetDefaultPaymentMethod(c.Context(), c.Me.UserID, c.ID); err != nil {
		return nil, err
	}
	return h.svc.PaymentMethods(c.Context(), c.Me.UserID)
}

func (h *HTTP) setupIntent(c *httpx.Call) (SetupIntentResult, error) {
	return h.svc.SetupIntent(c.Context(), c.Me.UserID)
}

func (h *HTTP) history(c *httpx.Call) (keyset.Page[BillingRecord], error) {
	limit, err := httpx.PageLimit(c.R, 50, 100)
	if err != nil {
		return keyset.Page[BillingRecord]{}, err
	}
	return h.svc.BillingHistory(c.Context(), c.Me.UserID, c.Query("cursor"), limit)
}

func (h *HTTP) upgradePreview(c *httpx.Call) (UpgradePreview, error) {
	return h.svc.UpgradePreview(c.Context(), c.Me.UserID, c.Me.Tier, c.Query("feature"))
}

func (h *HTTP) details(c *httpx.Call) (BillingDetails, error) {
	return h.svc.BillingDetails(c.Context(), c.Me.UserID)
}

func (h *HTTP) saveDetails(c *httpx.Call, in BillingDetails) (BillingDetails, error) {
	return h.svc.SaveBillingDetails(c.Context(), c.Me.UserID, in)
}

// webhook hands the raw, signed body to Stripe's handler.
func (h *HTTP) webhook(c *httpx.Call) error {
	if h.Webhook == nil {
		return apperr.Errorf(apperr.CodeNotFound, "Stripe webhooks are not configured.")
	}
	return h.Webhook(c.W, c.R)
}
