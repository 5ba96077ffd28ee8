package server_test

import (
	"context"
	"strings"
	"testing"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// docs/billing-rules.md#credit and #invoices: the credit balance is shown,
// each invoice says the credit it used, and invoices carry what a business
// needs to file them.

type filedInvoice struct {
	invoiceResult
	PDFURL        string `json:"pdfUrl"`
	CreditApplied int    `json:"creditApplied"`
	TaxAmount     int    `json:"taxAmount"`
	TaxRate       string `json:"taxRate"`
}

func filedHistory(t *testing.T, c *servertest.Client) []filedInvoice {
	t.Helper()
	var page struct{ Items []filedInvoice }
	c.Do("GET", "/api/billing-history", nil).Want(200).JSON(&page)
	return page.Items
}

func creditBalance(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var st struct {
		CreditBalance *int `json:"creditBalance"`
	}
	c.Do("GET", "/api/subscription-status", nil).Want(200).JSON(&st)
	if st.CreditBalance == nil {
		t.Fatal("the status does not state the credit balance")
	}
	return *st.CreditBalance
}

func TestBillingCreditBalanceAndCreditAppliedAreShown(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_elite_monthly", "elite", cardOK)
		e.Clock.Advance(8 * day)
		if got := creditBalance(t, u); got != 0 {
			t.Fatalf("credit before any change: %d", got)
		}
		e.Clock.Advance(15 * day)
		pv, charged := changeAndRenew(t, e, u, "price_pro_monthly", "pro")
		if pv.CreditBalance <= 0 {
			t.Fatalf("a downgrade mid-period leaves a credit: %+v", pv)
		}
		items := filedHistory(t, u)
		renewal := items[0]
		used := min(pv.CreditBalance, 1900)
		if renewal.CreditApplied != used || renewal.Amount != charged || renewal.Amount+renewal.CreditApplied != 1900 {
			t.Fatalf("the renewal used %d credit and charged %d, want %d credit of 1900: %+v", renewal.CreditApplied, renewal.Amount, used, renewal)
		}
		if got := creditBalance(t, u); got != pv.CreditAfterRenewal {
			t.Fatalf("credit after the renewal %d, the preview said %d", got, pv.CreditAfterRenewal)
		}
		text := pdfText(t, u.Do("GET", renewal.PDFURL, nil).Want(200).Body)
		for _, want := range []string{"Credit applied", "-" + money(used), "Total", money(1900), "Amount paid", money(1900 - used)} {
			if !strings.Contains(text, want) {
				t.Errorf("the renewal's PDF lacks %q:\n%s", want, text)
			}
		}
		// An invoice that used no credit says so by its zero.
		if first := items[len(items)-1]; first.CreditApplied != 0 {
			t.Errorf("the first invoice used no credit: %+v", first)
		}
	})
}

func money(cents int) string {
	return "$" + itoa(int64(cents/100)) + "." + string(rune('0'+cents%100/10)) + string(rune('0'+cents%10))
}

type billingDetails struct {
	Name         string `json:"name"`
	AddressLine1 string `json:"addressLine1"`
	AddressLine2 string `json:"addressLine2"`
	City         string `json:"city"`
	PostalCode   string `json:"postalCode"`
	Country      string `json:"country"`
	VATNumber    string `json:"vatNumber"`
}

var sellerEnv = []string{"SELLER_LEGAL_NAME", "Hyrox Hub Ltd", "SELLER_ADDRESS", "1 Fleet Street; London EC4Y 1AA; United Kingdom",
	"SELLER_TAX_ID", "GB123456789", "TAX_RATE_PERCENT", "20"}

func eachWithEnv(t *testing.T, env []string, fn func(t *testing.T, e *servertest.Env)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, servertest.Start(t, dbtest.SQLiteURL(t), env...)) })
	t.Run("postgres", func(t *testing.T) { fn(t, servertest.Start(t, dbtest.PostgresURL(t), env...)) })
}

