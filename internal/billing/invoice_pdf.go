package billing

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/color"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/create"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/draw"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// invoicePDF is what one PDF invoice prints (docs/billing-rules.md#invoices).
type invoicePDF struct {
	invoiceDetail
	CustomerName, CustomerEmail string
	Buyer                       BillingDetails // empty when the athlete saved none
	Seller                      seller
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
// to embed, so a page stays a few KB). It uses pdfcpu's page primitives
// (github.com/pdfcpu/pdfcpu: maintained, pure Go, no cgo) which replaced
// go-pdf/fpdf when that repository was archived on 2025-03-04. The core
// fonts' metrics are compiled into pdfcpu, its configuration directory is
// disabled (nothing is read or written on disk) and nothing touches the network.
func (in invoicePDF) render() ([]byte, error) {
	pdfcpuOnce.Do(api.DisableConfigDir)
	ctx, err := pdfcpu.CreateContextWithXRefTable(model.NewDefaultConfiguration(), types.PaperSize["A4"])
	if err != nil {
		return nil, err
	}
	number := invoiceNumber(in.StripeInvoiceID)
	info := types.NewDict()
	info.InsertString("Title", "Invoice "+number)
	info.InsertString("Author", in.Seller.Name)
	if ctx.Info, err = ctx.IndRefForNewObject(info); err != nil {
		return nil, err
	}

	pg := newInvoicePage(ctx.XRefTable)
	pg.cell(0, 10, in.Seller.Name, bold, 20, black, alignLeft)
	pg.ln(10)
	for _, line := range in.Seller.Address {
		pg.cell(0, 5, line, regular, 10, black, alignLeft)
		pg.ln(5)
	}
	if in.Seller.TaxID != "" {
		pg.cell(0, 5, "Tax number: "+in.Seller.TaxID, regular, 10, black, alignLeft)
		pg.ln(5)
	}
	if in.TestMode {
		pg.cell(0, 6, "Test mode - no real charges", regular, 10, color.SimpleColor{R: 146. / 255, G: 64. / 255, B: 14. / 255}, alignLeft)
		pg.ln(6)
	}
	pg.ln(6)
	pg.cell(0, 9, "Invoice #"+number, bold, 16, black, alignLeft)
	pg.ln(9)

	row := func(label, value string) {
		pg.cell(0, 6, label, bold, 10, black, alignLeft)
		pg.cell(40, 6, value, regular, 10, black, alignLeft)
		pg.ln(6)
	}
	if in.Buyer.Name != "" {
		row("Billed to", in.Buyer.Name)
		for _, line := range []string{in.Buyer.AddressLine1, in.Buyer.AddressLine2,
			strings.TrimSpace(in.Buyer.PostalCode + " " + in.Buyer.City), in.Buyer.Country} {
			if line != "" {
				row("", line)
			}
		}
		if in.Buyer.VATNumber != "" {
			row("VAT number", in.Buyer.VATNumber)
		}
	} else {
		row("Billed to", in.CustomerName)
	}
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

	pg.ln(6)
	pg.fill(8, color.SimpleColor{R: 240. / 255, G: 240. / 255, B: 240. / 255})
	pg.cell(0, 8, "Description", bold, 10, black, alignLeft)
	pg.cell(0, 8, "Amount", bold, 10, black, alignRight)
	pg.ln(8)
	pg.rule()
	total := in.Amount + in.CreditApplied // prices include tax
	pg.cell(0, 8, in.Description, regular, 10, black, alignLeft)
	pg.cell(0, 8, money(total, in.Currency), regular, 10, black, alignRight)
	pg.ln(8)
	pg.rule()
	sum := func(label string, cents int) {
		pg.cell(0, 7, label, regular, 10, black, alignTotal)
		pg.cell(0, 7, money(cents, in.Currency), regular, 10, black, alignRight)
		pg.ln(7)
	}
	sum("Subtotal (excl. tax)", total-in.TaxAmount)
	sum(taxLabel(in.TaxRate), in.TaxAmount)
	pg.cell(0, 9, "Total", bold, 11, black, alignTotal)
	pg.cell(0, 9, money(total, in.Currency), bold, 11, black, alignRight)
	pg.ln(9)
	if in.CreditApplied > 0 {
		sum("Credit applied", -in.CreditApplied)
	}
	label := "Amount due"
	if in.Status == "paid" {
		label = "Amount paid"
	}
	pg.cell(0, 9, label, bold, 11, black, alignTotal)
	pg.cell(0, 9, money(in.Amount, in.Currency), bold, 11, black, alignRight)
	pg.ln(9)

	if err := errors.Join(pg.errs...); err != nil {
		return nil, err
	}
	fonts := model.FontMap{} // the document's fonts: each core font gets one font dict
	for name := range pg.Fm {
		fonts[name] = model.FontResource{}
	}
	if _, _, err := create.UpdatePageTree(ctx, []*model.Page{&pg.Page}, fonts); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var pdfcpuOnce sync.Once

const (
	mm         = 72 / 25.4 // points per millimetre
	cellPad    = 1         // mm of padding inside a cell, left and right, as fpdf had
	pageMargin = 20 * mm
	descWidth  = 130 * mm // the description column, as wide as fpdf's was
	regular    = "Helvetica"
	bold       = "Helvetica-Bold"
	alignLeft  = 0
	alignRight = 1 // flush with the right margin
	alignTotal = 2 // flush right in the description column
)

var black = color.SimpleColor{}

// invoicePage lays out one A4 page top-down like a line printer: y is the
// top of the current line, in points from the top of the page.
type invoicePage struct {
	model.Page
	xrt  *model.XRefTable
	y    float64
	errs []error
}

func newInvoicePage(xrt *model.XRefTable) *invoicePage {
	a4 := types.RectForFormat("A4")
	return &invoicePage{Page: model.NewPage(a4, a4), xrt: xrt, y: pageMargin}
}

func (p *invoicePage) ln(hMM float64) { p.y += hMM * mm }

// cell writes one line of text, vertically centred in a line hMM high, at
// xMM from the left margin (or right aligned, see the align constants).
func (p *invoicePage) cell(xMM, hMM float64, text, fontName string, size float64, col color.SimpleColor, align int) {
	if text == "" {
		return // pdfcpu cannot measure an empty line
	}
	td := model.TextDescriptor{
		Text:      text,
		FontName:  fontName,
		FontKey:   p.Fm.EnsureKey(fontName),
		FontSize:  size,
		X:         pageMargin + (xMM+cellPad)*mm,
		Y:         p.MediaBox.Height() - p.y - hMM*mm/2,
		Scale:     1,
		ScaleAbs:  true,
		HAlign:    types.AlignLeft,
		VAlign:    types.AlignMiddle,
		RMode:     draw.RMFill,
		FillCol:   col,
		StrokeCol: col,
	}
	switch align {
	case alignRight:
		td.X, td.HAlign = p.MediaBox.Width()-pageMargin-cellPad*mm, types.AlignRight
	case alignTotal:
		td.X, td.HAlign = pageMargin+descWidth-cellPad*mm, types.AlignRight
	}
	if _, err := model.WriteColumn(p.xrt, p.Buf, p.MediaBox, nil, td, 0); err != nil {
		p.errs = append(p.errs, err)
	}
}

// fill paints the background of the next line, hMM high, margin to margin.
func (p *invoicePage) fill(hMM float64, col color.SimpleColor) {
	top := p.MediaBox.Height() - p.y
	r := types.NewRectangle(pageMargin, top-hMM*mm, p.MediaBox.Width()-pageMargin, top)
	draw.FillRectNoBorder(p.Buf, r, col)
}

// rule draws a hairline along the top of the current line (fpdf's "B" border).
func (p *invoicePage) rule() {
	yy := p.MediaBox.Height() - p.y
	draw.DrawLine(p.Buf, pageMargin, yy, p.MediaBox.Width()-pageMargin, yy, 0.2*mm, &black, nil)
}

// invoiceNumber is the short number shown for a provider invoice id (its
// last 8 letters or digits), safe in a file name.
func invoiceNumber(id string) string {
	clean := strings.Map(func(r rune) rune {
		if (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return -1
	}, id)
	return strings.ToUpper(clean[max(0, len(clean)-8):])
}

// taxLabel names the tax line: its rate when there is one.
func taxLabel(rate string) string {
	if rate == "" {
		return "Tax"
	}
	return "Tax (" + rate + "% included)"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
