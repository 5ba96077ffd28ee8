package nutrition

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"hyrox/internal/apperr"
)

// Barcode look-ups in Open Food Facts (docs/nutrition-foods.md#barcodes).

// OFFAttribution is shown wherever Open Food Facts data appears (ODbL).
const OFFAttribution = "Data from Open Food Facts, ODbL"

// DefaultOFFURL is OPENFOODFACTS_URL's default.
const DefaultOFFURL = "https://world.openfoodfacts.org"

// BarcodeProduct is a product found by its barcode: nutrient values per 100 g
// (sodium in mg), ServingGrams 0 when the label names no serving.
type BarcodeProduct struct {
	Barcode      string  `json:"barcode"`
	Name         string  `json:"name"`
	Brand        string  `json:"brand"`
	ServingGrams float64 `json:"servingGrams"`
	Kcal         float64 `json:"kcal"`
	Protein      float64 `json:"protein"`
	Carbs        float64 `json:"carbs"`
	Fat          float64 `json:"fat"`
	Fiber        float64 `json:"fiber"`
	Sugars       float64 `json:"sugars"`
	SodiumMg     float64 `json:"sodiumMg"`
	// Source is "openfoodfacts"; Attribution its ODbL notice.
	Source      string `json:"source"`
	Attribution string `json:"attribution"`
	// Correction is "" (Open Food Facts' values), "yours" (the athlete's own
	// correction) or "confirmed" (two athletes sent the same values).
	Correction string `json:"correction"`
}

// ProductCorrection is the body of PUT /api/nutrition/barcodes/{code}.
type ProductCorrection struct {
	Name         string  `json:"name"`
	Brand        string  `json:"brand"`
	ServingGrams float64 `json:"servingGrams"`
	Kcal         float64 `json:"kcal"`
	Protein      float64 `json:"protein"`
	Carbs        float64 `json:"carbs"`
	Fat          float64 `json:"fat"`
	Fiber        float64 `json:"fiber"`
	Sugars       float64 `json:"sugars"`
	SodiumMg     float64 `json:"sodiumMg"`
}

var errBadBarcode = apperr.Invalid(map[string]string{
	"code": "That is not a valid barcode: type the 8, 12 or 13 digits under the bars (EAN-8, UPC-A or EAN-13).",
}, "code")

// ValidBarcode reports whether code is an EAN-8, UPC-A or EAN-13 number with
// a correct check digit.
func ValidBarcode(code string) bool {
	if n := len(code); n != 8 && n != 12 && n != 13 {
		return false
	}
	sum := 0
	for i := range len(code) {
		c := code[len(code)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 { // from the right, after the check digit: weights 3, 1, 3...
			d *= 3
		}
		sum += d
	}
	return sum%10 == 0
}

// OFFClient calls Open Food Facts' API v2 with the User-Agent its rules ask
// for, a short timeout and a client-side rate limit (their product reads
// allow 100 a minute; we stay under it).
type OFFClient struct {
	base      string
	userAgent string
	http      *http.Client
	interval  time.Duration
	mu        sync.Mutex
	next      time.Time
}

// OFFInterval spaces our calls to Open Food Facts: at most 60 a minute.
const OFFInterval = time.Second

// NewOFFClient makes a client for the API at base (DefaultOFFURL in
// production), naming the app and contact in its User-Agent.
func NewOFFClient(base, contact string) *OFFClient {
	return &OFFClient{base: strings.TrimRight(base, "/"), userAgent: "HyroxTrainingHub/1.0 (" + contact + ")",
		http: &http.Client{Timeout: 5 * time.Second}, interval: OFFInterval}
}

var (
	errOFFDown = apperr.Errorf(apperr.CodeUnavailable,
		"Open Food Facts did not answer. Check your connection, try again later, or search for the food instead.")
	errOFFBusy = apperr.Errorf(apperr.CodeTooManyRequests,
		"Too many barcode look-ups right now. Try again in a minute, or search for the food instead.")
	errOFFNonsense = apperr.Errorf(apperr.CodeUnavailable,
		"Open Food Facts answered something we cannot read. Try again later, or search for the food instead.")
	errNoProduct = apperr.Errorf(apperr.CodeNotFound,
		"Open Food Facts does not know this barcode. Search for the food instead, or add it as your own food.")
	errIncomplete = apperr.Errorf(apperr.CodeInvalid,
		"Open Food Facts lacks this product's energy, protein, carbohydrate or fat per 100 g. Search for a similar food, or add it as your own food.")
)

// wait takes a slot of the rate limit; it refuses when the wait would be
// longer than 3 s (the athlete should not stare at a spinner).
func (c *OFFClient) wait(ctx context.Context) error {
	c.mu.Lock()
	now := time.Now()
	at := now
	if c.next.After(now) {
		at = c.next
	}
	if at.Sub(now) > 3*time.Second {
		c.mu.Unlock()
		return errOFFBusy
	}
	c.next = at.Add(c.interval)
	c.mu.Unlock()
	if d := at.Sub(now); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// offNumber reads a number Open Food Facts writes as a number or a string.
type offNumber struct {
	v  float64
	ok bool
}

func (n *offNumber) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil // an unreadable value is a missing one
	}
	n.v, n.ok = v, true
	return nil
}

