package server_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// offReplayServer serves the Open Food Facts API v2 replays of
// internal/nutrition/testdata/off (see its README for their origin).
func offReplayServer(t *testing.T) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/api/v2/product/"), ".json")
		body, err := os.ReadFile("../nutrition/testdata/off/" + code + ".json")
		if err != nil {
			body, _ = os.ReadFile("../nutrition/testdata/off/notfound.json")
			w.WriteHeader(http.StatusNotFound)
		}
		w.Write(body)
	}))
	t.Cleanup(s.Close)
	return s
}

// Over HTTP: the barcode is checked, the product comes from the configured
// Open Food Facts address with its attribution, a correction is mine.
func TestNutritionBarcodeOverHTTP(t *testing.T) {
	off := offReplayServer(t)
	e := servertest.Start(t, dbtest.SQLiteURL(t), "OPENFOODFACTS_URL", off.URL)
	c := e.NewUserWithTier("pro")
	if res := c.Do("GET", "/api/nutrition/barcodes/5000112637923", nil).Want(400); !strings.Contains(res.FieldError("code"), "not a valid barcode") {
		t.Fatalf("invalid code: %s", res.Body)
	}
	if res := c.Do("GET", "/api/nutrition/barcodes/4000000000006", nil).Want(404); !strings.Contains(res.Message(), "does not know this barcode") {
		t.Fatalf("not found: %s", res.Body)
	}
	var p struct {
		Name, Brand, Attribution, Correction string
		Kcal, Carbs, ServingGrams, Sugars    float64
	}
	c.Do("GET", "/api/nutrition/barcodes/5000112637922", nil).Want(200).JSON(&p)
	if p.Name != "Gel 100" || p.Brand != "Maurten" || p.Kcal != 250 || p.ServingGrams != 40 || p.Attribution != "Data from Open Food Facts, ODbL" {
		t.Fatalf("gel: %+v", p)
	}
	fix := map[string]any{"name": "Gel 100", "brand": "Maurten", "servingGrams": 40, "kcal": 250, "protein": 0, "carbs": 62.5,
		"fat": 0, "fiber": 0, "sugars": 31, "sodiumMg": 85}
	c.Do("PUT", "/api/nutrition/barcodes/5000112637922", fix).Want(200).JSON(&p)
	if p.Correction != "yours" || p.Sugars != 31 {
		t.Fatalf("corrected: %+v", p)
	}
	other := e.NewUserWithTier("pro")
	other.Do("GET", "/api/nutrition/barcodes/5000112637922", nil).Want(200).JSON(&p)
	if p.Correction != "" || p.Sugars != 30 {
		t.Fatalf("another athlete sees an unconfirmed correction: %+v", p)
	}
	e.NewUserWithTier("basic").Do("GET", "/api/nutrition/barcodes/5000112637922", nil).Want(403)
}
