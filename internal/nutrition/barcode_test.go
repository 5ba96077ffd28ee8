package nutrition

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestValidBarcode(t *testing.T) {
	for code, want := range map[string]bool{
		"5000112637922": true, "3017620422003": true, "96385074": true, "036000291452": true,
		"5000112637923": false, "96385075": false, "036000291453": false, "": false, "123": false,
		"50001126379a2": false, "50001126379222": false, " 96385074": false,
	} {
		if ValidBarcode(code) != want {
			t.Errorf("%q: want %v", code, want)
		}
	}
}

// offReplay serves the API v2 replays of testdata/off and counts the calls
// and the User-Agents it saw.
type offReplay struct {
	*httptest.Server
	mu     sync.Mutex
	calls  int
	agents []string
	reply  func(w http.ResponseWriter, code string) bool // nil: the files
}

func newOFFReplay(t *testing.T) *offReplay {
	o := &offReplay{}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.calls++
		o.agents = append(o.agents, r.UserAgent())
		reply := o.reply
		o.mu.Unlock()
		code, ok := strings.CutPrefix(r.URL.Path, "/api/v2/product/")
		code, ok2 := strings.CutSuffix(code, ".json")
		if !ok || !ok2 || r.URL.Query().Get("fields") == "" {
			http.Error(w, "bad path", http.StatusBadRequest)
			return
		}
		if reply != nil && reply(w, code) {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		body, err := os.ReadFile("testdata/off/" + code + ".json")
		if err != nil {
			body, _ = os.ReadFile("testdata/off/notfound.json")
			w.WriteHeader(http.StatusNotFound)
		}
		w.Write(body)
	}))
	t.Cleanup(o.Close)
	return o
}

func (o *offReplay) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.calls
}

func barcodeService(d *db.DB, base string) *Service {
	s := newService(d)
	c := NewOFFClient(base, "support@example.com")
	c.interval = time.Millisecond
	c.http.Timeout = 300 * time.Millisecond
	s.UseOpenFoodFacts(c)
	return s
}

