package billing

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Seller is who the PDF invoices name as the seller.
const Seller = "HYROX Training Hub"

// invoicePDF is what one PDF invoice prints (docs/billing-rules.md: invoices).
type invoicePDF struct {
	invoiceDetail
	CustomerName, CustomerEmail string
	TestMode                    bool
}

func money(cents int, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	if strings.EqualFold(currency, "usd") || currency == "" {
		return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, cents/100, cents%100, strings.ToUpper(currency))
}

func day(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format("January 2, 2006")
}

// render draws the invoice on one A4 page with the PDF core fonts (nothing
// to embed, so a page stays a few KB).
func (in invoicePDF) render() ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("") // cp1252 for the core fonts
	number := invoiceNumber(in.StripeInvoiceID)
	pdf.SetTitle("Invoice "+number, true)
	pdf.SetAuthor(Seller, true)
	pdf.SetCreationDate(in.CreatedAt)
	pdf.SetMargins(20, 20, 20)
	pdf.AddPage()

	pdf.SetFont("Helvetica", "B", 20)
	pdf.CellFormat(0, 10, tr(Seller), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 5, "support@hyroxtraininghub.com", "", 1, "L", false, 0, "")
	if in.TestMode {
		pdf.SetTextColor(146, 64, 14)
		pdf.CellFormat(0, 6, "Test mode - no real charges", "", 1, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	}
	pdf.Ln(6)
	pdf.SetFont("Helvetica", "B", 16)
	pdf.CellFormat(0, 9, tr("Invoice #"+number), "", 1, "L", false, 0, "")

	pdf.SetFont("Helvetica", "", 10)
	row := func(label, value string) {
		pdf.SetFont("Helvetica", "B", 10)
		pdf.CellFormat(40, 6, label, "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.CellFormat(0, 6, tr(value), "", 1, "L", false, 0, "")
	}
	row("Billed to", in.CustomerName)
	row("E-mail", in.CustomerEmail)
	row("Invoice number", in.StripeInvoiceID)
	row("Date", day(&in.CreatedAt))
	row("Paid", day(in.PaidAt))
	if in.PeriodStart != nil && in.PeriodEnd != nil {
		row("Period", day(in.PeriodStart)+" - "+day(in.PeriodEnd))
	}
	row("Status", capitalize(in.Status))
	if in.CardLast4 != "" {
		row("Card", capitalize(in.CardBrand)+" ending in "+in.CardLast4)
	}

	pdf.Ln(6)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.SetFillColor(240, 240, 240)
	pdf.CellFormat(130, 8, "Description", "B", 0, "L", true, 0, "")
	pdf.CellFormat(0, 8, "Amount", "B", 1, "R", true, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(130, 8, tr(in.Description), "B", 0, "L", false, 0, "")
	pdf.CellFormat(0, 8, money(in.Amount, in.Currency), "B", 1, "R", false, 0, "")
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(130, 9, "Total", "", 0, "R", false, 0, "")
	pdf.CellFormat(0, 9, money(in.Amount, in.Currency), "", 1, "R", false, 0, "")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// invoiceNumber is the short number shown for a provider invoice id (its last 8 characters).
func invoiceNumber(id string) string { return strings.ToUpper(id[max(0, len(id)-8):]) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