func TestBillingDetailsAreValidatedAndPerUser(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u, other := e.NewUser(), e.NewUser()
		var empty billingDetails
		u.Do("GET", "/api/billing-details", nil).Want(200).JSON(&empty)
		if empty != (billingDetails{}) {
			t.Fatalf("a new user has no billing details: %+v", empty)
		}
		good := billingDetails{Name: " Acme  Fitness GmbH ", AddressLine1: "Hauptstr. 5", City: "Berlin", PostalCode: "10115",
			Country: "de", VATNumber: "de 123 456 789"}
		var saved billingDetails
		u.Do("PUT", "/api/billing-details", good).Want(200).JSON(&saved)
		if saved.Name != "Acme Fitness GmbH" || saved.Country != "DE" || saved.VATNumber != "DE123456789" {
			t.Fatalf("saved %+v", saved)
		}
		for _, bad := range []struct {
			body  billingDetails
			field string
		}{
			{billingDetails{AddressLine1: "x", City: "y", Country: "DE"}, "name"},
			{billingDetails{Name: "n", City: "y", Country: "DE"}, "addressLine1"},
			{billingDetails{Name: "n", AddressLine1: "x", Country: "DE"}, "city"},
			{billingDetails{Name: "n", AddressLine1: "x", City: "y", Country: "Germany"}, "country"},
			{billingDetails{Name: "n", AddressLine1: "x", City: "y", Country: "DE", VATNumber: "123"}, "vatNumber"},
			{billingDetails{Name: strings.Repeat("n", 121), AddressLine1: "x", City: "y", Country: "DE"}, "name"},
		} {
			res := u.Do("PUT", "/api/billing-details", bad.body).Want(400)
			if !strings.Contains(string(res.Body), `"`+bad.field+`"`) {
				t.Errorf("%+v: the error does not name %s: %s", bad.body, bad.field, res.Body)
			}
		}
		var after billingDetails
		u.Do("GET", "/api/billing-details", nil).Want(200).JSON(&after)
		if after != saved {
			t.Fatalf("a refused change altered the details: %+v", after)
		}
		var theirs billingDetails
		other.Do("GET", "/api/billing-details", nil).Want(200).JSON(&theirs)
		if theirs != (billingDetails{}) {
			t.Fatalf("another user sees the details: %+v", theirs)
		}
		e.Client().Do("GET", "/api/billing-details", nil).Want(401)

		export := u.Do("GET", "/api/user/export", nil).Want(200)
		if !strings.Contains(string(export.Body), "DE123456789") {
			t.Errorf("the export lacks the billing details: %s", export.Body)
		}
		u.Do("DELETE", "/api/user", map[string]string{"password": "secret123"}).Want(204)
		var n int
		if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM billing_details WHERE user_id = ?`, u.User.ID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("account deletion left %d billing details rows (%v)", n, err)
		}
	})
}

func TestBillingInvoiceABusinessCanFile(t *testing.T) {
	eachWithEnv(t, sellerEnv, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		u.Do("PUT", "/api/billing-details", billingDetails{Name: "Acme Fitness GmbH", AddressLine1: "Hauptstr. 5",
			AddressLine2: "Hinterhaus", City: "Berlin", PostalCode: "10115", Country: "DE", VATNumber: "DE123456789"}).Want(200)
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		e.Clock.Advance(8 * day)
		inv := filedHistory(t, u)[0]
		// 20 % included in $19.00: 19.00 x 20/120 = 3.1667, so $3.17.
		if inv.Amount != 1900 || inv.TaxAmount != 317 || inv.TaxRate != "20" {
			t.Fatalf("invoice %+v: want $19.00 with $3.17 tax at 20%%", inv)
		}
		res := u.Do("GET", inv.PDFURL, nil).Want(200)
		number := strings.ToUpper(inv.StripeInvoiceID[len(inv.StripeInvoiceID)-8:])
		if cd := res.Header.Get("Content-Disposition"); cd != `inline; filename="invoice-`+number+`.pdf"` {
			t.Fatalf("Content-Disposition %q: the file is named after the invoice number %s", cd, number)
		}
		text := pdfText(t, res.Body)
		for _, want := range []string{"Hyrox Hub Ltd", "1 Fleet Street", "London EC4Y 1AA", "United Kingdom", "Tax number: GB123456789",
			"Acme Fitness GmbH", "Hauptstr. 5", "Hinterhaus", "10115 Berlin", "DE", "VAT number", "DE123456789",
			"Invoice #" + number, "Subtotal (excl. tax)", "$15.83", "Tax (20% included)", "$3.17", "Total", "$19.00", "Amount paid"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
	})
}