func wantCode(t *testing.T, err error, code apperr.Code, contains string) {
	t.Helper()
	e := apperr.As(err)
	if err == nil || e.Code != code || !strings.Contains(e.Message+strings.Join(mapValues(e.Fields), " "), contains) {
		t.Fatalf("want %s %q, got %v", code, contains, err)
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func barcodeRows(t *testing.T, d *db.DB) int {
	var n int
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM barcode_products`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A product found in Open Food Facts is mapped, kept with its barcode and
// served from our copy the next time, to any athlete, on both databases.
func TestBarcodeLookupCachesTheReplayedProduct(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		off := newOFFReplay(t)
		svc := barcodeService(d, off.URL)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		ben := dbtest.NewUser(t, d, "ben", "pro")

		p, err := svc.LookupBarcode(ctx, ana, "5000112637922")
		want := BarcodeProduct{Barcode: "5000112637922", Name: "Gel 100", Brand: "Maurten", ServingGrams: 40, Kcal: 250,
			Carbs: 62.5, Sugars: 30, SodiumMg: 80, Source: "openfoodfacts", Attribution: OFFAttribution}
		if err != nil || p != want {
			t.Fatalf("gel: %+v %v", p, err)
		}
		if off.agents[0] != "HyroxTrainingHub/1.0 (support@example.com)" {
			t.Fatalf("User-Agent %q", off.agents[0])
		}
		// The next athlete gets it without a call.
		p2, err := svc.LookupBarcode(ctx, ben, "5000112637922")
		if err != nil || p2 != want || off.count() != 1 {
			t.Fatalf("cached: %+v %v, %d calls", p2, err, off.count())
		}
		// kJ only and salt only: converted; the first brand named.
		p, err = svc.LookupBarcode(ctx, ana, "3017620422003")
		if err != nil || p.Kcal != 538.2 || p.SodiumMg != 43 || p.Brand != "Ferrero" || p.ServingGrams != 15 || p.Fat != 30.9 {
			t.Fatalf("nutella: %+v %v", p, err)
		}
		if barcodeRows(t, d) != 2 {
			t.Fatalf("%d products kept", barcodeRows(t, d))
		}
	})
}

// Bad input and a bad API: a clear message, nothing kept.
func TestBarcodeLookupBadInputAndBadAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		off := newOFFReplay(t)
		svc := barcodeService(d, off.URL)
		ana := dbtest.NewUser(t, d, "ana", "pro")

		for _, code := range []string{"5000112637923", "12345", "abcdefghijklm", "", "50001126379222"} {
			_, err := svc.LookupBarcode(ctx, ana, code)
			wantCode(t, err, apperr.CodeInvalid, "not a valid barcode")
		}
		if off.count() != 0 {
			t.Fatal("an invalid barcode reached Open Food Facts")
		}
		_, err := svc.LookupBarcode(ctx, ana, "4000000000006")
		wantCode(t, err, apperr.CodeNotFound, "does not know this barcode")
		_, err = svc.LookupBarcode(ctx, ana, "4006040004059")
		wantCode(t, err, apperr.CodeInvalid, "lacks this product's energy")
		_, err = svc.LookupBarcode(ctx, ana, "7622210449283")
		wantCode(t, err, apperr.CodeInvalid, "cannot be right")

		for name, reply := range map[string]func(w http.ResponseWriter, code string) bool{
			"nonsense":  func(w http.ResponseWriter, _ string) bool { w.Write([]byte(`<html>maintenance</html>`)); return true },
			"no status": func(w http.ResponseWriter, _ string) bool { w.Write([]byte(`{"hello":"world"}`)); return true },
			"down":      func(w http.ResponseWriter, _ string) bool { w.WriteHeader(http.StatusBadGateway); return true },
			"slow": func(w http.ResponseWriter, code string) bool {
				time.Sleep(time.Second)
				return false
			},
		} {
			off.mu.Lock()
			off.reply = reply
			off.mu.Unlock()
			_, err := svc.LookupBarcode(ctx, ana, "5000112637922")
			if e := apperr.As(err); err == nil || e.Code != apperr.CodeUnavailable || !strings.Contains(e.Message, "search for the food instead") {
				t.Errorf("%s: %v", name, err)
			}
		}
		off.mu.Lock()
		off.reply = func(w http.ResponseWriter, _ string) bool { w.WriteHeader(http.StatusTooManyRequests); return true }
		off.mu.Unlock()
		_, err = svc.LookupBarcode(ctx, ana, "5000112637922")
		wantCode(t, err, apperr.CodeTooManyRequests, "Too many barcode look-ups")
		if barcodeRows(t, d) != 0 {
			t.Fatalf("%d products kept from bad answers", barcodeRows(t, d))
		}
		// No API configured at all: says so.
		_, err = newService(d).LookupBarcode(ctx, ana, "5000112637922")
		wantCode(t, err, apperr.CodeUnavailable, "did not answer")
	})
}

// A correction is the athlete's alone until a second athlete sends the same
// values; then everyone sees it (docs/nutrition-foods.md#corrections).
func TestBarcodeCorrectionNeedsASecondAthlete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		off := newOFFReplay(t)
		svc := barcodeService(d, off.URL)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		ben := dbtest.NewUser(t, d, "ben", "pro")
		cy := dbtest.NewUser(t, d, "cy", "pro")
		const code = "5000112637922"
		fix := ProductCorrection{Name: "Gel 100", Brand: "Maurten", ServingGrams: 40, Kcal: 250, Carbs: 62.5, Sugars: 31, SodiumMg: 85}

		if _, err := svc.CorrectBarcode(ctx, ana, code, fix); apperr.As(err).Code != apperr.CodeNotFound {
			t.Fatalf("a product we do not hold: %v", err)
		}
		if _, err := svc.LookupBarcode(ctx, ana, code); err != nil {
			t.Fatal(err)
		}
		bad := fix
		bad.Protein, bad.Carbs = 60, 62.5
		_, err := svc.CorrectBarcode(ctx, ana, code, bad)
		wantCode(t, err, apperr.CodeInvalid, "more than 100 g")
		_, err = svc.CorrectBarcode(ctx, ana, "5000112637923", fix)
		wantCode(t, err, apperr.CodeInvalid, "not a valid barcode")

		p, err := svc.CorrectBarcode(ctx, ana, code, fix)
		if err != nil || p.Correction != "yours" || p.Sugars != 31 || p.SodiumMg != 85 || p.Attribution != OFFAttribution {
			t.Fatalf("ana's correction: %+v %v", p, err)
		}
		if p, _ := svc.LookupBarcode(ctx, ben, code); p.Correction != "" || p.Sugars != 30 {
			t.Fatalf("ben sees ana's unconfirmed correction: %+v", p)
		}
		// Ben sends other values: still nobody else's.
		other := fix
		other.Sugars = 29
		if _, err := svc.CorrectBarcode(ctx, ben, code, other); err != nil {
			t.Fatal(err)
		}
		if p, _ := svc.LookupBarcode(ctx, cy, code); p.Correction != "" || p.Sugars != 30 {
			t.Fatalf("cy sees an unconfirmed correction: %+v", p)
		}
		// Ben confirms ana's values: everyone sees them.
		if _, err := svc.CorrectBarcode(ctx, ben, code, fix); err != nil {
			t.Fatal(err)
		}
		if p, _ := svc.LookupBarcode(ctx, cy, code); p.Correction != "confirmed" || p.Sugars != 31 || off.count() != 1 {
			t.Fatalf("cy after a confirmation: %+v (%d calls)", p, off.count())
		}
		// The stored Open Food Facts values are unchanged.
		if p, _, _ := svc.store.BarcodeProduct(ctx, code); p.Sugars != 30 {
			t.Fatalf("stored product changed: %+v", p)
		}
	})
}

// The client spaces its calls by the configured interval.
func TestOFFClientRateLimit(t *testing.T) {
	c := NewOFFClient("http://127.0.0.1:1", "x@example.com")
	c.interval = 200 * time.Millisecond
	start := time.Now()
	for range 3 {
		if err := c.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d < 400*time.Millisecond {
		t.Fatalf("3 calls in %v", d)
	}
	// A queue longer than 3 s is refused, not waited for.
	c.mu.Lock()
	c.next = time.Now().Add(5 * time.Second)
	c.mu.Unlock()
	if err := c.wait(context.Background()); apperr.As(err).Code != apperr.CodeTooManyRequests {
		t.Fatalf("a long queue: %v", err)
	}
}