// offResponse is the part of an API v2 product answer we read.
type offResponse struct {
	Code    string `json:"code"`
	Status  *int   `json:"status"`
	Product *struct {
		ProductName     string               `json:"product_name"`
		GenericName     string               `json:"generic_name"`
		Brands          string               `json:"brands"`
		ServingQuantity offNumber            `json:"serving_quantity"`
		Nutriments      map[string]offNumber `json:"nutriments"`
	} `json:"product"`
}

// Fetch looks code up in Open Food Facts.
func (c *OFFClient) Fetch(ctx context.Context, code string) (BarcodeProduct, error) {
	if err := c.wait(ctx); err != nil {
		return BarcodeProduct{}, err
	}
	u := c.base + "/api/v2/product/" + url.PathEscape(code) + ".json?fields=product_name,generic_name,brands,serving_quantity,nutriments"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return BarcodeProduct{}, errOFFDown
	}
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return BarcodeProduct{}, errOFFDown
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return BarcodeProduct{}, errOFFDown
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return BarcodeProduct{}, errOFFBusy
	case resp.StatusCode >= 500:
		return BarcodeProduct{}, errOFFDown
	case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound:
		return BarcodeProduct{}, errOFFNonsense
	}
	var r offResponse
	if err := json.Unmarshal(body, &r); err != nil || r.Status == nil {
		return BarcodeProduct{}, errOFFNonsense
	}
	if *r.Status == 0 || r.Product == nil {
		return BarcodeProduct{}, errNoProduct
	}
	return mapOFFProduct(code, r)
}

// mapOFFProduct turns an answer into a product the diary can log: energy,
// protein, carbohydrate and fat per 100 g are required and must make sense;
// fibre, sugars and sodium are 0 when the label lacks them.
func mapOFFProduct(code string, r offResponse) (BarcodeProduct, error) {
	p := r.Product
	n := func(key string) (float64, bool) {
		v := p.Nutriments[key+"_100g"]
		return v.v, v.ok
	}
	name := strings.TrimSpace(p.ProductName)
	if name == "" {
		name = strings.TrimSpace(p.GenericName)
	}
	brand, _, _ := strings.Cut(p.Brands, ",")
	out := BarcodeProduct{Barcode: code, Name: name, Brand: strings.TrimSpace(brand), Source: "openfoodfacts", Attribution: OFFAttribution}
	kcal, ok := n("energy-kcal")
	if !ok {
		if kj, okKJ := n("energy"); okKJ { // energy_100g is in kJ
			kcal, ok = kj/4.184, true
		}
	}
	var okP, okC, okF bool
	out.Protein, okP = n("proteins")
	out.Carbs, okC = n("carbohydrates")
	out.Fat, okF = n("fat")
	if !ok || !okP || !okC || !okF {
		return BarcodeProduct{}, errIncomplete
	}
	out.Kcal = kcal
	out.Fiber, _ = n("fiber")
	out.Sugars, _ = n("sugars")
	if na, ok := n("sodium"); ok { // grams
		out.SodiumMg = na * 1000
	} else if salt, ok := n("salt"); ok {
		out.SodiumMg = salt / 2.5 * 1000
	}
	if p.ServingQuantity.ok && p.ServingQuantity.v > 0 && p.ServingQuantity.v <= 2000 {
		out.ServingGrams = p.ServingQuantity.v
	}
	if out.Name == "" {
		out.Name = "Product " + code
	}
	roundProduct(&out)
	if err := checkValues(out.Kcal, out.Protein, out.Carbs, out.Fat, out.Fiber, out.Sugars, out.SodiumMg); err != nil {
		return BarcodeProduct{}, errOFFNonsenseValues
	}
	return out, nil
}

var errOFFNonsenseValues = apperr.Errorf(apperr.CodeInvalid,
	"Open Food Facts' values for this product cannot be right (more than 100 g of nutrients in 100 g, or impossible energy). Search for a similar food, or add it as your own food.")

func round1(v float64) float64 { return math.Round(v*10) / 10 }

