package stripe

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"hyrox/internal/apperr"
	"hyrox/internal/billing"
	"hyrox/internal/httpx"
)

// InvoiceState reads an invoice; its subscription is under parent.subscription_details.
func InvoiceState(inv *stripego.Invoice, eventType string) billing.InvoiceState {
	in := billing.InvoiceState{ID: inv.ID, Currency: string(inv.Currency), AmountCents: int(inv.Total),
		URL: inv.HostedInvoiceURL, PDFURL: inv.InvoicePDF, Description: inv.Description, Created: time.Unix(inv.Created, 0).UTC()}
	if in.URL == "" {
		in.URL = inv.InvoicePDF
	}
	if inv.PeriodStart > 0 && inv.PeriodEnd > 0 {
		start, end := time.Unix(inv.PeriodStart, 0).UTC(), time.Unix(inv.PeriodEnd, 0).UTC()
		in.PeriodStart, in.PeriodEnd = &start, &end
	}
	if inv.Customer != nil {
		in.CustomerID = inv.Customer.ID
	}
	if inv.Parent != nil && inv.Parent.SubscriptionDetails != nil && inv.Parent.SubscriptionDetails.Subscription != nil {
		in.SubscriptionID = inv.Parent.SubscriptionDetails.Subscription.ID
	}
	if inv.Lines != nil && len(inv.Lines.Data) > 0 {
		line := inv.Lines.Data[len(inv.Lines.Data)-1]
		if in.Description == "" {
			in.Description = line.Description
		}
		if line.Pricing != nil && line.Pricing.PriceDetails != nil && line.Pricing.PriceDetails.Price != nil {
			in.PriceID = line.Pricing.PriceDetails.Price.ID
		}
	}
	if in.Description == "" {
		in.Description = "Subscription invoice"
	}
	// Credit from the customer balance lowers what is due below the total.
	in.CreditApplied = int(max(inv.Total-inv.AmountDue, 0))
	in.TaxCents, in.TaxRate = invoiceTax(inv)
	switch {
	case eventType == billing.EventInvoicePaid || inv.Status == stripego.InvoiceStatusPaid:
		in.Status = "paid"
		if inv.AmountPaid > 0 || inv.Total == 0 {
			in.AmountCents = int(inv.AmountPaid)
		}
		paid := in.Created
		if inv.StatusTransitions != nil && inv.StatusTransitions.PaidAt > 0 {
			paid = time.Unix(inv.StatusTransitions.PaidAt, 0).UTC()
		}
		in.PaidAt = &paid
	case eventType == billing.EventInvoiceVoided || inv.Status == stripego.InvoiceStatusVoid:
		in.Status = "void"
	case eventType == billing.EventInvoiceFailed, inv.Status == stripego.InvoiceStatusUncollectible:
		in.Status = "failed"
	default:
		in.Status = "pending"
	}
	return in
}

// invoiceTax reads Stripe's own tax fields: total_taxes sums to the tax
// line. Stripe names a tax rate by id only, so no percentage is printed.
func invoiceTax(inv *stripego.Invoice) (cents int, rate string) {
	for _, t := range inv.TotalTaxes {
		if t != nil {
			cents += int(t.Amount)
		}
	}
	if cents == 0 && inv.TotalExcludingTax > 0 && inv.Total > inv.TotalExcludingTax {
		cents = int(inv.Total - inv.TotalExcludingTax)
	}
	return cents, ""
}

// ToEvent turns a Stripe event into billing's terms; ok is false for types we ignore.
func ToEvent(ev stripego.Event) (billing.Event, bool, error) {
	out := billing.Event{ID: ev.ID, Type: string(ev.Type), Created: time.Unix(ev.Created, 0).UTC()}
	if ev.Data == nil || len(ev.Data.Raw) == 0 {
		return out, false, nil
	}
	switch out.Type {
	case billing.EventSubscriptionCreated, billing.EventSubscriptionUpdated, billing.EventSubscriptionDeleted:
		var s stripego.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return out, false, err
		}
		st := subscriptionState(&s)
		st.PreviousStatus, _ = ev.Data.PreviousAttributes["status"].(string)
		out.Subscription = &st
	case billing.EventInvoicePaid, billing.EventInvoiceFailed, billing.EventInvoiceFinalized, billing.EventInvoiceVoided:
		var inv stripego.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
			return out, false, err
		}
		in := InvoiceState(&inv, out.Type)
		out.Invoice = &in
	case billing.EventPMAttached, billing.EventPMDetached:
		var pm stripego.PaymentMethod
		if err := json.Unmarshal(ev.Data.Raw, &pm); err != nil {
			return out, false, err
		}
		if pm.Card == nil {
			return out, false, nil
		}
		c := cardState(&pm)
		out.PaymentMethod = &c
	default:
		return out, false, nil
	}
	if out.Subscription != nil && (out.Subscription.ID == "" || out.Subscription.CustomerID == "") ||
		out.Invoice != nil && (out.Invoice.ID == "" || out.Invoice.CustomerID == "") ||
		out.PaymentMethod != nil && out.PaymentMethod.ID == "" {
		return out, false, errors.New("event object lacks its id or customer")
	}
	return out, true, nil
}

// Webhook verifies Stripe's signature (and that the event comes from an
// endpoint on the library's API version), then applies the event once.
func Webhook(secret string, apply func(ctx context.Context, ev billing.Event) error) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpx.MaxBodyBytes))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return apperr.Errorf(apperr.CodeTooLarge, "The request body is too large.")
			}
			return apperr.Errorf(apperr.CodeInvalid, "Could not read the request body.")
		}
		return HandlePayload(r.Context(), w, body, r.Header.Get("Stripe-Signature"), secret, apply)
	}
}

// HandlePayload is the webhook after the body is read (the fuzz target).
func HandlePayload(ctx context.Context, w http.ResponseWriter, body []byte, signature, secret string,
	apply func(ctx context.Context, ev billing.Event) error) error {
	ev, err := webhook.ConstructEvent(body, signature, secret)
	if err != nil {
		return apperr.Errorf(apperr.CodeInvalid, "The webhook signature or payload is not valid.")
	}
	bev, ok, err := ToEvent(ev)
	if err != nil {
		return apperr.Errorf(apperr.CodeInvalid, "The webhook event could not be read.")
	}
	if ok {
		if err := apply(ctx, bev); err != nil {
			return err // 500: Stripe retries later
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}
