package sandbox

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// HTTP serves the sandbox-only calls the sandbox card field makes. They are
// registered only when the sandbox is the payment provider (404 otherwise).
type HTTP struct {
	sb    *Sandbox
	limit *httpx.RateLimiter
}

// NewHTTP returns the sandbox handlers.
func NewHTTP(sb *Sandbox) *HTTP {
	return &HTTP{sb: sb, limit: httpx.NewRateLimiter(time.Second, 20, "Too many card attempts. Please wait a moment and try again.")}
}

// Routes are the sandbox rows of the route table (ARCHITECTURE.md#routes).
// A sandbox invoice id is text (in_...), so its placeholder is {invoice},
// not a numeric {id}.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/sandbox/confirm-setup", Limit: h.limit, Endpoint: httpx.Write(http.StatusOK, h.confirm("setup"))},
		{Pattern: "POST /api/sandbox/confirm-payment", Limit: h.limit, Endpoint: httpx.Write(http.StatusOK, h.confirm("payment"))},
		{Pattern: "GET /api/sandbox/invoices/{invoice}", Endpoint: httpx.Stream(h.invoice)},
	}
}

func (h *HTTP) confirm(kind string) func(c *httpx.Call, in ConfirmInput) (ConfirmResult, error) {
	return func(c *httpx.Call, in ConfirmInput) (ConfirmResult, error) {
		return h.sb.Confirm(c.Context(), c.Me.UserID, kind, in)
	}
}

var invoicePage = template.Must(template.New("invoice").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice {{.Number}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}
table{width:100%;border-collapse:collapse}td,th{padding:.5rem;border-bottom:1px solid #ccc;text-align:left}
.mark{background:#fef3c7;padding:.5rem;border-radius:.25rem}</style></head>
<body><p class="mark">Test mode - no real charges</p>
<h1>HYROX Training Hub</h1><h2>Invoice #{{.Number}}</h2>
<p>Date: {{.Date}}{{if .Paid}}<br>Paid: {{.Paid}}{{end}}<br>Status: {{.Status}}</p>
<table><tr><th>Description</th><th>Amount</th></tr><tr><td>{{.Description}}</td><td>{{.Amount}}</td></tr></table>
<p>Printed from your browser this page is your PDF invoice.</p></body></html>`))

// invoice answers a printable page of one of the user's invoices.
func (h *HTTP) invoice(c *httpx.Call) error {
	inv := c.R.PathValue("invoice")
	var desc, status string
	var amount int
	var created time.Time
	var paid *time.Time
	err := h.sb.db.QueryRow(c.Context(), `SELECT i.description, i.status, i.amount_cents, i.created_at, i.paid_at
		FROM sandbox_invoices i JOIN sandbox_customers c ON c.id = i.customer_id WHERE i.id = ? AND c.user_id = ?`,
		inv, c.Me.UserID).Scan(&desc, &status, &amount, &created, &paid)
	if errors.Is(err, errNoRows) {
		return apperr.Errorf(apperr.CodeNotFound, "Invoice not found.")
	}
	if err != nil {
		return err
	}
	data := map[string]any{"Number": inv[max(0, len(inv)-8):], "Description": desc, "Status": invoiceStatus(status),
		"Date": created.UTC().Format("January 2, 2006"), "Amount": fmt.Sprintf("$%d.%02d", amount/100, amount%100)}
	if paid != nil {
		data["Paid"] = paid.UTC().Format("January 2, 2006")
	}
	c.W.Header().Set("Content-Type", "text/html; charset=utf-8")
	c.W.Header().Set("Cache-Control", "no-store")
	return invoicePage.Execute(c.W, data)
}