func roundProduct(p *BarcodeProduct) {
	for _, v := range []*float64{&p.ServingGrams, &p.Kcal, &p.Protein, &p.Carbs, &p.Fat, &p.Fiber, &p.Sugars} {
		*v = round1(*v)
	}
	p.SodiumMg = math.Round(p.SodiumMg)
}

// checkValues rejects values per 100 g no food can have.
func checkValues(kcal, protein, carbs, fat, fiber, sugars, sodiumMg float64) error {
	for _, v := range []float64{protein, carbs, fat, fiber, sugars} {
		if v < 0 || v > 100 {
			return errors.New("out of range")
		}
	}
	if kcal < 0 || kcal > 950 || protein+carbs+fat > 101 || sugars > carbs+0.5 || sodiumMg < 0 || sodiumMg > 40000 {
		return errors.New("out of range")
	}
	return nil
}

// UseOpenFoodFacts connects barcode look-ups to Open Food Facts.
func (s *Service) UseOpenFoodFacts(c *OFFClient) { s.off = c }

// LookupBarcode finds a product by barcode: our copy first, else Open Food
// Facts (kept for the next athlete). The athlete sees their own correction,
// else one two athletes confirmed, else Open Food Facts' values
// (docs/nutrition-foods.md#corrections).
func (s *Service) LookupBarcode(ctx context.Context, userID int64, code string) (BarcodeProduct, error) {
	code = strings.TrimSpace(code)
	if !ValidBarcode(code) {
		return BarcodeProduct{}, errBadBarcode
	}
	p, found, err := s.store.BarcodeProduct(ctx, code)
	if err != nil {
		return BarcodeProduct{}, err
	}
	if !found {
		if s.off == nil {
			return BarcodeProduct{}, errOFFDown
		}
		if p, err = s.off.Fetch(ctx, code); err != nil {
			return BarcodeProduct{}, err
		}
		if err := s.store.SaveBarcodeProduct(ctx, p, s.now().UTC()); err != nil {
			return BarcodeProduct{}, err
		}
	}
	return s.store.ApplyCorrection(ctx, p, userID)
}

// CorrectBarcode keeps the athlete's correction of a product we hold.
func (s *Service) CorrectBarcode(ctx context.Context, userID int64, code string, in ProductCorrection) (BarcodeProduct, error) {
	if !ValidBarcode(strings.TrimSpace(code)) {
		return BarcodeProduct{}, errBadBarcode
	}
	code = strings.TrimSpace(code)
	v := &apperr.Validator{}
	in.Name, in.Brand = strings.TrimSpace(in.Name), strings.TrimSpace(in.Brand)
	v.Check(in.Name != "" && len(in.Name) <= 200, "name", "Name the product (at most 200 characters).")
	v.Check(len(in.Brand) <= 100, "brand", "The brand is at most 100 characters.")
	v.Check(in.ServingGrams >= 0 && in.ServingGrams <= 2000, "servingGrams", "A serving is 0 to 2000 g (0: none on the label).")
	v.Check(in.Kcal >= 0 && in.Kcal <= 950, "kcal", "Energy is 0 to 950 kcal per 100 g.")
	for field, val := range map[string]float64{"protein": in.Protein, "carbs": in.Carbs, "fat": in.Fat, "fiber": in.Fiber, "sugars": in.Sugars} {
		v.Check(val >= 0 && val <= 100, field, "Give 0 to 100 g per 100 g.")
	}
	v.Check(in.Protein+in.Carbs+in.Fat <= 101, "fat", "Protein, carbohydrate and fat add up to more than 100 g per 100 g.")
	v.Check(in.Sugars <= in.Carbs+0.5, "sugars", "Sugars are part of the carbohydrate: they cannot be more.")
	v.Check(in.SodiumMg >= 0 && in.SodiumMg <= 40000, "sodiumMg", "Sodium is 0 to 40000 mg per 100 g.")
	if err := v.Err(); err != nil {
		return BarcodeProduct{}, err
	}
	p, found, err := s.store.BarcodeProduct(ctx, code)
	if err != nil {
		return BarcodeProduct{}, err
	}
	if !found {
		return BarcodeProduct{}, apperr.Errorf(apperr.CodeNotFound, "Look the barcode up first; only a product we hold can be corrected.")
	}
	c := BarcodeProduct{Barcode: code, Name: in.Name, Brand: in.Brand, ServingGrams: in.ServingGrams, Kcal: in.Kcal,
		Protein: in.Protein, Carbs: in.Carbs, Fat: in.Fat, Fiber: in.Fiber, Sugars: in.Sugars, SodiumMg: in.SodiumMg}
	roundProduct(&c)
	if err := s.store.SaveCorrection(ctx, userID, c, s.now().UTC()); err != nil {
		return BarcodeProduct{}, err
	}
	return s.store.ApplyCorrection(ctx, p, userID)
}
