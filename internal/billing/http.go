package billing

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
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

// Register adds the billing routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/tiers", httpx.Handler(h.tiers))
	mux.Handle("GET /api/config", httpx.Handler(h.config))
	mux.Handle("GET /api/subscription-status", httpx.Handler(h.status))
	mux.Handle("POST /api/create-subscription", httpx.Handler(h.create))
	mux.Handle("POST /api/update-subscription", httpx.Handler(h.update))
	mux.Handle("POST /api/preview-subscription-change", httpx.Handler(h.preview))
	mux.Handle("POST /api/cancel-subscription", h.statusChange(h.svc.CancelSubscription))
	mux.Handle("POST /api/resume-subscription", h.statusChange(h.svc.ResumeSubscription))
	mux.Handle("POST /api/retry-payment", httpx.Handler(h.retryPayment))
	mux.Handle("GET /api/payment-methods", httpx.Handler(h.listCards))
	mux.Handle("POST /api/payment-methods", httpx.Handler(h.addCard))
	mux.Handle("DELETE /api/payment-methods/{id}", httpx.Handler(h.deleteCard))
	mux.Handle("PUT /api/payment-methods/{id}/default", httpx.Handler(h.defaultCard))
	mux.Handle("POST /api/setup-intent", httpx.Handler(h.setupIntent))
	mux.Handle("GET /api/billing-history", httpx.Handler(h.history))
	mux.Handle("GET /api/billing-history/{id}/pdf", httpx.Handler(h.invoicePDF))
	mux.Handle("GET /api/upgrade-preview", httpx.Handler(h.upgradePreview))
	mux.Handle("GET /api/billing-details", httpx.Handler(h.details))
	mux.Handle("PUT /api/billing-details", httpx.Handler(h.saveDetails))
	mux.Handle("POST /api/stripe/webhook", httpx.Handler(h.webhook))
}

func (h *HTTP) tiers(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, h.svc.Catalogue().Tiers)
	return nil
}

func (h *HTTP) config(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, h.svc.PublicConfig())
	return nil
}

// writer checks the session and the write rate limit.
func (h *HTTP) writer(r *http.Request) (httpx.Identity, error) {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return id, err
	}
	return id, h.writes.Allow("user:" + itoa(id.UserID))
}

func (h *HTTP) status(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	st, err := h.svc.Status(r.Context(), id.UserID, id.Tier)
	return httpx.Reply(w, http.StatusOK, st, err)
}

func (h *HTTP) create(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in CreateSubscriptionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.CreateSubscription(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) update(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in UpdateSubscriptionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.UpdateSubscription(r.Context(), id.UserID, id.Tier, in)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) preview(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in UpdateSubscriptionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.PreviewChange(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) retryPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in RetryPaymentInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st, err := h.svc.RetryPayment(r.Context(), id.UserID, id.Tier, in)
	return httpx.Reply(w, http.StatusOK, st, err)
}

func (h *HTTP) invoicePDF(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	invoiceID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	doc, err := h.svc.InvoicePDF(r.Context(), id.UserID, invoiceID)
	if err != nil {
		return err
	}
	name, err := h.svc.InvoiceFileName(r.Context(), id.UserID, invoiceID)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	// Named after the invoice number (docs/billing-rules.md#invoices).
	w.Header().Set("Content-Disposition", "inline; filename=\""+name+"\"")
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = w.Write(doc)
	return err
}

// statusChange serves a body-less subscription action that answers the new status.
func (h *HTTP) statusChange(change func(ctx context.Context, userID int64, identityTier string) (Status, error)) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := h.writer(r)
		if err != nil {
			return err
		}
		st, err := change(r.Context(), id.UserID, id.Tier)
		return httpx.Reply(w, http.StatusOK, st, err)
	}
}

func (h *HTTP) listCards(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	list, err := h.svc.PaymentMethods(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, list, err)
}

func (h *HTTP) addCard(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in AddPaymentMethodInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	pm, err := h.svc.AddPaymentMethod(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, pm, err)
}

func (h *HTTP) deleteCard(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	pmID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeletePaymentMethod(r.Context(), id.UserID, pmID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) defaultCard(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	pmID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.SetDefaultPaymentMethod(r.Context(), id.UserID, pmID); err != nil {
		return err
	}
	list, err := h.svc.PaymentMethods(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, list, err)
}

func (h *HTTP) setupIntent(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	out, err := h.svc.SetupIntent(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) history(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, 50, 100)
	if err != nil {
		return err
	}
	page, err := h.svc.BillingHistory(r.Context(), id.UserID, r.URL.Query().Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) upgradePreview(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	p, err := h.svc.UpgradePreview(r.Context(), id.UserID, id.Tier, r.URL.Query().Get("feature"))
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) details(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	d, err := h.svc.BillingDetails(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, d, err)
}

func (h *HTTP) saveDetails(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in BillingDetails
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := h.svc.SaveBillingDetails(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, d, err)
}

func (h *HTTP) webhook(w http.ResponseWriter, r *http.Request) error {
	if h.Webhook == nil {
		return apperr.Errorf(apperr.CodeNotFound, "Stripe webhooks are not configured.")
	}
	return h.Webhook(w, r)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
