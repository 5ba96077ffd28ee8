package nutrition

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

const barcodeColumns = `barcode, name, brand, serving_g, kcal, protein, carbs, fat, fiber, sugars, sodium_mg`

func barcodeArgs(p BarcodeProduct) []any {
	return []any{p.Barcode, p.Name, p.Brand, p.ServingGrams, p.Kcal, p.Protein, p.Carbs, p.Fat, p.Fiber, p.Sugars, p.SodiumMg}
}

func scanBarcode(row interface{ Scan(...any) error }, p *BarcodeProduct) error {
	return row.Scan(&p.Barcode, &p.Name, &p.Brand, &p.ServingGrams, &p.Kcal, &p.Protein, &p.Carbs, &p.Fat, &p.Fiber, &p.Sugars, &p.SodiumMg)
}

// BarcodeProduct returns the Open Food Facts product we hold for code.
func (s *Store) BarcodeProduct(ctx context.Context, code string) (BarcodeProduct, bool, error) {
	p := BarcodeProduct{Source: "openfoodfacts", Attribution: OFFAttribution}
	err := scanBarcode(s.db.QueryRow(ctx, `SELECT `+barcodeColumns+` FROM barcode_products WHERE barcode = ?`, code), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return BarcodeProduct{}, false, nil
	}
	return p, err == nil, err
}

// SaveBarcodeProduct keeps a product found in Open Food Facts; a product
// another request saved first stays.
func (s *Store) SaveBarcodeProduct(ctx context.Context, p BarcodeProduct, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO barcode_products (`+barcodeColumns+`, fetched_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (barcode) DO NOTHING`, append(barcodeArgs(p), now)...)
	return err
}

// SaveCorrection keeps (or replaces) the athlete's correction of a product.
func (s *Store) SaveCorrection(ctx context.Context, userID int64, c BarcodeProduct, now time.Time) error {
	args := append(barcodeArgs(c), userID, now)
	_, err := s.db.Exec(ctx, `INSERT INTO barcode_corrections (`+barcodeColumns+`, user_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (barcode, user_id) DO UPDATE SET name = excluded.name, brand = excluded.brand, serving_g = excluded.serving_g,
			kcal = excluded.kcal, protein = excluded.protein, carbs = excluded.carbs, fat = excluded.fat, fiber = excluded.fiber,
			sugars = excluded.sugars, sodium_mg = excluded.sodium_mg, created_at = excluded.created_at`, args...)
	return err
}

// ApplyCorrection returns p as userID sees it: their own correction, else
// values two or more athletes sent alike (the most recent such), else p
// (docs/nutrition-foods.md#corrections).
func (s *Store) ApplyCorrection(ctx context.Context, p BarcodeProduct, userID int64) (BarcodeProduct, error) {
	c := p
	err := scanBarcode(s.db.QueryRow(ctx, `SELECT `+barcodeColumns+` FROM barcode_corrections WHERE barcode = ? AND user_id = ?`,
		p.Barcode, userID), &c)
	if err == nil {
		c.Correction = "yours"
		return c, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return p, err
	}
	err = scanBarcode(s.db.QueryRow(ctx, `SELECT `+barcodeColumns+` FROM barcode_corrections WHERE barcode = ?
		GROUP BY `+barcodeColumns+` HAVING COUNT(*) >= 2 ORDER BY MAX(created_at) DESC LIMIT 1`, p.Barcode), &c)
	if err == nil {
		c.Correction = "confirmed"
		return c, nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return p, nil
	}
	return p, err
}
